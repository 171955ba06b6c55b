"""Every CLI message that quotes a path or user text is one line on the terminal: a line
break, a tab or an escape sequence in a file's name is shown as its stand-in (``␊``,
``␛``), and a new file is never made under such a name."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli_helpers import run
from tests.player_helpers import ENCOUNTERS

ODD_NAMES = ["a\nb.toml", "tab\there.toml", "x\x1b]52;c;YQ==\x07.toml", "r\rx.toml"]
SAMPLE = ENCOUNTERS / "basic-bandits-at-the-ford.toml"


def one_visible_line(text: str) -> bool:
    """``text`` is one line ending in a newline, with no control character in it."""
    body = text.removesuffix("\n")
    return text.endswith("\n") and not any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in body)


@pytest.mark.parametrize("name", ODD_NAMES)
@pytest.mark.parametrize("kind", [("new",), ("campaign", "new")])
def test_a_new_file_is_not_made_under_a_name_with_a_control_character(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, kind: tuple[str, ...]
) -> None:
    target = tmp_path / name
    status, out, err = run(capsys, *kind, str(target), "--ruleset", "basic")
    assert status == 1 and out == ""
    assert one_visible_line(err) and "file name" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ODD_NAMES)
def test_check_names_an_oddly_named_file_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    path = tmp_path / name
    shutil.copyfile(SAMPLE, path)
    status, out, err = run(capsys, "check", str(path))
    assert status == 0, err
    assert one_visible_line(out) and ": ok — basic" in out


def test_ls_shows_each_oddly_named_file_on_a_line_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ODD_NAMES:
        shutil.copyfile(SAMPLE, tmp_path / name)
    status, out, _ = run(capsys, "ls", str(tmp_path))
    assert status == 0
    lines = out.splitlines(keepends=True)
    assert len(lines) == len(ODD_NAMES)
    assert all(one_visible_line(line) for line in lines)
    assert any("a␊b.toml" in line for line in lines)
    assert any("x␛]52;c;YQ==␇.toml" in line for line in lines)


def test_an_error_quoting_an_odd_path_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "state", str(tmp_path / "gone\x1b[2J\nx.toml"))
    assert status == 1 and out == ""
    assert one_visible_line(err) and "\x1b" not in err
