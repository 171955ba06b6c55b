"""The campaign and the fight the write-back tests share: a nerv-d100 campaign (Asuka,
Rei) and its first fight played to its end, and what the TUI shows of the write-back."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import NERV_SAMPLE, ok
from tests.ui_helpers import text_of
from tracker.ui.app import TrackerApp
from tracker.ui.modals.writeback import WritebackScreen
from tracker.ui.panes.command_bar import CommandBar

ASUKA = ("Asuka", "physique=45", "will=40", "grace=47", "fate=2")


def tokyo_campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A nerv-d100 campaign (Asuka, Rei) in its own folder."""
    path = tmp_path / "campaigns" / "tokyo.toml"
    path.parent.mkdir()
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100", "--title", "Tokyo-3")
    ok(capsys, "campaign", "add-pc", path, *ASUKA)
    ok(capsys, "campaign", "add-pc", path, "--from", NERV_SAMPLE, "rei")
    return path


def sachiel_fight(tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Fight 1, in another folder, played up to its end: Asuka wounded in the left leg."""
    path = tmp_path / "fights" / "sachiel.toml"
    path.parent.mkdir()
    ok(capsys, "campaign", "fight", campaign, path, "--title", "Sachiel")
    for line in ("add Sachiel physique=60 grace=40", "start", "wound asuka 5 @left_leg"):
        ok(capsys, "do", path, *line.split())
    return path


@pytest.fixture(name="campaign")
def campaign_fixture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """``campaign``: a nerv-d100 campaign (Asuka, Rei) in its own folder. A test module
    imports this and ``fight_fixture``; pytest finds them there by their names."""
    return tokyo_campaign(tmp_path, capsys)


@pytest.fixture(name="fight")
def fight_fixture(tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """``fight``: fight 1 of ``campaign``, in another folder, played up to its end: Asuka
    wounded in the left leg."""
    return sachiel_fight(tmp_path, campaign, capsys)


def message(app: TrackerApp) -> str:
    """What the command bar says."""
    return app.query_one(CommandBar).message


def summary(app: TrackerApp) -> str:
    """The summary the write-back offer shows."""
    assert isinstance(app.screen, WritebackScreen)
    return text_of(app.screen.query_one("#writeback-summary"), 100)  # type: ignore[arg-type]
