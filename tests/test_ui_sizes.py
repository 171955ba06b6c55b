"""The table-side screen at every laptop size (issue 12): each bundled sample mid-fight
(round 2, injuries, ailments, a reminder open) at 80x24, 100x30, 120x36 and 200x50, each
modal at 80x24, and a property over sizes: no initiative row ever shows a number cut short
or leaves out the ruleset's main numbers."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.midfight import MIDFIGHT
from tests.player_helpers import copy_sample
from tests.ui_helpers import (
    make_app,
    offers,
    opened,
    settled,
    state_of,
    still,
    ui_test,
    visible_status,
)
from tracker.core.model import slot_owner
from tracker.ui.app import TrackerApp
from tracker.ui.panes.figure import FIGURE_WIDTH
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.panes.key_footer import KeyFooter
from tracker.ui.panes.order_rows import row_badges, shown_name, summary_parts

SIZES = [(80, 24), (100, 30), (120, 36), (200, 50)]
SAMPLES = sorted(MIDFIGHT)
NUMBER = re.compile(r"\d+")
LEFT_OUT = re.compile(r" …(\d+)$")

Before = Callable[[Pilot[Any]], Awaitable[None]]


def midfight_app(folder: Path, sample: str) -> TrackerApp:
    """An app on a copy of ``sample`` (seeded dice: the same fight every run)."""
    path = copy_sample(sample, folder)
    return make_app(path, seed=11)


def played(sample: str, then: Callable[[TrackerApp], None] | None = None) -> Before:
    """Play the sample to the middle of round 2, then open what ``then`` opens."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await opened(pilot)
        app = pilot.app
        assert isinstance(app, TrackerApp)
        for line in MIDFIGHT[sample]:
            assert app.run_line(line).ok, line
        app.use_theme("default-dark")
        await pilot.pause()
        if then is not None:
            then(app)
            await pilot.pause()
            await app.workers.wait_for_complete()  # help's ruleset page: laid out, shown
            await pilot.pause()
        still(pilot)
        await settled(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("sample", SAMPLES)
def test_mid_fight_at_every_size(
    snap_compare: Any, tmp_path: Path, sample: str, size: tuple[int, int]
) -> None:
    app = midfight_app(tmp_path, sample)
    assert snap_compare(app, terminal_size=size, run_before=played(sample))


MODALS: dict[str, Callable[[TrackerApp], None]] = {
    "damage": lambda app: app.table.action_damage(),
    "ailment": lambda app: app.table.action_ailment(),
    "add": lambda app: app.table.action_add_combatant(),
    "dice": lambda app: app.table.action_roll_dice(),
    "help": lambda app: app.table.action_help(),
    "export": lambda app: app.table.action_export(),
    "choices": lambda app: app.table.action_every_choice(),
}


@pytest.mark.parametrize("modal", sorted(MODALS))
def test_each_modal_at_80x24(
    snap_compare: Any, tmp_path: Path, modal: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", "/home/gm/.local/share")  # the export path shown
    played_on = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)  # the export names the fight's day
    monkeypatch.setattr("tracker.core.session.now_utc", lambda: played_on)
    sample = "nerv-sachiel.toml"
    app = midfight_app(tmp_path, sample)
    assert snap_compare(app, terminal_size=(80, 24), run_before=played(sample, MODALS[modal]))


@pytest.mark.parametrize("sample", SAMPLES)
@ui_test
async def test_no_row_cuts_a_number_at_any_size(tmp_path: Path, sample: str) -> None:
    app = midfight_app(tmp_path, sample)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        for line in MIDFIGHT[sample]:
            assert app.run_line(line).ok, line
        for width in range(80, 241, 16):
            for height in (24, 36, 50, 70):
                await pilot.resize_terminal(width, height)
                await pilot.pause()
                check_rows(app, f"{sample} at {width}x{height}")


def check_rows(app: TrackerApp, where: str) -> None:
    """Every row's numbers are whole numbers the rules gave for that combatant, and the
    main ones (the summary's first-rank parts) are all there."""
    pane = app.query_one(InitiativePane)
    state, rules = state_of(app), app.session.rules_or_fail()
    for row, line in zip(pane.rows, pane.plain_lines, strict=True):
        fighter = state.combatant(row.slot)
        parts = summary_parts(rules, fighter)
        allowed = {str(v) for v in (state.initiative.get(row.slot),) if v is not None}
        allowed |= {f"{v:g}" for v in state.initiative.values()}
        texts = [shown_name(fighter, row.slot), *(p.short + " " + p.long for p in parts)]
        texts += [b.short + " " + b.long for b in row_badges(rules, fighter)]
        allowed |= set(NUMBER.findall(" ".join(texts)))
        held = row_badges(rules, fighter)
        more = LEFT_OUT.search(line)
        if more:
            assert 0 < int(more.group(1)) <= len(held), (where, line)
            line = line[: more.start()]
        assert set(NUMBER.findall(line)) <= allowed, (where, line)
        main = [n for p in parts if p.rank == 0 for n in NUMBER.findall(p.short)]
        for number in main:
            assert number in NUMBER.findall(line), (where, line, main)
        assert slot_owner(row.slot) in state.combatants


@ui_test
async def test_the_body_figure_grows_when_the_terminal_does(tmp_path: Path) -> None:
    # issue 12: at 200x50 the chart sat small in a corner; grown live, it is drawn twice
    # as wide
    sample = "nerv-sachiel.toml"
    app = midfight_app(tmp_path, sample)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        for line in MIDFIGHT[sample]:
            assert app.run_line(line).ok, line
        await pilot.resize_terminal(200, 50)
        await pilot.pause()
        await pilot.pause()
        drawing = app.query_one("#body-drawing")
        assert drawing.size.width >= 2 * FIGURE_WIDTH


@pytest.mark.parametrize("size", [(80, 24), (100, 30)], ids=lambda s: f"{s[0]}x{s[1]}")
@ui_test
async def test_three_reminders_leave_the_selected_one_on_a_short_screen(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # issue 12: at 80x24 the reminders pushed the selected combatant's block out of the
    # status pane; every keyed choice and the name and tracks must be on screen at once
    app = midfight_app(tmp_path, "nerv-sachiel.toml")
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        for line in ("start", "ail rei Dizzy", "ail sachiel Burning", "ail unit-01 Shocked"):
            assert app.run_line(line).ok, line
        while len(state_of(app).reminders) < 3:
            await pilot.press("n")
        await pilot.pause()
        shown = "\n".join(visible_status(app))
        fighter = state_of(app).combatant(app.selected)
        assert fighter.name in shown
        for track in app.session.rules_or_fail().track_views(fighter):
            assert f"{track.value}/{track.limit}" in shown or track.limit <= 0, track
        for choice in app.reminder_keys.keyed(state_of(app), app.session.rules_or_fail()):
            if choice.key:
                assert offers(shown, choice.key, choice.label), (choice, shown)
        # the first keyed choice is resolved by its key, as the pane shows it
        before = len(state_of(app).reminders)
        await pilot.press("2")
        await pilot.pause()
        assert len(state_of(app).reminders) == before - 1


@pytest.mark.parametrize("width", [80, 100, 120, 200])
@ui_test
async def test_the_footer_shows_only_whole_keys(tmp_path: Path, width: int) -> None:
    # issue 12: at 80 columns the footer ended in the middle of a key ("r" of "r dice")
    app = midfight_app(tmp_path, "nerv-sachiel.toml")
    async with app.run_test(size=(width, 30)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        keys = footer.shown_keys()
        shown = {key.action for key in keys}
        assert {"next_turn", "help", "damage", "undo"} <= shown
        assert footer.region.width == width
        for key in keys:
            assert footer.region.x + key.end <= width, key
        if width >= 120:
            assert {"quit", "export", "roll_dice"} <= shown
