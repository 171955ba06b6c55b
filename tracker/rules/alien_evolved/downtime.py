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
- Read ``dying_on_a_stretch = stays-down`` (l.149 against l.155), a Broken PC dying on a
  round or stretch timer stays down through any rest: only first aid gets them up.
- A lethal critical keeps its death-roll timer (l.155-162): the rest rolls the death rolls
  its time calls for (Stamina, a six survives; one for a timer as long as the rest, up to
  the third survived for a shorter one, as a stretch is many rounds and a shift many
  stretches); a failure writes the PC dead, a third survived ends the rolling.
- Stress, air, ammo and power: the text states no recovery (l.53 points to a page it
  lacks): the GM sets them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from tracker.core import events as ev
from tracker.core.campaign import CarriedInjury, Lasting, PartyMember
from tracker.core.dice import successes
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.protocol import DiceLike
from tracker.core.wording import counted
from tracker.rules.alien_evolved.damage import SAVES, TIMER, is_synthetic
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


DOWN = ("Broken", "Shut down")
"""Carried conditions that keep a PC down until they get up (or are repaired)."""


class AlienDowntime(Downtime):
    """Stretch and shift of rest; critical injuries' healing times count down by shift."""

    rests: ClassVar[dict[str, str]] = {
        "stretch": "+1 Health resting in a safe area; the Broken get up (l.149-151)",
        "shift": "Health refilled, critical healing times −1 shift (l.24-25, 151)",
    }

    def settle(self, draft: Draft, who: str) -> None:
        """A PC still Broken (or a synthetic still Shut down) enters the fight down, as
        the fight that broke them left them (l.149: they get up after a stretch); a human
        at 0 Health not yet Broken (a sheet imported so) is Broken, as 0 Health makes one
        (the critical it rolled then is not rolled again)."""
        fighter = draft.state.combatant(who)
        broken = fighter.track("health", 1) == 0 and not is_synthetic(fighter, self.rules.data)
        if broken and not fighter.condition(BROKEN) and fighter.status != "dead":
            draft.emit(
                ev.ConditionApplied,
                who=who,
                name=BROKEN,
                category="broken",
                text=f"{fighter.name} is Broken at 0 Health: a single move a round, no stress, "
                "no panic",
            )
        fighter = draft.state.combatant(who)
        if fighter.status == "active" and any(fighter.condition(n) for n in DOWN):
            draft.emit(ev.StatusChanged, who=who, status="down")

    def rest(self, kind: str, member: PartyMember) -> tuple[Lasting, list[str]]:
        """One stretch or one shift of rest for one PC."""
        if kind not in self.rests:
            raise RuleError(self.no_rest(kind))
        lasting = member.lasting
        if lasting.has("Shut down"):
            return lasting, ["shut down: rest does nothing (repairs are the GM's)"]
        if self._kept_down(lasting):
            return lasting, [
                "dying on a round or stretch timer: stays down, Broken at 0 Health (reading "
                "dying_on_a_stretch = stays-down, l.149, 155): only first aid gets them up"
            ]
        table = self.rules.data["rest"]
        stretches = int(table["stretches_per_shift"]) if kind == "shift" else 1
        lasting, lines = self._recover(lasting, stretches, table)
        if kind == "shift":
            lasting, healed = _count_down(lasting)
            lines += healed
        return lasting, lines

    def _kept_down(self, lasting: Lasting) -> bool:
        """The campaign reads l.149 against l.155 as ``stays-down`` and the PC is Broken and
        dying on a round or stretch timer: no getting up, no Health from rest."""
        timers = [str(t) for t in self.rules.data["death"]["timers"]]
        step = lasting.track(TIMER)
        shorter = 1 <= step <= len(timers) and timers[step - 1] in ("round", "stretch")
        return shorter and lasting.has(BROKEN) and self.read("dying_on_a_stretch") == "stays-down"

    def time_passes(
        self, kind: str, member: PartyMember, lasting: Lasting, dice: DiceLike
    ) -> tuple[Lasting, list[str]]:
        """Seed 003 l.155-157: the death rolls the rest's time calls for, rolled."""
        data = self.rules.data
        timers = [str(t) for t in data["death"]["timers"]]
        step = lasting.track(TIMER)
        if lasting.dead or not 1 <= step <= len(timers):
            return lasting, []
        timer, passed = timers[step - 1], timers.index(kind)
        if step - 1 > passed:
            return lasting, [f"a lethal critical injury: a death roll every {timer} (l.155)"]
        left = int(data["death"]["survive_after"]) - lasting.track(SAVES)
        count = left if step - 1 < passed else min(1, left)
        stamina = self.fighter(member).stats.get("stamina", int(data["defaults"]["stamina"]))
        return _death_rolls(lasting, data, (max(1, stamina), count), f"the {kind} has passed", dice)

    def notes(self, member: PartyMember) -> list[str]:
        """A lethal critical's death rolls, in words (the Death timer track holds only
        the step: 1 round, 2 stretch, 3 shift)."""
        death = self.rules.data["death"]
        timers = [str(t) for t in death["timers"]]
        step = member.lasting.track(TIMER)
        if member.lasting.dead or not 1 <= step <= len(timers):
            return []
        saves, needed = member.lasting.track(SAVES), int(death["survive_after"])
        return [
            f"dying: a death roll every {timers[step - 1]}, {saves} of {needed} survived "
            "(seed 003 l.155-157)"
        ]

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


def _death_rolls(
    lasting: Lasting, data: Mapping[str, Any], pool: tuple[int, int], why: str, dice: DiceLike
) -> tuple[Lasting, list[str]]:
    """``pool`` = (Stamina dice, rolls due): roll until one fails (dead) or all pass; the
    third survived ends the rolling (seed 003 l.155-157)."""
    size, count = pool
    tracks, lines = dict(lasting.tracks), []
    for _ in range(count):
        faces = dice.pool(size)
        if successes(faces, int(data["death"]["success_face"])) == 0:
            tracks[TIMER] = tracks[SAVES] = 0
            lines.append(
                f"death roll ({why}, l.155): Stamina {size}d {list(faces)} → failure, dies"
            )
            dead = replace(lasting, tracks=tracks, dead=f"failed a death roll ({why})")
            return _no_longer(dead, DYING), lines
        tracks[SAVES] = tracks.get(SAVES, 0) + 1
        lines.append(
            f"death roll ({why}, l.155): Stamina {size}d {list(faces)} → success "
            f"({tracks[SAVES]}/{data['death']['survive_after']} survived)"
        )
    if tracks.get(SAVES, 0) >= int(data["death"]["survive_after"]):
        tracks[TIMER] = tracks[SAVES] = 0
        lines.append("a third death roll survived: no more death rolls (as in a fight)")
        return _no_longer(replace(lasting, tracks=tracks), DYING), lines
    return replace(lasting, tracks=tracks), lines


def _no_longer(lasting: Lasting, name: str) -> Lasting:
    return replace(lasting, conditions=tuple(c for c in lasting.conditions if c.name != name))


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
            lines.append(
                f"critical {injury.score} {injury.name}: {counted(injury.heal - 1, 'shift')} left"
            )
    return replace(lasting, injuries=tuple(kept)), lines
