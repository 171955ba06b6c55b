"""Loading encounter files: every problem is one line FILE:LINE:COL, nothing changes on disk."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from tracker.cli import main
from tracker.store.encounter_file import EncounterFile, load, new_file
from tracker.store.errors import JournalError, LockedError
from tracker.store.journal import format_event
from tracker.store.journal_repair import tail_note

HEAD = """format = 1

[encounter]
title = "T"
ruleset = "basic"
"""
ANN = """
[[combatants]]
id = "ann"
name = "Ann"
stats = { hp = 12 }
"""


def error_of(path: Path) -> str:
    before = path.read_bytes()
    with pytest.raises(JournalError) as caught:
        load(path)
    assert path.read_bytes() == before
    message = str(caught.value)
    assert "\n" not in message
    return message


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_toml_syntax_error_names_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "\n[[combatants]]\nid = \"ann\nname = 'x'\n")
    assert error_of(path).startswith(f"{path}:8:")


def test_unknown_roster_key_points_at_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + ANN + 'colour = "red"\n')
    message = error_of(path)
    assert message.startswith(f"{path}:11:1: unknown key 'colour' for Ann")


def test_wrong_type_points_at_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + ANN.replace("stats = { hp = 12 }", 'stats = { hp = "12" }'))
    assert error_of(path) == f"{path}:10:1: stats.hp must be a whole number"


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + ANN + ANN)
    assert error_of(path) == f"{path}:13:1: duplicate combatant id 'ann'"


def test_unknown_ruleset_lists_the_installed(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.replace('"basic"', '"d20-fantasy"'))
    message = error_of(path)
    assert "unknown ruleset 'd20-fantasy' — installed: " in message
    assert "basic" in message and "nerv-d100" in message
    assert error_of(path).startswith(f"{path}:5:1:")


def _with_events(tmp_path: Path, *tables: dict[str, object]) -> Path:
    body = "".join(format_event(t) for t in tables)
    return write(tmp_path, HEAD + ANN + body)


AT = datetime(2026, 11, 21, 19, 3, 11, tzinfo=UTC)


def test_gap_in_seq_and_unknown_event_type(tmp_path: Path) -> None:
    gap = _with_events(
        tmp_path,
        {"seq": 1, "type": "note.added", "at": AT, "text": "a"},
        {"seq": 3, "type": "note.added", "at": AT, "text": "b"},
    )
    message = error_of(gap)
    assert message.startswith(f"{gap}:18:1:") and "event seq 3 should be 2" in message
    odd = _with_events(tmp_path, {"seq": 1, "type": "damage.exploded", "at": AT})
    assert error_of(odd).startswith(f"{odd}:13:1: unknown event type 'damage.exploded'")


def test_event_for_a_stranger_cannot_be_applied(tmp_path: Path) -> None:
    path = _with_events(
        tmp_path, {"seq": 1, "type": "track.set", "at": AT, "who": "zed", "track": "hp", "value": 1}
    )
    assert "event 1 cannot be applied: no combatant 'zed'" in error_of(path)


def test_an_edited_event_in_the_middle_is_damage_named_by_line(tmp_path: Path) -> None:
    path = _with_events(
        tmp_path,
        {"seq": 1, "type": "note.added", "at": AT, "text": "a"},
        {"seq": 2, "type": "note.added", "at": AT, "text": "b"},
    )
    path.write_text(path.read_text(encoding="utf-8").replace('"a"', '"A"'), encoding="utf-8")
    before = path.read_bytes()
    loaded = load(path)
    assert loaded.torn is not None and loaded.encounter.events == []
    assert tail_note(path, loaded.torn).startswith(f"{path}:11:1: event block fails its crc")
    assert path.read_bytes() == before


def test_newer_format_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD.replace("format = 1", "format = 9"))
    assert "format 9 is newer" in error_of(path)


def test_cli_check_reports_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, HEAD + ANN + "colour = 1\n")
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}:11:1" in err


def test_cli_do_refused_command_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, HEAD + ANN)
    before = path.read_bytes()
    assert main(["do", str(path), "dmg", "zed", "4"]) == 1
    assert path.read_bytes() == before
    assert "no combatant 'zed'" in capsys.readouterr().err


def test_new_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, HEAD)
    assert main(["new", str(path), "--ruleset", "basic"]) == 1
    assert path.read_text(encoding="utf-8") == HEAD


def test_a_second_writer_is_told_who_holds_the_file(tmp_path: Path) -> None:
    path = tmp_path / "f.toml"
    new_file(path, "basic")
    with EncounterFile(path):
        import subprocess
        import sys

        child = subprocess.run(
            [sys.executable, "-m", "tracker.cli", "do", str(path), "note", "hi"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert child.returncode == 1
    assert "open for writing by pid" in child.stderr
    assert child.stderr.count("\n") == 1
    assert LockedError.__name__  # the type the store raises for this


def test_missing_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["state", str(tmp_path / "nope.toml")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nope.toml" in err
