"""The initiative log line reads as a sentence whatever words a ruleset gives for how
it was reached: a game with no roll (the crew first) still says the number."""

from __future__ import annotations

from typing import ClassVar

from hypothesis import given
from hypothesis import strategies as st

from tests.harm_ruleset import HarmOnly
from tracker.api import Combatant, DiceLike
from tracker.core.dice import ScriptedDice
from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.rules.display import initiative_line


class CrewFirst(HarmOnly):
    """No initiative roll: the crew acts first, in words."""

    id: ClassVar[str] = "crew-first"

    def initiative(self, fighter: Combatant, dice: DiceLike) -> tuple[int, tuple[int, ...], str]:
        """1 for the crew, 0 for the rest, with words instead of a roll."""
        crew = fighter.side == "pc"
        return (1 if crew else 0), (), "the crew" if crew else "the opposition"


def test_a_ruleset_that_gives_words_for_initiative_logs_the_number_then_the_words() -> None:
    rules = CrewFirst()
    roster = [{"id": "vey", "name": "Vey", "side": "pc"}, {"id": "hask", "name": "Hask"}]
    fighters = {e["id"]: rules.prepare(e) for e in roster}
    fight = Encounter(
        EncounterState(title="Docks", ruleset="crew-first", combatants=fighters), rules
    )
    lines = [e.text for e in fight.run("start", ScriptedDice(()))]
    assert lines[:2] == ["Vey initiative 1 (the crew)", "Hask initiative 0 (the opposition)"]


def test_a_bundled_ruleset_keeps_its_line() -> None:
    assert initiative_line("Bryn", 14, "14 (1d20 [14])") == "Bryn initiative 14 (1d20 [14])"
    assert initiative_line("Ork", 3, "") == "Ork initiative 3"


@given(st.integers(-50, 50), st.text(max_size=20))
def test_the_number_always_follows_the_word_initiative(value: int, how: str) -> None:
    line = initiative_line("Vey", value, how)
    assert line.split(" ")[:3] == ["Vey", "initiative", str(value)]
