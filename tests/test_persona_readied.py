"""persona-d100 actions whose effect lands later (seed 004, the action list): Aim (l.208),
Feint (l.210) and Overwatch (l.196) stand until spent or lost, as the text says."""

from __future__ import annotations

import pytest

from tests.d100_helpers import Table
from tests.persona_helpers import RULES, shadow, user
from tracker.core.errors import RuleError


def _fight() -> Table:
    """Yu acts first against a Harpy."""
    t = Table(RULES, user("yu"), shadow("harpy"))
    t.do("start", [9, 5])
    assert t.state.current == "yu"
    return t


def _to_yus_next_turn(t: Table) -> None:
    t.do("next")
    t.do("next")
    assert t.state.current == "yu"


def test_a_full_aim_gives_plus_20_to_the_next_attack_and_is_spent() -> None:
    # l.208: "Aiming as a Full Action grants a +20 bonus" to "your next attack test"
    t = _fight()
    t.do("act yu aim full")
    aim = t.who("yu").condition("Aim")
    assert aim is not None and RULES.level_words(aim) == (" +20", "+20")  # the badge: Aim+20
    assert "Aim: +20 to the next attack test (lost on any other action)" in RULES.status_lines(
        t.who("yu"), t.state
    )
    _to_yus_next_turn(t)
    [line] = t.do("act yu standard attack")
    assert line.endswith("; Aim: +20 to this attack test")
    assert t.who("yu").condition("Aim") is None


def test_an_aim_is_lost_when_the_next_action_is_no_attack() -> None:
    # l.208: "The next action you perform after an Aim action must be an attack action, or
    # else the bonus is lost"
    t = _fight()
    t.do("act yu aim half")
    lines = t.do("act yu disarm force")
    assert "Yu's Aim is lost: the next action is no attack" in lines
    assert t.who("yu").condition("Aim") is None


def test_a_reaction_before_the_attack_loses_the_aim() -> None:
    # l.208: "If you perform a Reaction (such as a dodge or parry) before making your
    # attack, this bonus is also lost"
    t = _fight()
    t.do("act yu aim full")
    t.do("next")
    lines = t.do("act yu dodge")
    assert "Yu's Aim is lost: a Reaction came first" in lines


def test_a_feint_needs_its_opposed_test_and_target() -> None:
    # l.210: Feint is an opposed test against one target; without both nothing is spent.
    t = _fight()
    before = t.state
    with pytest.raises(RuleError, match="opposed WS test"):
        t.do("act yu feint")
    assert t.state == before


def test_a_passed_feint_stops_parry_and_dodge_on_the_next_melee_attack() -> None:
    # l.210: "On a success, so long as it is the next action you take, your next melee
    # Standard or Called attack against this target may not be parried or dodged"
    t = _fight()
    t.do("act yu feint on=harpy pass")
    assert t.who("yu").condition("Feinting") is not None
    [line] = t.do("act yu standard attack")
    assert "Feint: if this melee attack is against Harpy, Harpy may not parry or dodge it" in line
    assert t.who("yu").condition("Feinting") is None


def test_a_failed_feint_readies_nothing() -> None:
    # l.210: the Feint's effect comes only "On a success".
    t = _fight()
    lines = t.do("act yu feint on=harpy fail")
    assert "Yu's Feint against Harpy fails: no effect" in lines
    assert t.who("yu").condition("Feinting") is None


def test_overwatch_fires_on_its_trigger_and_any_other_action_ends_it() -> None:
    # l.196: "This attack occurs the moment the conditions are met … targets must make a
    # Pinning test … If you perform any actions, such as dodging, before Overwatch
    # resolves, your Overwatch immediately ends."
    t = _fight()
    t.do('act yu overwatch when="the harpy moves"')
    assert any(
        line.startswith("Overwatch: fires when the harpy moves")
        for line in RULES.status_lines(t.who("yu"), t.state)
    )
    t.do("next")
    with pytest.raises(RuleError, match="only an Overwatch fires"):
        t.do("act yu dodge fire")
    [line] = t.do("act yu overwatch fire")
    assert "targets test Pinning" in line and t.who("yu").condition("Overwatch") is None
    t2 = _fight()
    t2.do("act yu overwatch")
    t2.do("next")
    assert "Yu acted first: the Overwatch ends" in t2.do("act yu dodge")


def test_undo_and_redo_of_an_aim_spent() -> None:
    t = _fight()
    t.do("act yu aim half")
    aiming = t.state
    t.do("act yu standard attack")
    t.do("undo")
    assert t.state.combatants == aiming.combatants
    t.do("redo")
    assert t.who("yu").condition("Aim") is None
