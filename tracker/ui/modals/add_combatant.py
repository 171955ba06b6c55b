"""The add-combatant modal: a new name, or copies of a stat block from the bestiary.

Typing in the name field lists the blocks that match (id or name); ↑↓ pick one, a
click or an exact id chooses it, and Copies says how many. The stats field suggests the
keys the other combatants of this encounter use (and overrides a block's), so the modal
fits any ruleset without knowing it.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from tracker.core.joining import dice_keys, find_block
from tracker.core.library import Block, EmptyLibrary, Library
from tracker.core.model import SIDES, EncounterState
from tracker.core.protocol import Verb
from tracker.ui.modals.dialog import CommandDialog, FieldSelect, quote
from tracker.ui.outcome import Runner
from tracker.ui.panes.sides import side_word
from tracker.ui.plain import inert, plain

SHOWN_BLOCKS = 6
"""Most matching blocks listed under the name field."""


def stat_example(state: EncounterState) -> str:
    """``hp=12 init=3``: the stats of a combatant already here, as a hint; an enemy's
    first, as the dialog adds an enemy unless told (a PC's stats may be others)."""
    for fighter in sorted(state.combatants.values(), key=lambda f: f.side != "enemy"):
        if fighter.stats:
            return " ".join(f"{k.replace(' ', '_')}={v}" for k, v in fighter.stats.items())
    return "stat=N …"


def block_label(block: Block) -> Text:
    """``ork-boy  Ork Boy · enemy · rolls wounds 2d6+2``, as plain data (the side in a dim
    word, as the pickers say it: a name may hold brackets of its own)."""
    label = Text(str(block["id"]), style="bold")
    label.append(f"  {block.get('name') or block['id']}")
    side = str(block.get("side", "enemy"))
    label.append(f" · {side_word(side)}", style="dim")
    rolled = dice_keys(block)
    if rolled:
        label.append(f" · rolls {', '.join(rolled)}", style="italic")
    return inert(label)


class AddCombatantScreen(CommandDialog):
    """Build ``add [N] NAME|BLOCK side=… [stat=N …] [hidden]`` and run it."""

    BINDINGS = [
        Binding("down", "move(1)", "next stat block", show=False, id="add-down"),
        Binding("up", "move(-1)", "previous stat block", show=False, id="add-up"),
    ]

    def __init__(
        self, runner: Runner, state: EncounterState, verb: Verb, library: Library | None = None
    ) -> None:
        super().__init__(runner)
        self.state = state
        self.verb = verb
        self.usage = verb.usage
        self.library = library or EmptyLibrary()
        self.block_ids = list(self.library.block_ids())

    def compose(self) -> ComposeResult:
        """Name or block, the matching blocks, copies, side, stats, hidden, preview, keys."""
        with Vertical(id="dialog", classes="dialog"):
            yield Label(plain(f"Add a combatant — {self.usage}"), classes="dialog-title")
            yield Label("Name, or a stat block" if self.block_ids else "Name")
            yield Input(placeholder=self._name_hint(), id="add-name", compact=True)
            yield OptionList(id="add-blocks")
            yield Label("Copies (of a stat block)", id="add-copies-label")
            yield Input(placeholder="1", type="integer", id="add-copies", compact=True)
            yield Label("Side")
            yield FieldSelect(
                [(side, side) for side in SIDES],
                value="enemy",
                allow_blank=False,
                id="add-side",
                compact=True,
            )
            yield Label("Stats")
            yield Input(placeholder=stat_example(self.state), id="add-stats", compact=True)
            yield Checkbox("hidden from the players", id="add-hidden")
            yield Static(id="dialog-preview", classes="dialog-preview")
            yield Static(id="dialog-error", classes="dialog-error")
            keys = "Enter add · ↑↓ pick a block · " if self.block_ids else "Enter add · "
            yield Static(keys + "Tab next field · Esc close", classes="dialog-keys")

    def _name_hint(self) -> str:
        if not self.block_ids:
            return "e.g. Goblin archer"
        return f"e.g. Goblin archer, or {self.block_ids[0]}"

    def on_mount(self) -> None:
        """Start in the name field; the block list shows once something matches."""
        blocks = self.query_one("#add-blocks", OptionList)
        blocks.can_focus = False  # ↑↓ in the name field move it; Tab goes on
        self._fill()
        self.start_in(self.query_one("#add-name", Input))

    # --- the block list --------------------------------------------------------------

    def matching(self) -> list[Block]:
        """Blocks whose id or name holds the typed text (those starting with it first)."""
        wanted = self.query_one("#add-name", Input).value.strip().casefold()
        if not wanted:
            return []
        found = []
        for key in self.block_ids:
            block = self.library.block(key)
            name = str(block.get("name", "")).casefold() if block else ""
            if block is not None and (wanted in key or wanted in name):
                starts = key.startswith(wanted) or name.startswith(wanted)
                found.append((not starts, key, block))
        return [block for _late, _key, block in sorted(found, key=lambda f: f[:2])]

    def _fill(self) -> None:
        options = self.query_one("#add-blocks", OptionList)
        options.clear_options()
        matches = self.matching()[:SHOWN_BLOCKS]
        options.add_options([Option(block_label(b), id=str(b["id"])) for b in matches])
        exact = self.exact_block()
        options.highlighted = next(
            (i for i, b in enumerate(matches) if exact is not None and b["id"] == exact["id"]),
            None,
        )
        options.display = bool(matches)
        self._show_copies()

    def _show_copies(self) -> None:
        shown = self.chosen_block() is not None
        self.query_one("#add-copies", Input).display = shown
        self.query_one("#add-copies-label", Label).display = shown

    def exact_block(self) -> Block | None:
        """The block the name field names exactly (its id, or its name), if any."""
        typed = self.query_one("#add-name", Input).value.strip()
        return find_block(self.library, typed) if typed else None

    def chosen_block(self) -> Block | None:
        """The block to add: the highlighted one in the list, else the one named exactly."""
        options = self.query_one("#add-blocks", OptionList)
        index = options.highlighted
        if options.display and index is not None and index < options.option_count:
            return self.library.block(options.get_option_at_index(index).id or "")
        return self.exact_block()

    def action_move(self, step: int) -> None:
        """Move the highlight in the block list while typing in the name field."""
        options = self.query_one("#add-blocks", OptionList)
        if not options.display:
            return
        if step > 0:
            options.action_cursor_down()
        else:
            options.action_cursor_up()
        self._picked()

    @on(OptionList.OptionHighlighted, "#add-blocks")
    def _picked(self) -> None:
        block = self.chosen_block()
        if block is not None:
            side = str(block.get("side", "enemy"))
            self.query_one("#add-side", Select).value = side if side in SIDES else "enemy"
        self._show_copies()
        self._changed()

    @on(OptionList.OptionSelected, "#add-blocks")
    def _clicked(self) -> None:
        self._picked()
        self.query_one("#add-copies", Input).focus()

    # --- the line ----------------------------------------------------------------------

    @on(Input.Changed, "#add-name")
    def _name_changed(self) -> None:
        self._fill()
        self._picked()

    @on(Input.Changed, "#add-copies, #add-stats")
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _changed(self) -> None:
        self.clear_error()
        self.refresh_preview()

    def missing(self) -> str:
        """The one field the line needs."""
        return "type a name first (or part of a stat block's)"

    def command_line(self) -> str:
        """``add 'Goblin archer' side=enemy hp=7`` or ``add 3 ork-boy``."""
        name = self.query_one("#add-name", Input).value.strip()
        if not name:
            return ""
        side = self.chosen(self.query_one("#add-side", Select)) or "enemy"
        block = self.chosen_block()
        if block is None:
            words = [self.verb.name, quote(name), f"side={side}"]
        else:
            words = [self.verb.name, *self._copies(), str(block["id"])]
            if side != block.get("side", "enemy"):
                words.append(f"side={side}")
        stats = self.query_one("#add-stats", Input).value.strip()
        if stats:
            words.append(stats)
        if self.query_one("#add-hidden", Checkbox).value:
            words.append("hidden=yes")
        return " ".join(words)

    def _copies(self) -> list[str]:
        typed = self.query_one("#add-copies", Input).value.strip()
        return [typed] if typed and typed != "1" else []
