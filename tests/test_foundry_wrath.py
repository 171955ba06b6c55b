"""Wrath & Glory fidelity (issue 28): a fight played from imported actors.

Expected numbers are worked by hand from our fixture sheets:

- Carnifex (``wrath-pack/Carnifex_….yml``): attributes in ``base`` with totals 0 —
  S 14, T 12, A 3, I 4, W 3, Int 1, Fel 1; Chitin Carapace rating 5 (equipped), so
  Resilience 12 + 1 + 5 = 18, Defence 4 − 1 = 3, Determination 12, Resolve 3 − 1 = 2,
  Conviction 3; Wounds max 20, Shock max 0 (Shock-immune).
- Sister Amelia (``wrath-agent-v10.json``): base 1 + rating, totals 0 — Agility 4,
  Ballistic Skill rating 4 (pool 8), Toughness 3, Willpower 4, Tier 2: Wounds 2×2 + 3 = 7,
  Shock 4 + 2 = 6, Sororitas Power Armour 4: Resilience 3 + 1 + 4 = 8.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.foundry_helpers import FIXTURES
from tracker.cli import main
from tracker.core.dice import ScriptedDice
from tracker.core.safe_text import NOTE_LIMIT
from tracker.store.encounter_file import load
from tracker.store.foundry.blocks import Converted
from tracker.store.foundry.importing import plan
from tracker.store.foundry.wrath_weapons import weapon_text

CARNIFEX = FIXTURES / "wrath-pack" / "Carnifex_cArNiFeX00000001.yml"
AMELIA = FIXTURES / "wrath-agent-v10.json"


def converted(path: Path) -> Converted:
    return plan([path]).actors[0].converted


def test_carnifex_numbers_are_computed_as_the_system_computes_them() -> None:
    result = converted(CARNIFEX)
    stats = result.block["stats"]
    assert {k: stats[k] for k in ("strength", "toughness", "agility", "initiative")} == {
        "strength": 14,
        "toughness": 12,
        "agility": 3,
        "initiative": 4,
    }
    assert (stats["resilience"], stats["defence"], stats["determination"]) == (18, 3, 12)
    assert (stats["resolve"], stats["conviction"]) == (2, 3)
    assert (stats["wounds"], stats["shock"], stats["weapon_skill"]) == (20, 0, 5)
    assert "Resilience 18 = Toughness 12 + 1 + armour 5" in result.computed
    assert "Defence 3 = Initiative 4 - 1" in result.computed
    assert "Shock 0 (Shock-immune: takes no Shock)" in result.read
    assert "armour Chitin Carapace 5" in result.read


def test_an_agents_wounds_and_shock_come_from_tier_and_attributes() -> None:
    result = converted(AMELIA)
    stats = result.block["stats"]
    assert (stats["wounds"], stats["shock"], stats["resilience"]) == (7, 6, 8)
    assert "Wounds 7 = 2 × Tier 2 + Toughness 3" in result.computed
    assert "Shock 6 = Willpower 4 + Tier 2" in result.computed


def test_weapons_of_both_item_shapes_keep_damage_ed_ap_and_qualities() -> None:
    carnifex = {t["name"]: t for t in converted(CARNIFEX).block["traits"]}
    assert carnifex["Monstrous Scything Talons"]["text"] == (
        "melee: damage 6 + Strength 14, ED 3, AP -3; Brutal, Rending (2)"
    )
    assert carnifex["Bio-Plasma"]["text"] == (
        "ranged: damage 12, ED 4, AP -2, range 6/12/18; Blast (6), Heavy (6)"
    )
    amelia = {t["name"]: t for t in converted(AMELIA).block["traits"]}  # the older shape
    assert amelia["Bolt Pistol"]["text"] == (
        "ranged: damage 10, ED 1, AP -1, Salvo 1, range 6/12/18; Brutal, Pistol"
    )
    assert amelia["Chainsword"]["text"] == (
        "melee: damage 6 (5 + Rank 1) + Strength 3, ED 4; Brutal, Parry"
    )


def test_abilities_and_keywords_are_kept_whole_as_traits() -> None:
    traits = converted(CARNIFEX).block["traits"]
    kinds = [(t["name"], t["kind"]) for t in traits]
    assert kinds[2:] == [
        ("Bio-Plasma Roar", "ability"),
        ("Unstoppable Beast", "ability"),
        ("TYRANID", "keyword"),
        ("[HIVE FLEET]", "keyword"),
    ]
    roar = traits[2]["text"]
    assert len(roar) > 1.5 * NOTE_LIMIT and "…" not in roar
    assert roar.startswith("Battlecry.\nParagraph 1 of the Bio-Plasma rule")
    assert roar.endswith("instead gains a point of Glory.")
    assert roar.count("\n") == 15  # the kind, then one line per paragraph


def fight_with_imports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    fight = tmp_path / "fight.toml"
    assert main(["new", str(fight), "--ruleset", "wrath-glory"]) == 0
    code = main(["import", str(CARNIFEX), str(AMELIA), "--into", str(fight)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return fight


def test_a_dr_10_hit_on_the_carnifex_does_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = fight_with_imports(tmp_path, capsys)
    assert main(["do", str(fight), "dmg carnifex 10"]) == 0
    assert "DR 10 = 10 vs Resilience 18; no harm" in capsys.readouterr().out
    assert main(["do", str(fight), "dmg carnifex 20"]) == 0  # 2 over: 2 Wounds
    state = load(fight).encounter.state
    assert state.combatant("carnifex").track("wounds") == 18


def test_a_shock_immune_threat_takes_no_shock(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = fight_with_imports(tmp_path, capsys)
    assert main(["do", str(fight), "dmg carnifex 18"]) == 0  # equal to Resilience
    assert "equal: no Shock (Shock-immune)" in capsys.readouterr().out
    assert main(["do", str(fight), "shock carnifex 3"]) == 0
    assert "Carnifex takes no Shock (Shock-immune)" in capsys.readouterr().out
    carnifex = load(fight).encounter.state.combatant("carnifex")
    assert (carnifex.track("shock"), carnifex.limits["shock"]) == (0, 0)
    assert not carnifex.conditions  # never Exhausted
    rules = load(fight).rules  # and the panes say so, not "0/0 Exhausted"
    shock = rules.track_views(carnifex)[0]
    assert (shock.label, shock.severity, shock.note) == ("Shock", "ok", "Shock-immune")
    assert [p.long for p in rules.summary_parts(carnifex)][0] == "Shock-immune"


def test_attack_rolls_agility_plus_ballistic_skill(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = fight_with_imports(tmp_path, capsys)
    encounter = load(fight).encounter
    encounter.run("start", ScriptedDice([]))
    made = encounter.run(
        "attack amelia carnifex agility+ballistic_skill ranged", ScriptedDice([4] * 8)
    )
    rolled = [tuple(getattr(e, "rolls", ())) for e in made if getattr(e, "rolls", ())]
    assert len(rolled[0]) == 8  # Agility 4 + Ballistic Skill 4 (a die a point)


def test_traits_reach_the_fight_and_state_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = fight_with_imports(tmp_path, capsys)
    carnifex = load(fight).encounter.state.combatant("carnifex")
    assert [t.kind for t in carnifex.traits] == [
        "weapon",
        "weapon",
        "ability",
        "ability",
        "keyword",
        "keyword",
    ]
    assert main(["state", str(fight), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    shown = {c["id"]: c["traits"] for c in document["combatants"]}
    assert shown["carnifex"][2]["name"] == "Bio-Plasma Roar"
    assert shown["carnifex"][2]["text"] == carnifex.traits[2].text
    assert main(["check", str(fight)]) == 0


def test_a_current_shape_weapon_scales_with_rank_and_adds_its_dice() -> None:
    system = {
        "category": "melee",
        "damage": {
            "base": 4,
            "dice": "1d3",
            "rank": 1,
            "ed": {"base": 1, "rank": 2},
            "ap": {"base": -1, "rank": 0},
        },
        "traits": {"list": [{"name": "rapidFire", "rating": "2"}, {"name": "x", "type": "remove"}]},
    }
    assert weapon_text(system) == (
        "melee: damage 4 + 1d3 + Rank + Strength, ED 1 + Double Rank, AP -1; Rapid Fire (2)"
    )


def test_unequipped_armour_does_not_count_and_the_report_says_so(tmp_path: Path) -> None:
    text = CARNIFEX.read_text(encoding="utf-8").replace("equipped: true", "equipped: false", 1)
    path = tmp_path / "Carnifex.yml"
    path.write_text(text, encoding="utf-8")
    result = converted(path)
    assert result.block["stats"]["resilience"] == 13  # Toughness 12 + 1, no carapace
    assert "Chitin Carapace (armour 5) is not equipped: not counted" in result.remarks


def test_a_flying_threat_keeps_its_fly_speed() -> None:
    # combat.fly (the data model's flying Speed): 79 threats of a real adversary pack
    # (jetbikes, jump packs, wings) had it reported as ignored
    skyrider = converted(FIXTURES / "wrath-skyrider.yml")
    stats = skyrider.block["stats"]
    assert (stats["speed"], stats["fly"]) == (6, 16)
    assert list(stats).index("fly") == list(stats).index("speed") + 1
    assert "Speed 6; Fly 16" in "; ".join(skyrider.read)
    assert "combat.fly" not in skyrider.ignored
    grot = converted(FIXTURES / "wrath-pack-refs" / "Grot_Scrapper_gRoTsCrApPeR0001.yml")
    assert "fly" not in grot.block["stats"]  # no fly field: it does not fly


def test_a_threats_level_at_each_tier_is_in_its_notes() -> None:
    # the sheet's header shows it (bio.threat: T, E, A, MC … at Tiers 1-5); it was dropped
    notes = converted(CARNIFEX).block["notes"]
    assert "Threat by Tier: 1 E, 2 E, 3 E, 4 A, 5 A" in notes


def test_a_threat_left_at_the_default_troop_level_says_nothing_of_it() -> None:
    # the data model's default is T at every Tier: said by no sheet author
    notes = converted(FIXTURES / "wrath-mob-v13.json").block["notes"]
    assert "Threat by Tier" not in notes
