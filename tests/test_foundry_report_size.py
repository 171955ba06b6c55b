"""The report of ``tracker import``: a pack of many actors printed three or more lines
each (9,000 lines for 3,000 actors); above 20 it is one line each and the remarks counted
by kind, the whole report with ``--verbose``. And the harm a sheet shows, which is not
left out (a copy joining a fight starts there), was said under "ignored:"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.foundry_helpers import FIXTURES
from tracker.cli import main

HURT = FIXTURES / "wrath-agent-spent-v10.json"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    code = main(["import", *args])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def pack(folder: Path, count: int) -> Path:
    """A folder of ``count`` copies of the hurt actor, each its own id and name."""
    folder.mkdir()
    doc = json.loads(HURT.read_text(encoding="utf-8"))
    for n in range(count):
        doc.update({"_id": f"agent{n:012d}", "name": f"Agent {n}"})
        (folder / f"agent-{n}.json").write_text(json.dumps(doc), encoding="utf-8")
    return folder


def test_the_harm_a_sheet_shows_has_its_own_heading(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, err = run(capsys, str(HURT))
    assert code == 0, err
    ignored = next(line for line in lines if line.startswith("  ignored: "))
    assert "the sheet shows" not in ignored
    now = [line for line in lines if line.startswith("  now: the sheet shows ")]
    assert len(now) == 1 and "a bestiary block is unhurt" in now[0]


def test_a_large_pack_is_one_line_an_actor_and_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, err = run(capsys, str(pack(tmp_path / "agents", 25)))
    assert code == 0, err
    heads = [line for line in lines if line.startswith("agent-")]
    assert len(heads) == 25 and not any(line.startswith("  ") for line in lines)
    ignored = next(line for line in lines if line.startswith("ignored on "))
    assert ignored.startswith("ignored on 25 actors: ")
    noted = next(line for line in lines if line.startswith("noted on "))
    assert noted == "noted on 25 actors: the sheet shows Wounds N of N, Shock N of N (25)"
    assert "each actor's whole report: tracker import … --verbose" in lines
    assert lines[-1] == "in all: 25 actors"
    assert len(lines) < 25 + 6


def test_verbose_prints_the_whole_report_and_a_small_pack_is_whole_anyway(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, _ = run(capsys, str(pack(tmp_path / "many", 25)), "--verbose")
    assert code == 0 and sum(line.startswith("  now: ") for line in lines) == 25
    code, lines, _ = run(capsys, str(pack(tmp_path / "few", 20)))
    assert code == 0 and sum(line.startswith("  now: ") for line in lines) == 20
    assert not any(line.startswith("ignored on ") for line in lines)
