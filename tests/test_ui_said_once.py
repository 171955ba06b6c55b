"""Smaller things a GM reads at the table, each said once and clearly (issue 27): alien's
BROKEN not twice on a row, a failed shake-off's count named as such, no stacked
"Condition:"/"Conditions:", the help's shorthand in the status's words, a screenshot
that says where it went, and the empty order's hint whole at 80 columns."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from tests.player_helpers import copy_sample
from tests.ui_helpers import make_app, opened, pane_text, state_of, text_of, ui_test
from tracker.core.model import Combatant, Condition
from tracker.rules.registry import load_ruleset
from tracker.ui.app import TrackerApp
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.panes.order_rows import row_badges
from tracker.ui.screenshot import save_screen


def sample_app(folder: Path, sample: str) -> TrackerApp:
    """An app on a copy of a bundled sample."""
    path = copy_sample(sample, folder)
    return make_app(path, seed=11)


def row_of(app: TrackerApp, name: str) -> str:
    """The initiative row that shows ``name``."""
    rows = app.query_one(InitiativePane).plain_lines
    return next(line for line in rows if name in line)


@ui_test
async def test_broken_is_said_once_on_the_row(tmp_path: Path) -> None:
    # issue 27: "H 0/3 BROKEN Brok" said Broken twice
    app = sample_app(tmp_path, "alien-operations-deck.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok and app.run_line("dmg ripley 10").ok
        await pilot.pause()
        row = row_of(app, "Ripley")
        assert row.casefold().count("brok") == 1, row
        assert "BROKEN" in row


def test_a_failed_shake_off_is_counted_as_failed() -> None:
    # issue 27: "Burn1" beside "Burning, Damage 5": the 1 is failed shake-offs
    burning = Condition("Burning", level=1, category="Physical")
    (badge,) = row_badges(load_ruleset("nerv-d100"), Combatant("s", "S", conditions=(burning,)))
    assert (badge.long, badge.short) == ("Burning ×1 failed", "Burn✗1")
    poisoned = Condition("Poisoned", level=2)
    (plain,) = row_badges(load_ruleset("basic"), Combatant("b", "B", conditions=(poisoned,)))
    assert (plain.long, plain.short) == ("Poisoned 2", "Pois2")


@ui_test
async def test_a_condition_is_listed_once_in_the_status(tmp_path: Path) -> None:
    # issue 27: "Condition:" and "Conditions:" stacked; persona's Burn listed twice
    app = sample_app(tmp_path, "persona-d100-shadows.toml")
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok
        assert app.run_line("ail chie Burn category=Physical rounds=3").ok
        app.selected = "chie"
        await pilot.pause()
        status = pane_text(app, "#status-text")
        assert status.count("Burn") == 1, status
        assert "Conditions:" not in status


@ui_test
async def test_the_help_says_the_shorthand_as_the_status_does(tmp_path: Path) -> None:
    # issue 27: the help's "+1A  +1 Advantage to hit" against the status's "Attackers +1
    # Advantage"
    app = sample_app(tmp_path, "nerv-sachiel.toml")
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok and app.run_line("ail sachiel Burning").ok
        app.selected = "sachiel"
        await pilot.pause()
        assert "Attackers +1 Advantage" in pane_text(app, "#status-text")
        await pilot.press("question_mark")
        await pilot.pause()
        legend = text_of(app.screen.query_one("#help-legend", Static), 100)
        assert "+1A  attackers +1 Advantage" in legend, legend


@ui_test
async def test_a_screenshot_goes_beside_the_encounter_or_says_why_not(tmp_path: Path) -> None:
    # issue 27: "Failed to save screenshot" (no ~/Downloads), without a reason
    app = sample_app(tmp_path, "basic-bandits-at-the-ford.toml")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        said = save_screen(app, tmp_path)
        (svg,) = tmp_path.glob("*.svg")
        assert said == f"screenshot saved: {svg}"
        said = save_screen(app, tmp_path / "gone")
        assert said.startswith(f"no screenshot: {tmp_path / 'gone'} cannot be written (")


@ui_test
async def test_the_empty_orders_hint_is_whole_at_80_columns(tmp_path: Path) -> None:
    path = tmp_path / "new.toml"
    path.write_text('format = 2\n\n[encounter]\ntitle = "Empty"\nruleset = "basic"\n')
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("escape")  # the add dialog a new encounter opens in
        await pilot.pause()
        pane = app.query_one(InitiativePane)
        lines = pane.plain_lines
        assert " ".join(" ".join(lines).split()) == "nobody yet — press + to add a combatant"
        assert all(len(line.rstrip()) <= pane.scrollable_content_region.width for line in lines)
        assert not state_of(app).combatants
