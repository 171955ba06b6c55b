"""Reading an encounter file's parts: its head (format, ruleset, roster: the state before
any event), its event tables as events, and the checks of the fight they replay to (every
event applies; every combatant named is in the roster). ``tracker.store.encounter_file``
puts them together (the whole journal, or from a snapshot on)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tracker.core.codec import from_table
from tracker.core.errors import EventFormatError, FoldError, RuleError
from tracker.core.events import Event
from tracker.core.fold import apply
from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.core.nearest_word import meant_or_listed
from tracker.core.safe_text import TITLE_LIMIT, text_problem
from tracker.rules.base import RosterError, Ruleset
from tracker.rules.registry import UnknownRuleset, load_ruleset
from tracker.store.file_text import HEAD_FIELDS, check_document, check_events
from tracker.store.journal import JournalRead
from tracker.store.locator import Locator
from tracker.store.options_check import check_options
from tracker.store.other_files import other_kind
from tracker.store.upgrade import file_format, upcast, upgrade

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


def read_head(
    read: JournalRead, locator: Locator
) -> tuple[dict[str, Any], int, Ruleset, EncounterState]:
    """(the head in today's format, its format, the ruleset, the state before any event)."""
    if other := other_kind(read.head):
        raise locator.error(f"this is {other}, not an encounter", "")
    if not read.head and not read.events:
        made = "an encounter is made with `tracker new NAME --ruleset ID`"
        raise locator.error(f"the file is empty — {made}", "")
    check_document(read.head, locator, HEAD_FIELDS)
    version = file_format(read.head, locator)
    head = upgrade(read.head, locator)
    rules = ruleset_of(head, locator)
    return head, version, rules, initial_state(head, rules, locator)


def checked_events(
    read: JournalRead, version: int, locator: Locator, first: int = 1
) -> list[Event]:
    """The events of ``read`` (made today's and checked), numbered from ``first``."""
    read.events = upcast(read.events, version)
    check_events(read.events, locator)
    return _events(read, locator, first)


def ruleset_of(head: Mapping[str, Any], locator: Locator) -> Ruleset:
    """The ruleset the head names; JournalError for a head that is not as it should be."""
    if "campaign" in head and "encounter" not in head:  # the GM named the wrong file
        name = locator.path.name
        raise locator.error(
            f"this is a campaign file, not an encounter: `tracker campaign show {name}` "
            f"shows the party, `tracker {name}` opens its party screen",
            "campaign",
        )
    for key in head:
        if key not in TOP_KEYS:
            raise locator.error(
                f"unknown top-level key {key!r} — {meant_or_listed(key, TOP_KEYS)}", key
            )
    table = head.get("encounter")
    if not isinstance(table, dict):
        raise locator.error("the file needs an [encounter] table with a ruleset", "")
    for key, value in table.items():
        wanted = ENCOUNTER_KEYS.get(key)
        if wanted is None:
            said = meant_or_listed(key, ENCOUNTER_KEYS)
            raise locator.error(f"unknown key {key!r} in [encounter] — {said}", key, "encounter")
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
    check_options(table.get("options", {}), rules, locator, "encounter")
    return EncounterState(
        title=table.get("title", ""),
        ruleset=rules.id,
        combatants=combatants,
        options=dict(table.get("options", {})),
    )


def _events(read: JournalRead, locator: Locator, first: int = 1) -> list[Event]:
    events: list[Event] = []
    for index, table in enumerate(read.events):
        try:
            event = from_table(table)
        except EventFormatError as err:
            raise locator.error(str(err), err.key, "events", index) from None
        if event.seq != index + first:
            raise locator.error(
                f"event seq {event.seq} should be {index + first} "
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


def check_replay(initial: EncounterState, events: Sequence[Event], locator: Locator) -> None:
    """A JournalError at the first event that cannot be applied to the state before it."""
    state = initial
    for index, event in enumerate(events):
        try:
            state = apply(state, event)
        except (FoldError, KeyError) as err:
            raise locator.error(
                f"event {event.seq} cannot be applied: {err}", "type", "events", index
            ) from None
