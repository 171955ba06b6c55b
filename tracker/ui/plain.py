"""User text on its way to Textual: plain ``Content`` or ``Text``, never markup.

Textual reads a ``str`` given to a border title, a ``Static``, a tooltip, a palette entry
or a notification as markup: a name like ``[/x]`` would crash the screen and
``[@click=…]`` would become a live action. Rich ``Text`` and Textual ``Content`` are not
parsed, but both pass ESC and C1 controls to the terminal as they are (they drop only
BEL, backspace, VT, FF and CR), so an OSC 52 sequence in a name could still write the
GM's clipboard. Everything a GM, a player or another table wrote goes through here.
"""

from __future__ import annotations

from typing import TypeVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.markup import escape
from textual.notifications import SeverityLevel
from textual.widget import Widget
from textual.widgets import Footer

from tracker.core.safe_text import UNSAFE, UNSAFE_EXCEPT_LINES, stand_in, visible, visible_lines

ReturnType = TypeVar("ReturnType")


def plain(text: str, lines: bool = False) -> Content:
    """``text`` exactly as written (control characters shown visibly), as Content;
    ``lines`` keeps its line breaks and tabs (a tooltip of several lines)."""
    return Content(visible_lines(text) if lines else visible(text))


def escaped(text: str) -> str:
    """``text`` as a markup string that shows exactly as written, for APIs that take markup."""
    return escape(visible(text))


def inert(text: Text, lines: bool = False) -> Text:
    """``text`` with every control or direction character shown as its visible stand-in,
    styles kept (the same object when there is none). ``lines`` keeps line breaks and
    tabs (a drawing of several lines)."""
    unsafe = UNSAFE_EXCEPT_LINES if lines else UNSAFE
    written = text.plain
    if not unsafe.search(written):
        return text
    out = text.blank_copy()
    last = 0
    for match in unsafe.finditer(written):
        out.append_text(text[last : match.start()])
        out.append(stand_in(match.group()))
        last = match.end()
    out.append_text(text[last:])
    return out


class PlainTextApp(App[ReturnType]):
    """An App whose notifications and key names are plain text: a notification is never
    read as markup, and neither it nor a key's name (the user's keymap) carries a control
    character (a theme's name, a file's name, a line quoted from a broken file may be in
    a notification)."""

    def get_key_display(self, binding: Binding) -> str:
        """How a key is named in the footer and the help, control characters shown."""
        return visible(super().get_key_display(binding))

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show a notification; ``markup`` is ignored (always plain)."""
        super().notify(
            visible(message),
            title=visible(title),
            severity=severity,
            timeout=timeout,
            markup=False,
        )


class PlainFooter(Footer):
    """Textual's Footer with each key's description and tooltip as plain text: Textual
    reads a tooltip ``str`` as markup, and shows a description's control characters as
    they are."""

    def compose(self) -> ComposeResult:
        """Textual's keys, made plain."""
        for widget in super().compose():
            yield plain_key(widget)


def plain_key(widget: Widget) -> Widget:
    """A footer key with its tooltip as plain Content and its description visible."""
    tip = widget.tooltip
    if isinstance(tip, str):
        widget.tooltip = plain(tip, lines=True)
    description = getattr(widget, "description", None)
    if isinstance(description, str):
        setattr(widget, "description", visible(description))  # noqa: B010 (FooterKey is private)
    return widget
