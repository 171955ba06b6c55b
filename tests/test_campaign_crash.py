"""Crash safety of the campaign journal: torn tails at every byte, failed writes, the lock,
writers killed mid-command."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.campaign_helpers import cli, ok, refused
from tracker.store.campaign_file import CampaignFile, load_campaign
from tracker.store.journal import HEADER

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A nerv-d100 campaign of four events: two PCs, a set, a Downtime."""
    path = tmp_path / "c.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100")
    ok(capsys, "campaign", "add-pc", path, "Asuka", "physique=45", "will=40", "fate=2")
    ok(capsys, "campaign", "add-pc", path, "Rei", "physique=32", "will=48", "fate=1")
    ok(capsys, "campaign", "set", path, "asuka", "stress", "3")
    ok(capsys, "campaign", "rest", path, "short")
    return path


def test_torn_at_every_byte(campaign: Path) -> None:
    """A last block cut anywhere before its final newline: the three whole events load,
    the rest is the torn tail (without only the newline the block is whole: its crc holds)."""
    data = campaign.read_bytes()
    start = data.rindex(HEADER.encode())
    three = load_campaign(campaign).campaign
    three_state = type(three)(three.initial, three.events[:3]).state
    for cut in range(start + 1, len(data) - 1):
        campaign.write_bytes(data[:cut])
        loaded = load_campaign(campaign)
        assert len(loaded.campaign.events) == 3, cut
        assert loaded.torn is not None and loaded.torn.offset == start
        assert loaded.campaign.state == three_state
        assert campaign.read_bytes() == data[:cut]  # loading changes nothing


def test_torn_tail_moved_aside_on_write(campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The next command moves a torn tail to a side file, says so, and appends."""
    data = campaign.read_bytes()
    cut = len(data) - 9
    campaign.write_bytes(data[:cut])
    assert "Stress 3" in ok(capsys, "campaign", "show", campaign)  # before the Downtime
    code, _, err = cli(capsys, "campaign", "set", campaign, "rei", "trauma", "1")
    assert code == 0 and "cut off by a crash" in err
    sides = list(campaign.parent.glob("c.toml.torn-*"))
    assert len(sides) == 1 and sides[0].read_bytes() == data[data.rindex(b"[[events]]") : cut]
    events = load_campaign(campaign).campaign.events
    assert len(events) == 4 and events[-1].text == "Rei: trauma = 1 (GM)"


def test_failed_write_changes_nothing(
    campaign: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A disk that takes only part of the write: the command fails whole, the file as it was."""
    real_write = os.write

    def short_write(fd: int, data: bytes) -> int:
        return (
            real_write(fd, bytes(data)[: len(data) // 2])
            if len(data) > 100
            else real_write(fd, data)
        )

    monkeypatch.setattr("tracker.store.writer.os.write", short_write)
    err = refused(capsys, [campaign], "campaign", "rest", campaign, "long")
    assert "nothing of it was kept" in err


def test_one_writer(campaign: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A campaign open for writing refuses a second writer; readers still read."""
    with CampaignFile(campaign):
        err = refused(capsys, [campaign], "campaign", "rest", campaign, "short")
        assert "open for writing" in err
        ok(capsys, "campaign", "show", campaign)


def test_killed_writers_leave_whole_commands(campaign: Path) -> None:
    """Writers SIGKILLed at random moments: the file always loads, before or after a rest."""
    rng = random.Random(15)
    command = [sys.executable, "-m", "tracker.cli", "campaign", "rest", str(campaign), "short"]
    for _ in range(6):
        count = len(load_campaign(campaign).campaign.events)
        child = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(rng.uniform(0.05, 0.6))
        if child.poll() is None:
            os.kill(child.pid, signal.SIGKILL)
        child.wait()
        loaded = load_campaign(campaign)
        assert len(loaded.campaign.events) in (count, count + 1)
        with CampaignFile(campaign):  # a torn tail, if any, is moved aside
            pass


def test_reading_a_damaged_campaign_says_so_and_changes_nothing(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An edited event in the middle: show, log and recap show what is before it and say
    on stderr where the damage is (a party shown empty without a word hid it)."""
    text = campaign.read_text(encoding="utf-8")
    campaign.write_text(text.replace('value = "3"', 'value = "9"', 1), encoding="utf-8")
    before = campaign.read_bytes()
    for command in ("show", "log", "recap"):
        code, out, err = cli(capsys, "campaign", command, campaign)
        assert code == 0 and err.count("\n") == 1
        assert err.startswith(f"tracker: {campaign}:") and "fails its crc check" in err
        assert "showing the campaign up to event 2 — the file is unchanged" in err
    assert campaign.read_bytes() == before
