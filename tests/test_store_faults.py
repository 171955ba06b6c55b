"""Files damaged by hand or by another tool are one line naming the place, never a
traceback (issue 16: a roster id renamed under its events, a non-text turn order, a
torn-tail repair that cannot cut the file)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.player_helpers import ENCOUNTERS, play
from tracker.cli import main
from tracker.store import journal
from tracker.store.encounter_file import load
from tracker.store.errors import JournalError
from tracker.store.journal import read_journal, write_document


def started(tmp_path: Path) -> Path:
    path = tmp_path / "ford.toml"
    shutil.copyfile(ENCOUNTERS / "basic-bandits-at-the-ford.toml", path)
    play(path, "start")
    return path


@pytest.mark.parametrize("command", ["check", "state", "log"])
def test_a_roster_id_renamed_under_its_events_is_one_line(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = started(tmp_path)
    text = path.read_text(encoding="utf-8").replace('id = "archer"', 'id = "bowman"', 1)
    path.write_text(text, encoding="utf-8")
    assert main([command, str(path)]) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "names combatant 'archer'" in error
    assert error.startswith(f"tracker: {path}:")


def test_a_turn_order_holding_a_number_is_one_line(tmp_path: Path) -> None:
    path = started(tmp_path)
    read = read_journal(path)
    order = next(t for t in read.events if t["type"] == "order.set")
    order["order"][0] = 7
    crafted = tmp_path / "crafted.toml"
    write_document(crafted, read.head, read.events)
    with pytest.raises(JournalError, match=r"crafted\.toml:\d+:1: 'order' .* list of text"):
        load(crafted)


def test_a_repair_that_cannot_cut_the_file_leaves_no_side_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = started(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:-30])  # a torn last block
    torn = read_journal(path).torn
    assert torn is not None

    def cannot(target: Path, offset: int) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(journal, "_truncate", cannot)
    for _ in range(2):
        with pytest.raises(JournalError, match="cannot repair the torn tail"):
            journal.repair_torn(path, torn)
        assert sorted(os.listdir(tmp_path)) == ["ford.toml"]
    monkeypatch.undo()
    side = journal.repair_torn(path, torn)
    assert sorted(os.listdir(tmp_path)) == ["ford.toml", side.name]
