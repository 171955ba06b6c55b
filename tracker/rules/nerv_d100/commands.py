"""nerv-d100 damage commands: ``dmg``, ``wound``, ``injure`` and ``heal``.

They read what the GM typed (location, flags, damage type) and hand it to
``nerv_damage``; a wrong location, flag or type is refused before anything happens.
"""

from __future__ import annotations

from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, named, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.wording import counted
from tracker.rules.common import words_and_options
from tracker.rules.d100 import altitude
from tracker.rules.nerv_d100 import disrupt
from tracker.rules.nerv_d100.damage import (
    Hit,
    check_at_once,
    exploited_ailment,
    exploited_by_side,
    resolve_hit,
    roll_location,
    take_wounds,
)
from tracker.rules.nerv_d100.injuries import add_injury, check_incapacitated, heal_injuries
from tracker.rules.nerv_d100.running import attack_note
from tracker.rules.nerv_d100.stats import shift, whole
from tracker.rules.nerv_d100.tables import Location, NervTables

HIT_FLAGS = ("exploit", "crit", "critical", "weak", "ignore-ap", "weak-spot", "weakspot", "savage")
REACH_FLAGS = ("melee", "longshot")


class DamageCommands:
    """The damage verbs, bound to the ruleset's tables."""

    def __init__(self, tables: NervTables) -> None:
        self.tables = tables

    def damage(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """``dmg WHO N [@LOC] [exploit] [crit] [weak] [ignore-ap] [weak-spot] [savage[=N]]
        [type=T] [block=N] [by=WHO] [melee] [longshot]``: damage against Defense."""
        fighter = who_arg(draft.state, command)
        amount = command.number(1, "an amount of damage", example="dmg sachiel 12 @core")
        if amount < 0:
            raise RuleError("damage cannot be negative — use 'heal'")
        types = self.tables.damage_types()
        flags, values = words_and_options(
            command, 2, (*HIT_FLAGS, *REACH_FLAGS, *types), ("type", "block", "by")
        )
        attacker = self.reach(draft, fighter, values, flags)
        damage_type = self._type(values.get("type", ""), flags)
        savage = 1 if "savage" in flags else whole(values, "savage")
        location = self.location(draft, fighter, command, dice)
        # seed 000 l.168: an ailment the damage type exploits makes the hit an Exploit Hit
        by_side = exploited_by_side(draft.state, self.tables, fighter, attacker)
        exploited = exploited_ailment(self.tables, fighter, damage_type) or by_side
        exploits = "exploit" in flags or bool(exploited)
        hit = Hit(
            amount,
            location,
            damage_type=damage_type,
            exploit=exploits,
            critical=bool(flags & {"crit", "critical"}),
            weak="weak" in flags,
            ignore_armour="ignore-ap" in flags,
            weak_spot=bool(flags & {"weak-spot", "weakspot"}),
            savage=savage,
            block=whole(values, "block"),
            exploited=by_side,
        )
        attack_note(draft, self.tables, fighter)
        disrupt.attack_note(draft, self.tables, fighter, attacker)
        resolve_hit(draft, self.tables, dice, fighter.id, hit)

    def reach(
        self, draft: Draft, target: Combatant, values: dict[str, str], flags: set[str]
    ) -> Combatant | None:
        """Seed 000 l.83-84: no melee from the Ground at a Low flyer, no attack between
        High and a lower band without a specially long-ranged weapon (``longshot``). The
        attacker (returned) is ``by=WHO``, else whoever's turn it is (not the target)."""
        state = draft.state
        attacker = named(state, values["by"]) if "by" in values else state.acting
        if attacker is None or attacker.id == target.id:
            return None
        refusal = altitude.reach_refusal(
            self.tables.bands, attacker, target, "melee" in flags, "longshot" in flags
        )
        if refusal:
            raise RuleError(refusal)
        return attacker

    def _type(self, typed: str, flags: set[str]) -> str:
        types = self.tables.damage_types()
        named = [t for t in types if t in flags]
        if typed:
            named.append(typed.casefold())
        if len(set(named)) > 1:
            raise RuleError(f"one damage type per attack, not {' and '.join(sorted(set(named)))}")
        if named and named[0] not in types:
            raise RuleError(f"no damage type '{named[0]}' — {', '.join(types)}")
        return named[0] if named else ""

    def location(
        self, draft: Draft, fighter: Combatant, command: Command, dice: DiceLike
    ) -> Location:
        """The ``@LOCATION`` typed, or a d100 hit-location roll (recorded)."""
        if command.location:
            return self.tables.location(fighter.kind, command.location)
        return roll_location(draft, self.tables, dice, fighter)

    def named_location(self, fighter: Combatant, command: Command) -> Location | None:
        """The ``@LOCATION`` typed, checked, or None."""
        if not command.location:
            return None
        return self.tables.location(fighter.kind, command.location)

    def wound(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """``wound WHO N [@LOC] [savage[=N]] [block=N] [type=T]``: wounds entered directly."""
        fighter = who_arg(draft.state, command)
        amount = command.number(1, "a number of wounds")
        if amount < 1:
            raise RuleError("wounds must be 1 or more — use 'heal' to restore them")
        flags, values = words_and_options(command, 2, ("savage",), ("block", "type"))
        location = self.named_location(fighter, command)
        draft.say(
            f"{fighter.name} takes {counted(amount, 'wound')}"
            + (f" to the {location.key}" if location else "")
            + " (entered by the GM)"
        )
        savage = 1 if "savage" in flags else whole(values, "savage")
        take_wounds(
            draft,
            self.tables,
            dice,
            fighter.id,
            amount,
            location,
            savage=savage,
            block=whole(values, "block"),
            damage_type=self._type(values.get("type", ""), set()),
        )

    def injure(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """``injure WHO N [@LOC] [type=T]``: Injury points entered directly (no Stress)."""
        fighter = who_arg(draft.state, command)
        amount = command.number(1, "a number of injury points")
        if amount < 1:
            raise RuleError("injury points must be 1 or more — use 'heal WHO N @LOC'")
        check_at_once(self.tables, amount, "injury points")
        _, values = words_and_options(command, 2, (), ("type",))
        damage_type = self._type(values.get("type", ""), set())
        location = self.location(draft, fighter, command, dice)
        for _ in range(amount):
            add_injury(draft, self.tables, fighter.id, location, damage_type)
        check_incapacitated(draft, self.tables, fighter.id, location)

    def heal(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """``heal WHO N``: wounds back; ``heal WHO N @LOC``: the latest N injuries there."""
        fighter = who_arg(draft.state, command)
        amount = command.number(1, "how many to heal")
        if amount < 1:
            raise RuleError("heal 1 or more")
        words_and_options(command, 2, (), ())
        location = self.named_location(fighter, command)
        if location is not None:
            heal_injuries(draft, self.tables, fighter.id, amount, location)
            return
        if fighter.track("wounds") >= fighter.limits.get("wounds", 0):
            raise RuleError(
                f"{fighter.name} has every wound already — to heal injuries "
                f"name the place: 'heal {fighter.id} 1 @left-leg'"
            )
        shift(draft, fighter.id, "wounds", amount, "Wounds", "healed")
