"""A PC who dies in a campaign fight stays dead (issue 15): the write-back records it,
`campaign show` says so, the next `campaign fight` leaves them out with a line saying so
unless the GM names them, rest passes them by; undo of the write-back, or `set PC dead -`,
brings them back."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import ASUKA, REI, member, ok, tokyo
from tracker.store.encounter_file import load


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Tokyo-3: Asuka dies in fight 1 (Sachiel), after a wound to the left leg."""
    path = tokyo(tmp_path, capsys, ASUKA, REI)
    fight = tmp_path / "sachiel.toml"
    ok(capsys, "campaign", "fight", path, fight, "--title", "Sachiel")
    for line in ("add Sachiel physique=60 grace=40", "start", "wound asuka 5 @left_leg"):
        ok(capsys, "do", fight, *line.split())
    ok(capsys, "do", fight, "dead", "asuka")
    ok(capsys, "do", fight, "end")
    return path


def test_death_is_written_back_shown_and_left_out_of_the_next_fight(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = ok(capsys, "campaign", "writeback", campaign, tmp_path / "sachiel.toml", "--yes")
    assert "  † dead (fight 1: Sachiel)" in said.splitlines()
    assert member(campaign, "asuka").lasting.dead == "fight 1: Sachiel"
    assert member(campaign, "rei").lasting.dead == ""

    shown = ok(capsys, "campaign", "show", campaign).splitlines()
    assert shown[shown.index("Asuka (asuka)") + 1] == "  † dead (fight 1: Sachiel)"

    said = ok(capsys, "campaign", "fight", campaign, tmp_path / "ramiel.toml")
    assert (
        "Asuka is dead (fight 1: Sachiel): left out — `--only` with their name brings them in"
        in said.splitlines()
    )
    assert list(load(tmp_path / "ramiel.toml").encounter.state.combatants) == ["rei"]

    ok(capsys, "campaign", "fight", campaign, tmp_path / "funeral.toml", "--only", "asuka", "rei")
    state = load(tmp_path / "funeral.toml").encounter.state
    assert list(state.combatants) == ["asuka", "rei"]  # named: she comes, as she stands
    assert [i.name for i in state.combatants["asuka"].injuries] == ["Foot Pain"]

    said = ok(capsys, "campaign", "rest", campaign, "short")
    assert said.startswith("Short Downtime: Rei Ayanami (on foot)\n")  # the dead do not rest


def test_undo_of_the_writeback_or_set_brings_the_pc_back(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "campaign", "writeback", campaign, tmp_path / "sachiel.toml", "--yes")
    ok(capsys, "campaign", "undo", campaign)
    assert member(campaign, "asuka").lasting.dead == ""
    ok(capsys, "campaign", "redo", campaign)
    assert member(campaign, "asuka").lasting.dead == "fight 1: Sachiel"
    ok(capsys, "campaign", "set", campaign, "asuka", "dead", "-")
    assert member(campaign, "asuka").lasting.dead == ""
    said = ok(capsys, "campaign", "fight", campaign, tmp_path / "next.toml")
    assert "left out" not in said
    assert list(load(tmp_path / "next.toml").encounter.state.combatants) == ["asuka", "rei"]


def test_a_skipped_dead_pc_stays_alive(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "sachiel.toml"
    ok(capsys, "campaign", "writeback", campaign, fight, "--yes", "--skip", "asuka")
    assert member(campaign, "asuka").lasting.dead == ""
