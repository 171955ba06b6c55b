"""Nothing a GM must act on is cut (issue 27): with three reminders open and a command
refused, at 80x24 to 200x50, every reminder's whole text, every choice key, the whole
refusal and the selected combatant's tracks are on screen; the log gives way first."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Static

from tests.player_helpers import copy_sample
from tests.ui_helpers import (
    ROOT,
    make_app,
    message_rows,
    offers,
    opened,
    pane_text,
    state_of,
    text_of,
    ui_test,
    visible_status,
)
from tracker.ui.app import TrackerApp
from tracker.ui.modals.message import MessageScreen
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.panes.key_footer import KeyFooter
from tracker.ui.panes.status import StatusPane

SIZES = [(80, 24), (100, 30), (120, 36), (200, 50)]

OPENING: dict[str, tuple[tuple[str, ...], str]] = {
    "basic-bandits-at-the-ford.toml": (("start", "dmg captain 4"), "dmg zzz 3"),
    "nerv-sachiel.toml": (
        ("start", "ail rei Dizzy", "ail sachiel Burning", "ail unit-01 Shocked"),
        "ail rei Burning",
    ),
    "wrath-ork-boarding.toml": (
        ("start", "wound kell 6", "wound amelia 8", "wound varro 9"),
        "ail nob Prone rounds=zz",
    ),
    "alien-operations-deck.toml": (
        ("start", "dmg ripley 10", "dmg hudson 10", "dmg vasquez 10"),
        "dmg zzz 3",
    ),
    "eva-escale-ramiel.toml": (
        ("start", "dmg unit-01 500 @torso", "dmg unit-02 500 @torso", "dmg unit-01 500 @head"),
        "dmg ramiel 3 @nowhere",
    ),
    "persona-d100-shadows.toml": (("start", "dmg slime 9 element=ice"), "dmg slime 3 element=zz"),
}
"""Per sample: lines that open reminders (three where the ruleset raises any), and a
line it refuses."""


CUT_TO_A_ROW = {("wrath-ork-boarding.toml", (80, 24)), ("eva-escale-ramiel.toml", (80, 24))}
"""Where the reminders and their keys fill the status pane even with the log gone and
the pane widened (wrath's three Defiance Checks, eva's five Critical Damage look-ups:
18 rows at 80x24): each reminder's text is cut to a row (whole in the log and in the
list 0 opens) so that the selected one's name and tracks stay in sight (the initiative
keeps its room: a row narrower than 30 cells would cut its numbers)."""


def words(text: str) -> str:
    """``text`` with its wrapping undone: words a space apart."""
    return " ".join(text.split())


async def opened_with_reminders(pilot: Pilot[int], sample: str) -> None:
    """Play the sample's opening, then turn until three reminders are open (or a
    round has passed: some rulesets raise fewer)."""
    app = pilot.app
    assert isinstance(app, TrackerApp)
    await opened(pilot)
    for line in OPENING[sample][0]:
        assert app.run_line(line).ok, line
    for _ in range(8):
        if len(state_of(app).reminders) >= 3:
            break
        await pilot.press("n")
    await pilot.press("colon", *OPENING[sample][1], "enter")
    await pilot.pause()
    await pilot.pause()


def tracks_shown(app: TrackerApp, shown: str) -> None:
    """The selected combatant's tracks (value/limit) are in the status pane, or in the
    body pane where it is on screen."""
    fighter = state_of(app).combatant(app.selected)
    rules = app.session.rules_or_fail()
    if not rules.body(fighter) and app.query_one("#body").display:
        shown += pane_text(app, "#body-drawing")
    assert words(fighter.name) in shown
    for track in rules.track_views(fighter):
        if track.limit > 0:
            assert f"{track.value}/{track.limit}" in shown, (track, shown)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("sample", sorted(OPENING))
@ui_test
async def test_reminders_a_refusal_and_the_tracks_are_whole(
    tmp_path: Path, sample: str, size: tuple[int, int]
) -> None:
    # issue 27: at 80x24 "Rei Ayanami (on foot) suffered an…", a refusal cut at "spec…"
    # and no Shock/Wounds for wrath or HP for basic in the status pane
    path = copy_sample(sample, tmp_path)
    app = make_app(path, seed=11)
    async with app.run_test(size=size) as pilot:
        await opened_with_reminders(pilot, sample)
        line = OPENING[sample][1]
        refusal = app.run_line(line)
        assert not refusal.ok
        assert words(f"✗ {refusal.message}") == words(message_rows(app))
        shown = words(" ".join(visible_status(app)))
        cut = (sample, size) in CUT_TO_A_ROW
        for reminder in state_of(app).reminders:
            said = words(reminder.text)
            assert (" ".join(said.split()[:3]) if cut else said) in shown, (said, shown)
        for choice in app.reminder_keys.keyed(state_of(app), app.session.rules_or_fail()):
            if choice.key:
                assert offers(shown, choice.key, choice.label), (choice, shown)
        tracks_shown(app, shown)
        order = app.query_one(InitiativePane)  # a pane narrowed for them still fits its rows
        for row in order.plain_lines:
            assert cell_len(row.rstrip()) <= order.scrollable_content_region.width, row


@pytest.mark.parametrize("size", [(120, 36), (200, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
@ui_test
async def test_the_rules_line_on_the_selected_one_is_in_sight(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # at 120x36, with three critical injuries to look up, Alien's line for a Broken
    # Ripley ("a single move this round, no stress, no panic") sat below the fold
    sample = "alien-operations-deck.toml"
    path = copy_sample(sample, tmp_path)
    app = make_app(path, seed=11)
    async with app.run_test(size=size) as pilot:
        await opened_with_reminders(pilot, sample)
        await pilot.press("escape")
        app.select("ripley")
        for _ in range(3):
            await pilot.pause()
        assert len(state_of(app).reminders) == 3
        shown = words(" ".join(visible_status(app)))
        assert "Ripley · PC · down" in shown, shown
        assert "Broken: a single move this round, no stress, no panic" in shown, shown


@ui_test
async def test_three_fear_tests_leave_the_selected_name_in_sight(tmp_path: Path) -> None:
    # at 80x24 three Wrath & Glory Fear tests (four rows each, wrapped, and two rows of
    # keys) pushed "Trooper Kell · PC · active" below the status pane's fold
    sample = "wrath-ork-boarding.toml"
    path = copy_sample(sample, tmp_path)
    app = make_app(path, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for line in ("start", *(f"fear {who} source=nob" for who in ("amelia", "varro", "kell"))):
            assert app.run_line(line).ok, line
        app.select("kell")
        for _ in range(4):
            await pilot.pause()
        rows = visible_status(app)
        assert any(row.startswith("Trooper Kell · PC · active") for row in rows), rows
        for name in ("Sister Amelia", "Magos Varro", "Trooper Kell"):
            assert f"{name} meets something fearful…" in rows, rows
        shown = words(" ".join(rows))
        for choice in app.reminder_keys.keyed(state_of(app), app.session.rules_or_fail()):
            assert choice.key and offers(shown, choice.key, choice.label), (choice, shown)
        tracks_shown(app, shown)


@ui_test
async def test_the_log_gives_way_and_comes_back(tmp_path: Path) -> None:
    # issue 27: the reminders take the log's rows at 80x24, and give them back once
    # they are resolved
    sample = "nerv-sachiel.toml"
    path = copy_sample(sample, tmp_path)
    app = make_app(path, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        log = app.query_one("#log-frame")
        height = log.outer_size.height
        await opened_with_reminders(pilot, sample)
        await pilot.press("escape")  # out of the bar the refusal left open
        assert log.outer_size.height < height
        assert len(state_of(app).reminders) == 3
        for _ in range(3):
            keys = [
                c.key for c in app.reminder_keys.keyed(state_of(app), app.session.rules_or_fail())
            ]
            await pilot.press(next(k for k in keys if k))
            await pilot.pause()
            footer = app.query_one(KeyFooter).shown_actions()
            if state_of(app).reminders:  # the footer keeps "1-9 resolve" while one is open
                assert "resolve('1')" in footer, footer
        await pilot.pause()
        assert not state_of(app).reminders
        assert log.display and log.outer_size.height == height


@ui_test
async def test_a_long_message_wraps_to_a_second_row(tmp_path: Path) -> None:
    sample = "persona-d100-shadows.toml"
    path = copy_sample(sample, tmp_path)
    app = make_app(path, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("colon", *"dmg slime 3 element=zz", "enter")
        await pilot.pause()
        said = message_rows(app)
        assert app.query_one("#command-message").size.height == 2
        assert "…" not in said
        assert re.search(r"✗ .*zz", said)


@ui_test
async def test_a_message_longer_than_two_rows_opens_whole_on_m(tmp_path: Path) -> None:
    # issue 27: a refusal cut at "spec…"; past two rows the bar says which key shows all
    path = tmp_path / "fight.toml"
    shutil.copyfile(ROOT / "encounters" / "basic-bandits-at-the-ford.toml", path)
    app = make_app(path, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        long = "; ".join(f"reason number {n} the rules give" for n in range(12))
        app.query_one(CommandBar).say(f"✗ {long}", "error")
        await pilot.pause()
        shown = message_rows(app)
        assert shown.rstrip().endswith("… m shows all"), shown
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen)
        whole = words(text_of(app.screen.query_one("#message-text", Static), 70))
        assert whole == words(f"✗ {long}")
        await pilot.press("escape")
        assert not isinstance(app.screen, MessageScreen)


@ui_test
async def test_the_status_pane_crowding_as_the_app_closes_is_let_be(tmp_path: Path) -> None:
    # a full run ended in NoMatches: the status pane's Crowded message reached the app
    # after its screens were gone (a test's teardown), and the app looked for the log
    sample = "nerv-sachiel.toml"
    path = copy_sample(sample, tmp_path)
    app = make_app(path, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.confirm("Take Sachiel out of the fight?", "remove sachiel")
        await pilot.pause()
        app.table._crowded(StatusPane.Crowded(rows=3))  # a dialog on top: the log is found
    assert not app.screen_stack
    app.table._crowded(StatusPane.Crowded(rows=3))  # closed: nothing to give rows to
