"""Every ``--json`` output has a JSON Schema in docs/schemas/ (issue 32), and what the
commands print holds to it: ``state``, ``log -f json``, ``ls``, ``bestiary`` and
``campaign show``, over every bundled sample played a little, a campaign after a fight
written back, and states hypothesis plays at random. The schemas are strict: a key
renamed anywhere a shape is closed fails them."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from tests.campaign_helpers import NERV_SAMPLE, ok
from tracker.core.dice import Dice
from tracker.core.errors import RuleError
from tracker.export.state_json import state_document
from tracker.paths import sample_encounters
from tracker.store.encounter_file import EncounterFile, load

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "docs" / "schemas"
NAMES = ("state", "log", "ls", "bestiary", "campaign", "paths")


def schema(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCHEMAS / f"{name}.schema.json").read_text("utf-8"))
    return data


def check(name: str, document: object) -> None:
    errors = [e.message for e in Draft202012Validator(schema(name)).iter_errors(document)]
    assert errors == [], (name, errors[:3])


def printed(capsys: pytest.CaptureFixture[str], *args: object) -> Any:
    return json.loads(ok(capsys, *args))


def played(sample: Path, folder: Path) -> Path:
    """A copy of ``sample`` a few commands in (those its ruleset refuses left out)."""
    path = folder / sample.name
    shutil.copyfile(sample, path)
    state = load(path).encounter.state
    enemy = next((c.id for c in state.combatants.values() if c.side == "enemy"), ".")
    lines = ["start", f"dmg {enemy} 4", "note first blood", "next", "delay .", "undo", "redo"]
    with EncounterFile(path) as play:
        for line in [*lines, f"notes {enemy} watch it", "gm-note secret", "next", "end"]:
            try:
                play.execute(line, Dice(seed=3))
            except RuleError:
                pass
    return path


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    assert sorted(p.name for p in SCHEMAS.iterdir()) == sorted(f"{n}.schema.json" for n in NAMES)
    for name in NAMES:
        Draft202012Validator.check_schema(schema(name))


@pytest.mark.parametrize("sample", sample_encounters(), ids=lambda p: p.stem)
def test_state_and_log_of_every_sample_hold_to_their_schemas(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, sample: Path
) -> None:
    check("state", printed(capsys, "state", sample, "--json"))
    check("log", printed(capsys, "log", sample, "-f", "json"))
    path = played(sample, tmp_path)
    state = printed(capsys, "state", path, "--json")
    check("state", state)
    assert state["seq"] > 0 and state["phase"] in ("running", "ended")
    for extra in ([], ["--gm", "--with-undone"]):
        log = printed(capsys, "log", path, "-f", "json", *extra)
        check("log", log)
        assert log["events"]


def test_ls_bestiary_and_a_campaign_hold_to_their_schemas(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "tokyo.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100", "--title", "Tokyo-3")
    ok(capsys, "campaign", "add-pc", path, "Asuka", "physique=45", "will=40", "fate=2")
    ok(capsys, "campaign", "add-pc", path, "--from", NERV_SAMPLE, "rei")
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", path, fight, "--title", "Sachiel")
    for line in ("add Sachiel physique=60", "start", "wound asuka 5 @left_leg", "fracture asuka"):
        ok(capsys, "do", fight, *line.split())
    check("state", printed(capsys, "state", fight, "--json"))
    ok(capsys, "do", fight, "end")
    ok(capsys, "campaign", "writeback", path, fight, "--yes")
    shown = printed(capsys, "campaign", "show", path, "--json")
    check("campaign", shown)
    asuka = shown["party"][0]["lasting"]
    assert asuka["injuries"] and asuka["conditions"]  # the optional parts are checked too
    played(sample_encounters()[0], tmp_path)
    (tmp_path / "torn.toml").write_text("format = 2\n[encounter\n", encoding="utf-8")
    listing = printed(capsys, "ls", tmp_path, "--json")
    check("ls", listing)
    assert {row["kind"] for row in listing} == {"encounter", "campaign"}
    assert any(row.get("problem") for row in listing)
    blocks = printed(capsys, "bestiary", "--json")
    check("bestiary", blocks)
    assert {row["ruleset"] for row in blocks} >= {"basic", "nerv-d100", "wrath-glory"}


COMMANDS = st.sampled_from(
    [
        "start",
        "next",
        "prev",
        "undo",
        "redo",
        "delay .",
        "dmg bandit-1 3",
        "dmg . 2",
        "heal mara 2",
        "ail bandit-2 prone",
        "cure bandit-2 prone",
        "add 2 bandit",
        "down archer",
        "note hold the ford",
        "end",
    ]
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(COMMANDS, max_size=12), seed=st.integers(0, 2**16))
def test_any_state_a_fight_reaches_holds_to_the_schema(lines: list[str], seed: int) -> None:
    loaded = load(ROOT / "encounters" / "basic-bandits-at-the-ford.toml")
    encounter = loaded.encounter
    for line in lines:
        try:
            encounter.run(line, Dice(seed=seed))
        except RuleError:
            pass
    check("state", json.loads(json.dumps(state_document(encounter.state, loaded.rules))))


def closed_objects(
    document: object, node: dict[str, Any], root: dict[str, Any]
) -> Iterator[dict[str, Any]]:
    """Every object in ``document`` whose schema (``node``) is closed."""
    while "$ref" in node:
        node = root["$defs"][node["$ref"].removeprefix("#/$defs/")]
    if "oneOf" in node and isinstance(document, dict):
        kind = document.get("kind")
        node = next(n for n in node["oneOf"] if closed_kind(n, root) == kind)
        yield from closed_objects(document, node, root)
    elif isinstance(document, dict):
        if node.get("additionalProperties") is False:
            yield document
        for key, value in document.items():
            child = node.get("properties", {}).get(key) or node.get("additionalProperties")
            if isinstance(child, dict):
                yield from closed_objects(value, child, root)
    elif isinstance(document, list) and isinstance(node.get("items"), dict):
        for item in document:
            yield from closed_objects(item, node["items"], root)


def closed_kind(node: dict[str, Any], root: dict[str, Any]) -> object:
    target = root["$defs"][node["$ref"].removeprefix("#/$defs/")]
    return target["properties"]["kind"]["const"]


def test_a_renamed_key_anywhere_fails_the_schema(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = played(ROOT / "encounters" / "nerv-sachiel.toml", tmp_path)
    documents = {
        "state": printed(capsys, "state", fight, "--json"),
        "log": printed(capsys, "log", fight, "-f", "json"),
        "ls": printed(capsys, "ls", tmp_path, "--json"),
        "bestiary": printed(capsys, "bestiary", "--json", "--ruleset", "basic"),
    }
    renamed = 0
    for name, document in documents.items():
        root = schema(name)
        for table in closed_objects(document, root, root):
            for key in list(table):
                table[key + "s"] = table.pop(key)
                errors = list(Draft202012Validator(root).iter_errors(document))
                assert errors, (name, key)
                table[key] = table.pop(key + "s")
                renamed += 1
        check(name, document)
    assert renamed > 60


HOSTILE = ("[red]x[/red]", "<script>&amp;", "{b} ;x| $HOME", "Ünïcødé 名前 🐉")
FOUNDRY = ROOT / "tests" / "fixtures" / "foundry"


def test_hostile_names_hold_to_every_schema(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = tmp_path / "hostile.toml"
    ok(capsys, "new", fight, "--ruleset", "basic", "--title", HOSTILE[1])
    for name in HOSTILE:
        ok(capsys, "do", fight, "add", name, "hp=5")
    for line in ("start", "dmg red 2", f"note {HOSTILE[2]}", f"gm-note {HOSTILE[1]}", "next"):
        ok(capsys, "do", fight, *line.split(" ", 1 if "note" in line else -1))
    state = printed(capsys, "state", fight, "--json")
    check("state", state)
    assert [c["name"] for c in state["combatants"]] == list(HOSTILE)
    check("log", printed(capsys, "log", fight, "-f", "json", "--gm", "--with-undone"))
    camp = tmp_path / "camp.toml"
    ok(capsys, "campaign", "new", camp, "--ruleset", "basic", "--title", HOSTILE[0])
    ok(capsys, "campaign", "add-pc", camp, HOSTILE[3], "hp=8")
    check("campaign", printed(capsys, "campaign", "show", camp, "--json"))
    check("ls", printed(capsys, "ls", tmp_path, "--json"))


@pytest.mark.parametrize(
    ("ruleset", "actors"),
    [
        ("wrath-glory", ["wrath-agent.json", "wrath-threat.json"]),
        ("alien-evolved", ["alien-character.json", "alien-creature.json"]),
    ],
)
def test_an_imported_foundry_fight_holds_to_the_schemas(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, ruleset: str, actors: list[str]
) -> None:
    fight = tmp_path / "imported.toml"
    ok(capsys, "new", fight, "--ruleset", ruleset)
    ok(capsys, "import", "--into", fight, *(FOUNDRY / actor for actor in actors))
    ok(capsys, "do", fight, "--seed", "1", "start")
    ok(capsys, "do", fight, "next")
    state = printed(capsys, "state", fight, "--json")
    check("state", state)
    assert any(c["traits"] for c in state["combatants"])
    check("log", printed(capsys, "log", fight, "-f", "json", "--gm"))
