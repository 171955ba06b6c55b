"""nerv-d100 between fights: Short and Long Downtime as seed 000 states them.

- Stress −1 per Short, −2 per Long Downtime, for free (l.347) — not with a Depression
  Disorder, which "no longer relieve[s] Stress for free during Downtimes" (l.406).
- Trauma −1 per Long Downtime (l.412).
- Fate replenishes at the start of the next Short or Long Downtime (l.260); the Exert
  cost resets then too (l.139).
- An Ego Fracture lasts until the start of the next Downtime (l.373); an Ego Collapse is
  resolved during the Downtime after it (l.375): the GM records the outcome.
- A Dysfunctional character (Trauma > WB+2) must be back under that threshold by the end
  of the next Long Downtime, else Trauma resets to 0 and a permanent Disorder is gained
  (l.402). Numbers: the ``[downtime]`` and ``[trauma]`` tables of data.toml.
- Wounds: the text states no recovery between fights; the GM sets them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from tracker.core.campaign import CarriedInjury, Lasting, PartyMember
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, Condition
from tracker.rules.downtime import Downtime
from tracker.rules.nerv_d100 import until_healed
from tracker.rules.nerv_d100.afflictions import ADDICTION, sync_thresholds, thresholds
from tracker.rules.nerv_d100.injuries import check_incapacitated
from tracker.rules.nerv_d100.stats import bonus, put_on
from tracker.rules.nerv_d100.tables import NervTables, without_above

DISORDER = "Disorder (to be chosen with the GM; seed 000 l.402)"
DEPRESSION = "depression"
DEADLINE = "dysfunctional-deadline"


class NervDowntime(Downtime):
    """Short and Long Downtime; Fatigued, Unsettled and the like follow the numbers."""

    rests: ClassVar[dict[str, str]] = {
        "short": "Stress −1, Fate refilled, Exerts reset, Ego Fracture ends (l.347, 260, 139, 373)",
        "long": "Stress −2, Trauma −1, as Short; the Dysfunctional deadline (l.347, 412, 402)",
    }

    @property
    def tables(self) -> NervTables:
        """The ruleset's typed tables."""
        tables = getattr(self.rules, "tables")  # noqa: B009 - the base Ruleset has none
        assert isinstance(tables, NervTables)
        return tables

    def label(self, kind: str) -> str:
        """``Short Downtime``, ``Long Downtime``."""
        return f"{kind.capitalize()} Downtime"

    def treat(self, lasting: Lasting, injury: CarriedInjury) -> Lasting:
        """The state once ``injury`` is healed: gone, with its Injury point, and gone from
        the text of every injury to the same location that carried it "as above"."""
        healed = super().treat(lasting, injury)
        injuries = tuple(
            replace(other, effect=without_above(other.effect, injury.name))
            if other.location == injury.location
            else other
            for other in healed.injuries
        )
        return replace(healed, injuries=injuries)

    def carry_out(self, fighter: Combatant, before: Lasting) -> Lasting:
        """What the PC takes out of the fight, an Ego Fracture without its grace period."""
        return self._graceless(super().carry_out(fighter, before))

    def carry_in(self, draft: Draft, member: PartyMember) -> None:
        """The PC enters the fight as they stand; an Ego Fracture carried in has no grace
        left (campaigns written before the grace period was dropped at the fight's end);
        an Addiction Disorder starts the Crisis Fatigued (l.407)."""
        if self._addicted(member):
            put_on(
                draft,
                member.id,
                ADDICTION,
                "Condition",
                f"{member.name}: {ADDICTION} — Fatigued until the substance is taken",
            )
            draft.say(f"Once it is taken: 'cure {member.id} {ADDICTION.casefold()}'", gm_only=True)
        super().carry_in(draft, replace(member, lasting=self._graceless(member.lasting)))

    @staticmethod
    def _addicted(member: PartyMember) -> bool:
        """An Addiction Disorder among the PC's drawbacks (as the GM wrote it down)."""
        return any(ADDICTION.casefold() in d.casefold() for d in member.lasting.drawbacks)

    def _graceless(self, lasting: Lasting) -> Lasting:
        """The grace period of an Ego Fracture is Will Bonus *turns* from the fracture
        (l.377): the fight's turns. The time between fights outlasts it, so a fracture
        carried into the next fight has none left, and a second one collapses the ego."""
        ego = self.tables.ego.name
        conditions = tuple(replace(c, level=0) if c.name == ego else c for c in lasting.conditions)
        return replace(lasting, conditions=conditions)

    def settle(self, draft: Draft, who: str) -> None:
        """Fatigued, Exhausted, Unsettled, Dysfunctional as the carried numbers say, and
        incapacitated while more Injury points than Physique Bonus are carried (l.206), and
        what a carried injury keeps on until it heals (Blinded, l.214; Hindered, l.225)."""
        sync_thresholds(draft, self.tables, who)
        until_healed.put_back(draft, self.tables, who)
        check_incapacitated(draft, self.tables, who, None)

    def rest(self, kind: str, member: PartyMember) -> tuple[Lasting, list[str]]:
        """One Short or Long Downtime for one PC."""
        table = self.tables.raw["downtime"]
        if kind not in table:
            raise RuleError(self.no_rest(kind))
        lasting, lines = member.lasting, []
        tracks = dict(lasting.tracks)
        lines += self._relieve(tracks, member, "stress", int(table[kind]["stress"]))
        lines += self._relieve(tracks, member, "trauma", int(table[kind]["trauma"]))
        lines += self._refresh(tracks, lasting)
        conditions, ended = self._ego(lasting)
        lines += ended
        lasting = replace(lasting, tracks=tracks, conditions=conditions)
        if kind == "long":
            lasting, deadline = self._deadline(member, member.lasting, lasting)
            lines += deadline
        return lasting, lines

    def _relieve(
        self, tracks: dict[str, int], member: PartyMember, track: str, by: int
    ) -> list[str]:
        have = tracks.get(track, 0)
        if not by or not have:
            return []
        if track == "stress" and any(DEPRESSION in d.casefold() for d in member.lasting.drawbacks):
            return ["Stress not relieved: Depression (seed 000 l.406)"]
        tracks[track] = max(0, have - by)
        return [f"{track.capitalize()} {have} → {tracks[track]}"]

    @staticmethod
    def _refresh(tracks: dict[str, int], lasting: Lasting) -> list[str]:
        lines = []
        top = lasting.limits.get("fate", tracks.get("fate", 0))
        if tracks.get("fate", 0) < top:
            lines.append(f"Fate {tracks.get('fate', 0)} → {top} (replenished)")
            tracks["fate"] = top
        if tracks.get("exerts", 0):
            lines.append("Exert cost reset")
            tracks["exerts"] = 0
        return lines

    def _ego(self, lasting: Lasting) -> tuple[tuple[Condition, ...], list[str]]:
        ego = self.tables.ego
        kept = tuple(c for c in lasting.conditions if c.name != ego.name)
        lines = [f"{ego.name} ends"] if len(kept) < len(lasting.conditions) else []
        if lasting.has(ego.collapse):
            lines.append(
                f"{ego.collapse}: this Downtime is Nerv's one chance to reconstitute "
                "(seed 000 l.375) — record the outcome with `campaign set`"
            )
        return kept, lines

    def _deadline(
        self, member: PartyMember, before: Lasting, lasting: Lasting
    ) -> tuple[Lasting, list[str]]:
        """The end of a Long Downtime: Trauma not brought "below this threshold" (l.402,
        as the ``dysfunctional-deadline`` reading has it) → Trauma 0 and a Disorder."""
        missed = self._missed(member, before, lasting)
        if not missed:
            return lasting, []
        tracks = {**lasting.tracks, "trauma": 0}
        drawbacks = (*lasting.drawbacks, DISORDER)
        line = f"{missed} at the end of the Long Downtime: Trauma → 0, "
        line += "a permanent Disorder (seed 000 l.402)"
        return replace(lasting, tracks=tracks, drawbacks=drawbacks), [line]

    def _missed(self, member: PartyMember, before: Lasting, after: Lasting) -> str:
        """Why the deadline is missed ("" when it is met): ``at-most`` (the default) asks
        for Trauma no longer above Will Bonus + 2, ``below`` for Trauma under it — of a
        PC who was Dysfunctional as the Downtime began."""
        fighter = replace(self.fighter(member), tracks={**after.tracks})
        broken, numbers = thresholds(self.tables, fighter)["Dysfunctional"]
        if broken:
            return f"still Dysfunctional ({numbers})"
        if self.read(DEADLINE) != "below":
            return ""
        was = replace(self.fighter(member), tracks={**before.tracks})
        limit = bonus(fighter, "will") + self.tables.number("trauma", "dysfunctional_over")
        trauma = after.tracks.get("trauma", 0)
        if thresholds(self.tables, was)["Dysfunctional"][0] and trauma >= limit:
            return f"Trauma {trauma} not below {limit} (read strictly)"
        return ""

    def kept_by_injury(self, member: PartyMember, condition: str) -> CarriedInjury | None:
        """The carried injury keeping ``condition`` on (Head 4+ keeps Blinded, l.214)."""
        kept = until_healed.kept_on(self.tables, member.lasting.injuries)
        for name, injury in kept.items():
            if name.casefold() == condition.casefold() and isinstance(injury, CarriedInjury):
                return injury
        return None

    def notes(self, member: PartyMember) -> list[str]:
        """Fatigued, Exhausted, Unsettled, Dysfunctional now, with their numbers, and what
        a carried injury keeps on until it heals."""
        fighter = self.fighter(member)
        lines = [
            f"{name} ({numbers})"
            for name, (on, numbers) in thresholds(self.tables, fighter).items()
            if on
        ]
        lines += until_healed.notes(self.tables, member.lasting.injuries)
        injuries, pb = fighter.track("injuries"), bonus(fighter, "physique")
        if injuries > pb:
            lines.append(f"incapacitated (Injuries {injuries} > Physique Bonus {pb}; l.206)")
        if any(line.startswith("Dysfunctional") for line in lines):
            limit = bonus(fighter, "will") + self.tables.number("trauma", "dysfunctional_over")
            wanted = f"under {limit}" if self.read(DEADLINE) == "below" else f"{limit} or less"
            lines.append(
                f"must bring Trauma to {wanted} by the end of the next Long Downtime "
                "(seed 000 l.402)"
            )
        return lines
