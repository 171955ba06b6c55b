"""The two-file commands stopped inside a write, fsync, rename or truncate by Ctrl+C
(``KeyboardInterrupt``) or ``sys.exit`` (``SystemExit``) raised in the same process — what
the kill tests (test_two_file_commands) cannot see: the ``finally`` blocks and locks of a
process that goes on. ``campaign fight``, ``campaign writeback``, ``save-template`` and
``import --into`` each leave both files as before or a state the next command repairs,
no temporary file behind, no lock held, and the next command (in the same process) works.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.crash_points import count_points, snapshot, stopped_at
from tests.test_two_file_commands import (
    check_next_fight_and_writebacks,
    importing,
    joined,
    saved_block,
    table_files,
    wrath_in,
)
from tests.two_file_helpers import SAVE, campaign_in, encounter_in, quiet
from tracker.store.campaign_file import load_campaign
from tracker.store.holder import runtime_folder

STOPS = [KeyboardInterrupt, SystemExit]


def stopped(status: int | None, stop: type[BaseException]) -> None:
    """Ctrl+C is exit status 130 (or 0, said, once saved); sys.exit comes out as it is."""
    assert status == (None if stop is SystemExit else status), status
    assert stop is SystemExit or status in (0, 130), status


def no_stray_files(folder: Path, before: dict[str, bytes], after: set[str]) -> None:
    """Every file in ``folder`` was there before or is one the command makes (no temp
    file, no side file), and none of the lock notes' temp files is left."""
    assert set(snapshot(folder)) <= set(before) | after, sorted(snapshot(folder))
    notes = runtime_folder(make=False)
    assert notes is None or not list(notes.glob(".*.tmp")), sorted(notes.iterdir())


@pytest.mark.parametrize("stop", STOPS, ids=["ctrl-c", "exit"])
def test_campaign_fight_stopped_at_any_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], stop: type[BaseException]
) -> None:
    camp = campaign_in(tmp_path / "count", capsys)
    total = count_points(["campaign", "fight", camp, camp.parent / "f1.toml"])
    for at in range(1, total + 1):
        camp = campaign_in(tmp_path / f"stop-{at}", capsys)
        f1 = camp.parent / "f1.toml"
        before = snapshot(camp.parent)
        stopped(stopped_at(at, ["campaign", "fight", camp, f1], stop), stop)
        capsys.readouterr()
        no_stray_files(camp.parent, before, {"f1.toml"})
        fights = load_campaign(camp).campaign.state.fights
        assert f1.exists() <= (len(fights) == 1), at  # never a fight the campaign lacks
        check_next_fight_and_writebacks(camp, capsys)


@pytest.mark.parametrize("stop", STOPS, ids=["ctrl-c", "exit"])
def test_campaign_writeback_stopped_at_any_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], stop: type[BaseException]
) -> None:
    def fought(folder: Path) -> tuple[Path, Path]:
        camp = campaign_in(folder, capsys)
        f1 = camp.parent / "f1.toml"
        quiet(capsys, "campaign", "fight", camp, f1)
        for command in (["add", "sachiel"], ["start"], ["dmg", "asuka", "6"], ["end"]):
            quiet(capsys, "do", f1, *command)
        return camp, f1

    camp, f1 = fought(tmp_path / "count")
    total = count_points(["campaign", "writeback", camp, f1, "--yes"])
    assert total >= 2
    for at in range(1, total + 1):
        camp, f1 = fought(tmp_path / f"stop-{at}")
        before = snapshot(camp.parent)
        stopped(stopped_at(at, ["campaign", "writeback", camp, f1, "--yes"], stop), stop)
        capsys.readouterr()
        no_stray_files(camp.parent, before, set())
        assert snapshot(camp.parent)["f1.toml"] == before["f1.toml"], at
        [fight] = load_campaign(camp).campaign.state.fights
        if not fight.written:  # as before: the write-back is made again, whole
            quiet(capsys, "campaign", "writeback", camp, f1, "--yes")
        assert load_campaign(camp).campaign.state.fights[0].written, at
        quiet(capsys, "campaign", "rest", camp, "short")


@pytest.mark.parametrize("stop", STOPS, ids=["ctrl-c", "exit"])
def test_save_template_stopped_at_any_write(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stop: type[BaseException],
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-count"))
    total = count_points(["do", encounter_in(tmp_path / "count"), *SAVE])
    for at in range(1, total + 1):
        data = tmp_path / f"data-{at}"
        monkeypatch.setenv("XDG_DATA_HOME", str(data))
        path = encounter_in(tmp_path / f"stop-{at}")
        before = snapshot(path.parent)
        stopped(stopped_at(at, ["do", path, *SAVE], stop), stop)
        capsys.readouterr()
        no_stray_files(path.parent, before, set())
        assert [p.name for p in data.rglob("*") if p.is_file()] in ([], ["basic.toml"]), at
        journal, bestiary = saved_block(path)
        assert journal or not bestiary, at  # never the block without the command
        quiet(capsys, "do", path, "note", "after the stop")  # opening finishes the save
        assert saved_block(path)[0] == saved_block(path)[1], at


@pytest.mark.parametrize("stop", STOPS, ids=["ctrl-c", "exit"])
def test_import_into_stopped_at_any_write(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stop: type[BaseException],
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-count"))
    total = count_points(importing(wrath_in(tmp_path / "count")))
    for at in range(1, total + 1):
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / f"data-{at}"))
        path = wrath_in(tmp_path / f"stop-{at}")
        before = snapshot(path.parent)
        stopped(stopped_at(at, importing(path), stop), stop)
        capsys.readouterr()
        no_stray_files(path.parent, before, set())
        assert joined(path) in (0, 1), at
        if joined(path):  # the fight never has the actors without the table
            assert len(table_files()) == 1, at
        else:
            quiet(capsys, *importing(path))  # the same import again finishes it
        assert joined(path) == 1 and len(table_files()) == 1, at
        quiet(capsys, "do", path, "note", "after the import")


@pytest.mark.parametrize("stop", STOPS, ids=["ctrl-c", "exit"])
def test_the_first_command_on_a_format_1_file_stopped_at_any_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], stop: type[BaseException]
) -> None:
    """The first command on a format-1 journal writes two files (the old copy, then the
    upgraded file) and then appends: stopped anywhere, the fight is as before or with the
    command, the copy goes at the next command, and that command works."""
    from tests.test_format1_batches import fight, format1, side_files

    (tmp_path / "count").mkdir()
    total = count_points(["do", format1(tmp_path / "count"), "note", "the ferry"])
    assert total >= 4
    for at in range(1, total + 1):
        folder = tmp_path / f"stop-{at}"
        folder.mkdir()
        path = format1(folder, "note one")
        old = fight(path)
        stopped(stopped_at(at, ["do", path, "note", "the ferry"], stop), stop)
        capsys.readouterr()
        assert fight(path)[3] in (old[3], old[3] + 1), at
        assert all(".format1-" in name for name in side_files(folder)), side_files(folder)
        events = fight(path)[3]
        quiet(capsys, "do", path, "note", "after the stop")
        assert fight(path)[3] == events + 1 and side_files(folder) == [], at


def test_a_kill_anywhere_in_a_format_1_upgrade_leaves_no_copy_after_the_next_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A kill just after the old copy was made left it empty, ``ford.toml.format1-STAMP``
    of 0 bytes, which no later command removed (an empty copy was never "held")."""
    from tests.crash_points import KILLED, killed_at
    from tests.test_format1_batches import fight, format1, side_files

    (tmp_path / "count").mkdir()
    total = count_points(["do", format1(tmp_path / "count"), "note", "the ferry"])
    for at in range(1, total + 1):
        folder = tmp_path / f"kill-{at}"
        folder.mkdir()
        path = format1(folder, "note one")
        assert killed_at(at, ["do", path, "note", "the ferry"]) == KILLED
        events = fight(path)[3]
        quiet(capsys, "do", path, "note", "after the kill")
        assert fight(path)[3] == events + 1 and side_files(folder) == [], (at, side_files(folder))


def test_the_end_of_a_campaign_fight_says_how_to_write_it_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fight's end and its write-back are two commands on two files (the TUI offers the
    second as the first is made): `tracker do f1.toml end` ended a campaign fight without
    a word of its write-back, so a GM playing headless — or one whose TUI was closed
    before answering — had nothing saying the party was not updated."""
    camp = campaign_in(tmp_path / "c", capsys)
    monkeypatch.chdir(camp.parent)
    quiet(capsys, "campaign", "fight", "c.toml", "f1.toml")
    for command in (["add", "bandit"], ["start"]):
        quiet(capsys, "do", "f1.toml", *command)
    capsys.readouterr()
    from tracker.cli import main

    assert main(["do", "f1.toml", "end"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == (
        "write what the fight left on the PCs back with `tracker campaign writeback c.toml f1.toml`"
    )
    quiet(capsys, "campaign", "writeback", "c.toml", "f1.toml", "--yes")
    quiet(capsys, "do", "f1.toml", "undo")
    capsys.readouterr()
    assert main(["do", "f1.toml", "end"]) == 0
    assert "campaign writeback" not in capsys.readouterr().out  # written back already
