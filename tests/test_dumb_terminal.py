"""A terminal that says it is dumb (``TERM=dumb``: Emacs' shell, an editor's output
pane) cannot show a full screen: ``tracker FILE`` and ``tracker view FILE`` say so in
one line and exit 1 instead of filling it with escape codes; the printing commands
work there as anywhere."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from tracker.cli import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "encounters" / "basic-bandits-at-the-ford.toml"


class Terminal(io.StringIO):
    """A standard stream that is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    copy = tmp_path / "ford.toml"
    shutil.copyfile(SAMPLE, copy)
    return copy


@pytest.mark.parametrize("command", [[], ["view"]], ids=["tracker FILE", "view"])
def test_a_screen_on_a_dumb_terminal_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, fight: Path, command: list[str]
) -> None:
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    err = Terminal()
    monkeypatch.setattr("sys.stdin", Terminal())
    monkeypatch.setattr("sys.stdout", Terminal())
    monkeypatch.setattr("sys.stderr", err)
    before = fight.read_bytes()
    assert main([*command, str(fight)]) == 1
    said = err.getvalue()
    assert said.count("\n") == 1 and "TERM is 'dumb'" in said and "`tracker state FILE`" in said
    assert fight.read_bytes() == before


def test_state_prints_on_a_dumb_terminal(
    monkeypatch: pytest.MonkeyPatch, fight: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TERM", "dumb")
    assert main(["state", str(fight)]) == 0
    assert capsys.readouterr().out.startswith("Bandits at the ford")
