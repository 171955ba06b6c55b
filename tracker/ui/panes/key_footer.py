"""The footer, fitted to the terminal's width: the most needed keys, none cut in half.

Textual's Footer lays every offered key out in a row and lets the last ones run off
the edge (``r`` of ``r dice`` at 80 columns). This one leaves out, least needed first,
the keys that would not fit whole, and keeps their order; ``?`` (the help screen lists
every key) is among the last to go.

Textual's Footer also builds its keys again (every key a new widget) whenever the keys
that apply change: when the fight opens, and at many a turn. This one is built once with
every key the screen may offer (``every_key``), those that do not apply now hidden, right
after the first paint (:meth:`KeyFooter.build_whole`: the first paint shows only the keys
that apply then, and comes as soon as a bare app's); a change shows and hides keys in
place, in the same frame as the change. It is built again only when a key itself changed
(the user's keymap).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import NamedTuple

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.events import Resize
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from tracker.core.safe_text import visible
from tracker.ui.plain import PlainFooter

GUTTER = 1
"""Cells between two keys in the compact footer."""

PALETTE = "-command-palette"
"""The class of the palette's key (docked right; the stylesheet hides it when narrow)."""


def keys_that_fit(offered: Sequence[tuple[str, int]], rank: Sequence[str], room: int) -> set[str]:
    """The actions to show: ``offered`` is each action with the cells its key takes, in
    footer order; those earliest in ``rank`` (unranked last, in footer order) are kept
    while they fit in ``room`` cells."""
    place = {action: index for index, action in enumerate(rank)}
    order = sorted(range(len(offered)), key=lambda i: (place.get(offered[i][0], len(rank)), i))
    kept: set[str] = set()
    used = 0
    for index in order:
        action, cells = offered[index]
        if used + cells <= room:
            kept.add(action)
            used += cells
    return kept


class Offered(NamedTuple):
    """One key the footer shows: its action, key, how the key is named, its description,
    and whether it is enabled."""

    action: str
    key: str
    shown: str
    description: str
    enabled: bool


class KeyFooter(PlainFooter):
    """A compact footer that shows as many whole keys as its width holds, by rank, and
    shows or hides its keys in place when the keys that apply change."""

    def __init__(
        self,
        rank: Iterable[str],
        every_key: Callable[[], AbstractContextManager[object]] = nullcontext,
    ) -> None:
        super().__init__(compact=True)
        self.rank = tuple(rank)
        """Actions from the most needed at the table to the least."""
        self.every_key = every_key
        """While this context is entered, the screen offers every key it may ever offer
        (the footer is built with all of them, and hides those that do not apply)."""
        self.set_reactive(Footer._bindings_ready, True)  # built at once, not on a signal
        self._whole = False

    def build_whole(self) -> None:
        """Build the footer again with every key the screen may offer (before the next
        frame), so that later changes only show and hide keys."""
        self._whole = True
        self.call_next(self.recompose)

    def compose(self) -> ComposeResult:
        """Every key the screen may offer, those that do not apply now (or do not fit)
        hidden."""
        with self.every_key() if self._whole else nullcontext():
            keys = list(super().compose())
        offered = self._offered()
        kept = self._fitting(offered)
        for widget in keys:
            if not _is_palette(widget):
                widget.display = _shows(widget, offered, kept)
            yield widget

    def _offered(self) -> dict[str, Offered]:
        """Each shown action once (the first key bound to it), in footer order."""
        seen: dict[str, Offered] = {}
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in seen:
                shown = visible(self.app.get_key_display(binding))
                seen[binding.action] = Offered(
                    binding.action, binding.key, shown, visible(binding.description), enabled
                )
        return seen

    def _fitting(self, offered: dict[str, Offered]) -> set[str] | None:
        """The actions that fit (None: the width is not known yet, so all)."""
        width = self.size.width
        if width <= 0:
            return None
        cells = [
            (key.action, cell_len(key.shown) + 1 + cell_len(key.description) + GUTTER)
            for key in offered.values()
        ]
        return keys_that_fit(cells, self.rank, width + GUTTER)

    def on_mount(self) -> None:
        """Hear of changed keys at once (Textual's Footer hears of them a frame late)."""
        self.call_next(self._hear_at_once)

    def _hear_at_once(self) -> None:
        signal = self.screen.bindings_updated_signal
        signal.unsubscribe(self)
        signal.subscribe(self, self.bindings_changed, immediate=True)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The keys that apply may have changed: show and hide keys now, so that the
        change is in the same frame as what changed them."""
        if self.is_attached and screen is self.screen:
            self._follow()

    def on_resize(self, event: Resize) -> None:
        """Another width may hold other keys."""
        self._follow()

    def _follow(self) -> None:
        """Show the keys that apply and fit, hide the others; build the footer again
        (before the next frame) if a key is offered that it does not hold as it is (a key
        the keymap changed)."""
        offered = self._offered()
        keys = [key for key in self.children if not _is_palette(key)]
        held = {getattr(key, "action", ""): key for key in keys}
        if any(not _holds(held.get(action), wanted) for action, wanted in offered.items()) or [
            action for action in held if action in offered
        ] != list(offered):
            self.call_next(self.recompose)
            return
        kept = self._fitting(offered)
        for key in keys:
            shows = _shows(key, offered, kept)
            if key.display != shows:
                key.display = shows


def _is_palette(widget: Widget) -> bool:
    return widget.has_class(PALETTE)


def _shows(widget: Widget, offered: dict[str, Offered], kept: set[str] | None) -> bool:
    action = getattr(widget, "action", "")  # a FooterKey (not exported by Textual)
    return action in offered and (kept is None or action in kept)


def _holds(widget: Widget | None, wanted: Offered) -> bool:
    """Whether a footer key shows ``wanted`` as it is (key, name, description, enabled)."""
    if widget is None:
        return False
    held = (
        getattr(widget, "key", None),
        getattr(widget, "key_display", None),
        getattr(widget, "description", None),
        not widget.has_class("-disabled"),
    )
    return held == (wanted.key, wanted.shown, wanted.description, wanted.enabled)
