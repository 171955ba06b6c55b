"""The encounter summary: rounds fought, who dealt and took how much, who fell and when.

Damage is read from ``track.set`` events that *lower* a damage track of a combatant
(``hp``, ``wounds``, ``wounds@head`` …), or *raise* a rising one (``harm``, ``stress``),
and is credited to the combatant whose turn it was. Damage taken on one's own turn or
outside any turn (burning, a round-start hazard) counts as taken, and as dealt by
"Other". A ruleset names its damage tracks with a ``damage_tracks`` class attribute
(without one, ``DEFAULT_DAMAGE_TRACKS`` apply) and the tracks that count up to harm with
``rising_damage_tracks``.

A campaign fight opens with the batch that carries the PCs in as they stand (their
wounds, injuries and conditions from earlier fights): it is where the fight starts, not
damage taken, injuries or ailments suffered in it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tracker.core import events as ev
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.export.player_view import in_full
from tracker.export.timeline import Beat, Timeline
from tracker.rules.base import Ruleset
from tracker.store.campaign_party import LINK_KEY

DEFAULT_DAMAGE_TRACKS = ("hp", "health", "wounds", "hit points")
SIDE_ORDER = ("pc", "ally", "enemy", "neutral", "other")
SIDE_LABELS = {
    "pc": "PCs",
    "ally": "Allies",
    "enemy": "Enemies",
    "neutral": "Neutral",
    "other": "Other",
}
FALLS = ("down", "dead")


@frozen_record
class FighterTally(FrozenRecord):
    """One combatant's fight in numbers and words."""

    id: str
    name: str
    side: str
    dealt: int
    taken: int
    standing: str
    injuries: tuple[str, ...]
    ailments: tuple[str, ...]
    falls: tuple[tuple[int, str], ...]
    hidden: bool = False
    in_full: bool = True
    notes: str = ""
    """The GM's standing note on the combatant (in the GM's copy only)."""

    @property
    def fell(self) -> str:
        """``down in round 2, dead in round 3`` (empty if they never fell)."""
        return ", ".join(f"{status} in round {n}" for n, status in self.falls)


@frozen_record
class RoundDamage(FrozenRecord):
    """Damage dealt in one round by each side, in ``SIDE_ORDER``."""

    round: int
    by_side: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        """All damage dealt this round."""
        return sum(amount for _, amount in self.by_side)


@frozen_record
class EncounterSummary(FrozenRecord):
    """What the end of a recap tells: rounds, tallies per combatant, damage per round."""

    rounds_fought: int
    rounds: tuple[int, ...]
    fighters: tuple[FighterTally, ...]
    damage: tuple[RoundDamage, ...]
    open_book: bool = True
    """False in the players' copy: the numbers of those not shown in full (enemies'
    damage taken, how they end) are left out, as in the players' view."""

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides shown in the damage chart."""
        return tuple(side for side, _ in self.damage[0].by_side) if self.damage else ()


def carried_in(head: Mapping[str, Any], events: Sequence[ev.Event]) -> int:
    """The batch that carried a campaign's PCs into this fight (its first), or 0 for an
    encounter made outside a campaign."""
    table = head.get("encounter")
    linked = isinstance(table, Mapping) and LINK_KEY in table
    return events[0].batch if linked and events else 0


def damage_tracks(rules: Ruleset) -> frozenset[str]:
    """The tracks whose fall is damage, for this ruleset (location suffixes aside)."""
    names = getattr(rules, "damage_tracks", DEFAULT_DAMAGE_TRACKS)
    return frozenset(str(n).casefold() for n in names)


def rising_damage_tracks(rules: Ruleset) -> frozenset[str]:
    """The tracks whose rise is damage, for this ruleset (harm, stress: none by default)."""
    return frozenset(str(n).casefold() for n in getattr(rules, "rising_damage_tracks", ()))


@dataclass
class _Ledger:
    """Running totals while walking the timeline."""

    dealt: defaultdict[str, int] = field(default_factory=lambda: defaultdict(int))
    taken: defaultdict[str, int] = field(default_factory=lambda: defaultdict(int))
    per_round: defaultdict[int, defaultdict[str, int]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(int))
    )
    injuries: defaultdict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    ailments: defaultdict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    falls: defaultdict[str, list[tuple[int, str]]] = field(
        default_factory=lambda: defaultdict(list)
    )


def summarise(
    timeline: Timeline,
    initial: EncounterState,
    end: EncounterState,
    rules: Ruleset,
    counts: Callable[[Beat], bool],
    rounds: tuple[int, ...],
    gm: bool = False,
    reveal: bool = True,
    carried: int = 0,
) -> EncounterSummary:
    """Tally the beats for which ``counts`` holds; ``end`` is the state the recap ends at.

    Combatants hidden from the players at ``end`` get a row only in the GM's copy, and
    in the players' copy no damage dealt to them is counted, and what they dealt to
    those the players see is counted as "Other" (the log says it, under no name).
    Every side's dealt damage is counted the same way, the PCs' and allies' too: what
    the table's Dealt column sums, the chart shows. Without ``reveal`` (the players'
    copy), as in the players' view, those not shown in full (enemies) end in words
    (``wounded``), and what they took is not said. ``carried``: the batch that carried
    a campaign's PCs in (``carried_in``), the fight's starting
    point.
    """

    def seen(cid: str) -> bool:
        fighter = end.combatants.get(cid)
        return fighter is not None and not fighter.hidden

    def fresh(beat: Beat) -> bool:
        return counts(beat) and not (carried and beat.event.batch == carried)

    ledger = _walk(timeline, initial, rules, fresh, None if gm else seen)
    shown = [c for c in _cast(end, timeline.order) if gm or not c.hidden]
    fighters = tuple(
        _tally(c, ledger, rules, in_full(c, reveal), c.notes if gm else "") for c in shown
    )
    dealing = {s for r in ledger.per_round.values() for s, amount in r.items() if amount}
    present = dealing if not reveal else {c.side for c in shown} | dealing
    sides = tuple(s for s in SIDE_ORDER if s in present)
    damage = tuple(
        RoundDamage(n, tuple((s, ledger.per_round[n][s]) for s in sides)) for n in rounds
    )
    return EncounterSummary(timeline.last_round, rounds, fighters, damage, open_book=reveal)


def _cast(end: EncounterState, order: Iterable[str]) -> list[Combatant]:
    return [end.combatants[cid] for cid in order if cid in end.combatants]


def _walk(
    timeline: Timeline,
    initial: EncounterState,
    rules: Ruleset,
    counts: Callable[[Beat], bool],
    seen: Callable[[str], bool] | None = None,
) -> _Ledger:
    """The damage, injuries, ailments and falls of the beats that count; ``seen``: whom
    the players see (None: the GM's copy, everyone)."""
    ledger = _Ledger()
    falling, rising = damage_tracks(rules), rising_damage_tracks(rules)
    values = {(c.id, t): v for c in initial.combatants.values() for t, v in c.tracks.items()}
    for beat in timeline.beats:
        event = beat.event
        if not beat.live:
            continue
        if isinstance(event, ev.TrackSet) and event.who:
            key = (slot_owner(event.who), event.track)
            before = values.get(key)
            values[key] = event.value
            hurt = _harm_done(event.track, before, event.value, falling, rising)
            told = seen is None or seen(key[0])
            if hurt and told and counts(beat):
                _book_damage(ledger, timeline, beat, key[0], hurt, seen)
        elif counts(beat):
            _book_other(ledger, beat, rules)
    return ledger


def _harm_done(
    track: str, before: int | None, after: int, falling: frozenset[str], rising: frozenset[str]
) -> int:
    """How much damage a track moving from ``before`` to ``after`` is (0: none)."""
    base = track.split("@", 1)[0].casefold()
    if before is None:
        return 0
    if base in falling:
        return max(0, before - after)
    return max(0, after - before) if base in rising else 0


def _book_damage(
    ledger: _Ledger,
    timeline: Timeline,
    beat: Beat,
    victim: str,
    amount: int,
    seen: Callable[[str], bool] | None = None,
) -> None:
    """``amount`` taken by ``victim`` and dealt by whose turn it was ("Other" on one's own
    turn, outside any turn, or on the turn of someone the players do not see)."""
    ledger.taken[victim] += amount
    dealer = slot_owner(beat.turn) if beat.turn else ""
    if dealer and dealer != victim and (seen is None or seen(dealer)):
        ledger.dealt[dealer] += amount
        side = timeline.sides.get(dealer, "other")
    else:
        side = "other"
    ledger.per_round[beat.round][side] += amount


def _book_other(ledger: _Ledger, beat: Beat, rules: Ruleset) -> None:
    event = beat.event
    if isinstance(event, ev.InjuryAdded):
        where = f" ({event.location})" if event.location else ""
        ledger.injuries[slot_owner(event.who)].append(f"{event.name}{where}")
    elif isinstance(event, ev.ConditionApplied):
        if not rules.suffered(event.name, event.category):
            return  # Running, a Fate held …: the combatant's own doing
        names = ledger.ailments[slot_owner(event.who)]
        if event.name not in names:
            names.append(event.name)
    elif isinstance(event, ev.StatusChanged) and event.status in FALLS:
        ledger.falls[slot_owner(event.who)].append((beat.round, event.status))


def _tally(
    fighter: Combatant, ledger: _Ledger, rules: Ruleset, full: bool = True, notes: str = ""
) -> FighterTally:
    return FighterTally(
        id=fighter.id,
        name=fighter.name,
        side=fighter.side,
        dealt=ledger.dealt[fighter.id],
        taken=ledger.taken[fighter.id],
        standing=standing(fighter, rules) if full else players_standing(fighter, rules),
        injuries=tuple(ledger.injuries[fighter.id]),
        ailments=tuple(ledger.ailments[fighter.id]),
        falls=tuple(ledger.falls[fighter.id]),
        hidden=fighter.hidden,
        in_full=full,
        notes=" ".join(notes.split()),
    )


def players_standing(fighter: Combatant, rules: Ruleset) -> str:
    """How a combatant ends, in the words the players' view uses (no numbers)."""
    status = {"active": "", "removed": "left the fight"}.get(fighter.status, fighter.status)
    words = rules.player_summary(fighter)
    return " · ".join(p for p in (words, status if status not in words else "") if p) or "—"


def standing(fighter: Combatant, rules: Ruleset) -> str:
    """How a combatant ends: the ruleset's summary (``HP 0/7``) and any status."""
    status = {"active": "", "removed": "left the fight"}.get(fighter.status, fighter.status)
    return " · ".join(part for part in (rules.summary(fighter), status) if part) or "—"


SIDE_NAMES = {"pc": "PC", "ally": "Ally", "enemy": "Enemy", "neutral": "Neutral"}
TABLE_HEADER = ("Combatant", "Side", "Dealt", "Taken", "At the end", "Fell")
NUMERIC_COLUMNS = (2, 3)


def table_rows(summary: EncounterSummary) -> list[tuple[str, ...]]:
    """One row per combatant, matching ``TABLE_HEADER`` (what an enemy took is ``—`` in
    the players' copy; what anyone dealt is a number, as the chart counts it)."""
    return [
        (
            f.name + (" (hidden)" if f.hidden else ""),
            SIDE_NAMES.get(f.side, f.side),
            str(f.dealt),
            str(f.taken) if f.in_full else "—",
            f.standing,
            f.fell or "—",
        )
        for f in summary.fighters
    ]


def lasting_marks(summary: EncounterSummary) -> list[tuple[str, list[tuple[str, str]]]]:
    """("Injuries" | "Ailments suffered" | "GM notes", [(name, "a, b") …]) for those who
    have any (GM notes are filled in the GM's copy only)."""
    return [
        ("Injuries", [(f.name, ", ".join(f.injuries)) for f in summary.fighters if f.injuries]),
        (
            "Ailments suffered",
            [(f.name, ", ".join(f.ailments)) for f in summary.fighters if f.ailments],
        ),
        ("GM notes", [(f.name, f.notes) for f in summary.fighters if f.notes]),
    ]


def rounds_sentence(summary: EncounterSummary) -> str:
    """``3 rounds fought.`` or ``Rounds 2–3 of 3 fought.``"""
    fought = summary.rounds_fought
    if fought == 0:
        return "The fight has not started."
    whole = summary.rounds == tuple(range(1, fought + 1))
    plural = "s" if fought != 1 else ""
    if whole:
        return f"{fought} round{plural} fought."
    first, last = summary.rounds[0], summary.rounds[-1]
    shown = f"Round {first}" if first == last else f"Rounds {first}–{last}"
    return f"{shown} of {fought} fought."
