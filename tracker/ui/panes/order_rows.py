"""The initiative order's rows and what each is made of, without drawing them: the rows in
play order with their glyphs, the name a row shows, the ruleset's summary and badges, how
hurt a combatant is, the legend of the glyphs (the pane, :mod:`initiative`, draws them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import is_not

from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.rules.base import Ruleset
from tracker.rules.display import Badge, SummaryPart, badges, initiative_shown
from tracker.ui.panes.figure import severity_class
from tracker.ui.panes.row_fit import least_summary, spelled_summary

LEGEND = (
    ("▶", "acting now"),
    ("⏸", "delaying"),
    ("!", "surprised"),
    ("↓", "down"),
    ("✝", "dead"),
    ("✓", "has acted this round"),
    ("»", "joined after its place this round: acts next"),
    ("◌", "hidden from players"),
)
BADGE_LEGEND = (
    ("Burn2·3", "a condition: its first letters, its level (2), rounds left (3)"),
    ("…2", "two more conditions than the row has room for (see Status)"),
    ("…", "more conditions, with no room left to count them (see Status)"),
    ("W 2/4", "the ruleset's summary; wider panes spell it out (Wounds 2/4)"),
)


@dataclass(frozen=True)
class Row:
    """One initiative row: the slot it stands for and its glyph."""

    slot: str
    mark: str


@dataclass(frozen=True)
class Order:
    """The rows of one state, with each row's combatant id and slot (the screen asks for
    them several times a command; the next state's rows are worked out from them)."""

    state: EncounterState
    rows: tuple[Row, ...]
    owners: tuple[str, ...]
    slots: tuple[str, ...]
    places: Mapping[str, tuple[int, ...]]
    """Each combatant's rows (their indices)."""


_LAST_ORDER: list[Order] = []
"""The rows of the last state asked for."""


def order_of(state: EncounterState) -> Order:
    """The rows of ``state`` in play order: the order, then those delaying, then anyone
    not placed yet. A state that differs from the last one asked for only in who acts,
    who has acted or how combatants fare keeps the last rows, with new marks where they
    changed (the fold keeps unchanged combatants as the same objects)."""
    last = _LAST_ORDER[0] if _LAST_ORDER else None
    if last is not None and last.state is state:
        return last
    found = _remarked(last, state) if last is not None else None
    if found is None:
        found = _laid_out(state)
    _LAST_ORDER[:] = [found]
    return found


def order_rows(state: EncounterState) -> list[Row]:
    """Rows in play order: the order, then those delaying, then anyone not placed yet."""
    return list(order_of(state).rows)


def row_slots(state: EncounterState) -> tuple[str, ...]:
    """The slots of the rows, top to bottom (what the selection may be)."""
    return order_of(state).slots


def _laid_out(state: EncounterState) -> Order:
    rows = tuple(_ordered(state))
    slots = tuple(row.slot for row in rows)
    owners = tuple(slot_owner(slot) for slot in slots)
    places: dict[str, tuple[int, ...]] = {}
    for index, owner in enumerate(owners):
        places[owner] = (*places.get(owner, ()), index)
    return Order(state, rows, owners, slots, places)


def _remarked(last: Order, state: EncounterState) -> Order | None:
    """``state``'s rows from ``last`` when only marks can differ (None: they may not)."""
    before = last.state
    if (
        state.order != before.order
        or state.delayed != before.delayed
        or state.surprised != before.surprised
        or state.round != before.round
    ):
        return None
    touched = _fared(before.combatants, state.combatants)
    if touched is None or (before.current != state.current and _any_late(last.rows)):
        return None
    touched.update(slot_owner(s) for s in (before.current, state.current) if s)
    touched.update(slot_owner(s) for s in _acted_or_not(before.acted, state.acted))
    fighters, rows, passed = state.combatants, list(last.rows), _passed(state)
    if before.current != state.current:  # the turn moved: those it passed, or no longer does
        touched.update(slot_owner(s) for s in passed.symmetric_difference(_passed(before)))
    for owner in touched:
        for index in last.places.get(owner, ()):
            row = rows[index]
            if row.mark != "⏸":
                mark = _mark(state, row.slot, fighters[owner], passed)
                rows[index] = row if mark == row.mark else Row(row.slot, mark)
    return Order(state, tuple(rows), last.owners, last.slots, last.places)


def _acted_or_not(before: tuple[str, ...], after: tuple[str, ...]) -> Iterable[str]:
    """The slots that acted or stopped having acted (most often the one that just did)."""
    if after[: len(before)] == before:
        return after[len(before) :]
    return set(before).symmetric_difference(after)


def _fared(before: Mapping[str, Combatant], after: Mapping[str, Combatant]) -> set[str] | None:
    """The combatants whose status changed (None: one joined, left, or was removed or
    brought back, which changes the rows themselves)."""
    if before is after:
        return set()
    if tuple(before) != tuple(after):  # in the same order: those not placed are listed so
        return None
    touched = set()
    changed = compress(after.items(), map(is_not, after.values(), before.values()))
    for cid, fighter in changed:
        was = before[cid]
        if was.status != fighter.status:
            if "removed" in (was.status, fighter.status):
                return None
            touched.add(cid)
    return touched


def _ordered(state: EncounterState) -> list[Row]:
    fighters, passed = state.combatants, _passed(state)
    rows: list[Row] = []
    placed: set[str] = set()
    for slot in state.order:
        owner = slot_owner(slot)
        fighter = fighters.get(owner)
        if fighter is not None:
            placed.add(owner)
            if fighter.status != "removed":
                rows.append(Row(slot, _mark(state, slot, fighter, passed)))
    for slot in state.delayed:
        placed.add(slot_owner(slot))
        if state.combatant(slot).status != "removed":
            rows.append(Row(slot, "⏸"))
    rows += [
        Row(c.id, _mark(state, c.id, c, passed))
        for c in fighters.values()
        if c.id not in placed and c.status != "removed"
    ]
    return rows


def _passed(state: EncounterState) -> frozenset[str]:
    """The slots above the acting one (none when nobody acts)."""
    current, order = state.current, state.order
    return frozenset(order[: order.index(current)]) if current in order else frozenset()


def _any_late(rows: Iterable[Row]) -> bool:
    return any(row.mark == "»" for row in rows)


def _mark(state: EncounterState, slot: str, fighter: Combatant, passed: frozenset[str]) -> str:
    if state.current == slot:
        return "▶"
    if fighter.status == "dead":
        return "✝"
    if fighter.status == "down":
        return "↓"
    if slot in state.surprised and state.round <= 1 and slot not in state.acted:
        return "!"
    if slot in state.acted:
        return "✓"
    if slot in passed:  # joined mid-round above the turn: the next `n` is theirs
        return "»"
    return " "


def initiative_text(state: EncounterState, slot: str, rules: Ruleset) -> str:
    """The slot's initiative as a row shows it (``—`` when not rolled, ``12.5`` kept,
    a card as the ruleset names it)."""
    value = state.initiative.get(slot)
    if value is None:
        return "—"
    return initiative_shown(rules.initiative_words, value)


def shown_name(fighter: Combatant, slot: str) -> str:
    """The name a row shows: ``◌`` when hidden, ``#2`` for a second initiative slot."""
    _, _, extra = slot.partition("@")
    name = f"{fighter.name} #{extra}" if extra else fighter.name
    return "◌" + name if fighter.hidden else name


def summary_parts(rules: Ruleset, fighter: Combatant) -> list[SummaryPart]:
    """The ruleset's summary in parts (a ruleset with only ``summary`` gives one part)."""
    parts = rules.summary_parts(fighter)
    if parts:
        return parts
    text = rules.summary(fighter)
    return [SummaryPart(text)] if text else []


def row_badges(
    rules: Ruleset, fighter: Combatant, parts: Sequence[SummaryPart] | None = None
) -> list[Badge]:
    """The combatant's conditions as badges, most urgent first; one the summary already
    says (alien's ``BROKEN``) is not said twice (``parts``: the summary, when known)."""
    if not fighter.conditions:
        return []
    if parts is None:
        parts = summary_parts(rules, fighter)
    said = {w.casefold() for p in parts for w in (p.short, p.wide)}
    said |= {w.partition("/")[0] for w in said}  # "dying/round" says Dying
    held = [c for c in fighter.conditions if c.name.casefold() not in said]
    return badges(held, rules.urgent_badges(), rules.level_words)


def health(rules: Ruleset, fighter: Combatant) -> str:
    """How hurt the combatant is, from its first track with a limit: ok, hurt, bad, down."""
    if fighter.status in ("down", "dead"):
        return "down"
    for view in rules.track_views(fighter):
        if view.limit > 0:
            return severity_class(view.severity)  # the status pane's reading of the word
    return "ok"


def legend_text(shorthand: Sequence[tuple[str, str]] = ()) -> str:
    """What the row's glyphs and badges mean (the pane's tooltip and the help screen),
    with this fight's own shorthand (``+1A  attackers +1 Advantage``) when given."""
    lines = [f"{glyph}  {meaning}" for glyph, meaning in (*LEGEND, *BADGE_LEGEND)]
    if shorthand:
        lines += ["", "In this fight:", *(f"{short}  {long}" for short, long in shorthand)]
    return "\n".join(lines)


SHORTHAND_MOST = 12
"""The most short forms the tooltip and the help explain."""


@dataclass(frozen=True)
class RowFacts:
    """What a combatant's row is made of, measured once per version of the combatant."""

    fighter: Combatant
    parts: list[SummaryPart]
    held: list[Badge]
    need: int
    """Cells the row needs after its name: the main numbers and the badge count."""
    marked: int
    """The same with a bare `` …`` for the count (its digits give way to a whole name)."""
    main: int
    """Cells of the main numbers alone (the rank-0 summary parts' short forms)."""
    spelled: int
    shorthand: list[tuple[str, str]]
    """(short, long) for each piece whose two forms differ."""

    @classmethod
    def of(cls, fighter: Combatant, parts: list[SummaryPart], rules: Ruleset) -> RowFacts:
        """Measure a combatant's row."""
        held = row_badges(rules, fighter, parts)
        pairs = [(p.short, p.wide) for p in parts] + [(b.short, b.long) for b in held]
        shorthand = [(short, wide) for short, wide in pairs if short != wide]
        need, marked = least_summary(parts, held), least_summary(parts, held, counted=False)
        main, spelled = least_summary(parts), spelled_summary(parts, held)
        return cls(fighter, parts, held, need, marked, main, spelled, shorthand)
