"""The command palette (ctrl+p): commands that depend on the fight as it stands now.

"Damage Unit-01…", "Apply Burning to…", "Undo: Ann: HP 12 → 7", the reminders' choices,
every key's action and every theme: what makes sense at this moment, nothing else.
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
    """Every command that applies to the fight now."""
    state = app.state
    party = list(_campaign_commands(app))
    commands = list(_screen_commands(app))
    if state is None:
        return [*party, *commands]
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


def _flow_commands(app: PaletteHost, state: EncounterState) -> Iterator[PaletteCommand]:
    line = app.run_and_report
    if state.phase == "setup":
        yield PaletteCommand(
            "Start the fight", "roll missing initiative, begin round 1", partial(line, "start")
        )
    if state.phase == "running":
        yield PaletteCommand("Next turn", "end this turn and begin the next", partial(line, "next"))
        yield PaletteCommand("Previous turn", "step back a turn", partial(line, "prev"))
        yield PaletteCommand("End the fight…", "the fight is over", app.table.action_end_fight)
    undo, redo = app.session.undo_redo()
    if undo:
        yield PaletteCommand(f"Undo: {undo}", "take back the last command", app.table.action_undo)
    if redo:
        yield PaletteCommand(f"Redo: {redo}", "restore what was undone", app.table.action_redo)


def _reminder_commands(app: PaletteHost, state: EncounterState) -> Iterator[PaletteCommand]:
    for choice in reminder_choices(state, app.session.rules_or_fail()):
        yield PaletteCommand(
            f"{choice.reminder.text}: {choice.label}",
            f":{choice.line}",
            partial(app.run_and_report, choice.line),
        )


def _combatant_commands(app: PaletteHost, state: EncounterState) -> Iterator[PaletteCommand]:
    damage, heal = app.session.role_verb(DAMAGE), app.session.role_verb(HEAL)
    condition, cure = app.session.role_verb(CONDITION), app.session.role_verb(CURE)
    for fighter in state.active:
        name, cid = fighter.name, fighter.id
        yield PaletteCommand(
            f"Select {name}", "show in the body and status panes", partial(app.select, cid)
        )
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


def _cure_commands(app: PaletteHost, fighter: Combatant, cure: Verb) -> Iterator[PaletteCommand]:
    """A cure for each condition held that a cure ends (not one an injury keeps on)."""
    for held in fighter.conditions:
        line = f"{cure.name} {fighter.id} {quote(held.name)}"
        if app.session.refused(line) is None:
            yield PaletteCommand(
                f"Cure {held.name} on {fighter.name}",
                "end the condition",
                partial(app.run_and_report, line),
            )


def _order_commands(
    app: PaletteHost, state: EncounterState, cid: str, name: str
) -> Iterator[PaletteCommand]:
    if state.phase != "running":
        return
    if cid in state.delayed:
        yield PaletteCommand(
            f"{name} acts now",
            "a delaying combatant steps in",
            partial(app.run_and_report, f"act {cid}"),
        )
    elif cid in state.order and cid not in state.acted:
        yield PaletteCommand(
            f"Delay {name}",
            "hold the turn until 'act'",
            partial(app.run_and_report, f"delay {cid}"),
        )
        if cid != state.current:
            yield PaletteCommand(
                f"{name} acts next",
                "end this turn; the GM picks who goes now",
                partial(app.run_and_report, f"next {cid}"),
            )
    yield PaletteCommand(
        f"Remove {name}…", "take out of the fight", partial(app.confirm_remove, cid)
    )


def _ailment_commands(app: PaletteHost, state: EncounterState) -> Iterator[PaletteCommand]:
    if app.session.role_verb(CONDITION) is None:
        return
    target = app.selected_id()
    for spec in app.session.rules_or_fail().catalogue_for(state):
        hint = f"{spec.category}: {spec.summary}" if spec.category else spec.summary
        yield PaletteCommand(
            f"Apply {spec.name} to…", hint, partial(app.dialogs.ailment, state, target, spec.name)
        )


def _campaign_commands(app: PaletteHost) -> Iterator[PaletteCommand]:
    """ "Party…" when the encounter belongs to a campaign (first: "party" also matches
    log lines that mention the party)."""
    if campaign_of(app) is not None:
        yield PaletteCommand(
            "Party…",
            "the campaign's PCs between fights: rest, next fight",
            partial(open_party, app),
        )
        if app.state is not None and app.state.phase == "ended" and app.play is not None:
            yield PaletteCommand(
                "Write back to the campaign…",
                "what the fight left on the PCs, offered again",
                partial(app.writeback.offer, app.play),
            )


def _screen_commands(app: PaletteHost) -> Iterator[PaletteCommand]:
    yield PaletteCommand(
        "Add a combatant…", "reinforcements, a summoned ally", app.table.action_add_combatant
    )
    yield PaletteCommand("Roll dice…", "faces recorded in the log", app.table.action_roll_dice)
    yield PaletteCommand("Command line", "type a command (:)", app.table.action_command_bar)
    yield PaletteCommand(
        "The message in full", "the line under the bar, whole (m)", app.table.action_whole_message
    )
    yield PaletteCommand("Export the log…", "Markdown, HTML, text or JSON", app.table.action_export)
    yield PaletteCommand(
        "Copy this round as Markdown", "to the clipboard and recaps/", app.table.action_copy_round
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

    def _commands(self) -> list[PaletteCommand]:
        app = self.app
        if isinstance(self.screen, PartyScreen):  # the fight's commands wait under it
            return []
        return table_commands(app) if isinstance(app, PaletteHost) else []

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
