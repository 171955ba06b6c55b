"""Pilot tests per pane: what a GM sees change after a key or a command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from tests.ui_helpers import (
    basic_file,
    make_app,
    nerv_file,
    offers,
    opened,
    pane_text,
    state_of,
    text_of,
    ui_test,
)
from tracker.store.encounter_file import load
from tracker.ui.app import TrackerApp
from tracker.ui.modals.damage import DamageScreen
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.header import EncounterHeader
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.panes.log_pane import LogPane


def marks(app: object) -> dict[str, str]:
    """Name → the glyph in front of it in the initiative pane."""
    pane = app.query_one(InitiativePane)  # type: ignore[attr-defined]
    found = {}
    for line in pane.plain_lines:
        mark, _, rest = line.partition(" ")
        name = rest.split()[1] if len(rest.split()) > 1 else ""
        found[name] = mark
    return found


# --- initiative pane --------------------------------------------------------------------


@ui_test
async def test_current_marker_moves_with_next_and_prev(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        first = state_of(app).order[0]
        first_name = state_of(app).combatant(first).name
        assert marks(app)[first_name] == "▶"
        await pilot.press("n")
        second_name = state_of(app).combatant(state_of(app).order[1]).name
        assert marks(app)[second_name] == "▶"
        assert marks(app)[first_name] == "✓"
        await pilot.press("p")
        assert marks(app)[first_name] == "▶"


@ui_test
async def test_dead_delayed_and_hidden_have_their_own_glyphs(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        for line in ("start", "dead orc", "hide gob"):
            assert app.run_line(line).ok
        await pilot.pause()
        app.select(state_of(app).order[-1] if state_of(app).order[-1] != "orc" else "bo")
        waiting = next(
            s
            for s in state_of(app).order
            if s not in state_of(app).acted and s != state_of(app).current and s != "orc"
        )
        app.select(waiting)
        await pilot.press("w")
        lines = app.query_one(InitiativePane).plain_lines
        assert any(line.startswith("✝") and "Orc" in line for line in lines)
        assert any(line.startswith("⏸") for line in lines)
        assert any("◌Goblin" in line for line in lines)


@ui_test
async def test_selection_moves_with_j_and_k_and_the_body_pane_follows(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert app.selected == "ann"
        await pilot.press("j")
        assert app.selected == "bo"
        body = app.query_one("#body-drawing", Drawing)
        assert body.lines[0].plain == state_of(app).combatant("bo").name  # whose body
        await pilot.press("k", "k")
        assert app.selected == "ann"


@ui_test
async def test_shift_down_swaps_places_in_the_order_and_saves_it(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        top, below = state_of(app).order[0], state_of(app).order[1]
        app.select(top)
        await pilot.press("shift+down")
        assert state_of(app).order[:2] == (below, top)
        rows = app.query_one(InitiativePane).rows
        assert [r.slot for r in rows[:2]] == [below, top]
    assert load(path).encounter.state.order[:2] == (below, top)


# --- body chart pane --------------------------------------------------------------------


@ui_test
async def test_leg_location_shows_the_injury(tmp_path: Path) -> None:
    # seed 000 "Injuries": wounds past the pool become injuries read from the
    # chart of the location hit (score 1 on the leg chart: Foot Pain).
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("rei")
        await pilot.pause()
        before = pane_text(app, "#body-drawing")
        assert "L leg" in before and "Foot Pain" not in before
        assert app.run_line("wound rei 4 @left-leg").ok
        await pilot.pause()
        after = pane_text(app, "#body-drawing")
        injury = state_of(app).combatant("rei").injuries[0]
        assert injury.location == "left leg"
        assert "✖" in after
        assert f"Left leg {injury.score} · {injury.name}" in after


@ui_test
async def test_angel_figure_has_a_core_and_pilots_do_not(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("sachiel")
        await pilot.pause()
        assert "Core" in pane_text(app, "#body-drawing")
        app.select("rei")
        await pilot.pause()
        drawing = pane_text(app, "#body-drawing")
        assert "Core" not in drawing and "Head" in drawing and "R arm" in drawing


@ui_test
async def test_ruleset_without_locations_draws_its_tracks(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert "HP" in pane_text(app, "#body-drawing")
        assert "12/12" in pane_text(app, "#body-drawing")
        assert app.run_line("dmg ann 5").ok
        await pilot.pause()
        drawing = pane_text(app, "#body-drawing")
        assert "7/12" in drawing and "Head" not in drawing
        assert "Luck" in drawing


# --- status pane ------------------------------------------------------------------------


@ui_test
async def test_ailment_badge_shows_under_its_category(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("sachiel")
        assert app.run_line("ail sachiel Burning").ok
        await pilot.pause()
        status = pane_text(app, "#status-text")
        physical = next(line for line in status.splitlines() if line.startswith("Physical:"))
        assert "Burning" in physical
        mental = next(line for line in status.splitlines() if line.startswith("Mental:"))
        assert "—" in mental


async def burning_sachiel_acts(pilot: Pilot[Any]) -> None:
    """Open the file, set Sachiel burning and move on to its turn: its shake-off is open."""
    await opened(pilot)
    app = pilot.app
    assert isinstance(app, TrackerApp)
    for line in ("start", "ail sachiel Burning"):
        assert app.run_line(line).ok
    while state_of(app).current != "sachiel":
        await pilot.press("n")


@ui_test
async def test_reminder_is_resolved_with_its_number_key(tmp_path: Path) -> None:
    # seed 000 "Ailments": a shake-off test at the start of the bearer's turn; each
    # failure adds Advantage to the next test.
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await burning_sachiel_acts(pilot)
        assert state_of(app).reminders
        status = pane_text(app, "#status-text")
        assert offers(status, "1", "pass") and offers(status, "2", "fail")
        assert app.table.check_action("resolve", ("2",))
        await pilot.press("2")
        assert not [r for r in state_of(app).reminders if r.who == "sachiel"]
        burning = state_of(app).combatant("sachiel").condition("Burning")
        assert burning is not None and burning.level == 1
        assert not offers(pane_text(app, "#status-text"), "1", "pass")


@ui_test
async def test_reminder_keys_stay_put_and_the_rest_are_reached_with_0(tmp_path: Path) -> None:
    # issue 12: Sachiel's [1] pass became [2] pass when another reminder arrived above it;
    # choices after the ninth had no key at all.
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await burning_sachiel_acts(pilot)
        before = pane_text(app, "#status-text")
        assert offers(before, "1", "pass") and offers(before, "2", "fail")
        # seed 000 l.203-205: an injury is a Fear trigger, a reminder of its own
        assert app.run_line("wound rei 4 @left-leg").ok
        await pilot.pause()
        after = pane_text(app, "#status-text")
        assert offers(after, "1", "pass") and offers(after, "2", "fail")
        assert "[0] every choice" in after
        fear = [r for r in state_of(app).reminders if r.who == "rei"]
        assert fear
        await pilot.press("0")
        listed = app.screen.query_one("#choices-list", OptionList)
        labels = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        assert any(label.startswith("[1]") and "pass" in label for label in labels)
        wanted = next(i for i, label in enumerate(labels) if "Fear" in label and "pass" in label)
        listed.highlighted = wanted
        await pilot.press("enter")
        await pilot.pause()
        assert not [r for r in state_of(app).reminders if r.who == "rei"]
        assert offers(pane_text(app, "#status-text"), "1", "pass")


@ui_test
async def test_a_click_on_a_choice_resolves_it_and_a_double_click_on_a_row_opens_damage(
    tmp_path: Path,
) -> None:
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await burning_sachiel_acts(pilot)
        status = app.query_one("#status-text", Drawing)
        row = next(i for i, line in enumerate(status_lines(app)) if offers(line, "2", "fail"))
        column = status_lines(app)[row].index("fail")
        await pilot.click(status, offset=(column, row))
        await pilot.pause()
        assert not [r for r in state_of(app).reminders if r.who == "sachiel"]
        burning = state_of(app).combatant("sachiel").condition("Burning")
        # seed 000 "Ailments": a failed shake-off adds Advantage to the next (level 1)
        assert burning is not None and burning.level == 1
        pane = app.query_one(InitiativePane)
        index = next(i for i, line in enumerate(pane.plain_lines) if "Sachiel" in line)
        await pilot.click(pane, offset=(10, index), times=2)
        await pilot.pause()
        assert isinstance(app.screen, DamageScreen)


def status_lines(app: TrackerApp) -> list[str]:
    """The status pane's rows as drawn (wrapped to its width)."""
    status = app.query_one("#status-text", Drawing)
    return text_of(status, status.size.width).splitlines()


# --- log pane ---------------------------------------------------------------------------


@ui_test
async def test_log_groups_by_round_and_turn_and_strikes_undone(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        log = app.query_one(LogPane)
        lines = log.plain_lines
        assert lines[0] == "Before the fight"
        assert "Round 1" in lines
        assert any(line.startswith("  ▸ ") and "turn" in line for line in lines)
        assert app.run_line("dmg orc 4").ok
        await pilot.pause()
        assert log.plain_lines[-1] == "    Orc: HP 15 → 11"
        await pilot.press("u")
        last = log.lines[-2]
        assert last.plain == "    Orc: HP 15 → 11  (undone)"
        assert any(
            span.style and "strike" in str(span.style) for span in last.spans
        ) or "strike" in str(last.style)
        assert log.plain_lines[-1].startswith("    Undone: Orc: HP 15 → 11")


async def twelve_turns_in(app: TrackerApp, pilot: Pilot[Any]) -> LogPane:
    """Start the fight and play twelve turns: more log lines than the pane shows."""
    await opened(pilot)
    await pilot.press("s")
    for _ in range(12):
        await pilot.press("n")
    await pilot.pause()
    return app.query_one(LogPane)


@ui_test
async def test_log_follows_the_newest_line(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        log = await twelve_turns_in(app, pilot)
        height = log.scrollable_content_region.height
        assert len(log.lines) > height
        assert log.scroll_y + height == len(log.lines)  # the newest line is the bottom row


@ui_test
async def test_log_shows_its_scrollbar_only_when_scrolled_back(tmp_path: Path) -> None:
    """Following the newest line the log has no scrollbar and a plain title (nothing to
    repaint at every turn); scrolled back, the scrollbar shows where the GM is, the title
    how many entries there are, and no line re-wraps."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        log = await twelve_turns_in(app, pilot)
        assert not log.show_vertical_scrollbar
        wrapped = list(log.plain_lines)
        assert log.allow_vertical_scroll  # the mouse wheel scrolls it all the same
        log.scroll_to(y=0, animate=False, immediate=True)
        await pilot.pause()
        assert log.has_class("-back") and log.show_vertical_scrollbar
        assert log.plain_lines == wrapped
        frame = app.query_one("#log-frame")
        assert str(frame.border_title) == f"Log · {len(log.feed.lines)} entries"
        await pilot.press("n")
        await pilot.pause()
        height = log.scrollable_content_region.height
        assert log.scroll_y + height == len(log.lines)  # a new turn brings the log back
        assert not log.has_class("-back") and not log.show_vertical_scrollbar
        assert str(frame.border_title) == "Log"  # following: a title that stays put


@ui_test
async def test_a_long_order_says_which_rows_show_and_scrolls_with_the_turn(tmp_path: Path) -> None:
    """More combatants than rows: the rows fit the pane (no scrollbar takes a column or
    a row), the title says which rows show, and the turn moving past the last row
    scrolls the order and the title with it."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for number in range(20):
            assert app.run_line(f"add Grunt{number}-of-the-very-long-name side=enemy hp=5").ok
        await pilot.press("s")
        await pilot.pause()
        pane = app.query_one(InitiativePane)
        frame = app.query_one("#initiative-frame")
        rows, height = len(pane.rows), pane.scrollable_content_region.height
        assert rows > height
        assert not pane.show_vertical_scrollbar and not pane.show_horizontal_scrollbar
        assert max(len(line) for line in pane.plain_lines) <= pane.scrollable_content_region.width
        assert str(frame.border_title) == f"Initiative · Round 1 · 1–{height} of {rows}"
        for _ in range(height + 2):  # past the last row, whatever row the message takes
            await pilot.press("n")
        await pilot.pause()
        top, height = int(pane.scroll_y), pane.scrollable_content_region.height
        assert top > 0 and top <= pane.cursor < top + height  # the acting row is in view
        shown = f"{top + 1}–{min(top + height, rows)} of {rows}"
        assert str(frame.border_title).endswith(shown)


# --- header and command bar -------------------------------------------------------------


@ui_test
async def test_header_says_round_turn_file_and_saved(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path, "ambush.toml"))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        header = str(app.query_one(EncounterHeader).render())
        assert "Goblin ambush · basic · not started · ambush.toml · saved" in header
        await pilot.press("s")
        acting = state_of(app).combatant(str(state_of(app).current)).name
        header = str(app.query_one(EncounterHeader).render())
        assert f"Round 1 · {acting}'s turn" in header


@ui_test
async def test_command_bar_refusal_is_inline_and_writes_nothing(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        before = path.read_bytes()
        await pilot.press("colon")
        await pilot.press(*"dmg nobody 5", "enter")
        bar = app.query_one(CommandBar)
        assert bar.message.startswith("✗ no combatant 'nobody'")
        assert bar.input.history[-1] == "dmg nobody 5"  # ↑ brings it back to correct
        assert path.read_bytes() == before


@ui_test
async def test_command_bar_completes_and_runs(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("colon", "d", "m")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.press("g", "o")
        await pilot.pause()
        await pilot.press("tab")
        assert app.query_one(CommandBar).input.value == "dmg Goblin "
        await pilot.press("3", "enter")
        assert state_of(app).combatant("gob").track("hp") == 4
        assert app.query_one(CommandBar).message == "Goblin: HP 7 → 4"
    assert load(path).encounter.state.combatant("gob").track("hp") == 4


@ui_test
async def test_typing_after_a_verb_put_in_the_bar_adds_to_it(tmp_path: Path) -> None:
    # issue 12: the palette's "Type: VERB" left the verb selected, so typing replaced it
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.open_command_bar("dmg ")
        await pilot.pause()
        await pilot.press("o", "r", "c")
        assert app.query_one(CommandBar).input.value == "dmg orc"


@ui_test
async def test_help_shows_every_option_and_the_badge_legend(tmp_path: Path) -> None:
    # issue 12: "[@LOC] [exploit] …" were read as markup and vanished
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("question_mark")
        verbs = text_of(app.screen.query_one("#help-verbs", Static), 100)
        assert "dmg WHO N [@LOC] [exploit]" in verbs
        legend = text_of(app.screen.query_one("#help-legend", Static), 100)
        assert "Burn2·3" in legend and "▶" in legend
        assert "In this fight:" in legend and "W 4/4  Wounds 4/4" in legend
        keys = text_of(app.screen.query_one("#help-keys", Static), 100)
        assert keys.count("resolve a reminder with its number key") == 1  # one row for 1-9
        assert "1 2 3 4 5 6 7 8 9" in keys


@ui_test
async def test_the_palette_offers_this_apps_themes_not_textuals(tmp_path: Path) -> None:
    # issue 12: Textual's theme picker offered ~20 themes beside the app's 6
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Theme" not in titles and "Quit" not in titles and "Keys" in titles


@ui_test
async def test_zoom_shows_the_focused_pane_on_the_whole_screen(tmp_path: Path) -> None:
    """z shows the focused pane full screen, border and title included (the initiative's
    and the log's lines sit in a frame that carries them), and z again brings every pane
    back."""
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        app.query_one(InitiativePane).focus()
        await pilot.press("z")
        zoomed = app.screen.maximized
        assert zoomed is not None and zoomed.id == "initiative-frame"
        assert str(zoomed.border_title).startswith("Initiative · Round 1")
        assert zoomed.outer_size.width == 120 and zoomed.outer_size.height >= 30  # all of it
        await pilot.press("z")
        assert app.screen.maximized is None
        app.query_one(LogPane).focus()
        await pilot.press("z")
        zoomed = app.screen.maximized
        assert zoomed is not None and zoomed.id == "log-frame"
        assert str(zoomed.border_title) == "Log"
        assert zoomed.outer_size.width == 120 and zoomed.outer_size.height >= 30
        await pilot.press("z")
        assert app.screen.maximized is None
        app.query_one("#status").focus()
        await pilot.press("z")
        zoomed = app.screen.maximized
        assert zoomed is not None and zoomed.id == "status"
        assert zoomed.outer_size.width == 120 and zoomed.outer_size.height >= 30
        await pilot.press("z")
        assert app.screen.maximized is None
