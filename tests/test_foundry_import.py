"""Foundry VTT actor exports → bestiary blocks (issue 14, "Foundry VTT import").

The fixtures in tests/fixtures/foundry/ are our own actors written in the shape of the
systems' published data models (alienrpg template.json; wrath-and-glory template.json and
its DataModels), each in Foundry's current (``system``) and older (``data``) shape. The
expected numbers below are read off those fixtures.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.foundry_helpers import FIXTURES, run, user_files
from tracker.cli import main
from tracker.core.safe_text import UNSAFE
from tracker.paths import user_data_dir
from tracker.rules.registry import load_ruleset
from tracker.store.bestiary import load_bestiary, save_blocks
from tracker.store.foundry.importing import ImportFailed, apply, plan


def fixture(name: str) -> Path:
    return FIXTURES / name


def block_of(name: str) -> dict[str, Any]:
    result = plan([fixture(name)])
    assert len(result.actors) == 1
    return result.actors[0].converted.block


# --- Alien RPG ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["alien-character.json", "alien-character-old.json"])
def test_alien_character_in_both_shapes(name: str) -> None:
    block = block_of(name)
    assert block["id"] == "pvt-vasquez" and block["name"] == "Pvt. Vasquez"
    assert block["side"] == "pc" and block["kind"] == "human"
    # header.health.max 5; str 5 wit 2 agl 4 emp 2; each skill's dice = attribute + skill
    # (closeCbt 2, stamina 2, rangedCbt 3, mobility 1, the rest 0); header.stress 2; the
    # active M3 armour 2; consumables.air 3 (power 0 left out)
    assert block["stats"] == {
        "health": 5,
        "strength": 5,
        "wits": 2,
        "agility": 4,
        "empathy": 2,
        "close_combat": 7,
        "ranged_combat": 7,
        "mobility": 5,
        "observation": 2,
        "heavy_machinery": 5,
        "stamina": 7,
        "survival": 2,
        "comtech": 2,
        "piloting": 4,
        "command": 2,
        "manipulation": 2,
        "medical_aid": 2,
        "stress": 2,
        "armour_rating": 2,
    }
    assert block["supplies"] == {"air": 3}
    assert block["traits"] == [
        {"name": "M41A Pulse Rifle", "text": "bonus +1, damage 3, range Long", "kind": "weapon"},
        {"name": "Banter", "text": "Calm others", "kind": "talent"},
    ]
    assert block["notes"] == "Career: Colonial Marine · Smart-gunner. Keeps her cool & her aim."
    assert "<" not in block["notes"] and "alert" not in block["notes"]


@pytest.mark.parametrize("name", ["alien-synthetic.json", "alien-synthetic-old.json"])
def test_alien_synthetic_in_both_shapes(name: str) -> None:
    block = block_of(name)
    assert (block["kind"], block["side"]) == ("synthetic", "enemy")  # header.npc = true
    assert block["stats"]["health"] == 6 and block["stats"]["stamina"] == 6 + 1
    assert block["supplies"] == {"power": 4}
    entry = {k: v for k, v in block.items() if k != "source"}
    fighter = load_ruleset("alien-evolved").prepare(entry)
    assert "stress" not in fighter.tracks  # a synthetic has no stress level


@pytest.mark.parametrize("name", ["alien-creature.json", "alien-creature-old.json"])
def test_alien_creature_in_both_shapes(name: str) -> None:
    block = block_of(name)
    assert block["kind"] == "creature" and block["side"] == "enemy"
    stats = {"health": 9, "speed": 2, "armour_rating": 8, "armour_vs_fire": 4}
    stats |= {"mobility": 10, "observation": 8, "acid_splash": 8}
    assert block["stats"] == stats
    assert block["traits"] == [
        {"name": "Special", "text": "Attacks from the vents. Acid blood.", "kind": "ability"},
        {
            "name": "Attack table",
            "text": "Signature attacks: 'roll table Drone attacks'.",
            "kind": "rule",
        },
    ]
    assert block["notes"] == "Hunts alone."


def test_alien_summary_lists_what_is_left_out() -> None:
    converted = plan([fixture("alien-character.json")]).actors[0].converted
    assert converted.ignored == "ignored: Food 2 (consumables.food)"


# --- Wrath & Glory --------------------------------------------------------------------

NOB_STATS = {
    "strength": 6,
    "toughness": 5,
    "agility": 2,
    "initiative": 2,
    "willpower": 3,
    "intellect": 1,
    "fellowship": 1,
    "wounds": 12,
    "shock": 6,
    "defence": 2,
    "resilience": 9,
    "determination": 5,
    "resolve": 2,
    "conviction": 3,
    "passive_awareness": 2,
    "speed": 6,
    "ballistic_skill": 2,
    "intimidation": 3,
    "weapon_skill": 4,
}


@pytest.mark.parametrize("name", ["wrath-threat.json", "wrath-threat-old.json"])
def test_wrath_threat_in_both_shapes(name: str) -> None:
    block = block_of(name)
    assert block["id"] == "ork-nob" and block["side"] == "enemy"
    assert block["stats"] == NOB_STATS
    assert block["notes"] == (
        "Species: Ork · Faction: Goff · Size: Large · Threat by Tier: 1 E, 2 A, 3 T, 4 T · "
        "Bosses the boyz around."
    )
    assert block["traits"] == [
        {
            "name": "Big Choppa",
            "text": "melee: damage 7 + Strength 6, ED 2, AP -1; Brutal",
            "kind": "weapon",
        },
        {
            "name": "Slugga",
            "text": "ranged: damage 10, ED 1, Salvo 2, range 6/12/18; Pistol",
            "kind": "weapon",
        },
        {"name": "WAAAGH!", "text": "+1 to charge", "kind": "ability"},
    ]


@pytest.mark.parametrize("name", ["wrath-agent.json", "wrath-agent-old.json"])
def test_wrath_agent_in_both_shapes(name: str) -> None:
    block = block_of(name)
    assert block["side"] == "pc"
    stats = block["stats"]
    assert (stats["wounds"], stats["shock"], stats["defence"], stats["resilience"]) == (8, 6, 2, 8)
    assert (stats["wrath"], stats["ballistic_skill"], stats["medicae"]) == (2, 4, 1)
    assert block["traits"][0] == {
        "name": "Bolter",
        "text": "ranged: damage 10, ED 1, AP -1, Salvo 2, range 12/24/36; Brutal, Rapid Fire (2)",
        "kind": "weapon",
    }
    assert [(t["name"], t["kind"]) for t in block["traits"][1:]] == [
        ("Trusted", "talent"),
        ("Faith", "talent"),
        ("IMPERIUM", "keyword"),
    ]


def test_imported_wrath_block_plays_a_pool_of_its_skills() -> None:
    rules = load_ruleset("wrath-glory")
    block = block_of("wrath-agent.json")
    fighter = rules.prepare({k: v for k, v in block.items() if k != "source"})
    assert fighter.tracks["wounds"] == 8 and fighter.tracks["wrath"] == 2
    assert (
        fighter.stats["agility"] + fighter.stats["ballistic skill"] == 7
    )  # agility+ballistic_skill


# --- writing ------------------------------------------------------------------------


def test_import_writes_the_bestiary_and_prints_one_line_per_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(
        capsys, str(fixture("wrath-threat.json")), str(fixture("alien-creature.json"))
    )
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("wrath-threat.json: wrath-glory block 'ork-nob' (Ork Nob) → ")
    assert lines[0].endswith("bestiary/wrath-glory.toml")
    assert lines[1] == (
        "  read: attributes (their totals); skills ballistic_skill 2, intimidation 3, "
        "weapon_skill 4; Passive Awareness 2; Resilience 9; Defence 2; Determination 5; "
        "Resolve 2; Conviction 3; Wounds 12; Shock 6; Speed 6; traits: 2 weapons, 1 ability"
    )
    assert lines[2] == "  ignored: Ruin 1 (resources.ruin)"
    assert lines[3].startswith("alien-creature.json: alien-evolved block 'xenomorph-drone'")
    bestiary = load_bestiary(load_ruleset("wrath-glory"))
    assert bestiary.problems == []
    assert bestiary.block("ork-nob")["stats"] == NOB_STATS  # type: ignore[index]


def test_a_block_of_the_same_id_is_replaced_and_the_others_kept() -> None:
    path = user_data_dir() / "bestiary" / "wrath-glory.toml"
    path.parent.mkdir(parents=True)
    path.write_text(
        'ruleset = "wrath-glory"\n# my own orks\n\n[[blocks]]\nid = "gretchin"\nname = "Gretchin"\n'
        'stats = { wounds = 3 }\n\n[[blocks]]\nid = "ork-nob"\nname = "Old Nob"\n'
        "[blocks.stats]\nwounds = 1\n",
        encoding="utf-8",
    )
    apply(plan([fixture("wrath-threat.json")]))
    text = path.read_text(encoding="utf-8")
    assert "# my own orks" in text and "Old Nob" not in text
    blocks = tomllib.loads(text)["blocks"]
    assert [b["id"] for b in blocks] == ["gretchin", "ork-nob"]
    assert blocks[1]["stats"]["wounds"] == 12


def test_save_blocks_creates_the_file() -> None:
    path = save_blocks("alien-evolved", [{"id": "x", "name": "X", "stats": {"health": 2}}])
    assert tomllib.loads(path.read_text(encoding="utf-8")) == {
        "ruleset": "alien-evolved",
        "blocks": [{"id": "x", "name": "X", "stats": {"health": 2}}],
    }


def test_two_actors_of_one_name_get_two_ids() -> None:
    result = plan([fixture("wrath-threat.json"), fixture("wrath-threat-old.json")])
    assert [a.converted.id for a in result.actors] == ["ork-nob", "ork-nob-2"]


# --- refusals: one line, exit 1, nothing written ------------------------------------


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("not-foundry.json", "not a Foundry actor or RollTable export"),
        ("not-json.json", ":1:1: not a Foundry export (not JSON: Expecting value)"),
        ("dnd5e-npc.json", "a 'dnd5e' actor: the tracker imports alienrpg and wrath-and-glory"),
        ("absent.json", "cannot be read"),
    ],
)
def test_a_file_that_is_not_an_export_is_one_line_and_nothing_is_written(
    capsys: pytest.CaptureFixture[str], name: str, why: str
) -> None:
    code, out, err = run(capsys, str(fixture("wrath-threat.json")), str(fixture(name)))
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"tracker: {name}:") and why in err
    assert err.rstrip().endswith("nothing was imported")
    assert user_files() == []  # the good file before it was not written either


def test_ruleset_forces_the_system_and_refuses_what_does_not_fit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _out, err = run(capsys, str(fixture("wrath-threat.json")), "--ruleset", "alien-evolved")
    assert code == 1 and "'threat' actor of alienrpg" in err
    code, _out, err = run(capsys, str(fixture("wrath-threat.json")), "--ruleset", "nerv-d100")
    assert code == 1 and err.count("\n") == 1
    doc = json.loads(fixture("wrath-threat.json").read_text(encoding="utf-8"))
    del doc["_stats"]  # no system named: read from its fields
    assert plan([_written(doc)]).actors[0].converted.ruleset == "wrath-glory"
    assert plan([_written(doc)], ruleset="wrath-glory").actors[0].converted.id == "ork-nob"


def _written(doc: Any) -> Path:
    path = user_data_dir().parent / "export.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_bad_block_refuses_the_file() -> None:
    doc = json.loads(fixture("alien-creature.json").read_text(encoding="utf-8"))
    doc["system"]["attributes"]["speed"]["value"] = 10**9
    with pytest.raises(ImportFailed, match="export.json: the alien-evolved block would not load"):
        plan([_written(doc)])


# --- hostile text -------------------------------------------------------------------


def test_hostile_text_is_stored_as_plain_data() -> None:
    block = block_of("wrath-hostile.json")
    # markup-looking brackets stay as text; the script goes; ESC, BEL, RLO never arrive
    assert block["name"] == "[b]Nob[/b] [31m Boss"
    assert block["id"] == "b-nob-b-31m-boss"
    texts = [block["name"], block["notes"], *(t[k] for t in block["traits"] for k in t)]
    for text in texts:
        assert not UNSAFE.search(text) and "<" not in text and "pwn" not in text
    assert block["traits"][0]["name"].startswith("[red]Choppa ]8;;http://x")
    assert block["notes"] == (
        "Species: Ork · Faction: Goff · Size: Large · Threat by Tier: 1 E, 2 A, 3 T, 4 T · "
        "Line one [bold]Line two"
    )
    load_ruleset("wrath-glory").prepare({k: v for k, v in block.items() if k != "source"})


def test_hostile_actor_joins_an_encounter_that_still_loads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "fight.toml"
    fight.write_bytes(
        (Path(__file__).parents[1] / "encounters" / "wrath-ork-boarding.toml").read_bytes()
    )
    code, out, err = run(
        capsys,
        str(fixture("wrath-hostile.json")),
        str(fixture("wrath-agent.json")),
        "--into",
        str(fight),
    )
    assert code == 0, err
    assert (
        out.splitlines()[0] == f"wrath-hostile.json: wrath-glory '[b]Nob[/b] [31m Boss' → {fight}"
    )
    assert "  Sister Amelia (2) joins the fight (PC)" in out.splitlines()
    assert user_files() == []  # --into adds to the fight, not to the bestiary
    assert main(["check", str(fight)]) == 0
    assert main(["do", str(fight), "undo"]) == 0  # one command: one undo takes both back
    out = capsys.readouterr().out
    assert (
        "Undone: [b]Nob[/b] [31m Boss joins the fight (enemy); "
        "Sister Amelia is now Sister Amelia (1)"  # the rest cut to the terminal's width
    ) in out


def test_into_an_encounter_of_another_ruleset_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "alien.toml"
    fight.write_bytes(
        (Path(__file__).parents[1] / "encounters" / "alien-operations-deck.toml").read_bytes()
    )
    before = fight.read_bytes()
    code, _out, err = run(capsys, str(fixture("wrath-threat.json")), "--into", str(fight))
    assert code == 1 and "its ruleset is alien-evolved" in err
    assert fight.read_bytes() == before and user_files() == []


def test_what_is_ignored_is_named_in_words_with_its_value() -> None:
    converted = plan([fixture("wrath-agent.json")]).actors[0].converted
    assert converted.ignored == (
        "ignored: Objective: Purge (bio.objective), Faith 3 (resources.faith), "
        "Wealth 1 (resources.wealth), Influence 2 (resources.influence)"
    )
