"""Alien RPG actors as the official modules ship them (issue 28): every skill, talents and
weapons as traits, armour vs fire, a creature's special rules and tables kept whole; bad
actors refused in one line (the side each actor takes: test_foundry_alien_sides.py).

The fixtures are our own actors in the shape of the alienrpg system's data model
(module/data/actor-character.mjs, actor-creature.mjs, item-weapon.mjs, item-talent.mjs) and
of the official modules' compendium actors: ``header.npc = false``, a friendly token,
``ownership`` with no user, embedded items with ``header.active = "true"``. Expected numbers
are worked out by hand from those files in the comments.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.alien_helpers import Table
from tests.foundry_helpers import FIXTURES, NPC, alien_fight, block_of, run
from tracker.cli import main
from tracker.paths import user_data_dir
from tracker.store.foundry.alien import SKILLS, alien_block
from tracker.store.foundry.importing import plan
from tracker.store.foundry.shapes import actor_export

DRONE = FIXTURES / "alien-drone-official.json"


def entry_of(path: Path) -> dict[str, Any]:
    """The block as a roster entry (what ``add`` hands the ruleset)."""
    return {k: v for k, v in block_of(path).items() if k != "source"}


# --- characters and synthetics ----------------------------------------------------------


def test_every_skill_comes_across_as_the_sheet_computes_its_dice() -> None:
    stats = block_of(NPC)["stats"]
    # STR 4, WIT 3, AGL 3, EMP 2; a skill's dice = its attribute + its level (+ modifiers of
    # active items: the Nightsight Goggles give Observation +1, the inactive spare pair not)
    assert stats == {
        "health": 4,  # header.health.max
        "strength": 4,
        "wits": 3,
        "agility": 3,
        "empathy": 2,
        "close_combat": 4 + 2,
        "ranged_combat": 3 + 1,
        "mobility": 3 + 0,
        "observation": 3 + 2 + 1,
        "heavy_machinery": 4 + 1,
        "stamina": 4 + 1,
        "survival": 3 + 0,
        "comtech": 3 + 3,
        "piloting": 3 + 0,
        "command": 2 + 0,
        "manipulation": 2 + 1,
        "medical_aid": 2 + 0,
        "stress": 1,
        "armour_rating": 1,  # general.armor 0; the active Padded Work Vest is 1
    }


@given(
    st.fixed_dictionaries({k: st.integers(1, 6) for k in ("str", "wit", "agl", "emp")}),
    st.fixed_dictionaries({k: st.integers(0, 5) for k in SKILLS}),
)
def test_each_skills_dice_are_its_attribute_plus_its_level(
    scores: dict[str, int], levels: dict[str, int]
) -> None:
    doc = json.loads(NPC.read_text(encoding="utf-8"))
    doc["items"] = []
    for key, value in scores.items():
        doc["system"]["attributes"][key]["value"] = value
    for key, value in levels.items():
        doc["system"]["skills"][key]["value"] = value
    stats = alien_block(actor_export(doc), "npc").block["stats"]
    for key, (stat, attribute) in SKILLS.items():
        assert stats[stat] == scores[attribute] + levels[key]


def test_an_imported_npc_rolls_strength_plus_close_combat() -> None:
    table = Table(roster=[entry_of(NPC)])
    lines = table.do("skill dock close-combat", [6, 2, 3, 4, 6, 1, 5])
    # STR 4 + Close Combat 2 = 6 base dice, and one stress die for stress level 1
    assert lines[0] == (
        "Dock Foreman Okafor rolls Close Combat: 6 base + 1 stress [6 2 3 4 6 1 | stress 5] "
        "→ 2 successes"
    )
    assert table.do("skill dock 3 for=brawl", [1, 1, 1, 1])[0].startswith(
        "Dock Foreman Okafor rolls brawl: 3 base + 1 stress"
    )


def test_a_skill_the_combatant_has_no_dice_for_is_a_sentence() -> None:
    table = Table()
    with pytest.raises(Exception, match="Ripley has no Close Combat dice among its stats"):
        table.do("skill ripley close-combat")
    with pytest.raises(Exception, match="no skill 'flying'"):
        table.do("skill ripley flying")


def test_talents_and_weapons_are_traits_kept_whole() -> None:
    assert block_of(NPC)["traits"] == [
        {
            "name": "Brawler",
            "text": "When you win a close combat roll you may shove the foe one zone away for "
            "free.",
            "kind": "talent",
        },
        {
            # a melee weapon (type 2) rolls Close Combat (STR 4 + 2) + its bonus 1; range 2
            # is Short in the system's list; "Armor piercing" (the comment) is the
            # header.armorpiercing flag said once; the weapon's notes follow
            "name": "Rivet Gun",
            "text": "melee: 7 dice (close_combat 6, bonus +1), damage 2, range Short, "
            "armour piercing · Jams on a roll of two 1s.",
            "kind": "weapon",
        },
    ]


def test_the_report_says_what_was_read_computed_and_left_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, str(NPC))
    assert code == 0, err
    read, computed, summary = out.splitlines()[1:4]
    assert read == "  read: strength; wits; agility; empathy; stress"
    assert computed.startswith(
        "  computed: Health 4 = (STR 4 + AGL 3) / 2, rounded up; skill dice computed as the "
        "sheet does (attribute + skill + item modifiers): close_combat 6, ranged_combat 4,"
    )
    assert computed.endswith("armour_rating 1: the active armour items")
    assert summary == (
        "  ignored: Appearance (general.appearance); "
        "traits kept whole: 1 talent, 1 weapon; "
        "side enemy: an NPC: no user owns it (ownership); import with --side to change"
    )


def test_health_missing_from_the_export_is_computed_as_the_evolved_sheet_does(
    tmp_path: Path,
) -> None:
    doc = json.loads(NPC.read_text(encoding="utf-8"))
    doc["system"]["header"]["health"] = {"value": 0, "max": 0}
    path = tmp_path / "npc.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    converted = plan([path]).actors[0].converted
    assert converted.block["stats"]["health"] == 4  # (STR 4 + AGL 3) / 2 = 3.5, rounded up
    assert "Health 4 = (STR 4 + AGL 3) / 2, rounded up" in converted.computed
    assert converted.now == {}  # a sheet never filled in: it joins with its Health


# --- creatures --------------------------------------------------------------------------


def test_a_creatures_special_rules_stay_whole_as_traits() -> None:
    block = block_of(DRONE)
    traits = {t["name"]: t for t in block["traits"]}
    rules = ["Sprint", "Vacuum", "Cold", "Radiation", "No Heat Signature"]
    assert [t["name"] for t in block["traits"]][:5] == rules
    assert all(traits[name]["kind"] == "ability" for name in rules)
    assert traits["No Heat Signature"]["text"].endswith("keep the drone in sight.")
    assert sum(len(traits[name]["text"]) for name in rules) > 2000  # nothing cut
    assert block["notes"] == "Lurks in the cargo spine of the ship."


def test_plain_text_special_rules_split_at_their_labels(tmp_path: Path) -> None:
    doc = json.loads(DRONE.read_text(encoding="utf-8"))
    doc["system"]["general"]["special"]["value"] = (
        "Armor Rating: 0 vs. fire\n\nTraits: Relentless, Blind\n\nEffects: It grows.\nIt bites."
    )
    path = tmp_path / "drone.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    traits = [(t["name"], t["text"]) for t in block_of(path)["traits"] if t["kind"] == "ability"]
    assert traits == [
        ("Armor Rating", "0 vs. fire"),
        ("Traits", "Relentless, Blind"),
        ("Effects", "It grows. It bites."),
    ]


def test_a_creature_keeps_armour_vs_fire_its_dice_and_its_own_tables() -> None:
    block = block_of(DRONE)
    assert block["stats"] == {
        "health": 10,
        "speed": 2,
        "armour_rating": 8,
        "armour_vs_fire": 4,
        "mobility": 9,
        "observation": 7,
        "acid_splash": 9,
    }
    tables = {t["name"]: t["text"] for t in block["traits"] if t["kind"] == "rule"}
    assert tables == {
        "Attack table": "Signature attacks: 'roll table Hull Drone Signature Attacks'.",
        "Critical table": "Critical injuries on this creature: its own table, 'roll table "
        "Critical Injuries on Hull Drones' (not the D66 critical injuries); enter the result "
        "with 'ail'.",
    }
    table = Table(roster=[entry_of(DRONE)])
    line = table.do("skill hull mobility", [6] * 9)[0]
    assert line.startswith("Hull Drone rolls Mobility: 9 base [")  # no stress dice


def test_a_creature_joins_an_encounter_with_its_traits(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = alien_fight(tmp_path)
    code, _out, err = run(capsys, str(DRONE), str(NPC), "--into", str(fight))
    assert code == 0, err
    assert main(["check", str(fight)]) == 0
    text = fight.read_text(encoding="utf-8")
    assert 'name = "No Heat Signature"' in text and 'name = "Rivet Gun"' in text


def test_notes_longer_than_the_notes_limit_are_kept_whole_as_a_trait(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # the official modules' creature notes run to 3,500 characters (real data: the
    # Proto-Hive's last 1,400, with its acid and containment rules, were cut away)
    fight = alien_fight(tmp_path)
    code, out, err = run(
        capsys, str(FIXTURES / "alien-creature-long-notes.json"), "--into", str(fight)
    )
    assert code == 0, err
    assert "notes cut to 2,000 characters, kept whole as the trait 'Notes'\n" in out
    assert main(["state", str(fight), "--json"]) == 0
    (crawler,) = (
        f for f in json.loads(capsys.readouterr().out)["combatants"] if f["name"] == "Vent Crawler"
    )
    assert len(crawler["notes"]) == 2000 and crawler["notes"].endswith("…")
    notes = crawler["traits"][-1]
    assert (notes["name"], notes["kind"]) == ("Notes", "rule")
    assert notes["text"].startswith("STAGE II VENTCRAWLER\nThe vent crawler nests")
    assert notes["text"].endswith(
        "CONTAINMENT: Vent the deck to vacuum for one full Turn; the clutch dies with it. "
        "Do not use fire near the scrubbers."
    )


# --- what is refused --------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["vehicles", "spacecraft"])
def test_a_vehicle_or_spacecraft_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, kind: str
) -> None:
    path = tmp_path / f"{kind}.json"
    doc = {
        "name": "Daihotai tractor",
        "type": kind,
        "system": {"attributes": {"hull": {"value": 4}}},
        "items": [],
        "_stats": {"systemId": "alienrpg"},
    }
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, str(NPC), str(path))
    assert code == 1 and out == ""
    assert err.splitlines() == [
        f"tracker: {kind}.json: a {kind!r} actor of alienrpg: the tracker imports character, "
        "synthetic, creature — nothing was imported"
    ]
    assert not (user_data_dir() / "bestiary").exists()


def test_a_module_pack_dumped_to_one_json_array_imports_each_actor(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # public module repositories keep packs as one array of documents (real data: the
    # core rules' 78 actors, spacecraft among them); the ship is skipped, not refused
    code, out, err = run(capsys, str(FIXTURES / "alien-module-dump.json"))
    assert code == 0, err
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert heads[0].startswith("alien-module-dump.json #1: alien-evolved block 'tunnel-hound'")
    assert heads[1].startswith("alien-module-dump.json #3: alien-evolved block 'dock-boss'")
    assert heads[2] == (  # named, as a GM knows it, not only by its place in the pack
        "not imported: Rust Bucket (alien-module-dump.json #2) — a 'spacecraft' actor of "
        "alienrpg, not a combatant"
    )
    assert "side enemy: an NPC: its owners own the creatures too" in out  # the Dock Boss


def test_an_actor_of_another_system_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    doc = json.loads(NPC.read_text(encoding="utf-8"))
    doc["_stats"]["systemId"] = "mothership"
    path = tmp_path / "npc.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _out, err = run(capsys, str(path))
    assert code == 1
    assert err == (
        "tracker: npc.json: a 'mothership' actor: the tracker imports alienrpg and "
        "wrath-and-glory actors (or pass --ruleset) — nothing was imported\n"
    )


def test_the_critical_injuries_a_sheet_carries_come_in_as_rules() -> None:
    # real module NPCs carry active critical-injury items ("#41 Broken legs: cannot
    # move"); only their modifiers came across, the injury itself was dropped
    block = block_of(FIXTURES / "alien-character-injured.json")
    injuries = [t for t in block["traits"] if t["name"].startswith("Critical injury")]
    assert injuries == [
        {
            "name": "Critical injury: #35 Busted kneecap",
            "text": "Can't run, only crawl. Healing time: 9 days",
            "kind": "rule",
        },
        {
            "name": "Critical injury: #61 Ruptured jugular",
            "text": "STAMINA –1. Fatal, time limit One Round. Healing time: 2d6 days",
            "kind": "rule",
        },
    ]  # the healed (inactive) severed ear is not among them
    assert block["stats"]["agility"] == 4 - 2  # both active injuries' modifiers


def test_an_npcs_career_agenda_signature_item_and_gear_are_in_its_notes() -> None:
    # the official modules' NPCs are played by their agenda and gear (real data: 142
    # careers as numbers, 73 agendas, 68 sheets of gear) — all were reported as ignored
    converted = plan([FIXTURES / "alien-npc-profile.json"]).actors[0].converted
    assert converted.block["notes"].startswith(
        "Career: Wildcatter · Agenda: Keep the miners from learning what is in bay 4. · "
        "Signature item: A lucky lighter · "
        "Gear: Nightsight Goggles, Spare Goggles, Hand-cuffs, Whistle · "
    )
    assert converted.ignored == "ignored: Appearance (general.appearance)"


def test_the_rounds_supply_is_the_ammo_the_supply_roll_spends() -> None:
    # consumables.rounds (the Evolved sheet's "Rounds Supply") was reported as ignored
    converted = plan([FIXTURES / "alien-character-rounds.json"]).actors[0].converted
    assert converted.block["supplies"] == {"air": 3, "ammo": 5}
    assert "consumables.rounds" not in converted.ignored
    table = Table(roster=[{**entry_of(FIXTURES / "alien-character-rounds.json"), "id": "deke"}])
    assert table.who("deke").track("ammo") == 5


# --- agendas, specialties, the Tough talent ---------------------------------------------

QUARTERMASTER = FIXTURES / "alien-npc-quartermaster.json"
"""The Dock Boss's sheet (STR 4, AGL 3) with the Tough talent, an agenda item and a
specialty item: Health max 6 on the sheet, (4 + 3) / 2 rounded up + 2."""


def test_an_npcs_agenda_and_specialty_are_kept_as_traits() -> None:
    traits = {t["name"]: t for t in block_of(QUARTERMASTER)["traits"]}
    agenda = traits["Agenda: Keep the Manifest Clean"]
    assert agenda["kind"] == "rule" and "crate 19" in agenda["text"]
    assert traits["Specialty: Logistics"]["kind"] == "talent"
    assert "items" not in plan([QUARTERMASTER]).actors[0].converted.ignored


def test_health_computed_adds_the_tough_talent(tmp_path: Path) -> None:
    doc = json.loads(QUARTERMASTER.read_text(encoding="utf-8"))
    doc["system"]["header"]["health"] = {"value": 0, "max": 0}
    path = tmp_path / "npc.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    converted = plan([path]).actors[0].converted
    assert converted.block["stats"]["health"] == 6 == block_of(QUARTERMASTER)["stats"]["health"]
    assert "Health 6 = (STR 4 + AGL 3) / 2, rounded up + 2 (the Tough talent)" in (
        converted.computed
    )


def test_a_data_model_sheet_shows_the_health_it_computes_not_the_one_stored(
    tmp_path: Path,
) -> None:
    """``alienrpg`` 4 (Foundry 13) computes Health each time the sheet opens and never saves
    it: the export's ``header.health.max`` is 0 or what a 3.x sheet once saved. A character
    whose STR went from 2 to 4 kept the stored 3 (and joined at 3 of 3, not 3 of 4)."""
    doc = json.loads(NPC.read_text(encoding="utf-8"))
    doc["system"]["header"]["health"].update(value=3, max=3, calculatedMax=3)
    path = tmp_path / "npc.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    converted = plan([path]).actors[0].converted
    assert converted.block["stats"]["health"] == 4  # (STR 4 + AGL 3) / 2, rounded up
    assert converted.now == {"health": 3}
    assert (
        "Health 4 = (STR 4 + AGL 3) / 2, rounded up (the sheet computes it; the export's "
        "stored 3 is not shown)"
    ) in converted.computed


def test_a_3x_sheet_keeps_the_health_it_saved(tmp_path: Path) -> None:
    """The 3.x sheets (Foundry 12 and earlier) saved the Health they showed: it is read."""
    block = block_of(FIXTURES / "alien-character.json")  # STR 5, AGL 4, saved Health 5
    assert block["stats"]["health"] == 5


def test_a_data_model_sheet_shows_no_armour_or_air_its_items_do_not_carry(
    tmp_path: Path,
) -> None:
    """``alienrpg`` 4 sums armour, air and power from the active items each time and never
    saves them: with the vest taken off, the sheet shows no armour, though the export still
    held the 1 and the 4 hours of air a 3.x sheet had saved; they came across."""
    doc = json.loads(NPC.read_text(encoding="utf-8"))
    for item in doc["items"]:
        if item["name"] == "Padded Work Vest":
            item["system"]["header"]["active"] = "false"
    doc["system"]["general"]["armor"]["value"] = 1
    doc["system"]["consumables"]["air"]["value"] = 4
    path = tmp_path / "npc.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    converted = plan([path]).actors[0].converted
    assert "armour_rating" not in converted.block["stats"]
    assert "air" not in converted.block.get("supplies", {})
    assert (
        "armour_rating: no active item carries any, so the sheet shows none (the export's "
        "stored 1 is not shown)"
    ) in converted.computed
