"""A command is one transaction over every file it touches (DESIGN, "The encounter file").

``campaign fight`` (campaign + new encounter), ``save-template`` (encounter + bestiary) and
``import --into`` (roll table + encounter) are each killed at every write, fsync, rename
and truncate they make, and failed there (ENOSPC, EIO): a failure leaves every file as it
was; a kill leaves both files changed, neither, or a state the next command repairs — and
the next command works.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.crash_points import KILLED, count_points, failing_at, killed_at, run_cli, snapshot
from tests.two_file_helpers import SAVE, campaign_in, encounter_in, quiet
from tracker.core.events import TemplateSaved
from tracker.rules.registry import load_ruleset
from tracker.store.bestiary import load_bestiary, user_bestiary_file
from tracker.store.campaign_file import load_campaign
from tracker.store.encounter_file import load
from tracker.store.journal import read_journal
from tracker.store.tables import tables_dir

ROOT = Path(__file__).resolve().parents[1]
FOUNDRY = ROOT / "tests" / "fixtures" / "foundry"


# --- campaign fight -----------------------------------------------------------------------


def fight_id(path: Path) -> object:
    """The fight identity an encounter file carries."""
    return read_journal(path).head["encounter"].get("fight_id")


def check_next_fight_and_writebacks(camp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """After whatever happened to ``f1.toml``: a second fight works, every fight the
    campaign knows has its file, and f1 is written back exactly when it was made."""
    folder = camp.parent
    f1, f2 = folder / "f1.toml", folder / "f2.toml"
    quiet(capsys, "campaign", "fight", camp, f2)
    fights = load_campaign(camp).campaign.state.fights
    assert all(fight_id(folder / f.file) == f.fight_id for f in fights)
    assert len(fights) == (2 if f1.exists() else 1)
    quiet(capsys, "campaign", "writeback", camp, f2, "--yes")
    status = run_cli(["campaign", "writeback", camp, f1, "--yes"])
    err = capsys.readouterr().err
    assert status == (0 if f1.exists() else 1), err


def test_campaign_fight_killed_at_any_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    camp = campaign_in(tmp_path / "count", capsys)
    total = count_points(["campaign", "fight", camp, camp.parent / "f1.toml"])
    assert total >= 4
    for at in range(1, total + 1):
        camp = campaign_in(tmp_path / f"kill-{at}", capsys)
        f1 = camp.parent / "f1.toml"
        assert killed_at(at, ["campaign", "fight", camp, f1]) == KILLED
        fights = load_campaign(camp).campaign.state.fights
        if f1.exists():  # the encounter is never made without the campaign knowing it
            assert len(fights) == 1, at
            assert fights[0].fight_id == fight_id(f1), at
        check_next_fight_and_writebacks(camp, capsys)


def test_campaign_fight_failing_at_any_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    camp = campaign_in(tmp_path / "count", capsys)
    total = count_points(["campaign", "fight", camp, camp.parent / "f1.toml"])
    for at in range(1, total + 1):
        camp = campaign_in(tmp_path / f"fail-{at}", capsys)
        before = snapshot(camp.parent)
        status, err = failing_at(at, ["campaign", "fight", camp, camp.parent / "f1.toml"], capsys)
        if status == 1:
            assert err.count("\n") == 1, err
            assert snapshot(camp.parent) == before, at
        else:
            assert status == 0 and (camp.parent / "f1.toml").exists(), (at, err)
        check_next_fight_and_writebacks(camp, capsys)


def test_an_encounter_the_campaign_did_not_make_as_that_fight_is_not_written_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The stray file an older tracker's crash could leave: it names fight 1 of the
    campaign, but fight 1 is another file — refused in one line, the campaign unchanged."""
    camp = campaign_in(tmp_path / "c", capsys)
    real, stray = camp.parent / "f2.toml", camp.parent / "f1.toml"
    quiet(capsys, "campaign", "fight", camp, real)
    text = real.read_text(encoding="utf-8")
    stray.write_text(
        "\n".join(line for line in text.splitlines() if not line.startswith("fight_id")) + "\n",
        encoding="utf-8",
    )
    before = camp.read_bytes()
    assert run_cli(["campaign", "writeback", camp, stray, "--yes"]) == 1
    err = capsys.readouterr().err
    assert "not the file the campaign made as fight 1" in err and err.count("\n") == 1
    assert camp.read_bytes() == before
    quiet(capsys, "campaign", "writeback", camp, real, "--yes")


def test_a_fight_whose_file_was_never_made_is_made_by_the_next_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    camp = campaign_in(tmp_path / "c", capsys)
    f1 = camp.parent / "f1.toml"
    quiet(capsys, "campaign", "fight", camp, f1, "--only", "rei")
    made = load(f1).encounter.state
    f1.unlink()  # as a crash right after the campaign's write leaves it
    assert run_cli(["campaign", "rest", camp, "short"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Fight 1" in err and "made now" in err
    assert "a crash while it was made, or it was moved or deleted since" in err
    again = load(f1).encounter.state
    assert list(again.combatants) == list(made.combatants) == ["rei"]
    assert again.title == made.title
    assert [f.fight_id for f in load_campaign(camp).campaign.state.fights] == [fight_id(f1)]
    quiet(capsys, "campaign", "writeback", camp, f1, "--yes")


def test_a_fight_whose_place_another_file_took_is_dropped_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    camp = campaign_in(tmp_path / "c", capsys)
    f1 = camp.parent / "f1.toml"
    quiet(capsys, "campaign", "fight", camp, f1)
    f1.unlink()
    quiet(capsys, "new", f1, "--ruleset", "nerv-d100")  # the GM's own file, same name
    before = f1.read_bytes()
    assert run_cli(["campaign", "rest", camp, "short"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Fight 1" in err and "dropped" in err
    assert load_campaign(camp).campaign.state.fights == ()
    assert f1.read_bytes() == before
    quiet(capsys, "campaign", "fight", camp, camp.parent / "f2.toml")  # fight 2: never reused
    assert [f.link for f in load_campaign(camp).campaign.state.fights] == [2]


# --- save-template --------------------------------------------------------------------------


def saved_block(path: Path) -> tuple[bool, bool]:
    """(the journal holds the save, the bestiary holds the block 'brute')."""
    journal = any(isinstance(e, TemplateSaved) for e in load(path).encounter.events)
    bestiary = load_bestiary(load_ruleset("basic")).block("brute") is not None
    return journal, bestiary


def test_save_template_killed_at_any_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-count"))
    total = count_points(["do", encounter_in(tmp_path / "count"), *SAVE])
    assert total >= 3
    for at in range(1, total + 1):
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / f"data-{at}"))
        path = encounter_in(tmp_path / f"kill-{at}")
        assert killed_at(at, ["do", path, *SAVE]) == KILLED
        journal, bestiary = saved_block(path)
        assert journal or not bestiary, at  # never the block without the command
        quiet(capsys, "do", path, "note", "after the crash")  # opening finishes the save
        journal, bestiary = saved_block(path)
        assert journal == bestiary, at


def test_save_template_failing_at_any_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-count"))
    total = count_points(["do", encounter_in(tmp_path / "count"), *SAVE])
    for at in range(1, total + 1):
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / f"data-{at}"))
        path = encounter_in(tmp_path / f"fail-{at}")
        before = path.read_bytes()
        status, err = failing_at(at, ["do", path, *SAVE], capsys)
        if status == 1:
            assert err.count("\n") == 1, err
            assert path.read_bytes() == before, at
            assert not user_bestiary_file("basic").exists(), at
        assert saved_block(path) == (status == 0, status == 0), (at, err)
        quiet(capsys, "do", path, "note", "after the failure")


# --- import --into ------------------------------------------------------------------------


def wrath_in(folder: Path) -> Path:
    """A copy of the Wrath & Glory sample in ``folder``."""
    folder.mkdir()
    path = folder / "boarding.toml"
    shutil.copyfile(ROOT / "encounters" / "wrath-ork-boarding.toml", path)
    return path


def importing(path: Path) -> list[object]:
    return [
        "import",
        FOUNDRY / "wrath-hostile.json",
        FOUNDRY / "rolltable-generic.json",
        "--into",
        path,
    ]


def joined(path: Path) -> int:
    """How many copies of the imported hostile are in the fight."""
    return sum("Boss" in c.name for c in load(path).encounter.state.combatants.values())


def table_files() -> list[Path]:
    return sorted(tables_dir().glob("*.toml")) if tables_dir().exists() else []


def test_import_into_killed_at_any_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-count"))
    total = count_points(importing(wrath_in(tmp_path / "count")))
    assert total >= 3
    for at in range(1, total + 1):
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / f"data-{at}"))
        path = wrath_in(tmp_path / f"kill-{at}")
        assert killed_at(at, importing(path)) == KILLED
        assert joined(path) in (0, 1)
        if joined(path):  # the fight never has the actors without the table
            assert len(table_files()) == 1, at
        if not joined(path):
            quiet(capsys, *importing(path))  # the same import again finishes it
        assert joined(path) == 1 and len(table_files()) == 1, at
        quiet(capsys, "do", path, "note", "after the import")


def test_import_into_failing_at_any_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-count"))
    total = count_points(importing(wrath_in(tmp_path / "count")))
    for at in range(1, total + 1):
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / f"data-{at}"))
        path = wrath_in(tmp_path / f"fail-{at}")
        before = path.read_bytes()
        status, err = failing_at(at, importing(path), capsys)
        if status == 1:
            assert err.startswith("tracker: ") and err.count("\n") == 1, err
            assert path.read_bytes() == before and table_files() == [], at
        else:
            assert joined(path) == 1 and len(table_files()) == 1, (at, err)
        quiet(capsys, "do", path, "note", "after the import")


def test_import_to_the_library_failing_at_any_write_writes_all_or_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two bestiary files (two rulesets) and a roll table: all of them, or none."""
    files = [FOUNDRY / n for n in ("wrath-threat.json", "alien-creature.json")]
    command = ["import", *files, FOUNDRY / "rolltable-generic.json"]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-count"))
    total = count_points(command)
    for at in range(1, total + 1):
        data = tmp_path / f"data-{at}"
        monkeypatch.setenv("XDG_DATA_HOME", str(data))
        status, err = failing_at(at, command, capsys)
        written = sorted(p.name for p in data.rglob("*") if p.is_file())
        if status == 1:
            assert err.startswith("tracker: ") and err.count("\n") == 1, err
            assert written == [], at
        else:
            assert written == ["alien-evolved.toml", "wandering-horrors.toml", "wrath-glory.toml"]


def test_an_import_the_bestiary_refuses_leaves_no_folder_behind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An import refused by a damaged bestiary took back the roll table it had written,
    but left the `tables/` folder it had made for it: the data folder was not as it was."""
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    bestiary = user_bestiary_file("wrath-glory")
    bestiary.parent.mkdir(parents=True)
    bestiary.write_text("junk = [\n", encoding="utf-8")
    before = sorted(data.rglob("*"))
    command = ["import", FOUNDRY / "rolltable-generic.json", FOUNDRY / "wrath-threat.json"]
    capsys.readouterr()
    status, err = run_cli(command), capsys.readouterr().err
    assert status == 1 and err.count("\n") == 1 and "wrath-glory.toml:2:1" in err
    assert sorted(data.rglob("*")) == before


def test_a_block_the_gm_took_out_of_the_bestiary_after_the_save_stays_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Opening saves a block only when the bestiary was not written since the command:
    a GM's later edit (removing it by hand) stands; a bestiary older than it is a crash."""
    path = encounter_in(tmp_path / "f")
    quiet(capsys, "do", path, *SAVE)
    bestiary = user_bestiary_file("basic")
    saved_at = load(path).encounter.events[-1].at.timestamp()
    bestiary.write_text('ruleset = "basic"\n', encoding="utf-8")  # the GM's edit
    os.utime(bestiary, (saved_at + 60, saved_at + 60))
    quiet(capsys, "do", path, "note", "later")
    assert saved_block(path) == (True, False)
    path = encounter_in(tmp_path / "g")
    quiet(capsys, "do", path, *SAVE)
    bestiary.write_text('ruleset = "basic"\n', encoding="utf-8")  # as a crash left it
    saved_at = load(path).encounter.events[-1].at.timestamp()
    os.utime(bestiary, (saved_at - 60, saved_at - 60))
    assert run_cli(["do", path, "note", "later"]) == 0
    assert "cut short before the bestiary" in capsys.readouterr().err
    assert saved_block(path) == (True, True)
    path = encounter_in(tmp_path / "h")
    quiet(capsys, "do", path, *SAVE)
    bestiary.write_bytes(b"")  # made empty to be locked, then the crash: a later second
    saved_at = load(path).encounter.events[-1].at.timestamp()
    os.utime(bestiary, (saved_at + 60, saved_at + 60))
    quiet(capsys, "do", path, "note", "later")
    assert saved_block(path) == (True, True)


# --- check --repair -------------------------------------------------------------------------


def test_check_repair_finishes_and_says_a_save_a_crash_cut_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`check --repair` on an encounter whose last `save-template` never reached the
    bestiary said "nothing to repair" and left the block out; it saves it and says so."""
    path = encounter_in(tmp_path / "f")
    quiet(capsys, "do", path, *SAVE)
    bestiary = user_bestiary_file("basic")
    bestiary.write_text('ruleset = "basic"\n', encoding="utf-8")  # as a crash left it
    saved_at = load(path).encounter.events[-1].at.timestamp()
    os.utime(bestiary, (saved_at - 60, saved_at - 60))
    assert run_cli(["check", "--repair", path]) == 0
    out, err = capsys.readouterr()
    assert "cut short before the bestiary: it is saved now" in err and err.count("\n") == 1
    assert "repaired" in out and "nothing to repair" not in out
    assert saved_block(path) == (True, True)
    assert run_cli(["check", "--repair", path]) == 0
    assert "nothing to repair" in capsys.readouterr().out


def test_check_repair_makes_and_says_a_campaign_fight_a_crash_cut_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The campaign's own fight cut short (no torn end) was "nothing to repair" too."""
    camp = campaign_in(tmp_path / "c", capsys)
    f1 = camp.parent / "f1.toml"
    quiet(capsys, "campaign", "fight", camp, f1, "--only", "rei")
    f1.unlink()  # as a crash right after the campaign's write leaves it
    assert run_cli(["check", "--repair", camp]) == 0
    out, err = capsys.readouterr()
    assert "Fight 1" in err and "made now" in err and "repaired" in out
    assert list(load(f1).encounter.state.combatants) == ["rei"]
