"""Wrath & Glory, rules as written round three (issue 29): the critical of a Multi-attack
that hits one target, and Full Defence taken after acting in one's own turn (seed 002)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.wrath_helpers import Table
from tracker.core.errors import RuleError

ROSTER: list[dict[str, Any]] = [
    {"id": "eli", "name": "Eli", "side": "pc", "stats": {"defence": 3, "resilience": 8}},
    {
        "id": "boy",
        "name": "Boy",
        "side": "enemy",
        "stats": {"defence": 2, "resilience": 5, "wounds": 20},
    },
    {
        "id": "nob",
        "name": "Nob",
        "side": "enemy",
        "stats": {"defence": 4, "resilience": 5, "wounds": 20},
    },
]

DUEL: list[dict[str, Any]] = [
    {
        "id": "dan",
        "name": "Dan",
        "side": "pc",
        "stats": {"agility": 3, "defence": 3, "resilience": 8},
    },
    {"id": "grot", "name": "Grot", "side": "enemy", "stats": {"defence": 2, "resilience": 5}},
]


def test_a_multi_attack_hitting_one_target_gives_it_the_wrath_critical() -> None:
    # seed 002 l.49-50: "If the attack results in a critical hit, the player may choose one
    # target to suffer the effects"; l.346-347: a 6 on the Wrath die scores a critical hit.
    # 5 icons vs DN 4 (Boy) hits, vs DN 6 (Nob) misses: the one hit takes the critical.
    table = Table(ROSTER)
    table.do("start")
    lines = table.do("attack eli boy,nob 5 ranged dmg=8", [6, 5, 5, 5, 1])
    assert any(
        line.startswith("Eli hits Boy") and "a critical hit (Wrath 6)" in line for line in lines
    )
    assert any(line.startswith("Eli misses Nob") for line in lines)
    assert not any("picks one of" in line for line in lines)


def test_a_multi_attack_hitting_both_leaves_the_critical_to_the_player() -> None:
    # seed 002 l.49-50: with several targets hit the player chooses which one suffers it
    table = Table(ROSTER)
    table.do("start")
    lines = table.do("attack eli boy,nob 6 ranged", [6, 6, 5, 5, 5, 1])
    assert "Wrath 6, a critical hit: the player picks one of Boy, Nob for it" in lines
    assert not any("a critical hit (Wrath 6)" in line for line in lines)


def test_a_multi_attack_missing_both_has_no_critical() -> None:
    # seed 002 l.49-50: the critical falls on a target "affected", none is when all miss
    table = Table(ROSTER)
    table.do("start")
    lines = table.do("attack eli boy,nob 2 ranged", [6, 1])
    assert not any("critical" in line for line in lines)


def _attack_then_full_defence(table: Table) -> list[str]:
    table.do("start")
    table.do("attack dan grot 3 ranged dmg=8", [4, 4, 4])
    return table.do("option dan full-defence", [5, 5, 5])


def test_full_defence_after_attacking_in_ones_own_turn_costs_the_next_round() -> None:
    # seed 002 l.32-33: "This action may be taken even if the character has already acted
    # this turn—if this is the case, the character sacrifices their next round instead."
    table = Table(DUEL)
    lines = _attack_then_full_defence(table)
    assert lines[-1].endswith("gives up next round")
    table.do("next")
    round_two = table.do("next")
    assert "Dan gave up this round to Full Defence (taken after acting)" in round_two
    assert "Dan's turn" not in round_two
    assert table.state.round == 2
    assert table.state.current == "grot"


def test_full_defence_first_thing_in_ones_turn_gives_up_this_round_only() -> None:
    # seed 002 l.28-30: "A character may sacrifice their entire round" — not having acted,
    # the round given up is this one; round 2 is Dan's as usual
    table = Table(DUEL)
    table.do("start")
    lines = table.do("option dan full-defence", [5, 5, 5])
    assert lines[-1].endswith("gives up the rest of this round")
    table.do("next")
    assert "Dan's turn" in table.do("next")


def test_read_earlier_turn_acting_in_ones_own_turn_costs_only_this_round() -> None:
    # seed 002 l.32 "already acted this turn", the other reading: only a turn already over
    # counts, so Full Defence after an attack in Dan's own turn gives up the rest of round 1
    table = Table(DUEL, options={"full_defence": "earlier-turn"})
    lines = _attack_then_full_defence(table)
    assert lines[-1].endswith("gives up the rest of this round")
    table.do("next")
    assert "Dan's turn" in table.do("next")
    assert table.state.round == 2


def test_declared_in_someone_elses_turn_after_acting_costs_the_next_round_either_way() -> None:
    # seed 002 l.32-33: Dan's turn is over this round; both readings agree
    for reading in ("own-turn", "earlier-turn"):
        table = Table(DUEL, options={"full_defence": reading})
        table.do("start")
        table.do("attack dan grot 3 ranged dmg=8", [4, 4, 4])
        table.do("next")
        lines = table.do("option dan full-defence", [5, 5, 5])
        assert lines[-1].endswith("gives up next round")


def test_the_reading_can_be_switched_mid_fight_and_undone() -> None:
    # seed 002 l.32: the reading is the GM's, switched with an event the journal keeps
    table = Table(DUEL)
    table.do("start")
    said = table.do("full-defence-reading earlier-turn")
    assert said == [
        "Reading full_defence = earlier-turn: only a turn already over counts: in one's own "
        "turn Full Defence costs the rest of this round"
    ]
    assert table.state.options["full_defence"] == "earlier-turn"
    with pytest.raises(RuleError):
        table.do("full-defence-reading earlier-turn")
    with pytest.raises(RuleError):
        table.do("full-defence-reading sometimes")
    table.do("attack dan grot 3 ranged", [4, 4, 4])
    assert table.do("option dan full-defence", [5, 5, 5])[-1].endswith("rest of this round")


def test_wrath_rerolls_the_failures_of_a_soak_roll() -> None:
    # seed 002 l.214-216: the Soak roll "does not use the Wrath Dice ... Wrath may be spent to
    # re-roll failures on a Soak roll as if it were a test". DR 12 vs Resilience 8: 4 Wounds;
    # Soak 3d [1, 2, 5], the 1 and 2 rolled again as 6 and 4: [6, 4, 5] = 4 icons, 4 negated
    table = Table()
    lines = table.do("dmg amelia 12 soak wrath", [1, 2, 5, 6, 4])
    assert "Soak 3d [6, 4, 5] negates 4" in " ".join(lines)
    assert any("re-rolling the Soak" in line for line in lines)
    assert table.who("amelia").track("wrath") == 1
    assert table.who("amelia").track("wounds") == 8


def test_a_soak_without_wrath_keeps_its_failures() -> None:
    # seed 002 l.214-216: no Wrath spent, no re-roll: [1, 2, 5] = 1 icon, 1 of 4 negated
    table = Table()
    lines = table.do("dmg amelia 12 soak", [1, 2, 5])
    assert "Soak 3d [1, 2, 5] negates 1" in " ".join(lines)
    assert table.who("amelia").track("wounds") == 5
