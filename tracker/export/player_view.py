"""What the players may see of the fight: the order, the turn, and each combatant's state.

Pure functions over an ``EncounterState`` and its ruleset, for the player view
(``tracker view`` / ``tracker serve``) and anything else shown across the table.

* Allies (``pc`` and ``ally``) are shown in full: the ruleset's ``summary``, every track
  and location it draws, their injuries and ailments with levels.
* Everyone else is shown as the ruleset describes them to players (``player_summary``:
  "unhurt", "badly hurt", "down" …), with the injuries players can see (name and place)
  and their ailments by name: never an exact number, unless the encounter file says
  ``reveal = true`` in ``[encounter]``.
* Hidden combatants are absent: no row, no turn, no name in the header.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tracker.core.flow import name_of, where_words
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.rules.base import Ruleset
from tracker.rules.display import initiative_shown, spoken_level

ALLY_SIDES = ("pc", "ally")
SIDE_WORDS = {"enemy": "enemy", "neutral": "neutral"}
"""Said beside a name, not only by its colour (a colour-blind player, a monochrome
terminal, a screen reader); the players' own side needs no word."""


@dataclass(frozen=True)
class PlayerRow:
    """One combatant (one initiative slot) as the players see it.

    ``mark`` is a glyph, not a colour: ▶ acting, ⏸ delaying, ! surprised, ↓ down,
    ✝ dead, ✓ has acted this round. ``health`` is the ruleset's summary for allies and
    its words for players otherwise; ``details`` are extra lines (tracks, locations,
    injuries) under the row.
    """

    slot: str
    name: str
    side: str
    mark: str
    initiative: str
    health: str
    ailments: tuple[str, ...] = ()
    details: tuple[str, ...] = ()

    @property
    def acting(self) -> bool:
        """Whether it is this slot's turn."""
        return self.mark == "▶"

    @property
    def side_word(self) -> str:
        """The side in a word (``enemy``, ``neutral``; an unknown side is neutral), or
        nothing for the players' own side."""
        return "" if self.side in ALLY_SIDES else SIDE_WORDS.get(self.side, "neutral")

    @property
    def out(self) -> bool:
        """Whether the combatant is down or dead."""
        return self.mark in ("↓", "✝")


@frozen_record
class PlayerBoard(FrozenRecord):
    """The fight as the players see it: where it stands and who is in it, in order."""

    title: str
    round: int
    where: tuple[str, ...]
    acting: str
    pools: tuple[str, ...]
    rows: tuple[PlayerRow, ...]
    next_up: str = ""
    """Who acts after this turn (``Bandit 1``), ``round 4`` when this round has nobody
    left, "" when nobody acts now."""


def reveals(head: Mapping[str, Any]) -> bool:
    """Whether the encounter file shows players exact numbers (``[encounter] reveal = true``)."""
    table = head.get("encounter", {})
    return isinstance(table, Mapping) and table.get("reveal") is True


def in_full(fighter: Combatant, reveal: bool) -> bool:
    """Whether players see this combatant's numbers: allies always, others on ``reveal``."""
    return reveal or fighter.side in ALLY_SIDES


def player_board(state: EncounterState, rules: Ruleset, reveal: bool = False) -> PlayerBoard:
    """The board the players see for ``state``."""
    rows = tuple(player_row(state, rules, slot, mark, reveal) for slot, mark in _slots(state))
    acting = ""
    if state.current and not state.combatant(state.current).hidden:
        acting = name_of(state, state.current)
    return PlayerBoard(
        title=state.title or "Encounter",
        round=state.round,
        where=where_words(state, acting),
        acting=acting,
        pools=tuple(rules.header_parts(state)),
        rows=rows,
        next_up=_next_up(state, rules) if acting else "",
    )


def _next_up(state: EncounterState, rules: Ruleset) -> str:
    """The first shown slot after the acting one still to act this round, as the turn
    order will take it (those passed over skipped); else the next round."""
    for slot in state.order:
        if slot == state.current or slot in state.acted or not rules.takes_turn(state, slot):
            continue
        if _shown(state.combatant(slot)):
            return name_of(state, slot)
    return f"round {state.round + 1}"


def _slots(state: EncounterState) -> list[tuple[str, str]]:
    """(slot, mark) in play order: the order, those delaying, then anyone not placed yet."""
    slots = [
        (slot, _mark(state, slot)) for slot in state.order if slot_owner(slot) in state.combatants
    ]
    slots += [(slot, "⏸") for slot in state.delayed]
    placed = {slot_owner(slot) for slot, _ in slots}
    slots += [(c.id, _mark(state, c.id)) for c in state.combatants.values() if c.id not in placed]
    return [(slot, mark) for slot, mark in slots if _shown(state.combatant(slot))]


def _shown(fighter: Combatant) -> bool:
    return not fighter.hidden and fighter.status != "removed"


def _mark(state: EncounterState, slot: str) -> str:
    fighter = state.combatant(slot)
    if state.current == slot:
        return "▶"
    if fighter.status in ("dead", "down"):
        return "✝" if fighter.status == "dead" else "↓"
    if slot in state.surprised and state.round <= 1 and slot not in state.acted:
        return "!"
    return "✓" if slot in state.acted else " "


def player_row(
    state: EncounterState, rules: Ruleset, slot: str, mark: str, reveal: bool = False
) -> PlayerRow:
    """One slot's row: numbers for allies (or on ``reveal``), words for everyone else."""
    fighter = state.combatant(slot)
    full = in_full(fighter, reveal)
    health = rules.summary(fighter) if full else rules.player_summary(fighter)
    if full and not health:
        health = rules.player_summary(fighter)
    return PlayerRow(
        slot=slot,
        name=name_of(state, slot),
        side=fighter.side,
        mark=mark,
        initiative=_initiative(state, slot, rules) if full else "",
        health=health,
        ailments=_ailments(fighter, full, health, rules),
        details=_details(rules, fighter, full),
    )


def _initiative(state: EncounterState, slot: str, rules: Ruleset) -> str:
    value = state.initiative.get(slot)
    if value is None:
        return ""
    return initiative_shown(rules.initiative_words, value)


def _ailments(fighter: Combatant, full: bool, health: str, rules: Ruleset) -> tuple[str, ...]:
    """Ailment badges: with their level in the ruleset's words for allies (``Burning ×1
    failed``), by name only (and not twice) for others."""
    if full:
        return tuple(c.name + spoken_level(c, rules.level_words)[0] for c in fighter.conditions)
    said = health.casefold()
    return tuple(c.name for c in fighter.conditions if c.name.casefold() not in said)


def _details(rules: Ruleset, fighter: Combatant, full: bool) -> tuple[str, ...]:
    """Lines under the row: tracks and locations (in full only), then visible injuries."""
    lines: list[str] = []
    if full:
        tracks = [_track(v.label, v.value, v.limit, v.note) for v in rules.track_views(fighter)]
        places = [
            _track(v.label, v.value, v.limit, "") for v in rules.body(fighter) if v.value >= 0
        ]
        lines += [" · ".join(part) for part in (tracks, places) if part]
    injuries = [_injury(i.location, i.name, i.effect if full else "") for i in fighter.injuries]
    if injuries:
        lines.append("Injuries: " + "; ".join(injuries))
    return tuple(lines)


def _track(label: str, value: int, limit: int, note: str) -> str:
    text = f"{label} {value}/{limit}" if limit >= 0 else f"{label} {value}"
    return f"{text} ({note})" if note else text


def _injury(location: str, name: str, effect: str) -> str:
    where = f"{location}: " if location else ""
    return f"{where}{name}" + (f" ({effect})" if effect else "")
