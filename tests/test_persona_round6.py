"""persona-d100, rules as written round six: one action against several enemies, and what
the log says of Soak.

Rules from ../shared/seeds/004_8c1967da84c8c8ef.txt ("seed 004"), cited by line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.d100_helpers import Table
from tests.persona_helpers import RULES, party, shadow, user
from tracker.cli import main

SAMPLE = Path(__file__).resolve().parents[1] / "encounters" / "persona-d100-shadows.toml"


def started() -> Table:
    """The party (Yu, Yosuke, Chie) against Pixie and Blob (both Weak to fire); Yu acts
    first."""
    table = party()
    table.do("start", [9, 5, 3, 2, 1])
    assert table.state.current == "yu"
    return table


def test_one_command_against_two_weak_enemies_earns_one_one_more() -> None:
    # seed 004 l.120, One More: "No matter how many enemies you Stagger with a single
    # action, you only gain a single One More action." Yu's Agi on Pixie and Blob, typed as
    # one command, Staggers both and earns one One More.
    table = started()
    lines = table.do("dmg pixie,blob 5 element=fire", [3, 4])
    assert "Pixie is Staggered (Weak)" in lines
    assert "Blob is Staggered (Weak)" in lines
    assert table.track("yu", "one more") == 1
    assert (
        "Fire vs Weak: Staggered, no second One More from the same action, ailment resist "
        "-20 — Blob @body: 5 + Special 4 = 9 vs Soak 3 (TB 3): 6 wounds"
    ) in lines


def test_two_commands_are_still_two_actions() -> None:
    # seed 004 l.123: "It is possible to use a One More to Stagger another enemy, which will
    # grant you another One More action" — two attack commands, undeclared, are two
    # actions (docs/rulesets/persona-d100.md, "One More").
    table = started()
    table.do("dmg pixie 5 element=fire", [3])
    table.do("dmg blob 5 element=fire", [3])
    assert table.track("yu", "one more") == 2


def test_a_resisting_target_s_soak_names_its_toughness_bonus_and_the_doubling() -> None:
    # seed 004 l.107, Resist: "The target doubles TB against the attack." Pixie (Toughness
    # 30: TB 3) resists ice: the line says TB 3 doubled (6), not "TB 6 doubled", which a GM
    # reads as 12.
    table = started()
    lines = table.do("dmg pixie 10 element=ice")
    assert "Ice vs Resist: ailment resist +20 — Pixie @body: 10 vs Soak 6 (TB 3 ×2): 4 wounds" in (
        lines
    )
    assert table.track("pixie", "wounds") == 16


def test_armour_and_penetration_are_said_beside_the_doubled_bonus() -> None:
    # seed 001/004 Step Six: "Soak Value, which is their TB, plus AP, with the latter reduced
    # by the Penetration of your attack" — with Resist's doubled TB beside it.
    table = Table(
        RULES,
        user("yu"),
        shadow("beetle", stats={"t": 50}, armour={"all": 3}, affinities={"melee": "resist"}),
    )
    table.do("start", [9, 1])
    lines = table.do("dmg beetle 20 element=melee pen=1")
    assert "vs Soak 12 (TB 5 ×2 + AP 3 − Pen 1): 8 wounds" in lines[-2]


def _tried(sample: Path) -> list[tuple[list[str], str]]:
    """The sample's ``# Try:`` lines: each command's words after FILE, and its note."""
    found = []
    for line in sample.read_text(encoding="utf-8").splitlines():
        match = re.match(r"#(?: Try:)?\s+tracker do FILE (.+?)(?:\s{2,}\((.*)\))?$", line)
        if match:
            found.append((match.group(1).split(), match.group(2) or ""))
    return found


@pytest.mark.parametrize("seed", ["1", "2", "3"])
def test_the_sample_s_header_plays_as_it_says(
    seed: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # docs/rulesets/persona-d100.md names the sample; its header lists commands to try,
    # each with what it shows. Yukiko and Chie's Social Link is 3 (both rosters), so the
    # Baton Pass adds 3; the All-Out Attack needs every enemy Staggered (seed 004 l.168), so
    # the header Staggers the Beetle and the Harpy before it.
    path = tmp_path / "castle.toml"
    path.write_bytes(SAMPLE.read_bytes())
    tried = _tried(SAMPLE)
    assert [words[0] for words, _ in tried][-1] == "allout"
    for words, note in tried:
        assert main(["do", "--seed", seed, str(path), *words]) == 0, words
        out = capsys.readouterr().out
        if note.startswith("S-Link"):
            assert f"({note})" in out
        if note in ("Resist", "Repel!"):
            assert f"vs {note.rstrip('!')}" in out
        if note.startswith("Weak"):
            assert "vs Weak: Staggered" in out
    assert "All-Out Attack! Yu, Yosuke, Chie, Yukiko" in out


def test_degrees_of_success_replace_a_die_on_one_target_only() -> None:
    # seed 004, Attacking, Step Five: "If your attack was one that generated multiple hits,
    # only one of these attacks may have their damage die result replaced with DoS." Yu's
    # Frei at Pixie and Blob (Normal to nuclear): the 7 DoS replace Pixie's 2, not Blob's 3.
    table = started()
    lines = table.do("dmg pixie,blob 1d10+2 element=nuclear dos=7", [2, 3])
    assert "DoS replace a damage die on one hit of an attack only (the first target's)" in lines
    assert table.track("pixie", "wounds") == 20 - (7 + 2 - 3)
    assert table.track("blob", "wounds") == 20 - (3 + 2 - 3)


def test_a_delayed_turn_keeps_its_one_attack_action() -> None:
    # seed 004, Action List: "A Character may only perform one … Attack Subtype Action per
    # turn"; Structured Time: one Turn per Round. Yu attacks, delays, then acts: the same
    # turn goes on — no second attack, no fresh Half Actions.
    table = started()
    table.do("act yu standard attack")
    table.do("delay yu")
    assert "Yu goes on with the turn begun this round (one turn a round)" in table.do("act yu")
    assert table.track("yu", "half") == 1
    assert "Attack action this turn already" in table.refused("act yu called shot")


def test_the_status_pane_does_not_show_spent_actions_before_the_first_turn() -> None:
    # seed 004, Actions: "A character may perform either one Full Action or two Half
    # Actions a turn" — before Yosuke's first turn nothing is spent: his status pane says
    # the two Half Actions come with it (as nerv-d100's says its two Actions), not "0/2".
    table = started()
    assert "Half Actions 2 from the first turn · Reaction ready" in RULES.status_lines(
        table.who("yosuke"), table.state
    )
    table.do("next")
    assert "Half Actions 2/2 · Reaction ready" in RULES.status_lines(
        table.who("yosuke"), table.state
    )
