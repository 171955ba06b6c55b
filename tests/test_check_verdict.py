"""``tracker check``'s verdict line: ``ok`` only when nothing else is worth a word; a
fight that plays with a torn last command, a theme not installed (or both) says so in
its first words, each said in full on stderr, and still exits 0."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import cli
from tracker.cli import main


def fight(folder: Path, theme: str = "") -> Path:
    """A basic fight, Goblin added and the fight started (``theme`` named in its head)."""
    path = folder / "f.toml"
    assert main(["new", str(path), "--ruleset", "basic"]) == 0
    assert main(["do", str(path), "add Goblin"]) == 0
    assert main(["do", str(path), "start"]) == 0
    if theme:
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("[encounter]\n", f'[encounter]\ntheme = "{theme}"\n'))
    return path


def test_a_fight_with_nothing_to_say_is_ok(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = fight(tmp_path)
    capsys.readouterr()
    assert cli(capsys, "check", path) == (0, f"{path}: ok — basic, 1 combatant, 7 events\n", "")


def test_a_torn_tail_is_named_in_the_verdict_not_called_ok(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = fight(tmp_path)
    with path.open("ab") as file:
        file.write(b"xx")
    before = path.read_bytes()
    code, out, err = cli(capsys, "check", path)
    assert code == 0 and path.read_bytes() == before
    assert out == f"{path}: plays, with a torn last command — basic, 1 combatant, 7 events\n"
    assert err.count("\n") == 1 and "the last command was cut off by a crash" in err


def test_repair_still_moves_the_torn_tail_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = fight(tmp_path)
    with path.open("ab") as file:
        file.write(b"xx")
    code, out, _ = cli(capsys, "check", "--repair", path)
    assert code == 0 and "repaired — 7 events kept" in out
    assert [p.name.startswith("f.toml.torn-") for p in tmp_path.iterdir() if p != path] == [True]
    assert cli(capsys, "check", path)[1].startswith(f"{path}: ok — ")


def test_every_note_is_named_in_one_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = fight(tmp_path, theme="nope")
    with path.open("ab") as file:
        file.write(b"xx")
    code, out, err = cli(capsys, "check", path)
    assert code == 0 and out.startswith(
        f"{path}: plays, with a theme not installed and a torn last command — basic, "
    )
    assert err.count("\n") == 2 and "theme 'nope' is not installed" in err


def test_a_torn_campaign_is_not_called_ok(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.toml"
    assert main(["campaign", "new", str(path), "--ruleset", "basic"]) == 0
    for pc in ("Ann", "Bo"):
        assert main(["campaign", "add-pc", str(path), pc, "hp=9"]) == 0
    with path.open("ab") as file:
        file.write(b"xx")
    code, out, err = cli(capsys, "check", path)
    assert code == 0 and out.startswith(f"{path}: plays, with a torn last command — a basic ")
    assert err.count("\n") == 1 and "cut off by a crash" in err
