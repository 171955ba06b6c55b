"""Listing encounter files without replaying them: what the quick reading of the head and
tail says equals what a full load says (status, whose turn, combatants, last played),
through undo, redo, delays, adds, torn tails and commands cut short; broken files are one
line each; `tracker ls` prints the list (and --json)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.listing_helpers import COMMANDS, INIT, T0, assert_listing_agrees, no_fsync, play
from tests.midfight import MIDFIGHT
from tests.ui_helpers import basic_file
from tracker.cli import main
from tracker.core.dice import Dice
from tracker.core.errors import TrackerError
from tracker.store.block import format_event
from tracker.store.encounter_file import EncounterFile
from tracker.store.listing import EncounterSummary, list_folder, summarise


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.lists(st.sampled_from(COMMANDS), max_size=24), st.integers(0, 99))
def test_the_quick_reading_agrees_with_a_full_load(lines: list[str], seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = basic_file(Path(folder))
        dice = Dice(seed=seed)
        assert_listing_agrees(path)
        with no_fsync(), EncounterFile(path) as encounter:
            for number, line in enumerate(lines):
                try:
                    encounter.execute(line, dice, T0 + timedelta(minutes=number))
                except TrackerError:
                    continue
                assert_listing_agrees(path)


@pytest.mark.parametrize(
    ("lines", "status"),
    [
        ([], "not started"),
        (["start"], "round 1, Ann's turn"),
        (["start", "next", "next"], "round 1, Bo's turn"),
        (["start", "next", "next", "next", "next"], "round 2, Ann's turn"),
        (["start", "next", "undo"], "round 1, Ann's turn"),
        (["start", "next", "undo", "redo"], "round 1, Goblin's turn"),
        (["start", "delay ."], "round 1, Goblin's turn"),
        (["start", "end"], "ended"),
        (["start", "end", "undo"], "round 1, Ann's turn"),
    ],
)
def test_status_reads_as_a_gm_says_it(tmp_path: Path, lines: list[str], status: str) -> None:
    path = basic_file(tmp_path)
    play(path, INIT + lines)
    assert summarise(path).status == status
    assert_listing_agrees(path)


def test_a_combatant_added_mid_fight_is_named_and_counted(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    play(path, [*INIT, "add Troll hp=9", "init troll 30", "start"])
    summary = summarise(path)
    assert (summary.status, summary.combatants) == ("round 1, Troll's turn", 5)
    play(path, ["undo", "undo", "undo"])
    assert summarise(path).combatants == 4


def test_the_first_troll_numbered_when_a_second_joins_is_listed_by_its_new_name(
    tmp_path: Path,
) -> None:
    path = basic_file(tmp_path)
    play(path, [*INIT, "add Troll hp=9", "init troll 30", "start", "add Troll hp=9"])
    assert summarise(path).status == "round 1, Troll (1)'s turn"
    assert_listing_agrees(path)
    play(path, ["undo"])
    assert summarise(path).status == "round 1, Troll's turn"
    assert_listing_agrees(path)


def test_a_torn_last_event_and_a_command_cut_short_are_left_out(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    play(path, [*INIT, "start", "next"])
    before = summarise(path)
    whole = path.read_bytes()
    cut_short = format_event({"seq": 99, "type": "turn.started", "at": T0, "who": "orc"})
    path.write_bytes(whole + cut_short.encode())  # no batch_end: a command cut short
    assert summarise(path).acting == before.acting == "Goblin"
    assert_listing_agrees(path)
    path.write_bytes(whole + cut_short.encode()[:40])  # torn mid-block
    assert summarise(path).acting == "Goblin"
    assert_listing_agrees(path)


def test_a_file_with_crlf_line_ends_is_read_the_careful_way(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    play(path, [*INIT, "start", "next"])
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    assert summarise(path).status == "round 1, Goblin's turn"
    assert_listing_agrees(path)


def test_a_broken_file_is_one_line_and_the_others_are_listed(tmp_path: Path) -> None:
    good = basic_file(tmp_path, "good.toml")
    play(good, [*INIT, "start"])
    broken = tmp_path / "broken.toml"
    broken.write_text('format = 2\n[encounter]\ntitle = "Oops\n', encoding="utf-8")
    listed = list_folder(tmp_path)
    assert [s.path.name for s in listed if not s.problem] == ["good.toml"]
    (bad,) = [s for s in listed if s.problem]
    assert bad.problem.startswith(f"{broken}:3:")
    assert "\n" not in bad.problem


def test_newest_first_and_unchanged_files_come_from_the_cache(tmp_path: Path) -> None:
    old, new = basic_file(tmp_path, "old.toml"), basic_file(tmp_path, "new.toml")
    play(old, [*INIT, "start"])
    play(new, [*INIT, "start"])
    os.utime(old, (1_000_000, 1_000_000))
    assert [s.path.name for s in list_folder(tmp_path)] == ["new.toml", "old.toml"]
    play(old, ["next"])
    listed = list_folder(tmp_path)
    assert [s.acting for s in listed if s.path.name == "old.toml"] == ["Goblin"]
    assert listed == list_folder(tmp_path, cache=False)


def test_a_cached_summary_is_not_trusted_once_the_file_changes(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    assert list_folder(tmp_path)[0].status == "not started"
    play(path, [*INIT, "start"])
    assert list_folder(tmp_path)[0].status == "round 1, Ann's turn"


# --- tracker ls --------------------------------------------------------------------------


def listed_folder(tmp_path: Path) -> Path:
    """A folder with a fight in round 1, one not started and one broken file."""
    folder = tmp_path / "encounters"
    folder.mkdir()
    play(basic_file(folder, "ambush.toml"), [*INIT, "start", "next"])
    shutil.copyfile(
        Path(__file__).parent.parent / "encounters" / "nerv-sachiel.toml", folder / "s.toml"
    )
    (folder / "broken.toml").write_bytes(b"format = 2\n[encounter\n")
    return folder


def test_ls_prints_one_line_per_file_and_one_for_the_broken_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = listed_folder(tmp_path)
    assert main(["ls", str(folder)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    (ambush,) = [line for line in lines if "ambush.toml" in line]
    assert "Goblin ambush" in ambush and "round 1, Goblin's turn" in ambush
    assert "4 combatants" in ambush and "basic" in ambush
    (broken,) = [line for line in lines if "broken.toml" in line]
    assert broken.startswith(f"cannot be read: {folder / 'broken.toml'}:2:")


def test_ls_json_is_a_list_of_objects(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = listed_folder(tmp_path)
    assert main(["ls", str(folder), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    by_name = {Path(item["path"]).name: item for item in listed}
    assert by_name["s.toml"]["status"] == "not started"
    assert by_name["s.toml"]["title"] == "Sachiel over Tokyo-3"
    assert by_name["ambush.toml"]["turn"] == "Goblin"
    assert by_name["ambush.toml"]["round"] == 1
    assert by_name["broken.toml"]["problem"]


def test_ls_without_a_folder_lists_the_settings_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = listed_folder(tmp_path)
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "tracker"
    config.mkdir(parents=True)
    (config / "settings.toml").write_text(f'encounters = "{folder}"\n', encoding="utf-8")
    assert main(["ls"]) == 0
    assert "ambush.toml" in capsys.readouterr().out


def test_ls_on_a_missing_folder_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ls", str(tmp_path / "nope")]) == 1
    assert "does not exist" in capsys.readouterr().err


def test_the_summary_of_a_user_title_is_data(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    path.write_text(path.read_text().replace("Goblin ambush", "[bold]x[/] <b>"))
    summary = summarise(path)
    assert summary.title == "[bold]x[/] <b>"
    assert isinstance(summary, EncounterSummary)


def test_a_title_a_load_refuses_is_listed_as_a_problem(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    path.write_text(path.read_text().replace("Goblin ambush", "x \\u001b[31m"))
    summary = summarise(path)
    assert summary.problem.startswith(f"{path}:4:1: encounter.title contains ESC")
    assert summary.title == "" and summary.status == "cannot be read"


@pytest.mark.parametrize("sample", sorted(MIDFIGHT))
def test_every_sample_mid_fight_lists_as_a_full_load_says(tmp_path: Path, sample: str) -> None:
    path = tmp_path / sample
    shutil.copyfile(Path(__file__).parent.parent / "encounters" / sample, path)
    assert_listing_agrees(path)
    dice = Dice(seed=11)
    with no_fsync(), EncounterFile(path) as encounter:
        for line in (*MIDFIGHT[sample], "undo", "next", "prev", "end", "undo"):
            try:
                encounter.execute(line, dice)
            except TrackerError:
                continue
            assert_listing_agrees(path)


def test_ls_names_a_campaign_file_as_a_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a campaign file beside the encounters is not "cannot be read" (issue 15)
    folder = listed_folder(tmp_path)
    campaign = folder / "tokyo.toml"
    assert (
        main(["campaign", "new", str(campaign), "--ruleset", "nerv-d100", "--title", "Tokyo-3"])
        == 0
    )
    capsys.readouterr()
    assert main(["ls", str(folder)]) == 0
    (line,) = [line for line in capsys.readouterr().out.splitlines() if "tokyo.toml" in line]
    assert "Tokyo-3" in line and "campaign" in line and "cannot be read" not in line
    assert main(["ls", str(folder), "--json"]) == 0
    listed = {Path(item["path"]).name: item for item in json.loads(capsys.readouterr().out)}
    assert listed["tokyo.toml"]["kind"] == "campaign"
    assert listed["ambush.toml"]["kind"] == "encounter"
