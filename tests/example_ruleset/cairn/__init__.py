"""Cairn for the tracker: a ruleset shipped as a package of its own.

Damage comes off HP first; what goes past 0 comes off STR, and the target makes a STR
save (d20 <= STR) or takes Critical Damage (out of the fight until tended, dead if not
tended within the hour). Armor (at most 3) takes its points off every hit. When several
attackers hit one target, only the highest damage die counts. Players act first.

It imports only ``tracker.api``; its numbers are in ``data.toml``; its samples, bestiary,
theme and docs page sit beside it and reach the tracker through the package.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tracker.api import (
    DAMAGE,
    HEAL,
    AilmentSpec,
    Asks,
    Combatant,
    Command,
    DiceLike,
    Draft,
    EncounterState,
    Reminder,
    RosterError,
    RuleError,
    Ruleset,
    SummaryPart,
    TrackView,
    Verb,
    by_name,
    condition_applied,
    condition_removed,
    record_roll,
    reminder_raised,
    reminder_resolved,
    say,
    set_track,
    status_changed,
    verb,
    who_arg,
)

ATTRIBUTES = ("str", "dex", "wil")


class CairnRules(Ruleset):
    """HP, then STR with a STR save; Critical Damage; Armor up to 3; players first."""

    id: ClassVar[str] = "cairn"
    title: ClassVar[str] = "Cairn (HP, STR saves, Critical Damage)"
    data_file: ClassVar[str] = "data.toml"
    theme: ClassVar[str] = "cairn-moss"
    damage_tracks: ClassVar[tuple[str, ...]] = ("hp", "str")

    # --- roster ---------------------------------------------------------------------

    def check_fighter(self, fighter: Combatant) -> None:
        """Armor is 0 to the data file's most (3)."""
        most = int(self.data["armor"]["most"])
        armor = self._stat(fighter, "armor")
        if not 0 <= armor <= most:
            raise RosterError(f"armor of {fighter.name} is {armor}: Armor runs 0 to {most}")

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """HP, STR, DEX and WIL from the stats (the data file's defaults where left out)."""
        values = {name: self._stat(fighter, name) for name in ("hp", *ATTRIBUTES)}
        return dict(values), dict(values)

    def _stat(self, fighter: Combatant, name: str) -> int:
        return fighter.stats.get(name, int(self.data["defaults"][name]))

    # --- initiative: players first, in roster order, no roll-off --------------------

    def initiative(self, fighter: Combatant, dice: DiceLike) -> tuple[int, tuple[int, ...], str]:
        """No roll: the players' side acts first."""
        first = fighter.side in ("pc", "ally")
        return (1 if first else 0), (), "players first" if first else "after the players"

    def sort_order(self, draft: Draft, dice: DiceLike) -> tuple[str, ...]:
        """Players, then everyone else, each in roster order: nothing to roll off."""
        state = draft.state
        slots = [
            s
            for s in state.initiative
            if s in state.combatants and state.combatant(s).status != "removed"
        ]
        roster = list(state.combatants)
        return tuple(sorted(slots, key=lambda s: (-state.initiative[s], roster.index(s))))

    def takes_turn(self, state: EncounterState, slot: str) -> bool:
        """The dead, the fled and anyone out with Critical Damage lose their turns."""
        fighter = state.combatant(slot)
        return not fighter.out_of_fight and fighter.status != "down"

    # --- commands -------------------------------------------------------------------

    def verbs(self) -> Mapping[str, Verb]:
        """dmg, heal, save and tend."""
        return by_name(
            verb(
                "dmg",
                "dmg WHO DAMAGE [DAMAGE …]",
                "damage; several attackers: the highest",
                self.damage,
                role=DAMAGE,  # the d key and the damage dialog
                asks=Asks(amount="highest"),  # the dialog asks each attacker's die
                options=(),  # it reads none: 'dmg rat 4 pierce=1' is refused
            ),
            verb("heal", "heal WHO N", "restore N HP", self.heal, role=HEAL, options=()),
            verb(
                "save",
                "save WHO str|dex|wil",
                "roll a save: d20 at or under the attribute",
                self.save,
                options=(),
            ),
            verb(
                "tend",
                "tend WHO",
                "Critical Damage tended: back in the fight",
                self.tend,
                options=(),
            ),
        )

    def damage(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """The highest of the damage given (numbers or dice) less Armor: HP, then STR."""
        target = who_arg(draft.state, command)
        amounts = [self._amount(draft, target, word, dice) for word in command.args[1:]]
        if not amounts:
            raise RuleError("'dmg' needs the damage, e.g. 'dmg rat 4' or 'dmg rat d6 d8'")
        taken = max(0, max(amounts) - self._stat(target, "armor"))
        hp = target.track("hp")
        set_track(
            draft,
            target.id,
            "hp",
            hp - taken,
            f"{target.name} takes {taken}: HP {hp} → {max(0, hp - taken)}",
        )
        if taken > hp:
            self._str_damage(draft, target.id, taken - hp, dice)
        elif taken == hp and taken:
            say(draft, f"{target.name} is at 0 HP: a Scar (roll on the Scars table)", target.id)

    def _amount(self, draft: Draft, target: Combatant, word: str, dice: DiceLike) -> int:
        if word.isdigit():
            return int(word)
        if "d" not in word.casefold():
            raise RuleError(f"{word!r} is not damage: give a number or dice such as d6")
        roll = dice.roll(word)
        record_roll(
            draft,
            target.id,
            roll.expr,
            roll.dice,
            total=roll.total,
            reason="damage",
            text=f"Damage to {target.name}: {roll.expr} {list(roll.dice)} = {roll.total}",
        )
        return roll.total

    def _str_damage(self, draft: Draft, who: str, amount: int, dice: DiceLike) -> None:
        fighter = draft.state.combatant(who)
        before = fighter.track("str")
        after = set_track(
            draft,
            who,
            "str",
            before - amount,
            f"{fighter.name}: STR {before} → {max(0, before - amount)}",
        )
        if after == 0:
            status_changed(draft, who, "dead", text=f"{fighter.name} dies (STR 0)")
            return
        if not self._save(draft, fighter, "str", after, dice):
            self._critical(draft, fighter)

    def _save(
        self, draft: Draft, fighter: Combatant, attribute: str, value: int, dice: DiceLike
    ) -> bool:
        sides = int(self.data["saves"]["die"])
        face = dice.d(sides)
        passed = face <= value
        words = "passes" if passed else "fails"
        record_roll(
            draft,
            fighter.id,
            f"1d{sides}",
            (face,),
            total=face,
            reason=f"{attribute.upper()} save",
            text=f"{fighter.name} {attribute.upper()} save: {face} vs {value}, {words}",
        )
        return passed

    def _critical(self, draft: Draft, fighter: Combatant) -> None:
        table = self.data["critical"]
        name = str(table["condition"])
        condition_applied(draft, fighter.id, name, text=f"{fighter.name}: {name}")
        status_changed(draft, fighter.id, "down", text=f"{fighter.name} is out of the fight")
        reminder_raised(draft, fighter.id, "critical", text=f"{fighter.name} {table['text']}")

    def heal(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Restore HP (never past the most)."""
        fighter = who_arg(draft.state, command)
        amount = command.number(1, "an amount of HP")
        if amount < 0:
            raise RuleError("healing cannot be negative")
        before = fighter.track("hp")
        set_track(
            draft,
            fighter.id,
            "hp",
            before + amount,
            f"{fighter.name}: HP {before} → {min(before + amount, fighter.limits['hp'])}",
        )

    def save(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """A save against STR, DEX or WIL, rolled and recorded."""
        fighter = who_arg(draft.state, command)
        attribute = command.arg(1, "the attribute: str, dex or wil").casefold()
        if attribute not in self.data["saves"]["attributes"]:
            raise RuleError(f"no save {attribute!r}: str, dex or wil")
        self._save(draft, fighter, attribute, fighter.track(attribute), dice)

    def tend(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Critical Damage is tended: the condition goes, the fighter is back."""
        fighter = who_arg(draft.state, command)
        name = str(self.data["critical"]["condition"])
        if fighter.condition(name) is None:
            raise RuleError(f"{fighter.name} has no {name} to tend")
        condition_removed(draft, fighter.id, name, text=f"{fighter.name} is tended")
        reminder_resolved(draft, fighter.id, "critical")
        status_changed(draft, fighter.id, "active", text=f"{fighter.name} is back in the fight")

    # --- views ----------------------------------------------------------------------

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``HP 3/4`` always; ``STR 12/13`` when a narrow row has room."""
        return [
            SummaryPart(f"HP {fighter.track('hp')}/{fighter.limits.get('hp', 0)}"),
            SummaryPart(
                f"STR {fighter.track('str')}",
                f"STR {fighter.track('str')}/{fighter.limits.get('str', 0)}",
                rank=1,
            ),
        ]

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """HP and the three attributes, each against its most."""
        return [
            TrackView(
                label.upper(),
                fighter.track(label),
                fighter.limits.get(label, -1),
                "bad" if label == "hp" and fighter.track(label) == 0 else "ok",
            )
            for label in ("hp", *ATTRIBUTES)
        ]

    def reminder_actions(self, reminder: Reminder) -> list[tuple[str, str]]:
        """Critical Damage: tended, or dead."""
        if reminder.key != "critical":
            return []
        return [("Tended", f"tend {reminder.who}"), ("Dies", f"dead {reminder.who}")]

    def catalogue(self) -> list[AilmentSpec]:
        """Critical Damage (applied by ``dmg``; ``tend`` ends it)."""
        return [AilmentSpec(str(self.data["critical"]["condition"]), summary="out until tended")]

    def player_summary(self, fighter: Combatant) -> str:
        """What players see of a foe: how hurt, in words."""
        if fighter.status in ("down", "dead"):
            return fighter.status
        return "unhurt" if fighter.track("hp") == fighter.limits.get("hp") else "hurt"
