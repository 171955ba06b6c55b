"""Between fights, for one ruleset: what lasts, how a PC enters a fight with it, how rest heals.

A ruleset names what outlives a fight in its data file::

    [campaign]
    tracks = ["stress", "trauma", "fate", "wounds@*"]   # ``@*``: every location
    conditions = ["Ego Fracture"]                       # conditions that outlast a fight
    categories = ["harm"]                               # and every one of these categories
    injury_track = "injuries"                           # a track that counts injuries

Without that table the ruleset's damage tracks (falling and rising) last, nothing else.
Rest rules are a :class:`Downtime` subclass in the ruleset's package
(``rules/<id>/downtime.py``), returned by ``Ruleset.downtime()``; where a text states no
rest, ``rest`` says so and the GM types the change (``tracker campaign set``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar, Protocol

from tracker.core import events as ev
from tracker.core.campaign import CarriedInjury, Lasting, PartyMember
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, Condition, evolve
from tracker.core.protocol import DiceLike
from tracker.core.wording import track_label
from tracker.rules.readings import Reading, chosen


class RestingRules(Protocol):
    """What downtime reads of its ruleset (a ``Ruleset`` is one; declared here so that
    this module needs nothing from ``tracker.rules.base``, which imports it)."""

    @property
    def id(self) -> str:
        """The ruleset's id."""

    @property
    def damage_tracks(self) -> tuple[str, ...]:
        """Tracks whose loss counts as damage (the default of what lasts)."""

    @property
    def rising_damage_tracks(self) -> tuple[str, ...]:
        """Tracks whose rise counts as damage (harm, stress: they last by default too)."""

    @property
    def data(self) -> dict[str, Any]:
        """The ruleset's data file."""

    def prepare(self, entry: Mapping[str, Any], where: str = "") -> Combatant:
        """A roster entry as a combatant with its tracks set."""

    def readings(self) -> tuple[Reading, ...]:
        """The open rules the ruleset lets the GM read one way or another."""


class Downtime:
    """What lasts between fights and how rest heals (the default: damage tracks, no rest)."""

    rests: ClassVar[dict[str, str]] = {}
    """Rest kinds the text states → a one-line summary with its source."""

    def __init__(self, rules: RestingRules) -> None:
        """Read the ``[campaign]`` table of the ruleset's data (if it has one)."""
        self.rules = rules
        raw = rules.data
        spec: Mapping[str, Any] = raw["campaign"] if "campaign" in raw else {}
        default = [*rules.damage_tracks, *rules.rising_damage_tracks]
        self.tracks: tuple[str, ...] = tuple(str(t) for t in spec.get("tracks", default))
        self.conditions = tuple(str(c) for c in spec.get("conditions", ()))
        self.categories = frozenset(str(c).casefold() for c in spec.get("categories", ()))
        self.injury_track = str(spec.get("injury_track", ""))
        self.options: Mapping[str, Any] = {}

    def reading_as(self, options: Mapping[str, Any]) -> Downtime:
        """This downtime, reading the open rules as ``options`` say (a campaign's
        readings); returns itself."""
        self.options = options
        return self

    def read(self, key: str) -> str:
        """The choice in force for the reading ``key`` (its default unless ``options``
        name another)."""
        return chosen(self.rules.readings(), self.options, key)

    # --- what lasts ---------------------------------------------------------------------

    def lasts(self, track: str) -> bool:
        """Whether ``track`` (``wounds@head`` …) outlives a fight."""
        base = track.split("@", 1)[0]
        return track in self.tracks or ("@" in track and f"{base}@*" in self.tracks)

    def condition_lasts(self, condition: Condition) -> bool:
        """Whether ``condition`` outlives a fight: named in ``conditions``, or of one of
        the ``categories`` (harm the GM named as it fell: ``Broken ribs``)."""
        names = {c.casefold() for c in self.conditions}
        return (
            condition.name.casefold() in names or condition.category.casefold() in self.categories
        )

    def carry_out(self, fighter: Combatant, before: Lasting) -> Lasting:
        """What ``fighter`` takes out of the fight (healing timers and drawbacks kept)."""
        tracks = {k: v for k, v in fighter.tracks.items() if self.lasts(k)}
        limits = {k: v for k, v in fighter.limits.items() if k in tracks}
        conditions = tuple(
            Condition(c.name, c.category, level=c.level)
            for c in fighter.conditions
            if self.condition_lasts(c)
        )
        injuries = tuple(
            _carried(i.location, i.score, i.name, i.effect, i.lethal, before)
            for i in fighter.injuries
        )
        return Lasting(tracks, limits, injuries, conditions, before.drawbacks, before.dead)

    def fighter(self, member: PartyMember) -> Combatant:
        """The PC as a combatant with their lasting tracks (for thresholds and bonuses)."""
        fighter = self.rules.prepare(member.entry)
        lasting = member.lasting
        tracks = {**fighter.tracks, **lasting.tracks}
        limits = {**fighter.limits, **lasting.limits}
        return evolve(fighter, tracks=tracks, limits=limits, injuries=())

    def starting(self, entry: Mapping[str, Any]) -> Lasting:
        """A new PC's lasting state: the roster's starting tracks."""
        return self.carry_out(self.rules.prepare(entry), Lasting())

    # --- into a fight -------------------------------------------------------------------

    def carry_in(self, draft: Draft, member: PartyMember) -> None:
        """The PC enters the fight as they stand: tracks, injuries, conditions as events."""
        fighter = draft.state.combatant(member.id)
        lasting = member.lasting
        for track, value in lasting.tracks.items():
            limit = lasting.limits.get(track, -1)
            old_limit = fighter.limits.get(track, -1)
            if fighter.tracks.get(track) == value and limit in (-1, old_limit):
                continue
            shown = f"{value}" + (f"/{limit}" if limit >= 0 else "")
            text = f"{member.name}: {track_label(track)} {shown}"
            draft.emit(ev.TrackSet, who=member.id, track=track, value=value, limit=limit, text=text)
        for injury in lasting.injuries:
            effect = f": {injury.effect}" if injury.effect else ""
            draft.emit(
                ev.InjuryAdded,
                who=member.id,
                location=injury.location,
                score=injury.score,
                name=injury.name,
                effect=injury.effect,
                lethal=injury.lethal,
                text=f"{member.name} still has {injury.label()}{effect}",
            )
        for condition in lasting.conditions:
            draft.emit(
                ev.ConditionApplied,
                who=member.id,
                name=condition.name,
                category=condition.category,
                level=condition.level,
                text=f"{member.name}: still {condition.name}",
            )
        self.settle(draft, member.id)

    def settle(self, draft: Draft, who: str) -> None:
        """After the carried state is set (a PC entering a fight, or a copy joining as
        its imported sheet stood): conditions the ruleset derives from it."""

    # --- rest and treatment -------------------------------------------------------------

    def rest(self, kind: str, member: PartyMember) -> tuple[Lasting, list[str]]:
        """The PC's state after a rest of ``kind`` and the log lines; RuleError if the
        text states no such rest."""
        raise RuleError(self.no_rest(kind))

    def time_passes(
        self, kind: str, member: PartyMember, lasting: Lasting, dice: DiceLike
    ) -> tuple[Lasting, list[str]]:
        """After the rest of ``kind`` made ``lasting``: what the time passed calls for
        beyond healing (alien-evolved's death rolls), rolled with ``dice``; by default
        nothing."""
        return lasting, []

    def label(self, kind: str) -> str:
        """How the text names a rest of ``kind`` (``Long Downtime``, ``Shift of rest``)."""
        return f"{kind.capitalize()} rest"

    def no_rest(self, kind: str) -> str:
        """The sentence refusing an unknown rest kind."""
        if not self.rests:
            return (
                f"the {self.rules.id} text states no rest or downtime rule — type what you "
                "rule with `tracker campaign set CAMPAIGN PC KEY VALUE`"
            )
        return f"no rest {kind!r} in {self.rules.id} — rests: {', '.join(self.rests)}"

    def treat(self, lasting: Lasting, injury: CarriedInjury) -> Lasting:
        """The state once ``injury`` is healed (an injury-counting track drops by one)."""
        injuries = tuple(i for i in lasting.injuries if i is not injury)
        tracks = dict(lasting.tracks)
        if self.injury_track and tracks.get(self.injury_track, 0) > 0:
            tracks[self.injury_track] -= 1
        return replace(lasting, injuries=injuries, tracks=tracks)

    def notes(self, member: PartyMember) -> list[str]:
        """What the GM should know about the PC now (thresholds, deadlines)."""
        return []

    def kept_by_injury(self, member: PartyMember, condition: str) -> CarriedInjury | None:
        """The PC's carried injury that keeps ``condition`` on until it is treated (the
        condition comes back in every fight from it, so removing it alone does nothing);
        by default none."""
        return None


def _carried(
    location: str, score: int, name: str, effect: str, lethal: bool, before: Lasting
) -> CarriedInjury:
    """An injury from the fight, keeping the healing timer it had before the fight."""
    for old in before.injuries:
        if (old.location, old.score, old.name) == (location, score, name):
            return replace(old, effect=effect, lethal=lethal)
    return CarriedInjury(location, score, name, effect, lethal)


def heal_track(tracks: dict[str, int], limits: Mapping[str, int], name: str, amount: int) -> int:
    """Raise ``tracks[name]`` by ``amount`` up to its limit; return how much it rose."""
    before = tracks.get(name, 0)
    top = limits.get(name, before + amount)
    tracks[name] = max(before, min(top, before + amount))
    return tracks[name] - before
