"""Ctrl+C (SIGINT) while a writing command saves: the command used to be on disk yet the
exit status said interrupted (130) and nothing was printed, so the GM (or a script)
made it again — the orc took the damage twice. Now the interrupt waits until the
command is saved or refused; a second Ctrl+C stops it at once."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.campaign_helpers import cli
from tests.ui_helpers import basic_file
from tracker.core.session import Encounter
from tracker.store.encounter_file import load


def interrupted_at_fsync(monkeypatch: pytest.MonkeyPatch, times: int = 1) -> None:
    """The GM presses Ctrl+C (``times`` times) while the command's write is synced."""
    real: Callable[[int], None] = os.fsync

    def fsync(fd: int) -> None:
        for _ in range(times):
            os.kill(os.getpid(), signal.SIGINT)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)


def orc_hp(path: Path) -> int:
    return load(path).encounter.state.combatant("orc").track("hp")


def test_ctrl_c_while_saving_lets_the_command_finish_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = basic_file(tmp_path)
    assert cli(capsys, "do", path, "start")[0] == 0
    interrupted_at_fsync(monkeypatch)
    code, out, err = cli(capsys, "do", path, "dmg", "orc", "4")
    assert code == 0 and "Orc" in out, (code, out, err)
    assert err == "tracker: interrupted — the command was saved first (it is not made again)\n"
    assert orc_hp(path) == 11


def test_ctrl_c_during_a_refused_command_is_the_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = basic_file(tmp_path)
    before = path.read_bytes()
    real = Encounter.decide

    def decide(self: Encounter, *args: Any, **kwargs: Any) -> Any:
        os.kill(os.getpid(), signal.SIGINT)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Encounter, "decide", decide)
    code, _, err = cli(capsys, "do", path, "dmg", "nobody", "4")
    assert code == 1 and err.count("\n") == 1 and "nobody" in err
    assert path.read_bytes() == before


def test_a_second_ctrl_c_stops_the_command_and_nothing_is_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = basic_file(tmp_path)
    assert cli(capsys, "do", path, "start")[0] == 0
    before = path.read_bytes()
    interrupted_at_fsync(monkeypatch, times=2)
    code, _, _ = cli(capsys, "do", path, "dmg", "orc", "4")
    assert code == 130
    assert path.read_bytes() == before and orc_hp(path) == 15
