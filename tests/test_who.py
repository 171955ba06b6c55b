"""One way to name a combatant in every ruleset's commands: a name, an id, the start of
either, or ``.``; the first WHO left out is the one acting, and with nobody acting the
refusal says what the command needs."""

from __future__ import annotations

import pytest

from tests.nerv_helpers import Table, angel, pilot


def test_a_left_out_who_is_the_one_acting() -> None:
    table = Table(pilot("carol"), angel())
    table.do("start")
    acting = table.state.current
    assert acting is not None
    table.do("down")
    assert table.who(acting).status == "down"
    assert [c.status for c in table.state.combatants.values()].count("down") == 1


def test_with_nobody_acting_the_refusal_asks_for_who() -> None:
    table = Table(pilot("carol"), angel())
    assert table.refused("ail") == "'ail' needs a combatant"


@pytest.mark.parametrize("typed", ["car", "Carol", "carol", "CAROL"])
def test_a_name_or_its_start_names_the_same_combatant(typed: str) -> None:
    table = Table(pilot("carol"), angel())
    table.do(f"ail {typed} Dizzy")
    assert table.conditions("carol") == ["Dizzy"]
