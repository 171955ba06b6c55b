"""The help screen: the key table (with the user's keymap applied), the glyphs of the
initiative pane, every command of this ruleset for the ``:`` bar, and the ruleset's docs
page (a package's ``docs.md``, a bundled ruleset's ``docs/rulesets/<id>.md``), rendered
as Markdown."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tracker.core.protocol import Verb
from tracker.core.safe_text import visible, visible_lines
from tracker.ui.modals.docs_page import DocsPage
from tracker.ui.panes.order_rows import legend_text

KeyRow = tuple[str, str, str, str]
"""(keys, what it does, tooltip, binding id)."""


def key_rows(app: App[Any], bindings: Sequence[Binding]) -> list[KeyRow]:
    """A row per binding with the keys it has now (the user's keymap applied); the nine
    resolve keys as one row (``1 2 3 … 9``, ids ``resolve-1 … resolve-9``)."""
    keys: dict[str, list[str]] = {}
    for key, active in app.active_bindings.items():
        if active.binding.id:
            keys.setdefault(active.binding.id, []).append(key)
    rows = []
    for binding in bindings:
        if binding.id:
            found = keys.get(binding.id) or binding.key.split(",")
            shown = ", ".join(app.get_key_display(Binding(k, "")) for k in found)
            rows.append((shown, binding.description, binding.tooltip, binding.id))
    return _one_row_for_resolve(rows)


def _one_row_for_resolve(rows: list[KeyRow]) -> list[KeyRow]:
    resolve = [row for row in rows if row[3].startswith("resolve-")]
    if len(resolve) < 2:
        return rows
    merged = (
        " ".join(row[0] for row in resolve),
        resolve[0][1],
        resolve[0][2],
        f"{resolve[0][3]} … {resolve[-1][3]}",
    )
    at = rows.index(resolve[0])
    rest = [row for row in rows if row not in resolve]
    return [*rest[:at], merged, *rest[at:]]


def key_table(keys: Iterable[tuple[str, str, str, str]]) -> Table:
    """(key, what it does, tooltip, binding id) rows as a table."""
    table = Table(box=None, show_header=True, header_style="bold", expand=True)
    for column in ("key", "does", "id (keymap.toml)"):
        table.add_column(column)
    for key, description, tooltip, binding_id in keys:
        does = f"{description} — {tooltip}" if tooltip else description
        table.add_row(Text(visible(key)), Text(visible(does)), Text(visible(binding_id)))
    return table


def verb_table(verbs: Mapping[str, Verb], keys: Mapping[str, str] | None = None) -> Table:
    """Every command, how to type it and what it does; ``keys``: the key that runs a
    verb (the keys of the verb roles: ``hurt`` → ``d``)."""
    table = Table(box=None, show_header=True, header_style="bold", expand=True)
    table.add_column("command")
    table.add_column("does")
    keys = keys or {}
    for verb in sorted(verbs.values(), key=lambda v: v.name):
        key = f" (key {keys[verb.name]})" if verb.name in keys else ""
        table.add_row(Text(visible(verb.usage)), Text(visible(verb.summary + key)))
    table.add_row("undo | redo", "take back / restore the last command")
    table.add_row("help | theme NAME | select WHO | export | quit", "the screen itself")
    return table


class HelpScreen(ModalScreen[None]):
    """Keys, glyphs and commands; Esc, q or ? closes it."""

    BINDINGS = [
        Binding(
            "escape,q,question_mark", "close", "close", id="help-close", tooltip="back to the fight"
        )
    ]

    def __init__(
        self,
        keys: list[tuple[str, str, str, str]],
        verbs: Mapping[str, Verb],
        shorthand: Sequence[tuple[str, str]] = (),
        verb_keys: Mapping[str, str] | None = None,
        docs: str = "",
    ) -> None:
        super().__init__()
        self.keys = keys
        self.verbs = verbs
        self.shorthand = shorthand
        self.verb_keys = verb_keys or {}
        """The key that runs a verb (by its role), by verb name."""
        self.docs = docs

    def compose(self) -> ComposeResult:
        """Three sections in a scrolling dialog."""
        with VerticalScroll(id="help", classes="dialog"):
            yield Label("Keys", classes="dialog-title")
            yield Static(key_table(self.keys), id="help-keys")
            yield Label("Initiative marks and badges", classes="dialog-title")
            yield Static(Text(visible_lines(legend_text(self.shorthand))), id="help-legend")
            yield Label("Commands (press : to type one; Tab completes)", classes="dialog-title")
            yield Static(verb_table(self.verbs, self.verb_keys), id="help-verbs")
            if self.docs:  # the ruleset's own page (the package's data, rendered)
                yield Label("This ruleset", classes="dialog-title")
                yield DocsPage(self.docs, self.app.current_theme.dark, "help-ruleset")
            yield Static("Esc close · ctrl+p every command by name", classes="dialog-keys")

    def on_mount(self) -> None:
        """Focus the scroll so arrows and page keys move it."""
        self.query_one("#help").focus()

    def action_close(self) -> None:
        """Back to the fight (once: a second Esc in a burst finds it closed)."""
        if self.is_active:
            self.dismiss(None)
