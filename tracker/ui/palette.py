"""The command palette (ctrl+p): commands that depend on the fight as it stands now.

"Damage Unit-01…", "Apply Burning to…", "Undo: Ann: HP 12 → 7", the reminders' choices,
every key's action and every theme: what makes sense at this moment, nothing else.

An entry that would only be refused is not listed (as VS Code's palette hides a command
whose ``when`` does not hold): "Previous turn" on the fight's first turn, "Write back…"
once written back, a cure an injury refuses. Textual's palette has no disabled entry, and
one listed but dimmed would still run on Enter only to say no; the footer, help and the
``:`` bar keep every key and verb, and say why one does not apply. A command line is
decided against the fight as it stands (``TableSession.refused``, kept nowhere), so the
palette and the command agree by construction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.fuzzy import Matcher

from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import Verb
from tracker.core.roles import CONDITION, CURE, DAMAGE, HEAL
from tracker.store.campaign_party import written_back
from tracker.ui.modals.dialog import quote
from tracker.ui.palette_host import PaletteHost
from tracker.ui.party import PartyScreen
from tracker.ui.party_host import campaign_of, open_party
from tracker.ui.plain import escaped, plain
from tracker.ui.reminder_keys import reminder_choices


@dataclass(frozen=True)
class PaletteCommand:
    """One palette entry: its title, a line of help, and what it does.

    Title and help are plain text (names, ``[@LOC]``): they reach the palette as
    Content and escaped help, never as markup.
    """

    title: str
    help: str
    run: Callable[[], object]


def table_commands(app: PaletteHost) -> list[PaletteCommand]:
    """Every command that applies to the fight now (while an earlier turn is shown, only
    what changes nothing in the fight: every other command is refused then)."""
    state = app.state
    party = list(_campaign_commands(app))
    looking = app.session.looking_back
    commands = list(_screen_commands(app, playing=not looking))
    if state is None:
        return [*party, *commands]
    if looking:
        selects = [_select(app, fighter) for fighter in state.active]
        return [*party, *_look_back_commands(app), *selects, *commands]
    return [
        *party,
        *_flow_commands(app, state),
        *_reminder_commands(app, state),
        *_combatant_commands(app, state),
        *_ailment_commands(app, state),
        *commands,
        *_look_back_commands(app),
        *_verb_commands(app),
    ]


def _runs(app: PaletteHost, title: str, help_text: str, line: str) -> Iterator[PaletteCommand]:
    """The entry running ``line``, if the fight would take it now."""
    if app.session.refused(line) is None:
        yield PaletteCommand(title, help_text, partial(app.run_and_report, line))


def _flow_commands(app: PaletteHost, state: EncounterState) -> Iterator[PaletteCommand]:
    if state.phase == "setup":
        yield from _runs(app, "Start the fight", "roll missing initiative, begin round 1", "start")
    if state.phase == "running":
        yield from _runs(app, "Next turn", "end this turn and begin the next", "next")
        yield from _runs(app, "Previous turn", "step back a turn", "prev")
        yield PaletteCommand("End the fight…", "the fight is over", app.table.action_end_fight)
    undo, redo = app.session.undo_redo()
    if undo:
        yield PaletteCommand(f"Undo: {undo}", "take back the last command", app.table.action_undo)
    if redo:
        yield PaletteCommand(f"Redo: {redo}", "restore what was undone", app.table.action_redo)


def _reminder_commands(app: PaletteHost, state: EncounterState) -> Iterator[PaletteCommand]:
    for choice in reminder_choices(state, app.session.rules_or_fail()):
        title = f"{choice.reminder.text}: {choice.label}"
        yield from _runs(app, title, f":{choice.line}", choice.line)


def _combatant_commands(app: PaletteHost, state: EncounterState) -> Iterator[PaletteCommand]:
    damage, heal = app.session.role_verb(DAMAGE), app.session.role_verb(HEAL)
    condition, cure = app.session.role_verb(CONDITION), app.session.role_verb(CURE)
    for fighter in state.active:
        name, cid = fighter.name, fighter.id
        yield _select(app, fighter)
        if damage is not None:
            yield PaletteCommand(
                f"Damage {name}…", damage.usage, partial(app.dialogs.damage, state, cid, DAMAGE)
            )
        if heal is not None:
            yield PaletteCommand(
                f"Heal {name}…", heal.usage, partial(app.dialogs.damage, state, cid, HEAL)
            )
        if condition is not None:
            yield PaletteCommand(
                f"Ailment on {name}…", condition.usage, partial(app.dialogs.ailment, state, cid, "")
            )
        if cure is not None:
            yield from _cure_commands(app, fighter, cure)
        yield from _order_commands(app, state, cid, name)


def _select(app: PaletteHost, fighter: Combatant) -> PaletteCommand:
    return PaletteCommand(
        f"Select {fighter.name}",
        "show in the body and status panes",
        partial(app.select, fighter.id),
    )


def _cure_commands(app: PaletteHost, fighter: Combatant, cure: Verb) -> Iterator[PaletteCommand]:
    """A cure for each condition held that a cure ends (not one an injury keeps on)."""
    for held in fighter.conditions:
        line = f"{cure.name} {fighter.id} {quote(held.name)}"
        yield from _runs(app, f"Cure {held.name} on {fighter.name}", "end the condition", line)


def _order_commands(
    app: PaletteHost, state: EncounterState, cid: str, name: str
) -> Iterator[PaletteCommand]:
    if state.phase != "running":
        return
    if cid in state.delayed:
        yield from _runs(app, f"{name} acts now", "a delaying combatant steps in", f"act {cid}")
    elif cid in state.order and cid not in state.acted:
        yield from _runs(app, f"Delay {name}", "hold the turn until 'act'", f"delay {cid}")
        if cid != state.current:
            help_text = "end this turn; the GM picks who goes now"
            yield from _runs(app, f"{name} acts next", help_text, f"next {cid}")
    yield PaletteCommand(
        f"Remove {name}…", "take out of the fight", partial(app.confirm_remove, cid)
    )


def _ailment_commands(app: PaletteHost, state: EncounterState) -> Iterator[PaletteCommand]:
    target = app.selected_id()
    if app.session.role_verb(CONDITION) is None or not target:  # the picker needs a target
        return
    for spec in app.session.rules_or_fail().catalogue_for(state):
        hint = f"{spec.category}: {spec.summary}" if spec.category else spec.summary
        yield PaletteCommand(
            f"Apply {spec.name} to…", hint, partial(app.dialogs.ailment, state, target, spec.name)
        )


def _campaign_commands(app: PaletteHost) -> Iterator[PaletteCommand]:
    """ "Party…" when the encounter belongs to a campaign (first: "party" also matches
    log lines that mention the party)."""
    where = campaign_of(app)
    if where is not None and where.is_file():
        yield PaletteCommand(
            "Party…",
            "the campaign's PCs between fights: rest, next fight",
            partial(open_party, app),
        )
        play, ended = app.play, app.state is not None and app.state.phase == "ended"
        if ended and play is not None and not written_back(play.loaded.head, play.path):
            yield PaletteCommand(
                "Write back to the campaign…",
                "what the fight left on the PCs, offered again",
                partial(app.writeback.offer, play),
            )


def _screen_commands(app: PaletteHost, *, playing: bool) -> Iterator[PaletteCommand]:
    """The screen's own commands; with ``playing`` (no earlier turn shown) those that
    add to the fight too."""
    if playing:
        yield PaletteCommand(
            "Add a combatant…", "reinforcements, a summoned ally", app.table.action_add_combatant
        )
        yield PaletteCommand("Roll dice…", "faces recorded in the log", app.table.action_roll_dice)
        yield PaletteCommand("Command line", "type a command (:)", app.table.action_command_bar)
    yield PaletteCommand(
        "The message in full", "the line under the bar, whole (m)", app.table.action_whole_message
    )
    yield PaletteCommand("Export the log…", "Markdown, HTML, text or JSON", app.table.action_export)
    if app.state is not None and app.state.round > 0:
        yield PaletteCommand(
            "Copy this round as Markdown",
            "to the clipboard and recaps/",
            app.table.action_copy_round,
        )
    yield PaletteCommand("Help: keys and commands", "the key table", app.table.action_help)
    yield PaletteCommand("Next theme", "cycle the colours", app.next_theme)
    for theme in app.shelf.names:
        yield PaletteCommand(f"Theme: {theme}", "switch colours", partial(app.choose_theme, theme))
    yield PaletteCommand("Quit", "everything is saved already", app.action_quit)


def _look_back_commands(app: PaletteHost) -> Iterator[PaletteCommand]:
    if app.session.looking_back:
        yield PaletteCommand("Back to the fight", "stop looking back (v, Esc)", app.look_done)
    for moment in reversed(app.session.turn_moments()):
        yield PaletteCommand(
            f"Look back: {moment.label}",
            "the whole board as it stood, read-only",
            partial(app.look_at, moment),
        )


def _verb_commands(app: PaletteHost) -> Iterator[PaletteCommand]:
    for verb in sorted(app.session.verbs.values(), key=lambda v: v.name):
        yield PaletteCommand(
            f"Type: {verb.usage}", verb.summary, partial(app.open_command_bar, verb.name + " ")
        )


class TableCommands(Provider):
    """The tracker's state-dependent commands for Textual's command palette."""

    _listed: list[PaletteCommand] | None = None
    """The commands of this opening of the palette (the fight waits while it is open)."""

    def _commands(self) -> list[PaletteCommand]:
        app = self.app
        if isinstance(self.screen, PartyScreen):  # the fight's commands wait under it
            return []
        if self._listed is None:
            self._listed = table_commands(app) if isinstance(app, PaletteHost) else []
        return self._listed

    async def discover(self) -> Hits:
        """Everything that applies now, before anything is typed."""
        for command in self._commands():
            yield DiscoveryHit(
                plain(command.title), command.run, text=command.title, help=escaped(command.help)
            )

    async def search(self, query: str) -> Hits:
        """Commands whose title matches what was typed, best first."""
        matcher = self.matcher(query)
        for command in self._commands():
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(
                    score,
                    _highlight(matcher, command.title),
                    command.run,
                    text=command.title,
                    help=escaped(command.help),
                )


def _highlight(matcher: Matcher, title: str) -> Content:
    """The title as plain Content with the letters the query matched highlighted."""
    content = plain(title)
    _, offsets = matcher.fuzzy_search.match(matcher.query, title)
    for offset in offsets:
        if offset < len(title) and not title[offset].isspace():
            content = content.stylize(matcher.match_style, offset, offset + 1)
    return content
