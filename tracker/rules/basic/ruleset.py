"""The built-in ``basic`` ruleset: hit points, free-form timed conditions, d20 initiative.

It is the smallest complete ruleset and exercises every hook of the interface.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import SEVERAL, DiceLike, Verb
from tracker.rules.base import AilmentSpec, Ruleset, TrackView, by_name, verb
from tracker.rules.common import countdown, resource_verbs_check, shift_track
from tracker.rules.conditions import condition_verbs
from tracker.rules.display import SummaryPart


class BasicRules(Ruleset):
    """Hit points, conditions with durations in rounds, 1d20 + init (higher first).

    Roster: ``stats = { hp = 12, init = 2 }`` and optional ``resources = { luck = 3 }``.
    """

    id: ClassVar[str] = "basic"
    title: ClassVar[str] = "Basic (hit points and conditions)"
    data_file: ClassVar[str] = "data.toml"
    roster_keys: ClassVar[dict[str, type]] = {"resources": dict}
    tie_die: ClassVar[int] = 20

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """``hp`` from the hp stat (default from the data file), plus resources."""
        hp = fighter.stats.get("hp", int(self.data["defaults"]["hp"]))
        tracks, limits = {"hp": hp}, {"hp": hp}
        resources = self.int_table(fighter.extras.get("resources", {}), "resources")
        for name, value in resources.items():
            tracks[name], limits[name] = value, value
        return tracks, limits

    def initiative(self, fighter: Combatant, dice: DiceLike) -> tuple[int, tuple[int, ...], str]:
        """1d20 + the ``init`` stat."""
        bonus = fighter.stats.get("init", 0)
        roll = dice.roll(self.data["initiative"]["dice"])
        total = roll.total + bonus
        return total, roll.dice, f"{total} (d20 {roll.dice[0]} {bonus:+d})"

    def tie_chain(self, fighter: Combatant) -> tuple[float, ...]:
        """Ties go to the higher ``init`` modifier."""
        return (fighter.stats.get("init", 0),)

    def on_turn_end(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Timed conditions count down at the end of their bearer's turn."""
        countdown(draft, slot)

    # --- commands -------------------------------------------------------------------

    def verbs(self) -> Mapping[str, Verb]:
        """dmg, heal, the shared ail and cure, spend, gain."""
        return by_name(
            verb(
                "dmg",
                "dmg WHO N",
                "damage: lose N hit points",
                self.damage,
                role="damage",
                asks=SEVERAL,
                options=(),
            ),
            verb(
                "heal",
                "heal WHO N",
                "regain N hit points",
                self.heal,
                role="heal",
                asks=SEVERAL,
                options=(),
            ),
            *condition_verbs(self).values(),
            verb("spend", "spend WHO RESOURCE [N]", "spend a resource", self.spend, options=()),
            verb("gain", "gain WHO RESOURCE [N]", "regain a resource", self.gain, options=()),
        )

    def damage(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Lose hit points; at 0 the combatant is down."""
        fighter = who_arg(draft.state, command)
        amount = command.number(1, "an amount of damage")
        if amount < 0:
            raise RuleError("damage cannot be negative — use 'heal'")
        left = shift_track(draft, fighter.id, "hp", -amount, "HP")
        if left == 0 and fighter.status == "active":
            draft.emit(
                ev.StatusChanged, who=fighter.id, status="down", text=f"{fighter.name} is down"
            )

    def heal(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Regain hit points up to the maximum; a downed combatant gets back up."""
        fighter = who_arg(draft.state, command)
        amount = command.number(1, "an amount to heal")
        if amount < 0:
            raise RuleError("healing cannot be negative — use 'dmg'")
        left = shift_track(draft, fighter.id, "hp", amount, "HP")
        if left > 0 and fighter.status == "down":
            draft.emit(
                ev.StatusChanged, who=fighter.id, status="active", text=f"{fighter.name} is back up"
            )

    def spend(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Spend N (default 1) of a resource."""
        self._resource(draft, command, -1)

    def gain(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Regain N (default 1) of a resource."""
        self._resource(draft, command, +1)

    def _resource(self, draft: Draft, command: Command, sign: int) -> None:
        fighter = who_arg(draft.state, command)
        track = resource_verbs_check(fighter, command.arg(1, "a resource"))
        if track == "hp":  # dmg and heal also put a combatant down and back up
            raise RuleError("HP is not spent or gained — use dmg or heal")
        amount = command.number(2, "an amount", default=1)
        if sign < 0 and fighter.tracks[track] < amount:
            raise RuleError(f"{fighter.name} has only {fighter.tracks[track]} {track}")
        shift_track(draft, fighter.id, track, sign * amount)

    # --- views ----------------------------------------------------------------------

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``HP 7/12``."""
        return [SummaryPart(f"HP {fighter.track('hp')}/{fighter.limits.get('hp', 0)}")]

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """Hit points, then each resource."""
        views = []
        for track, value in fighter.tracks.items():
            limit = fighter.limits.get(track, -1)
            severity = "ok"
            if track == "hp":
                severity = "down" if value == 0 else "hurt" if value * 2 <= limit else "ok"
            views.append(
                TrackView(
                    track.upper() if track == "hp" else track.capitalize(), value, limit, severity
                )
            )
        return views

    def catalogue(self) -> list[AilmentSpec]:
        """Common conditions (any other name is accepted too)."""
        return [
            AilmentSpec(c["name"], "", c.get("summary", ""))
            for c in self.data.get("conditions", [])
        ]

    def player_summary(self, fighter: Combatant) -> str:
        """unhurt / wounded / badly hurt / down / dead."""
        if fighter.status in ("down", "dead"):
            return fighter.status
        hp, top = fighter.track("hp"), fighter.limits.get("hp", 1) or 1
        return "unhurt" if hp >= top else "badly hurt" if hp * 2 <= top else "wounded"
