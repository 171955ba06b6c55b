"""A reminder about the whole fight (a progress clock filled, raised with ``who=""``) can
be dismissed like any other: ``dismiss KEY``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import pytest

from tests.test_guide import GUIDE
from tracker.api import (
    Combatant,
    Command,
    DiceLike,
    Draft,
    EncounterState,
    Ruleset,
    SummaryPart,
    TrackView,
    Verb,
    by_name,
    reminder_raised,
    verb,
)
from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError
from tracker.core.session import Encounter

NONE = ScriptedDice(())


class Clocks(Ruleset):
    """``fill NAME``: a clock fills, a reminder about the whole fight."""

    id: ClassVar[str] = "clocks"

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """No harm yet."""
        return {"harm": 0}, {"harm": 4}

    def verbs(self) -> Mapping[str, Verb]:
        """fill NAME."""
        return by_name(verb("fill", "fill NAME", "a clock fills", self.fill))

    def fill(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """The clock is full: it happens."""
        name = command.arg(0, "the clock")
        reminder_raised(draft, "", f"clock-{name}", text=f"The {name} clock is full")

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``H0``."""
        return [SummaryPart(f"H{fighter.track('harm')}")]

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """Nothing drawn."""
        return []


def docks() -> Encounter:
    """Vey on the docks, the alarm clock full."""
    rules = Clocks()
    vey = rules.prepare({"id": "vey", "name": "Vey", "side": "pc"})
    fight = Encounter(EncounterState(title="D", ruleset="clocks", combatants={"vey": vey}), rules)
    fight.run("start", ScriptedDice((5,)))
    fight.run("fill alarm", NONE)
    assert [r.key for r in fight.state.reminders] == ["clock-alarm"]
    return fight


def test_dismiss_key_closes_a_reminder_about_the_whole_fight() -> None:
    fight = docks()
    lines = [e.text for e in fight.run("dismiss Clock-Alarm", NONE)]
    assert lines == ["Dismissed: The alarm clock is full"] and not fight.state.reminders
    fight.run("undo", NONE)
    assert [r.key for r in fight.state.reminders] == ["clock-alarm"]


def test_a_word_that_is_neither_a_combatant_nor_such_a_key_is_still_refused() -> None:
    fight = docks()
    with pytest.raises(RuleError, match="no combatant 'alarm'"):
        fight.run("dismiss alarm", NONE)
    with pytest.raises(RuleError, match="Vey has no open reminder"):
        fight.run("dismiss vey", NONE)


def test_a_key_raised_again_while_open_replaces_it_as_the_guide_says() -> None:
    fight = docks()
    fight.run("fill alarm", NONE)
    assert [r.key for r in fight.state.reminders] == ["clock-alarm"]
    assert "raised again while open, it is replaced" in " ".join(GUIDE.split())
