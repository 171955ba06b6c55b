"""``prev`` is a correction: stepping back over a turn and forward again deals nothing twice.

The start and end of a turn fire the ruleset's triggers (a Defiance Check due, a death roll
after acting, a poison test). ``prev`` moves the turn back without undoing what they dealt,
so crossing the same boundary again must not deal it a second time: "2 Defiance Checks due"
after p, n is a check the text never asked for.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests import alien_helpers, wrath_helpers
from tracker.core.model import EncounterState


def owed(state: EncounterState) -> list[tuple[str, str, str]]:
    return [(r.who, r.key, r.text) for r in state.reminders]


def board(state: EncounterState) -> tuple[object, ...]:
    """What the triggers deal: reminders, tracks and conditions, whose turn and round."""
    fighters = tuple(
        (c.id, dict(c.tracks), c.conditions, c.status) for c in state.combatants.values()
    )
    return (state.round, state.current, owed(state), fighters)


def wrath_with_amelia_down() -> wrath_helpers.Table:
    """Order Kell, Nob, Amelia, Boy each round; Amelia unconscious, Kell Poisoned."""
    table = wrath_helpers.Table()
    table.do("start")
    table.do("dmg amelia 20")
    table.do("ail kell poisoned")
    return table


def test_back_and_forth_over_an_unconscious_heros_turn_start_owes_one_check() -> None:
    # seed 002 "Defiance Checks": "Whenever a character begins their turn at 0 Wounds, they
    # … must roll a special test" — one check per turn begun, not per 'next' pressed
    table = wrath_with_amelia_down()
    table.do("next")
    table.do("next")  # Sister Amelia's turn: a Defiance Check is due
    assert [k for _w, k, _t in owed(table.state) if k.startswith("defiance")] == ["defiance"]
    before = board(table.state)
    assert table.do("prev") == ["Back to Ork Nob's turn (round 1)"]
    assert table.do("next") == ["Sister Amelia's turn"]
    assert board(table.state) == before


def test_back_into_the_round_before_and_forward_again_owes_nothing_new() -> None:
    # seed 002 "Poisoned": a Toughness test "at the end of every turn" — Kell's turn ended
    # once; the round-2 check of the unconscious Amelia is asked once
    table = wrath_with_amelia_down()
    for _ in range(6):  # round 2: Kell, Nob, then Amelia's turn
        table.do("next")
    assert (table.state.round, table.state.current) == (2, "amelia")
    before = board(table.state)
    for _ in range(3):  # back over Nob and Kell into round 1 (Ork Boy's turn)
        table.do("prev")
    assert (table.state.round, table.state.current) == (1, "boy")
    for _ in range(3):
        table.do("next")
    assert board(table.state) == before


def test_a_turn_stepped_back_over_and_played_out_still_fires_at_its_end() -> None:
    # the boundary not crossed before fires as ever: Kell's turn, stepped back into, ends
    # later and asks the poison test once more (seed 002 l.304: at the end of every turn)
    table = wrath_with_amelia_down()
    table.do("next")  # Kell's turn ends: the test is asked
    table.do("resolve kell poison")
    table.do("prev")  # back to Kell's turn (its end fired before)
    table.do("next")
    assert not [k for w, k, _t in owed(table.state) if w == "kell"]
    for _ in range(4):  # round 2: Kell's turn, then its end — a new one
        table.do("next")
    assert ("kell", "poison") in [(w, k) for w, k, _t in owed(table.state)]


def test_back_and_forth_over_a_dying_characters_turn_end_owes_one_death_roll() -> None:
    # seed 003 "Death": "If the time limit is round, Death Roll on your every turn, right
    # after you act" — one roll per turn acted, not per 'next' pressed
    table = alien_helpers.Table()
    table.start()  # Bishop 2, Ripley 4, Drone (#2) 5, Hicks 7, Drone 9
    table.do("dmg ripley 4", [1, 1])
    table.do("crit ripley 11 Bleeding effect=x lethal=round")
    table.do("next")  # Ripley's turn
    table.do("next")  # she has acted: a death roll is due
    assert table.reminders() == [("ripley", "deathroll")]
    before = board(table.state)
    table.do("prev")
    table.do("next")
    assert table.reminders() == [("ripley", "deathroll")]
    assert board(table.state) == before


@settings(max_examples=30, deadline=None)
@given(ahead=st.integers(min_value=1, max_value=9), back=st.integers(min_value=1, max_value=6))
def test_any_steps_back_then_as_many_forward_leave_the_board_as_it_was(
    ahead: int, back: int
) -> None:
    table = wrath_with_amelia_down()
    for _ in range(ahead):
        table.do("next")
    back = min(back, ahead)
    before = board(table.state)
    for _ in range(back):
        table.do("prev")
    for _ in range(back):
        table.do("next")
    assert board(table.state) == before
