"""nerv-d100 at the table: Carol's example through the CLI, the sample encounter, the views."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_helpers import run
from tests.nerv_helpers import RULES, Table, angel, pilot
from tracker.rules.base import RosterError
from tracker.store.encounter_file import load

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "encounters" / "nerv-sachiel.toml"


def test_carols_example_end_to_end_through_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 000, "Wounds and Injury", EXAMPLE: Carol is on 0 wounds and takes 1 wound to the
    # leg: 1 injury, Foot Pain. Another wound, to the body: 2 injuries, read on the body
    # chart at 2 (Crucial Strike) "even though this is her first injury on the body".
    path = tmp_path / "carol.toml"
    f = str(path)
    assert run(capsys, "new", f, "--ruleset", "nerv-d100")[0] == 0
    run(capsys, "do", f, "add", "Carol", "side=pc", "physique=30", "grace=35", "fate=1")
    run(capsys, "do", f, "add", "Sachiel", "kind=angel", "physique=40", "grace=20")
    run(capsys, "do", f, "start")
    run(capsys, "do", f, "wound", "carol", "3")
    _, out, _ = run(capsys, "do", f, "wound", "carol", "1", "@left-leg")
    assert "Carol: injury 1 to the left leg — Foot Pain: every Basic Move costs 1 Stress" in out
    _, out, _ = run(capsys, "do", f, "wound", "carol", "1", "@body")
    assert "Carol: injury 2 to the body — Crucial Strike" in out
    status, out, _ = run(capsys, "state", f, "--json")
    carol = next(c for c in json.loads(out)["combatants"] if c["id"] == "carol")
    assert [(i["location"], i["score"], i["name"]) for i in carol["injuries"]] == [
        ("left leg", 1, "Foot Pain"),
        ("body", 2, "Crucial Strike"),
    ]
    assert carol["summary"] == "W 0/3 I2"
    assert carol["tracks"]["stress"]["value"] == 2
    _, out, _ = run(capsys, "log", f)
    assert "Foot Pain" in out and "Crucial Strike" in out


def test_bad_input_is_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "fight.toml"
    path.write_bytes(SAMPLE.read_bytes())
    run(capsys, "do", str(path), "start")
    before = path.read_bytes()
    status, out, err = run(capsys, "do", str(path), "dmg", "sachiel", "12", "@tail")
    assert status == 1 and out == ""
    assert err == (
        "tracker: no location 'tail' — head, body, left arm, right arm, left leg, right leg, core\n"
    )
    for line in (
        "ail rei Sleepy",
        "act rei dance",
        "decay rei luck 2",
        "spend rei fate",
        "frobnicate rei",
    ):
        status, _, err = run(capsys, "do", str(path), *line.split())
        assert status == 1 and err.count("\n") == 1
    assert path.read_bytes() == before


def test_the_sample_encounter_loads_and_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "sachiel.toml"
    path.write_bytes(SAMPLE.read_bytes())
    loaded = load(path)
    kinds = {c.id: c.kind for c in loaded.encounter.state.combatants.values()}
    assert kinds == {
        "unit-01": "construct",
        "unit-02": "construct",
        "rei": "character",
        "sachiel": "angel",
    }
    assert "core" in RULES.location_names(loaded.encounter.state.combatants["sachiel"])
    assert run(capsys, "do", str(path), "start")[0] == 0
    _, out, _ = run(capsys, "do", str(path), "dmg", "sachiel", "12", "@core", "exploit")
    assert out.startswith(
        "Sachiel @core: 12 vs Defense 8 (PB 6 + 2 AP): 1 wound +1 core +1 exploit = 3 wounds"
    )
    for line in ("act . standard attack", "ail unit-01 Burning", "next", "next", "next", "next"):
        assert run(capsys, "do", str(path), *line.split())[0] == 0
    assert run(capsys, "check", str(path))[0] == 0


def test_roster_mistakes_name_what_is_allowed() -> None:
    with pytest.raises(RosterError, match="no stat 'luck' for Carol"):
        RULES.prepare(pilot("carol", stats={"luck": 40}))
    with pytest.raises(RosterError, match="armour: no location 'tail'"):
        RULES.prepare(pilot("carol", armour={"tail": 2}))
    with pytest.raises(
        RosterError, match="kind 'robot' of Carol must be character, construct or angel"
    ):
        RULES.prepare(pilot("carol", kind="robot"))


def test_roster_defaults_and_overrides() -> None:
    # issue 3: bonuses = tens digit unless the roster overrides; max wounds = Physique Bonus
    # unless overridden; armour per location ("all" spreads it). Seed 000 l.199: "a number
    # of Wounds equal to your TB"; l.206: Injuries up to the Physique Bonus.
    carol = RULES.prepare(pilot("carol", stats={"physique": 47}, armour={"all": 1, "head": 3}))
    assert (carol.track("wounds"), carol.limits["wounds"]) == (4, 4)
    assert carol.armour == {
        "head": 3,
        "body": 1,
        "left arm": 1,
        "right arm": 1,
        "left leg": 1,
        "right leg": 1,
    }
    unit = RULES.prepare(pilot("unit", kind="construct", wounds=9, bonuses={"physique": 8}))
    assert unit.limits["wounds"] == 9
    assert [v.limit for v in RULES.track_views(unit) if v.label == "Injuries"] == [8]


def test_views_body_chart_and_player_words() -> None:
    # seed 000 l.204: at 0 wounds a wound is an Injury read from the chart of the location
    # hit; l.219: the Arm chart's 1 is "Hand Pain". Angels have a Core (seeds/INDEX.md).
    table = Table(pilot("carol"), angel())
    table.do("start")
    table.do("wound carol 4 @left-arm")
    body = {v.key: v for v in RULES.body(table.who("carol"))}
    assert list(body) == ["head", "body", "left arm", "right arm", "left leg", "right leg"]
    assert body["left arm"].injuries == ("1 Hand Pain",)
    assert body["left arm"].severity == "hurt" and body["head"].severity == "ok"
    assert [v.key for v in RULES.body(table.who("sachiel"))][-1] == "core"
    assert RULES.summary(table.who("carol")) == "W 0/3 I1"
    assert RULES.player_summary(table.who("carol")) == "injured"
    table.do("ail sachiel Burning")
    assert RULES.player_summary(table.who("sachiel")) == "unhurt, burning"
    words = RULES.player_summary(table.who("carol"))
    assert not any(ch.isdigit() for ch in words)


def test_catalogue_gives_each_ailment_its_category() -> None:
    # seed 000: Physical {Burning, Dizzy, Shocked, Frozen, Stunned}, Mental {Dominated,
    # Confused, Hallucinating, Hypnotised, Enraged}.
    by_category: dict[str, list[str]] = {}
    for spec in RULES.catalogue():
        by_category.setdefault(spec.category, []).append(spec.name)
    assert by_category["Physical"] == ["Burning", "Dizzy", "Shocked", "Frozen", "Stunned"]
    assert by_category["Mental"] == [
        "Dominated",
        "Confused",
        "Hallucinating",
        "Hypnotised",
        "Enraged",
    ]
    assert {"Blood Loss", "Blinded", "Helpless", "Grappled", "Prone", "Suffocating"} <= set(
        by_category["Condition"]
    )


def test_reminder_actions_resolve_the_reminder() -> None:
    # seed 000 l.270: "at the start of each of their turns, the character suffering from the
    # ailment can make a free 'shake-off' test"; a failed one leaves the ailment on.
    table = Table(pilot("carol"), angel())
    table.do("start")
    table.do("ail sachiel Frozen")
    table.do("next")
    reminder = table.state.reminders_for("sachiel")[0]
    actions = dict(RULES.reminder_actions(reminder))
    assert actions["pass"] == "shake sachiel pass frozen"
    table.do(actions["fail"])
    assert table.state.reminders_for("sachiel") == ()
    assert table.who("sachiel").condition("Frozen") is not None
