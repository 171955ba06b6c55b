"""Wrath & Glory dice pools: icons, the Wrath die, Shifts, and the shared Glory pool.

A test rolls attribute + skill dice; the first die rolled is the Wrath die. A 4 or 5
is one icon, a 6 (Exalted) two. The test passes when icons reach the DN; Exalted icons
beyond the DN may be Shifted (bonus damage dice on an attack). A 6 on the Wrath die
adds a point of Glory and makes an attack critical.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from tracker.core import events as ev
from tracker.core.dice import exalted, icons
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll
from tracker.core.wording import counted

GLORY = "glory"
"""The encounter-wide Glory pool (``state.tracks``)."""


@dataclass(frozen=True)
class PoolTest:
    """One rolled test: the faces (the first is the Wrath die), the DN, what it made."""

    faces: tuple[int, ...]
    dn: int
    first_faces: tuple[int, ...] = ()
    banked: int = 0

    @property
    def wrath_die(self) -> int:
        """The face of the Wrath die."""
        return self.faces[0]

    @property
    def icons(self) -> int:
        """Icons rolled: 4-5 one each, 6 two each."""
        return icons(self.faces)

    @property
    def exalted(self) -> int:
        """Exalted icons (sixes) rolled."""
        return exalted(self.faces)

    @property
    def passed(self) -> bool:
        """Whether the icons reach the DN."""
        return self.icons >= self.dn

    @property
    def shifts(self) -> int:
        """Exalted icons that can be Shifted while the test still passes."""
        if not self.passed:
            return 0
        return min(self.exalted, (self.icons - self.dn) // 2) - self.banked

    @property
    def glorious(self) -> bool:
        """A 6 on the Wrath die: +1 Glory, and a critical hit on an attack."""
        return self.wrath_die == 6

    def faces_text(self) -> str:
        """The faces with the Wrath die marked: ``[W6 4 2]``."""
        shown = " ".join([f"W{self.faces[0]}", *(str(f) for f in self.faces[1:])])
        if self.first_faces:
            first = " ".join([f"W{self.first_faces[0]}", *map(str, self.first_faces[1:])])
            return f"[{first}] re-rolled with Wrath [{shown}]"
        return f"[{shown}]"


def pool_size(fighter: Combatant, token: str) -> int:
    """Dice in a pool typed as a number or stat names joined by ``+`` (``agility+3``)."""
    total = 0
    for part in token.casefold().split("+"):
        part = part.strip().replace("_", " ")
        if part.isascii() and part.isdigit():
            total += int(part)
        elif part in fighter.stats:
            total += fighter.stats[part]
        else:
            has = ", ".join(sorted(fighter.stats)) or "no stats"
            raise RuleError(
                f"pool '{token}' must be a number of dice or {fighter.name}'s stats "
                f"joined by + ({has})"
            )
    return total


def roll_pool(dice: DiceLike, size: int, dn: int, *, reroll: bool = False) -> PoolTest:
    """Roll ``size`` dice against ``dn``; with ``reroll`` (a Wrath point) failures roll again."""
    if size < 1:
        raise RuleError("a dice pool needs at least 1 die")
    faces = dice.pool(size)
    if not reroll:
        return PoolTest(faces, dn)
    again = tuple(f if f >= 4 else dice.d(6) for f in faces)
    return PoolTest(again, dn, first_faces=faces)


def soak_faces(dice: DiceLike, size: int, *, reroll: bool = False) -> tuple[int, ...]:
    """A Soak roll: no Wrath die, no DN; a Wrath point re-rolls the failures."""
    if size < 1:
        raise RuleError("a Soak roll needs at least 1 die (Toughness)")
    faces = dice.pool(size)
    return tuple(f if f >= 4 else dice.d(6) for f in faces) if reroll else faces


def glory(state: EncounterState) -> int:
    """The Glory in the pool now."""
    return state.tracks.get(GLORY, 0)


def add_glory(draft: Draft, amount: int, why: str) -> None:
    """Change the Glory pool by ``amount`` with a log line saying why."""
    before = glory(draft.state)
    after = max(0, before + amount)
    if after == before:
        return
    draft.emit(
        ev.TrackSet, who="", track=GLORY, value=after, text=f"Glory {before} → {after} ({why})"
    )


def spend_wrath(draft: Draft, fighter: Combatant, why: str, amount: int = 1) -> None:
    """Spend Wrath points; RuleError when the combatant has too few."""
    have = fighter.track("wrath")
    if "wrath" not in fighter.tracks or have < amount:
        raise RuleError(f"{fighter.name} has no Wrath point to spend on {why} (Wrath {have})")
    draft.emit(
        ev.TrackSet,
        who=fighter.id,
        track="wrath",
        value=have - amount,
        text=f"{fighter.name} spends Wrath on {why}: Wrath {have} → {have - amount}",
    )


def is_hero(fighter: Combatant, data: Mapping[str, Any]) -> bool:
    """Heroes (the players' characters) add Glory, Soak, hold Wrath, make Defiance Checks."""
    heroes = data["heroes"]
    return fighter.side in heroes["sides"] or fighter.kind in heroes["kinds"]


def wrath_glory(
    draft: Draft, data: Mapping[str, Any], fighter: Combatant, result: PoolTest
) -> None:
    """A Hero's 6 on the Wrath die adds a point of Glory."""
    if result.glorious and is_hero(fighter, data):
        add_glory(draft, 1, f"a 6 on {fighter.name}'s Wrath die")


def run_test(
    draft: Draft,
    dice: DiceLike,
    data: Mapping[str, Any],
    fighter: Combatant,
    size: int,
    dn: int,
    *,
    purpose: str = "",
    reroll: bool = False,
    bank: bool = False,
    note: str = "",
) -> PoolTest:
    """Roll a test for ``fighter``, log it, and add Glory for a 6 on the Wrath die.

    ``reroll`` spends a Wrath point to re-roll failures; ``bank`` Shifts one spare
    Exalted icon into the Glory pool (Heroes only). ``note`` explains the DN in the log line.
    """
    if reroll:
        spend_wrath(draft, draft.state.combatant(fighter.id), "a re-roll")
    result = roll_pool(dice, size, dn, reroll=reroll)
    if bank and result.shifts and is_hero(fighter, data):
        result = replace(result, banked=1)
    verdict = "pass" if result.passed else "fail"
    parts = [f"{counted(result.icons, 'icon')}, {verdict}"]
    if result.shifts:
        parts.append(counted(result.shifts, "Shift"))
    if bank and not result.banked:
        parts.append("no spare Exalted icon to bank")
    what = f" for {purpose}" if purpose else ""
    dn_text = f"DN {dn}" + (f" ({note})" if note else "")
    text = f"{fighter.name} tests{what}: {size}d vs {dn_text} {result.faces_text()} → " + ", ".join(
        parts
    )
    record_roll(
        draft,
        fighter.id,
        f"{size}d6",
        result.faces,
        total=result.icons,
        reason=purpose or "test",
        text=text,
    )
    wrath_glory(draft, data, fighter, result)
    if result.banked:
        add_glory(draft, 1, f"{fighter.name} banks a Shifted Exalted icon")
    return result
