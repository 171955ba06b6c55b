"""A small ruleset whose verbs are named as its game names them (``hurt``, ``mend``,
``afflict``, ``ease``), registered for one test at a time: the TUI must find them by
their roles. ``hurt`` asks for several targets and each attacker's die, the highest
counting (Cairn's rule for several attackers)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

import pytest

from tests.installed_ruleset import fight_file
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, parse_int, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import Asks, DiceLike, Verb
from tracker.core.roles import CONDITION, CURE, DAMAGE, HEAL
from tracker.rules.base import AilmentSpec, Ruleset, TrackView, by_name, verb
from tracker.rules.common import shift_track
from tracker.rules.conditions import ail, cure
from tracker.rules.display import SummaryPart

RULESET_ID = "cairn-lite"

FIGHT = """format = 2

[encounter]
title = "Bandits at the ford"
ruleset = "cairn-lite"

[[combatants]]
id = "kit"
name = "Kit"
side = "pc"
stats = { hp = 6 }

[[combatants]]
id = "bandit"
name = "Bandit"
stats = { hp = 4 }

[[combatants]]
id = "brute"
name = "Brute"
stats = { hp = 9 }
"""


class CairnLite(Ruleset):
    """Hit protection only; several attackers roll and the highest die counts."""

    id: ClassVar[str] = RULESET_ID
    title: ClassVar[str] = "Cairn-lite (test)"

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """``hp`` from the stat."""
        hp = fighter.stats.get("hp", 3)
        return {"hp": hp}, {"hp": hp}

    def verbs(self) -> Mapping[str, Verb]:
        """hurt, mend, afflict, ease: none named as the tracker's suggested verbs."""
        return by_name(
            verb(
                "hurt",
                "hurt WHO[,WHO…] DIE [DIE…]",
                "several attackers: the highest die hits",
                hurt,
                role=DAMAGE,
                asks=Asks(targets="several", amount="highest"),
            ),
            verb("mend", "mend WHO N", "recover hit protection", mend, role=HEAL),
            verb("afflict", "afflict WHO NAME", "a condition", ail, self, True, role=CONDITION),
            verb("ease", "ease WHO NAME", "a condition ends", cure, role=CURE),
        )

    def catalogue(self) -> list[AilmentSpec]:
        """Two conditions."""
        return [AilmentSpec("Deprived"), AilmentSpec("Fatigued")]

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """HP."""
        return [TrackView("HP", fighter.track("hp"), fighter.limits.get("hp", -1))]

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``HP 2/3``."""
        hp = f"{fighter.track('hp')}/{fighter.limits.get('hp', 0)}"
        return [SummaryPart(f"HP {hp}", f"HP {hp}")]


def hurt(draft: Draft, command: Command, dice: DiceLike) -> None:
    """``hurt WHO 3 5``: the highest of the attackers' dice, off hit protection."""
    fighter = who_arg(draft.state, command)
    command.arg(1, "each attacker's die")
    faces = [parse_int(face, "a die") for face in command.args[1:]]
    if not faces or min(faces) < 0:
        raise RuleError("each die must be 0 or more")
    shift_track(draft, fighter.id, "hp", -max(faces), "HP")


def mend(draft: Draft, command: Command, dice: DiceLike) -> None:
    """``mend WHO N``."""
    fighter = who_arg(draft.state, command)
    shift_track(draft, fighter.id, "hp", command.number(1, "an amount"), "HP")


RULESET = CairnLite


def cairn_fight(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An encounter of the test ruleset, registered for this test only."""
    return fight_file(CairnLite, monkeypatch, folder / "ford.toml", FIGHT)
