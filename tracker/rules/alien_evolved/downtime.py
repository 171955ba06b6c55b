"""alien-evolved between fights: rest by the stretch and the shift, as seed 003 states it.

- A stretch of rest in a safe area: +1 Health (l.151, "even if suffering from a critical
  injury"); the Broken instead get back up with 1 Health after one stretch (l.149).
  The Fatigued recover no Health by rest (l.151, "as long as you are not fatigued"); a
  Broken one still gets up with 1 (l.149 states no such limit).
- A shift (5-10 hours, l.25) is at least 30 stretches (5-10 minutes each, l.24): the
  Broken get up after the first and recover 1 Health in each one after, so Health
  refills (reading) and every critical injury's healing time counts down by one. The
  healing times are in the critical-injury table, a picture missing from the text: the
  GM enters each in shifts (``campaign set … heal@NUMBER N``); at 0 the injury is healed.
- A lethal critical keeps its death-roll timer (l.155-162): rest says a roll is due.
- Stress, air, ammo and power: the text states no recovery (l.53 points to a page it
  lacks): the GM sets them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from tracker.core.campaign import CarriedInjury, Lasting, PartyMember
from tracker.core.errors import RuleError
from tracker.rules.downtime import Downtime, heal_track

BROKEN, DYING = "Broken", "Dying"


def no_rest_healing(data: Mapping[str, Any], held: Iterable[str]) -> str:
    """The first held condition the data marks ``rest_heals = false`` (Fatigued, seed 003
    l.151), or "" when rest heals."""
    blocking = {
        str(c["name"]).casefold(): str(c["name"])
        for c in data["conditions"]
        if not c.get("rest_heals", True)
    }
    return next((blocking[n.casefold()] for n in held if n.casefold() in blocking), "")


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
        stretches = int(table["stretches_per_shift"]) if kind == "shift" else 1
        lasting, lines = self._recover(lasting, stretches, table)
        if kind == "shift":
            lasting, healed = _count_down(lasting)
            lines += healed
        lines += self._dying(lasting)
        return lasting, lines

    def _recover(
        self, lasting: Lasting, stretches: int, table: Mapping[str, Any]
    ) -> tuple[Lasting, list[str]]:
        """``stretches`` of rest: the Broken get up after the first (l.149) with 1 Health,
        then each stretch after heals 1 (l.151) — none of them while Fatigued."""
        tracks = dict(lasting.tracks)
        before = tracks.get("health", 0)
        lines: list[str] = []
        if lasting.has(BROKEN):
            lasting = replace(
                lasting, conditions=tuple(c for c in lasting.conditions if c.name != BROKEN)
            )
            heal_track(tracks, lasting.limits, "health", int(table["get_up_health"]))
            lines.append(
                f"gets back up (Broken ends): Health {before} → {tracks['health']} (l.149)"
            )
            before, stretches = tracks["health"], stretches - 1
        tired = no_rest_healing(self.rules.data, (c.name for c in lasting.conditions))
        if stretches and tired and tracks.get("health", 0) < lasting.limits.get("health", 0):
            lines.append(f"{tired}: no Health from rest (l.151)")
        elif stretches and heal_track(
            tracks, lasting.limits, "health", stretches * int(table["health_per_stretch"])
        ):
            lines.append(f"Health {before} → {tracks['health']}")
        return replace(lasting, tracks=tracks), lines

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
