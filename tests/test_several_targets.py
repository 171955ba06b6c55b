"""One command for several targets (issue 27): ``dmg a,b,c N`` hits each of them in one
command, so one undo takes it all back; a refusal for any target refuses it all."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import basic_encounter
from tracker.core.dice import Dice, ScriptedDice
from tracker.core.errors import RuleError
from tracker.core.session import Encounter
from tracker.rules.registry import load_ruleset
from tracker.store.encounter_file import load
from tracker.ui.completion import complete

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "encounters").glob("*.toml"))
NONE = ScriptedDice([])


def hp(fight: Encounter, who: str) -> int:
    return fight.state.combatant(who).track("hp")


def test_dmg_hits_every_target_named_and_one_undo_takes_it_back(fight: Encounter) -> None:
    before = fight.state
    events = fight.run("dmg orc,gob,ann 3", NONE)
    assert [hp(fight, w) for w in ("orc", "gob", "ann", "bo")] == [12, 4, 9, 10]
    assert {e.batch for e in events} == {events[0].seq}
    assert [e.text for e in events if e.text] == [
        "Orc: HP 15 → 12",
        "Goblin: HP 7 → 4",
        "Ann: HP 12 → 9",
    ]
    fight.run("undo", NONE)
    assert fight.state.combatants == before.combatants


def test_heal_ail_and_cure_take_several_targets_too(fight: Encounter) -> None:
    fight.run("dmg orc,gob 5", NONE)
    fight.run("heal Orc, Goblin 2", NONE)  # a space after a comma is fine
    assert [hp(fight, w) for w in ("orc", "gob")] == [12, 4]
    fight.run("ail orc,gob Prone", NONE)
    assert all(fight.state.combatant(w).condition("Prone") for w in ("orc", "gob"))
    fight.run("cure gob,orc Prone", NONE)
    assert not any(fight.state.combatant(w).condition("Prone") for w in ("orc", "gob"))


def test_names_with_spaces_can_be_listed_without_quotes() -> None:
    fight = basic_encounter(
        [
            {"id": "harpy", "name": "Gale Harpy", "stats": {"hp": 9}},
            {"id": "orc", "name": "Orc Chief", "stats": {"hp": 9}},
            {"id": "ann", "name": "Ann", "stats": {"hp": 9}},
        ]
    )
    fight.run("dmg gale harpy,orc chief, ann 2", NONE)
    assert [hp(fight, w) for w in ("harpy", "orc", "ann")] == [7, 7, 7]


def test_a_refusal_for_one_target_refuses_the_whole_command(fight: Encounter) -> None:
    fight.run("ail orc Prone", NONE)
    before = list(fight.events)
    with pytest.raises(RuleError) as refused:
        fight.run("cure orc,ann Prone", NONE)
    assert str(refused.value).startswith("Ann has no condition to end")
    assert str(refused.value).endswith("— so nobody was touched")
    assert fight.events == before
    assert fight.state.combatant("orc").condition("Prone") is not None


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("dmg orc,,gob 3", "'orc,,gob': a name is missing between the commas"),
        ("dmg orc,Orc 3", "Orc is named twice in 'orc,Orc'"),
        ("dmg orc,zed 3", "no combatant 'zed' — in this fight: Ann, Bo, Goblin, Orc"),
    ],
)
def test_a_bad_list_of_targets_is_refused_in_one_line(
    fight: Encounter, line: str, said: str
) -> None:
    with pytest.raises(RuleError) as refused:
        fight.run(line, NONE)
    assert str(refused.value) == said
    assert not fight.events


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_every_rulesets_damage_takes_several_targets(sample: Path) -> None:
    fight = load(sample).encounter
    fight.run("start", Dice(seed=1))
    fighters = list(fight.state.combatants.values())
    first = next(c.id for c in fighters if c.side == "enemy")
    second = next(c.id for c in fighters if c.side != "enemy")
    before = fight.state.combatants
    events = fight.run(f"dmg {first},{second} 12", Dice(seed=2))
    assert {e.batch for e in events} == {events[0].seq}
    hit = {getattr(e, "who", "").partition("@")[0] for e in events}
    assert {first, second} <= hit
    fight.run("undo", NONE)
    assert fight.state.combatants == before


def test_the_bar_completes_the_last_of_several_targets(fight: Encounter) -> None:
    found = complete("dmg orc,go", fight.state, fight.verbs, load_ruleset("basic"))
    assert found.line == "dmg orc,Goblin"
    assert found.candidates == ("Goblin",)
