"""Encounter files: load and validate (roster, events, replay), create, and play with autosave.

Every problem with a file is ONE ``JournalError`` line ``FILE:LINE:COL: what is wrong``,
and loading never changes the disk. Opening for play takes the writer lock, moves a torn
tail aside (saying so once), and appends each new event the moment it is decided.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import takewhile
from pathlib import Path
from typing import Any

from tracker.core.codec import from_table, to_table
from tracker.core.errors import EventFormatError, FoldError, RuleError, TrackerError
from tracker.core.events import Event, TemplateSaved
from tracker.core.fold import apply
from tracker.core.joining import add_copies
from tracker.core.library import Block
from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.core.protocol import DiceLike
from tracker.core.safe_text import TITLE_LIMIT, text_problem
from tracker.core.session import Encounter
from tracker.rules.base import RosterError, Ruleset
from tracker.rules.registry import UnknownRuleset, load_ruleset
from tracker.store.errors import JournalError, StoreError
from tracker.store.file_text import HEAD_FIELDS, check_document, check_events
from tracker.store.format_upgrade import upgrade_on_disk
from tracker.store.journal import (
    JournalRead,
    TornTail,
    create_document,
    read_journal,
)
from tracker.store.journal_file import JournalFile, checked_start
from tracker.store.locator import Locator
from tracker.store.upgrade import CURRENT_FORMAT, file_format, upcast, upgrade

TOP_KEYS = {"format", "encounter", "combatants", "events"}
ENCOUNTER_KEYS = {
    "title": str,
    "ruleset": str,
    "theme": str,
    "reveal": bool,
    "notes": str,
    "options": dict,
    "campaign": str,
    "campaign_file": str,
    "fight_id": str,
}


@dataclass
class Loaded:
    """A validated encounter file: its head, ruleset, the encounter, and any torn tail."""

    path: Path
    head: dict[str, Any]
    rules: Ruleset
    encounter: Encounter
    torn: TornTail | None
    source_format: int = CURRENT_FORMAT
    """The format the file is written in (``head`` is already today's)."""


def load(path: Path) -> Loaded:
    """Read and validate an encounter file; JournalError (one line) on any problem."""
    read = read_journal(path)
    locator = Locator(path)
    check_document(read.head, locator, HEAD_FIELDS)
    version = file_format(read.head, locator)
    head = upgrade(read.head, locator)
    rules = _ruleset(head, locator)
    initial = initial_state(head, rules, locator)
    read.events = upcast(read.events, version)
    check_events(read.events, locator)
    events = _events(read, locator)
    try:
        encounter = Encounter(initial, rules, events)
    except (FoldError, KeyError):
        _replay_check(initial, events, locator)
        raise
    check_references(encounter.state, read.events, locator)
    return Loaded(path, head, rules, encounter, read.torn, version)


def _ruleset(head: Mapping[str, Any], locator: Locator) -> Ruleset:
    for key in head:
        if key not in TOP_KEYS:
            raise locator.error(
                f"unknown top-level key {key!r} — allowed: {', '.join(sorted(TOP_KEYS))}", key
            )
    table = head.get("encounter")
    if not isinstance(table, dict):
        raise locator.error("the file needs an [encounter] table with a ruleset", "")
    for key, value in table.items():
        wanted = ENCOUNTER_KEYS.get(key)
        if wanted is None:
            raise locator.error(
                f"unknown key {key!r} in [encounter] — allowed: "
                f"{', '.join(sorted(ENCOUNTER_KEYS))}",
                key,
                "encounter",
            )
        if not isinstance(value, wanted):
            raise locator.error(f"encounter.{key} has the wrong type", key, "encounter")
    if "ruleset" not in table:
        raise locator.error('[encounter] needs ruleset = "…"', "", "encounter")
    try:
        return load_ruleset(table["ruleset"])
    except UnknownRuleset as err:
        raise locator.error(str(err), "ruleset", "encounter") from None


def initial_state(head: Mapping[str, Any], rules: Ruleset, locator: Locator) -> EncounterState:
    """The state before the first event: the roster, prepared by the ruleset."""
    roster = head.get("combatants", [])
    if not isinstance(roster, list):
        raise locator.error("combatants must be [[combatants]] tables", "combatants")
    combatants: dict[str, Combatant] = {}
    for index, entry in enumerate(roster):
        if not isinstance(entry, dict):
            raise locator.error("each combatant must be a table", "", "combatants", index)
        try:
            fighter = rules.prepare(entry)
        except (RosterError, RuleError) as err:
            key = getattr(err, "key", "")
            raise locator.error(str(err), key, "combatants", index) from None
        if fighter.id in combatants:
            raise locator.error(f"duplicate combatant id {fighter.id!r}", "id", "combatants", index)
        combatants[fighter.id] = fighter
    table = head["encounter"]
    problem = text_problem(table.get("title", ""), "the title", TITLE_LIMIT)
    if problem:
        raise locator.error(problem, "title", "encounter")
    return EncounterState(
        title=table.get("title", ""),
        ruleset=rules.id,
        combatants=combatants,
        options=dict(table.get("options", {})),
    )


def _events(read: JournalRead, locator: Locator) -> list[Event]:
    events: list[Event] = []
    for index, table in enumerate(read.events):
        try:
            event = from_table(table)
        except EventFormatError as err:
            raise locator.error(str(err), err.key, "events", index) from None
        if event.seq != index + 1:
            raise locator.error(
                f"event seq {event.seq} should be {index + 1} "
                "(events are numbered 1, 2, 3 … without gaps)",
                "seq",
                "events",
                index,
            )
        events.append(event)
    return events


def missing_combatants(state: EncounterState) -> list[str]:
    """Ids the fight still names (order, initiative, turn, reminders) with no combatant."""
    slots = [*state.order, *state.initiative, *state.delayed]
    if state.current:
        slots.append(state.current)
    named = [slot_owner(slot) for slot in slots] + [r.who for r in state.reminders]
    return sorted({cid for cid in named if cid and cid not in state.combatants})


def check_references(
    state: EncounterState, tables: Sequence[Mapping[str, Any]], locator: Locator
) -> None:
    """A JournalError at the first event naming a combatant the roster no longer has."""
    missing = missing_combatants(state)
    if not missing:
        return
    cid = missing[0]
    index = next((i for i, t in enumerate(tables) if _names(t, cid)), 0)
    raise locator.error(
        f"event {index + 1} names combatant {cid!r}, who is not in the roster — was a "
        "[[combatants]] entry renamed or deleted? Put its id back",
        "",
        "events",
        index,
    )


def _names(value: object, cid: str) -> bool:
    if isinstance(value, str):
        return slot_owner(value) == cid
    if isinstance(value, dict):
        return any(_names(item, cid) for item in value.values())
    if isinstance(value, list):
        return any(_names(item, cid) for item in value)
    return False


def _replay_check(initial: EncounterState, events: Sequence[Event], locator: Locator) -> None:
    state = initial
    for index, event in enumerate(events):
        try:
            state = apply(state, event)
        except (FoldError, KeyError) as err:
            raise locator.error(
                f"event {event.seq} cannot be applied: {err}", "type", "events", index
            ) from None


def new_file(path: Path, ruleset_id: str, title: str = "") -> None:
    """Create an empty encounter file; refuse to overwrite an existing one."""
    exists = "already exists — pick another name or open it with `tracker`"
    ruleset, title = checked_start(path, ruleset_id, title, exists)
    encounter: dict[str, Any] = {"title": title, "ruleset": ruleset}
    create_document(path, {"format": CURRENT_FORMAT, "encounter": encounter}, [])


class EncounterFile(JournalFile[Loaded]):
    """An encounter open for play: the writer lock held, every event appended at once."""

    def load_journal(self, path: Path) -> Loaded:
        """Read and validate the encounter file."""
        return load(path)

    def opened(self) -> None:
        """Shelve the ruleset's bestiary (and the campaign's party, for a campaign's
        fight) for the encounter's 'add' commands (imported here: a read-only load needs
        neither the bestiary nor the campaign)."""
        from tracker.store.bestiary import ShelvedLibrary
        from tracker.store.campaign_party import party_of

        party = party_of(self.loaded.head, self.path, self.loaded.rules)
        self.library = ShelvedLibrary(self.loaded.rules, party)
        self.loaded.encounter.library = self.library
        self.repaired = self._save_cut_short()

    def _save_cut_short(self) -> list[str]:
        """The last command saved stat blocks (``save-template``) that never reached the
        bestiary — a crash between the two writes: save them now; one line each."""
        from tracker.store.bestiary import block_kept, save_block

        events = self.encounter.events
        last = events[-1].batch if events else None
        lines = []
        batch = takewhile(lambda event: event.batch == last, reversed(events))
        for event in reversed(list(batch)):
            if not isinstance(event, TemplateSaved):
                continue
            if block_kept(self.rules.id, event.block, event.at):
                continue
            try:
                save_block(self.rules.id, event.block)
            except TrackerError as err:
                lines.append(f"the stat block '{event.key}' is not in the bestiary yet: {err}")
                continue
            lines.append(
                f"the stat block '{event.key}' saved by the last command was cut short "
                "before the bestiary: it is saved now"
            )
        return lines

    @property
    def encounter(self) -> Encounter:
        """The encounter in play."""
        return self.loaded.encounter

    def execute(
        self,
        line: str,
        dice: DiceLike,
        at: datetime | None = None,
        *,
        meanwhile: Callable[[EncounterState], object] | None = None,
    ) -> list[Event]:
        """Decide a command, append its events to the file (all or none), then fold them in.

        A failed write leaves the file and the state as they were (JournalError). A
        stat block saved with ``save-template`` goes to the bestiary once the command is
        in the journal (and the command is cut back off if the bestiary refuses).
        ``meanwhile`` (the screen) gets the new state while the disk syncs: by the time
        this returns the events are on disk, or they are taken back and JournalError
        says so (then whatever ``meanwhile`` drew from that state must be drawn again).
        """
        events = self.encounter.decide(line, dice, at)
        self._keep(events, meanwhile)
        return events

    def add_blocks(self, blocks: Sequence[Block], dice: DiceLike) -> list[Event]:
        """One copy of each block joins the fight, as one command."""
        events = self.encounter.decide_with(
            lambda draft: [add_copies(draft, self.rules, dice, b, 1) for b in blocks], "add"
        )
        self._keep(events)
        return events

    def _keep(
        self, events: list[Event], meanwhile: Callable[[EncounterState], object] | None = None
    ) -> None:
        tables = [to_table(event) for event in events]
        if tables and self.loaded.source_format < CURRENT_FORMAT:
            self._bring_up_to_date()
        if any(isinstance(event, TemplateSaved) for event in events):
            self._keep_with_blocks(events, tables)
            if meanwhile is not None:
                meanwhile(self.encounter.state)
        elif meanwhile is None:
            self.writer.append_batch(tables)
            self.encounter.commit(events)
        else:
            self._keep_drawing(events, tables, meanwhile)

    def _bring_up_to_date(self) -> None:
        """Before the first command is appended to a file of an older format, rewrite it
        in today's, as a step of its own (see ``tracker.store.format_upgrade``)."""
        upgraded = upgrade_on_disk(self.path, self.loaded.source_format)
        self.loaded.source_format = CURRENT_FORMAT  # tried once: a hard-linked file stays
        if upgraded:
            self.rewritten()

    def _keep_with_blocks(self, events: list[Event], tables: list[dict[str, Any]]) -> None:
        """The journal first, then the stat blocks into the bestiary: if the bestiary
        refuses, the command is cut back off the journal (neither file changed); a crash
        between the two leaves the journal's command, whose blocks the next opening saves."""
        from tracker.store.bestiary import save_block

        size = self.writer.append_batch(tables)
        try:
            for event in events:
                if isinstance(event, TemplateSaved):
                    save_block(self.rules.id, event.block)
        except (TrackerError, OSError) as err:
            try:
                self.writer.take_back(size)
            except JournalError:
                raise StoreError(
                    f"{err} — the command is kept; its block is saved when the file is next opened"
                ) from err
            raise StoreError(f"{err} — the command was not saved") from err
        finally:
            self.library.forget()
        self.encounter.commit(events)

    def _keep_drawing(
        self,
        events: list[Event],
        tables: list[dict[str, Any]],
        meanwhile: Callable[[EncounterState], object],
    ) -> None:
        """Write the events, then fold them in and hand the state to ``meanwhile`` while
        the fsync is under way; if it fails, take the command back (JournalError)."""
        saving = self.writer.start_batch(tables)
        encounter = self.encounter
        before = (len(encounter.events), encounter.state)
        try:
            encounter.commit(events)
            meanwhile(encounter.state)
        finally:
            try:
                saving.wait()
            except JournalError:
                encounter.take_back(*before)
                raise
