"""``tracker ls`` on a terminal fits its rows to the terminal's width (the count, the
date and the ruleset left out first, then title and status cut with …), so no row wraps
into the next; piped, every column is whole. A file that cannot be read stays one line
saying why."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from tracker.cli import main
from tracker.cli.ls import table

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ["nerv-sachiel", "wrath-ork-boarding", "alien-operations-deck"]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name in SAMPLES:
        shutil.copyfile(ROOT / "encounters" / f"{name}.toml", tmp_path / f"{name}.toml")
    (tmp_path / "broken.toml").write_text('format = 1\n[encounter\ntitle = "x"\n')
    return tmp_path


def listed(capsys: pytest.CaptureFixture[str], folder: Path) -> list[str]:
    capsys.readouterr()
    assert main(["ls", str(folder)]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("columns", [60, 80, 120])
def test_on_a_terminal_every_row_fits_its_width(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    folder: Path,
    columns: int,
) -> None:
    monkeypatch.chdir(folder)
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)  # capsys's stream: a terminal
    lines = listed(capsys, Path("."))
    rows = [line for line in lines if not line.startswith("cannot be read")]
    assert len(rows) == 3 and all(cell_len(row) <= columns for row in rows), rows
    assert all(row.endswith(".toml") for row in rows)  # the path is whole
    (sachiel,) = [row for row in rows if "nerv-sachiel.toml" in row]
    assert sachiel.startswith("Sachiel over To")
    assert any(line.startswith("cannot be read: broken.toml:2:") for line in lines)


def test_piped_every_column_is_whole(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, folder: Path
) -> None:
    monkeypatch.setenv("COLUMNS", "40")  # said by the shell, but the output is a pipe
    (sachiel,) = [line for line in listed(capsys, folder) if "nerv-sachiel" in line]
    for said in ("Sachiel over Tokyo-3", "nerv-d100", "4 combatants", "not started"):
        assert said in sachiel


words = st.text(st.characters(codec="utf-8", categories=["L", "N", "Zs"]), min_size=1)


@given(
    st.lists(st.tuples(words, words, words, words, words), min_size=1, max_size=5),
    st.integers(min_value=60, max_value=200),
)
def test_rows_fit_any_width_with_their_path_whole(
    cells: list[tuple[str, str, str, str, str]], width: int
) -> None:
    rows: list[tuple[str, ...]] = [(*five, f"f{n}.toml") for n, five in enumerate(cells)]
    for n, line in enumerate(table(rows, width)):
        assert cell_len(line) <= width, line
        assert line.endswith(f"f{n}.toml")
