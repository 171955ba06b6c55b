"""The ``:`` command bar: the DESIGN.md grammar typed in, with completion and history.

Tab (or →) takes the grey completion; ↑/↓ walk the history; Enter runs the line and
gives the keys back to the table; Esc leaves the bar. The line under the bar shows the
verb's usage and the candidates as you type, and a refused command's sentence until the
next command (nothing is applied; ↑ in the bar brings the line back to correct it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input

from tracker.core.model import EncounterState
from tracker.core.protocol import Verb
from tracker.core.roles import DAMAGE, role_verb
from tracker.rules.base import Ruleset
from tracker.ui.completion import complete
from tracker.ui.panes.kept_paint import KeptPaint
from tracker.ui.panes.styling import solid_style
from tracker.ui.panes.text_line import TextLine

ENTER_KEYS = ("enter", "ctrl+j")
"""Keys that run a typed line: Enter, and a newline (ctrl+j)."""

Source = Callable[[], tuple[EncounterState | None, Mapping[str, Verb], Ruleset | None]]


class GrammarSuggester(Suggester):
    """Suggests the completed line for what has been typed so far."""

    def __init__(self, source: Source) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.source = source

    async def get_suggestion(self, value: str) -> str | None:
        """The line with its last word completed, if anything fits."""
        state, verbs, rules = self.source()
        return complete(value, state, verbs, rules).line


class CommandInput(Input, KeptPaint):
    """The text field of the command bar.

    | Key | Does |
    | --- | --- |
    | tab | take the completion |
    | up / down | earlier / later commands |
    | escape | leave the bar |
    """

    BINDINGS = [
        Binding("tab", "take_completion", "complete", show=False, id="bar-complete"),
        Binding("up", "history(-1)", "earlier command", show=False, id="bar-earlier"),
        Binding("down", "history(1)", "later command", show=False, id="bar-later"),
        Binding("escape", "leave", "leave the bar", show=False, id="bar-leave"),
    ]

    class Left(Message):
        """The GM left the bar with Esc."""

    def __init__(self, source: Source, entered: Callable[[str], None]) -> None:
        super().__init__(
            placeholder="press : and type a command",
            suggester=GrammarSuggester(source),
            id="command-input",
            select_on_focus=False,
        )
        self.entered = entered
        """Runs a line the GM pressed Enter on."""
        self.history: list[str] = []
        self.back = 0

    def on_key(self, event: events.Key) -> None:
        """Enter runs the line as it is *now*, there and then: keys typed in the same burst
        after it neither join it (``:dmg ann 1⏎0`` is 1 damage) nor reach the bar before
        the line has run and given the keys back to the table (``:note x⏎n``: ``n`` is the
        next turn). A newline (ctrl+j: readline's accept-line, and what Enter typed before
        the terminal went raw arrives as) runs it too."""
        if event.key not in ENTER_KEYS:
            return
        event.prevent_default()
        event.stop()
        line, self.value = self.value, ""
        self.entered(line)

    async def action_submit(self) -> None:
        """Enter is taken in ``on_key``, in order with the other keys; nothing to do here."""

    def action_take_completion(self) -> None:
        """Accept the grey completion (and add a space to go on typing, but not after an
        option's ``=``: its value comes next)."""
        before = self.value
        self.cursor_position = len(before)
        self.action_cursor_right()
        if self.value != before and not self.value.endswith("="):
            self.value += " "
            self.cursor_position = len(self.value)

    def action_history(self, step: int) -> None:
        """Walk through the commands run before."""
        if not self.history:
            return
        self.back = max(0, min(len(self.history), self.back - step))
        self.value = self.history[-self.back] if self.back else ""
        self.cursor_position = len(self.value)

    def action_leave(self) -> None:
        """Clear the bar and give the keys back to the panes."""
        self.value = ""
        self.post_message(self.Left())

    def remember(self, line: str) -> None:
        """Keep a line that ran, for ↑."""
        if not self.history or self.history[-1] != line:
            self.history.append(line)
        self.back = 0


class CommandBar(Vertical, KeptPaint):
    """The command input and the line of help (or of refusal) under it; a long one
    wraps to a second row, and one longer still ends in ``… m shows all``."""

    COMPONENT_CLASSES = {"bar--error", "bar--hint", "bar--done"}

    def __init__(
        self,
        source: Source,
        run: Callable[[str], None],
        *,
        id: str | None = None,  # noqa: A002
    ) -> None:
        super().__init__(id=id)
        self.source = source
        self.run = run
        """Runs a command line the GM entered (without its ``:``)."""

    def compose(self) -> ComposeResult:
        """The input above its message line."""
        yield CommandInput(self.source, self._entered)
        yield TextLine(rows=2, more="m shows all", id="command-message")

    @property
    def input(self) -> CommandInput:
        """The text field."""
        return self.query_one(CommandInput)

    @property
    def message(self) -> str:
        """What the line under the bar says now."""
        return self.query_one("#command-message", TextLine).text.plain

    @property
    def message_text(self) -> Text:
        """The message under the bar, styled, whole (its rows may cut it)."""
        return self.query_one("#command-message", TextLine).text

    def open(self, text: str = "") -> None:
        """Focus the bar, optionally with a line already typed. The focus moves now, not
        after the keys already waiting (``focus()`` waits its turn): ``:redo`` arriving
        in one burst (a fast typist, a paste, tmux) types ``redo``, not the table's ``r``."""
        self.input.value = text
        self.input.cursor_position = len(text)
        self.screen.set_focus(self.input)

    def example(self, line: str) -> None:
        """Show ``line`` as the example in the empty bar."""
        self.input.placeholder = f"press : and type a command, e.g. {line}"

    def say(self, text: str, kind: str = "hint") -> None:
        """Show one line under the bar: a hint, an error, or what was done."""
        style = solid_style(self, f"bar--{kind}")
        message = Text(text, style)
        self.query_one("#command-message", TextLine).update(message)

    @on(Input.Changed, "#command-input")
    def _hint(self, event: Input.Changed) -> None:
        if not event.value.strip():
            return
        state, verbs, rules = self.source()
        found = complete(event.value, state, verbs, rules)
        options = "  ·  " + ", ".join(found.candidates) if found.candidates else ""
        self.say((found.hint or "unknown command — Tab completes, 'help' lists keys") + options)

    def _entered(self, line: str) -> None:
        line = line.strip().lstrip(":").strip()
        if line:
            self.run(line)

    def accepted(self, line: str, said: str) -> None:
        """The line ran: clear the bar and show what it did."""
        self.input.remember(line)
        self.input.value = ""
        self.say(said or f"done: {line}", "done")

    def refused(self, reason: str, line: str = "") -> None:
        """The line was refused: say why (the sentence stays until the next command) and
        keep the line for ↑, to correct it."""
        if line:
            self.input.remember(line)
        self.say(f"✗ {reason}", "error")


def example_line(state: EncounterState, verbs: Mapping[str, Verb]) -> str:
    """A line this encounter would take, for the empty bar: damage to its first enemy
    (``dmg sachiel 5``, with the verb playing the damage role), else a note."""
    standing = [c for c in state.active if c.status == "active"]
    foes = [c.id for c in standing if c.side == "enemy"] or [c.id for c in standing]
    damage = role_verb(verbs, DAMAGE)
    if damage is not None and foes:
        return f"{damage.name} {foes[0]} 5"
    return "note the bridge is out"
