"""alien-evolved between fights: rest by the stretch and the shift, as seed 003 states it.

- A stretch of rest in a safe area: +1 Health (l.151, "even if suffering from a critical
  injury"); the Broken instead get back up with 1 Health after one stretch (l.149).
- A shift (5-10 hours, l.25) is at least 30 stretches (5-10 minutes each, l.24): Health
  refills (reading) and every critical injury's healing time counts down by one. The
  healing times are in the critical-injury table, a picture missing from the text: the
  GM enters each in shifts (``campaign set … heal@NUMBER N``); at 0 the injury is healed.
- A lethal critical keeps its death-roll timer (l.155-162): rest says a roll is due.
- Stress, air, ammo and power: the text states no recovery (l.53 points to a page it
  lacks): the GM sets them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from tracker.core.campaign import CarriedInjury, Lasting, PartyMember
from tracker.core.errors import RuleError
from tracker.rules.downtime import Downtime, heal_track

BROKEN, DYING = "Broken", "Dying"


class AlienDowntime(Downtime):
    """Stretch and shift of rest; critical injuries' healing times count down by shift."""

    rests: ClassVar[dict[str, str]] = {
        "stretch": "+1 Health resting in a safe area; the Broken get up (l.149-151)",
        "shift": "Health refilled, critical healing times −1 shift (l.24-25, 151)",
    }

    def rest(self, kind: str, member: PartyMember) -> tuple[Lasting, list[str]]:
        """One stretch or one shift of rest for one PC."""
        if kind not in self.rests:
            raise RuleError(self.no_rest(kind))
        lasting = member.lasting
        if lasting.has("Shut down"):
            return lasting, ["shut down: rest does nothing (repairs are the GM's)"]
        table = self.rules.data["rest"]
        amount = int(table["health_per_stretch"])
        if kind == "shift":
            amount *= int(table["stretches_per_shift"])
        lasting, lines = self._recover(lasting, amount, int(table["get_up_health"]))
        if kind == "shift":
            lasting, healed = _count_down(lasting)
            lines += healed
        lines += self._dying(lasting)
        return lasting, lines

    @staticmethod
    def _recover(lasting: Lasting, amount: int, get_up: int) -> tuple[Lasting, list[str]]:
        tracks = dict(lasting.tracks)
        before = tracks.get("health", 0)
        if lasting.has(BROKEN):
            conditions = tuple(c for c in lasting.conditions if c.name != BROKEN)
            heal_track(tracks, lasting.limits, "health", get_up)
            line = f"gets back up (Broken ends): Health {before} → {tracks['health']} (l.149)"
            return replace(lasting, tracks=tracks, conditions=conditions), [line]
        if not heal_track(tracks, lasting.limits, "health", amount):
            return lasting, []
        return replace(lasting, tracks=tracks), [f"Health {before} → {tracks['health']}"]

    @staticmethod
    def _dying(lasting: Lasting) -> list[str]:
        if not lasting.has(DYING):
            return []
        return [
            "a lethal critical injury: death rolls come due as its time limit passes "
            "(l.155-162) — roll them, or record first aid with `campaign set`"
        ]


def _count_down(lasting: Lasting) -> tuple[Lasting, list[str]]:
    """Every healing time −1; injuries reaching 0 are healed."""
    kept: list[CarriedInjury] = []
    lines = []
    for injury in lasting.injuries:
        if not injury.heal:
            kept.append(injury)
        elif injury.heal == 1:
            lines.append(f"critical {injury.score} {injury.name} heals")
        else:
            kept.append(replace(injury, heal=injury.heal - 1))
            lines.append(f"critical {injury.score} {injury.name}: {injury.heal - 1} shift(s) left")
    return replace(lasting, injuries=tuple(kept)), lines
