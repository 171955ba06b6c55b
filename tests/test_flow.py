"""Round and turn flow (ruleset-independent), through the basic ruleset."""

from __future__ import annotations

import pytest

from tracker.core import events as ev
from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError
from tracker.core.session import Encounter


def started(fight: Encounter, *faces: int, extra: str = "") -> Encounter:
    """Start with scripted d20s (ann, bo, gob, orc) and return the fight."""
    fight.run(f"start {extra}".strip(), ScriptedDice(faces))
    return fight


def test_start_sorts_by_initiative_high_first(fight: Encounter) -> None:
    # d20 + init: Ann 10+3=13, Bo 18+1=19, Goblin 2+2=4, Orc 9+0=9
    started(fight, 10, 18, 2, 9)
    assert fight.state.order == ("bo", "ann", "orc", "gob")
    assert fight.state.current == "bo"
    assert fight.state.round == 1


def test_tie_goes_to_higher_init_then_recorded_roll_off(fight: Encounter) -> None:
    # Ann 10+3=13 and Goblin 11+2=13 tie: Ann has the higher init modifier.
    # Bo 12+1=13 and Orc 13+0=13: Bo wins on init too.
    started(fight, 10, 12, 11, 13)
    assert fight.state.order == ("ann", "gob", "bo", "orc")


def test_exact_tie_is_rolled_off_and_recorded(fight: Encounter) -> None:
    fight.run("init ann 12", ScriptedDice([]))
    fight.run("init bo 12", ScriptedDice([]))
    # same value; init 3 vs 1 decides without a roll-off
    assert fight.state.order.index("ann") < fight.state.order.index("bo")
    twins = [
        {"id": "a", "name": "A", "stats": {"init": 1}},
        {"id": "b", "name": "B", "stats": {"init": 1}},
    ]
    from tests.conftest import basic_encounter

    pair = basic_encounter(twins)
    pair.run("start", ScriptedDice([5, 5, 3, 17]))  # both 6, roll-off 3 vs 17
    assert pair.state.order == ("b", "a")
    assert any("rolled off" in e.text for e in pair.events)
    assert pair.state.tiebreak == {"a": 3, "b": 17}


def test_next_walks_the_order_then_starts_a_new_round(fight: Encounter) -> None:
    started(fight, 10, 18, 2, 9)
    seen = [fight.state.current]
    for _ in range(4):
        fight.run("next", ScriptedDice([]))
        seen.append(fight.state.current)
    assert seen == ["bo", "ann", "orc", "gob", "bo"]
    assert fight.state.round == 2


def test_prev_steps_back_even_across_rounds(fight: Encounter) -> None:
    started(fight, 10, 18, 2, 9)
    for _ in range(4):
        fight.run("next", ScriptedDice([]))
    fight.run("prev", ScriptedDice([]))
    assert (fight.state.round, fight.state.current) == (1, "gob")
    fight.run("prev", ScriptedDice([]))
    assert (fight.state.round, fight.state.current) == (1, "orc")
    fight.run("next", ScriptedDice([]))
    assert fight.state.current == "gob"


def test_prev_at_the_very_start_is_refused(fight: Encounter) -> None:
    started(fight, 10, 18, 2, 9)
    with pytest.raises(RuleError, match="first turn"):
        fight.decide("prev", ScriptedDice([]))


def test_surprised_lose_their_first_turn_only(fight: Encounter) -> None:
    started(fight, 10, 18, 2, 9, extra="surprised=bo,orc")
    assert fight.state.current == "ann"
    fight.run("next", ScriptedDice([]))
    assert fight.state.current == "gob"
    fight.run("next", ScriptedDice([]))
    assert (fight.state.round, fight.state.current) == (2, "bo")
    skipped = [e.text for e in fight.events if e.TYPE == "turn.skipped"]
    assert skipped == ["Bo is surprised and loses the turn", "Orc is surprised and loses the turn"]


def test_delayers_keep_their_order_when_they_come_back(fight: Encounter) -> None:
    started(fight, 10, 18, 2, 9)  # bo, ann, orc, gob
    fight.run("delay", ScriptedDice([]))  # Bo delays; Ann's turn
    fight.run("delay", ScriptedDice([]))  # Ann delays; Orc's turn
    assert fight.state.delayed == ("bo", "ann")
    assert fight.state.current == "orc"
    fight.run("act bo", ScriptedDice([]))
    fight.run("act ann", ScriptedDice([]))
    assert fight.state.order == ("orc", "bo", "ann", "gob")
    assert fight.state.current == "ann"
    fight.run("next", ScriptedDice([]))
    assert fight.state.current == "gob"
    fight.run("next", ScriptedDice([]))
    assert (fight.state.round, fight.state.current) == (2, "orc")


def test_delay_then_round_end_keeps_the_delayer_waiting(fight: Encounter) -> None:
    started(fight, 10, 18, 2, 9)
    fight.run("delay gob", ScriptedDice([]))
    for _ in range(3):
        fight.run("next", ScriptedDice([]))
    assert fight.state.round == 2
    assert fight.state.delayed == ("gob",)
    with pytest.raises(RuleError, match="not delaying"):
        fight.decide("act orc", ScriptedDice([]))


def test_the_dead_are_skipped_and_removed_leave_the_order(fight: Encounter) -> None:
    started(fight, 10, 18, 2, 9)  # bo, ann, orc, gob
    fight.run("dead ann", ScriptedDice([]))
    fight.run("remove orc", ScriptedDice([]))
    fight.run("next", ScriptedDice([]))
    assert fight.state.current == "gob"
    assert "orc" not in fight.state.order
    fight.run("revive ann", ScriptedDice([]))
    fight.run("next", ScriptedDice([]))
    fight.run("next", ScriptedDice([]))
    assert fight.state.current == "ann"


def test_downed_enemies_get_no_turn(fight: Encounter) -> None:
    started(fight, 10, 18, 2, 9)
    fight.run("dmg orc 99", ScriptedDice([]))
    assert fight.state.combatant("orc").status == "down"
    fight.run("next", ScriptedDice([]))
    fight.run("next", ScriptedDice([]))
    assert fight.state.current == "gob"


def test_swap_trades_places_and_values(fight: Encounter) -> None:
    started(fight, 10, 18, 2, 9)
    fight.run("swap ann gob", ScriptedDice([]))
    assert fight.state.order == ("bo", "gob", "orc", "ann")
    assert fight.state.initiative["gob"] == 13


def test_commands_before_start_say_what_to_do(fight: Encounter) -> None:
    with pytest.raises(RuleError, match="type 'start'"):
        fight.decide("next", ScriptedDice([]))


def test_adding_mid_fight_rolls_initiative_and_slots_in(fight: Encounter) -> None:
    started(fight, 10, 18, 2, 9)
    fight.run("add Troll hp=30 init=5", ScriptedDice([11]))
    assert fight.state.order[:2] == ("bo", "troll")
    assert fight.state.combatant("troll").tracks == {"hp": 30}
    assert fight.state.current == "bo"


def test_triggers_count_conditions_down_at_end_of_turn(fight: Encounter) -> None:
    started(fight, 10, 18, 2, 9)
    fight.run("ail bo stunned rounds=1", ScriptedDice([]))
    fight.run("next", ScriptedDice([]))
    assert fight.state.combatant("bo").conditions == ()
    assert any(e.text == "Bo: Stunned ends" for e in fight.events)


def test_a_removed_combatant_returns_to_the_order_with_revive(fight: Encounter) -> None:
    started(fight, 10, 18, 2, 9)  # bo, ann, orc, gob
    fight.run("remove ann", ScriptedDice([]))
    with pytest.raises(RuleError, match="has left the fight"):
        fight.decide("dead ann", ScriptedDice([]))
    fight.run("revive ann", ScriptedDice([]))
    assert fight.state.order == ("bo", "ann", "orc", "gob")
    assert fight.state.combatant("ann").status == "active"


def test_add_hidden_keeps_the_name_clean(fight: Encounter) -> None:
    fight.run("add Spy hidden side=enemy hp=4", ScriptedDice([]))
    spy = fight.state.combatant("spy")
    assert (spy.name, spy.hidden) == ("Spy", True)


def test_dismiss_closes_one_reminder_or_all(fight: Encounter) -> None:
    from tracker.core import events as ev
    from tracker.core.draft import Draft
    from tracker.core.session import now_utc

    draft = Draft(fight.state, now_utc())
    draft.emit(ev.ReminderRaised, who="ann", key="poison", text="Ann: poison test")
    draft.emit(ev.ReminderRaised, who="ann", key="bleeding", text="Ann: bleeding test")
    fight.commit(draft.events)
    with pytest.raises(RuleError, match="open: poison, bleeding"):
        fight.decide("dismiss ann fire", ScriptedDice([]))
    fight.run("dismiss ann POISON", ScriptedDice([]))
    assert [r.key for r in fight.state.reminders] == ["bleeding"]
    fight.run("dismiss ann", ScriptedDice([]))
    assert fight.state.reminders == ()


def test_a_name_ending_in_s_takes_the_apostrophe_alone(fight: Encounter) -> None:
    # issue 12: the log said "Archer in the reeds's turn"
    fight.run('add "Archer in the reeds" init=30 hp=5', ScriptedDice([]))
    events = fight.run("start", ScriptedDice([10, 18, 2, 9, 10]))
    turns = [e.text for e in events if isinstance(e, ev.TurnStarted)]
    assert turns == ["Archer in the reeds' turn"]
    bo = fight.run("next", ScriptedDice([]))
    assert [e.text for e in bo if isinstance(e, ev.TurnStarted)] == ["Bo's turn"]
