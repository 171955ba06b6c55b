"""A ruleset package with bugs, as a stranger's may have: one verb (``jam`` divides by
zero) and one view (the initiative row of anyone at harm 3 or more): the fight must
survive both, the command refused in one line, the file as it was, the row drawn."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import ClassVar

import pytest

from tracker.api import (
    DAMAGE,
    Combatant,
    Command,
    DiceLike,
    Draft,
    Ruleset,
    SummaryPart,
    TrackView,
    Verb,
    by_name,
    set_track,
    verb,
    who_arg,
)
from tracker.rules import registry

RULESET_ID = "faulty"

FIGHT = """format = 2

[encounter]
title = "The jammed door"
ruleset = "faulty"

[[combatants]]
id = "vey"
name = "Vey"
side = "pc"

[[combatants]]
id = "hask"
name = "Hask"
"""


class Faulty(Ruleset):
    """Harm counts up; ``jam`` has a bug."""

    id: ClassVar[str] = RULESET_ID
    title: ClassVar[str] = "Faulty (test)"

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """No harm yet."""
        return {"harm": 0}, {"harm": 4}

    def verbs(self) -> Mapping[str, Verb]:
        """harm WHO N, and jam WHO (the bug)."""
        return by_name(
            verb("harm", "harm WHO N", "harm", self.harm, role=DAMAGE),
            verb("jam", "jam WHO", "a verb with a bug", self.jam),
        )

    def harm(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Harm rises by N."""
        target = who_arg(draft.state, command)
        set_track(draft, target.id, "harm", target.track("harm") + command.number(1, "harm"))

    def jam(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Records a line, then fails as a bug would."""
        target = who_arg(draft.state, command)
        set_track(draft, target.id, "harm", 1)
        _ = target.track("harm") // 0

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``H0``; a KeyError from harm 3 on (the bug)."""
        if fighter.track("harm") >= 3:
            raise KeyError("harm-three")
        return [SummaryPart(f"H{fighter.track('harm')}")]

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """Nothing drawn."""
        return []


def faulty_fight(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An encounter of the faulty ruleset, installed as a package (its entry point
    declared) for this test."""
    point = EntryPoint(RULESET_ID, f"{__name__}:Faulty", registry.GROUP)
    monkeypatch.setattr(registry, "installed", lambda: {RULESET_ID: point})
    path = folder / "door.toml"
    path.write_text(FIGHT, encoding="utf-8")
    return path
