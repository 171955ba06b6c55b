"""``tracker log``: formats, rounds, audiences, one file or many, and one-line errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.cli_helpers import run
from tracker.export.batch import SlowProgress

FIXTURE = Path(__file__).parent / "fixtures" / "bridge-at-kell.toml"
GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture
def fights(tmp_path: Path) -> list[Path]:
    """Two copies of the sample encounter in a folder of their own."""
    folder = tmp_path / "encounters"
    folder.mkdir()
    paths = [folder / "kell.toml", folder / "ford.toml"]
    for path in paths:
        shutil.copy(FIXTURE, path)
    return paths


def test_markdown_to_standard_output_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "log", str(FIXTURE))
    assert status == 0
    assert out == (GOLDEN / "bridge.md").read_text(encoding="utf-8")


def test_round_and_format_flags(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "log", str(FIXTURE), "--round", "2", "--format", "json")
    assert status == 0
    assert {e["round"] for e in json.loads(out)["events"]} == {2}
    status, out, _ = run(capsys, "log", str(FIXTURE), "--rounds", "2-3", "-f", "txt")
    assert status == 0 and "Round 1\n" not in out and "Round 3\n" in out


def test_gm_and_with_undone_flags(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "log", str(FIXTURE), "--gm", "--with-undone")
    assert out == (GOLDEN / "bridge-gm-undone.md").read_text(encoding="utf-8")


def test_output_file_takes_its_format_from_the_suffix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "recap.html"
    status, out, _ = run(capsys, "log", str(FIXTURE), "-o", str(target))
    assert status == 0 and f"wrote {target}" in out
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_several_files_into_a_folder(
    fights: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    recaps = tmp_path / "recaps"
    status, out, _ = run(capsys, "log", *map(str, fights), "-o", str(recaps), "--round", "2")
    assert status == 0
    assert sorted(p.name for p in recaps.iterdir()) == ["ford-round-2.md", "kell-round-2.md"]
    assert "## Round 1" not in (recaps / "kell-round-2.md").read_text(encoding="utf-8")
    assert out.count("wrote ") == 2


def test_one_broken_file_among_many_is_reported_and_the_rest_written(
    fights: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fights[1].write_text("format = 1\n[encounter]\nruleset = 'nope'\n", encoding="utf-8")
    status, _, err = run(capsys, "log", *map(str, fights), "-o", str(tmp_path / "out"))
    assert status == 1
    assert (tmp_path / "out" / "kell.md").exists()
    assert not (tmp_path / "out" / "ford.md").exists()
    assert len(err.strip().splitlines()) == 1 and "ford.toml" in err and "nope" in err


@pytest.mark.parametrize(
    ("args", "words", "expected"),
    [
        (["--rounds", "3-1"], "make no range", 2),  # a misused command line
        (["--round", "2-3"], "--rounds A-B", 2),
        (["--round", "9"], "round 9 was never fought", 1),  # the file says no
        (["--format", "pdf"], "formats: md, html, txt, json", 2),
    ],
)
def test_bad_requests_are_one_line_and_write_nothing(
    args: list[str], words: str, expected: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "recap.md"
    status, out, err = run(capsys, "log", str(FIXTURE), *args, "-o", str(target))
    assert status == expected and out == ""
    assert err.startswith("tracker: ") and words in err and err.count("\n") == 1
    assert not target.exists()


def test_several_files_need_a_folder(
    fights: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "log", *map(str, fights))
    assert status == 2 and "-o DIR" in err


def test_refuses_to_write_over_the_encounter(
    fights: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    before = fights[0].read_bytes()
    status, _, err = run(capsys, "log", str(fights[0]), "-o", str(fights[0]), "-f", "md")
    assert status == 1 and "the encounter itself" in err
    assert fights[0].read_bytes() == before


def test_progress_bar_stays_away_for_quick_work() -> None:
    progress = SlowProgress(total=5, delay=60)
    with progress:
        for name in "abcde":
            progress.step(name)
            progress.advance()
    assert progress.bar is None and progress.done == 5


def test_a_trailing_slash_makes_a_folder_even_for_one_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, _ = run(capsys, "log", str(FIXTURE), "-o", f"{tmp_path / 'new'}/", "-f", "json")
    assert status == 0
    assert (tmp_path / "new" / "bridge-at-kell.json").is_file()


def test_a_suffix_no_format_writes_is_refused_and_nothing_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "log", str(FIXTURE), "-o", str(tmp_path / "recap.pdf"))
    assert status == 1 and ".md, .html, .txt or .json" in err and err.count("\n") == 1
    assert not (tmp_path / "recap.pdf").exists()
    status, out, _ = run(capsys, "log", str(FIXTURE), "-o", str(tmp_path / "recap.htm"))
    assert status == 0 and "(HTML page)" in out


def test_a_full_disk_names_the_file_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    status, _, err = run(capsys, "log", str(FIXTURE), "-o", "/dev/full")
    assert status == 1 and err.startswith("tracker: /dev/full: cannot write")
    assert err.count("\n") == 1
