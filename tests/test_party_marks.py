"""The party screen at 80x24: the list tells the GM how hurt each PC is at a glance (one
mark per injury, never fewer marks than injuries); the next fight says how the TUI
brings a dead PC in.

Rei (nerv-d100 sample): Wounds 3 (Physique Bonus 3); each wound past the pool is one
Injury (seed 000 l.203).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from tests.campaign_helpers import NERV_SAMPLE, ok
from tests.party_helpers import launcher, party, settle
from tests.ui_helpers import text_of, ui_test
from tracker.ui.party_modals import FightScreen


def hurt_campaign(folder: Path, capsys: pytest.CaptureFixture[str], wounds: int) -> Path:
    """Rei and Asuka; fight 1 leaves Rei ``wounds - 3`` injuries, Asuka none."""
    path = folder / "tokyo.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100", "--title", "Tokyo-3")
    ok(capsys, "campaign", "add-pc", path, "--from", NERV_SAMPLE, "rei")
    ok(capsys, "campaign", "add-pc", path, "Asuka", "physique=45")
    fight = folder / "f1.toml"
    ok(capsys, "campaign", "fight", path, fight)
    ok(capsys, "do", fight, "wound", "rei", str(wounds), "@head")
    ok(capsys, "campaign", "writeback", path, fight, "--yes")
    return path


async def listed(folder: Path, campaign: Path) -> list[str]:
    """The party list's rows at 80x24."""
    app = launcher(folder, campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        names = party(app).query_one("#party-list", OptionList)
        return [str(names.get_option_at_index(i).prompt) for i in range(names.option_count)]


@pytest.mark.parametrize(("wounds", "marks"), [(5, "✖✖"), (8, "✖✖✖✖✖"), (9, "✖×6"), (15, "✖×12")])
@ui_test
async def test_every_injury_is_marked_or_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], wounds: int, marks: str
) -> None:
    """2 and 5 injuries are as many marks; 6 and 12 read as a count (the list showed
    five marks for six injuries)."""
    campaign = hurt_campaign(tmp_path, capsys, wounds)
    assert await listed(tmp_path, campaign) == [f"Rei Ayanami (on foot)  {marks}", "Asuka"]


@ui_test
async def test_the_next_fight_says_how_the_tui_brings_the_dead_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rei died in fight 1: the party screen's next fight leaves her out and says how to
    bring her in from the TUI (`add party` in the fight), not with the command line's
    `--only`, which the dialog has no field for."""
    campaign = hurt_campaign(tmp_path, capsys, 5)
    ok(capsys, "campaign", "set", campaign, "rei", "dead", "fell at the shelter")
    app = launcher(tmp_path, campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        assert isinstance(app.screen, FightScreen)
        said = text_of(app.screen.query_one("#fight-who", Static), 70)
    assert "Goes: Asuka" in said and "--only" not in said
    assert "`add party` with their name, in the fight, brings them in" in " ".join(said.split())
