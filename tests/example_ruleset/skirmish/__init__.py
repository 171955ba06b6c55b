"""An example third-party ruleset, as a GM's homebrew package would ship it.

``skirmish``: hit points and a morale track; a combatant whose morale breaks flees.
Installed through the ``tracker.rulesets`` entry point (see the ``.dist-info`` beside this
folder, which is what ``pip install`` writes), never named in tracker's own code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tracker.api import (
    Combatant,
    Command,
    DiceLike,
    Draft,
    RuleError,
    Ruleset,
    SummaryPart,
    TrackView,
    Verb,
    by_name,
    shift_track,
    status_changed,
    verb,
    who_arg,
)


class SkirmishRules(Ruleset):
    """Hit points and morale; 1d6 + speed initiative."""

    id: ClassVar[str] = "skirmish"
    title: ClassVar[str] = "Skirmish (hit points and morale)"
    data_file: ClassVar[str] = "data.toml"

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """``hp`` and ``morale`` from the stats, defaults from the data file."""
        defaults = self.data["defaults"]
        hp = fighter.stats.get("hp", int(defaults["hp"]))
        morale = fighter.stats.get("morale", int(defaults["morale"]))
        return {"hp": hp, "morale": morale}, {"hp": hp, "morale": morale}

    def initiative(self, fighter: Combatant, dice: DiceLike) -> tuple[int, tuple[int, ...], str]:
        """The data file's die plus ``speed``."""
        roll = dice.roll(self.data["initiative"]["dice"])
        total = roll.total + fighter.stats.get("speed", 0)
        return total, roll.dice, f"{total}"

    def verbs(self) -> Mapping[str, Verb]:
        """dmg: hit points, and a point of morale for every hit."""
        return by_name(verb("dmg", "dmg WHO N", "lose N hit points and 1 morale", self.damage))

    def damage(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Lose hit points and one morale; at 0 morale the combatant flees."""
        fighter = who_arg(draft.state, command)
        amount = command.number(1, "an amount of damage")
        if amount < 0:
            raise RuleError("damage cannot be negative")
        shift_track(draft, fighter.id, "hp", -amount, "HP")
        if shift_track(draft, fighter.id, "morale", -1, "Morale") == 0:
            status_changed(draft, fighter.id, "removed", text=f"{fighter.name} flees")

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``HP 5/8 M 2/3``."""
        return [
            SummaryPart(f"HP {fighter.track('hp')}/{fighter.limits.get('hp', 0)}"),
            SummaryPart(f"M {fighter.track('morale')}/{fighter.limits.get('morale', 0)}", rank=1),
        ]

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """HP and Morale, each with its maximum."""
        return [
            TrackView("HP", fighter.track("hp"), fighter.limits.get("hp", 0)),
            TrackView("Morale", fighter.track("morale"), fighter.limits.get("morale", 0)),
        ]
