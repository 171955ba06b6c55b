"""A hidden combatant's turn hides them, not the fight: what happens in it to those the
players see (a PC hurt, a note the GM types for the table, the fight's end) reaches the
players' log, page and recap, under no heading naming whose turn it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import run
from tracker.export.player_log import player_log
from tracker.store.encounter_file import load


def _ambush(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Ann (a PC) and a hidden Spy, who acts second: in the Spy's turn Ann is hurt, the
    GM tells the table the bridge collapses, and the fight ends."""
    path = tmp_path / "ambush.toml"
    lines = [
        ("new", str(path), "--ruleset", "basic"),
        ("do", str(path), "add", "Ann", "side=pc", "hp=10"),
        ("do", str(path), "add", "Spy", "hp=5"),
        ("do", str(path), "hide", "spy"),
        ("do", str(path), "init", "ann", "20"),
        ("do", str(path), "init", "spy", "10"),
        ("do", str(path), "start"),
        ("do", str(path), "next"),
        ("do", str(path), "dmg", "ann", "3"),
        ("do", str(path), "note", "The bridge collapses"),
        ("do", str(path), "end"),
    ]
    for line in lines:
        assert run(capsys, *line)[0] == 0, line
    return path


def test_the_players_page_reads_what_befell_a_pc_in_a_hidden_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loaded = load(_ambush(tmp_path, capsys))
    fight = loaded.encounter
    seen = [line.text for line in player_log(fight.initial, fight.events, loaded.rules)]
    assert "Ann: HP 10 → 7" in seen, seen
    assert "Note: The bridge collapses" in seen or "The bridge collapses" in seen, seen
    assert "The fight ends after 1 round" in seen, seen
    assert not any("Spy" in text for text in seen), seen


def test_the_players_recap_says_it_between_turns_and_counts_the_damage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _ambush(tmp_path, capsys)
    status, out, _ = run(capsys, "log", str(path), "-f", "md")
    assert status == 0
    after = out.split("## Round 1", 1)[1]
    assert "### Between turns\n\n- Ann: HP 10 → 7" in after, after
    assert "The fight ends after 1 round" in after and "The bridge collapses" in after
    assert "Spy" not in out, out
    ann = next(row for row in out.splitlines() if row.startswith("| Ann "))
    assert [cell.strip() for cell in ann.split("|")][4] == "3", ann  # Taken


def test_the_gms_copy_still_marks_the_hidden_turn_and_not_the_players_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _ambush(tmp_path, capsys)
    status, out, _ = run(capsys, "log", str(path), "-f", "md", "--gm")
    assert status == 0
    assert "### Spy's turn *(GM only)*\n\n- Ann: HP 10 → 7\n" in out, out


def test_the_page_puts_those_lines_under_between_turns_not_the_last_turn_seen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the page's log showed "Ann: HP 10 → 7" under "Ann's turn", as if Ann had hurt herself
    loaded = load(_ambush(tmp_path, capsys))
    fight = loaded.encounter
    seen = [
        (line.kind, line.text) for line in player_log(fight.initial, fight.events, loaded.rules)
    ]
    at = seen.index(("line", "Ann: HP 10 → 7"))
    assert seen[at - 1] == ("turn", "Between turns"), seen
    assert [kind for kind, text in seen].count("turn") == 2  # Ann's turn, then that one
