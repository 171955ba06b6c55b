"""A ruleset written as a stranger writes one from ``docs/rulesets/authoring.md``, importing
only ``tracker.api``: Mothership-style Health, Wounds and Stress, its verbs named as its
game names them (``harm``, ``mend``, ``inflict``, ``treat``), its own condition verb (not
the shared ``ail``), the stats it knows listed, and a reading read with ``chosen``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

import pytest

from tests.installed_ruleset import fight_file
from tracker.api import (
    CONDITION,
    CURE,
    DAMAGE,
    HEAL,
    AilmentSpec,
    Asks,
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
    chosen,
    condition_applied,
    condition_removed,
    set_track,
    verb,
    who_arg,
)

RULESET_ID = "mothership-lite"

FIGHT = """format = 2

[encounter]
title = "The derelict's hold"
ruleset = "mothership-lite"

[[combatants]]
id = "ripley"
name = "Ripley"
side = "pc"
stats = { health = 12, ap = 3 }

[[combatants]]
id = "android"
name = "Android"
stats = { health = 15 }
"""


class MothershipLite(Ruleset):
    """Health and Stress; Armor Points; conditions from a wound table."""

    id: ClassVar[str] = RULESET_ID
    title: ClassVar[str] = "Mothership-lite (test)"
    data_file: ClassVar[str] = "stranger_data.toml"
    stat_names: ClassVar[tuple[str, ...]] = ("health", "ap")

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """Health from the stat; Stress 2 of 20."""
        health = fighter.stats.get("health", 10)
        return {"health": health, "stress": 2}, {"health": health, "stress": 20}

    def verbs(self) -> Mapping[str, Verb]:
        """harm, mend, inflict, treat."""
        return by_name(
            verb(
                "harm",
                "harm WHO[,WHO…] N",
                "damage less AP (a blast: several targets)",
                self.harm,
                role=DAMAGE,
                asks=Asks(targets="several"),
            ),
            verb("mend", "mend WHO N", "restore Health", self.mend, role=HEAL),
            verb("inflict", "inflict WHO NAME", "a condition", self.inflict, role=CONDITION),
            verb("treat", "treat WHO NAME", "a condition ends", self.treat, role=CURE),
        )

    def harm(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Damage less Armor Points, as the ``armor-points`` reading says."""
        target = who_arg(draft.state, command)
        amount, ap = command.number(1, "the damage"), target.stats.get("ap", 0)
        if chosen(self.readings(), draft.state.options, "armor-points") == "threshold":
            taken = 0 if amount < ap else amount
        else:
            taken = max(0, amount - ap)
        health = target.track("health")
        set_track(draft, target.id, "health", health - taken, f"{target.name} takes {taken}")

    def mend(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Restore Health."""
        target = who_arg(draft.state, command)
        health = target.track("health") + command.number(1, "the Health")
        set_track(draft, target.id, "health", health, f"{target.name} mended")

    def inflict(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """A condition, put on without a category (as the guide's first try would), or
        with the one ``category=`` names (harm, trauma: none in the catalogue)."""
        target = who_arg(draft.state, command)
        name = " ".join(command.args[1:]).strip()
        if not name:
            raise RuleError("'inflict' needs the condition")
        category = command.options.get("category", "")
        condition_applied(draft, target.id, name, category=category, text=f"{target.name}: {name}")

    def treat(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """A condition ends."""
        target = who_arg(draft.state, command)
        name = " ".join(command.args[1:]).strip()
        condition_removed(draft, target.id, name, text=f"{target.name}: {name} treated")

    def catalogue(self) -> list[AilmentSpec]:
        """Two wounds and a state of mind."""
        return [
            AilmentSpec("Bleeding", "wound"),
            AilmentSpec("Broken arm", "wound"),
            AilmentSpec("Panicked", "mind"),
        ]

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``H 12/12``."""
        health = f"{fighter.track('health')}/{fighter.limits.get('health', 0)}"
        return [SummaryPart(f"H {health}", f"Health {health}")]

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """Health and Stress."""
        return [
            TrackView("Health", fighter.track("health"), fighter.limits.get("health", -1)),
            TrackView("Stress", fighter.track("stress"), fighter.limits.get("stress", -1)),
        ]


RULESET = MothershipLite


def mothership_fight(folder: Path, monkeypatch: pytest.MonkeyPatch, fight: str = FIGHT) -> Path:
    """An encounter of the test ruleset, registered (with its data file) for this test."""
    return fight_file(MothershipLite, monkeypatch, folder / "hold.toml", fight)
