"""nerv-d100, rules as written round six: what is owed after a death, and effects that last
"until the start of your next turn" when that turn never comes.

Rules from ../shared/seeds/000_fee90f6e2d7410c1.txt ("seed 000"), cited by section.
"""

from __future__ import annotations

from tests.nerv_helpers import angel, pilot, started


def test_the_dead_owe_no_fear_test_nor_critical_effect() -> None:
    # seed 000, Wounds and Injury: "you are incapacitated or killed"; Fear: "When a
    # character is faced with Fear, they must pass a Will or Fortitude (Courage) test".
    # Dan, incapacitated with a Fear test and a Crucial Strike owed, is then killed: the
    # dead test nothing, so both reminders close (said in the log); Carol's Fear test for
    # seeing him fall stays; undo brings Dan's back.
    table = started(pilot("carol"), pilot("dan", fate=1, stats={"grace": 25}), angel())
    table.do("dmg dan 30 @body savage")
    assert set(table.reminders("dan")) == {"fear:injury", "critical"}
    lines = table.do("dead dan")
    assert lines[:2] == [
        "Dan is dead",
        "Closed (Dan is dead): Dan suffered an injury, a Fear trigger: Will or Fortitude "
        "(Courage) test",
    ]
    assert table.reminders("dan") == {}
    assert "fear:ally" in table.reminders("carol")
    table.do("undo")
    assert set(table.reminders("dan")) == {"fear:injury", "critical"}


def test_the_downed_still_owe_their_tests() -> None:
    # seed 000, Blood Loss: "Characters who are bleeding must make a Physique or Endurance
    # (Injury) test at the start of each turn" — incapacitated is not dead: Dan's
    # reminders stay open while he is only down.
    table = started(pilot("carol"), pilot("dan", fate=1, stats={"grace": 25}), angel())
    table.do("dmg dan 30 @body savage")
    assert table.who("dan").status == "down"
    assert set(table.reminders("dan")) == {"fear:injury", "critical"}


def test_a_shake_off_owed_closes_when_its_bearer_dies() -> None:
    # seed 000, Ailments: "at the start of each of their turns, the character suffering
    # from the ailment can make a free 'shake-off' test" — a dead character has no turn.
    table = started()
    table.do("ail carol Burning")
    table.do("next")
    table.do("next")
    table.do("next")  # round 2: Carol burns, then her turn asks the shake-off
    assert "shake:Burning" in table.reminders("carol")
    table.do("dead carol")
    assert table.reminders("carol") == {}
