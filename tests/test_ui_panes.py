"""Pilot tests of the initiative and body chart panes: what a GM sees change after a key
or a command (the status pane, the log and the bars: test_ui_status_pane.py,
test_ui_log_pane.py, test_ui_header_bar.py)."""

from __future__ import annotations

from pathlib import Path

from tests.ui_helpers import basic_file, make_app, nerv_file, opened, pane_text, state_of, ui_test
from tracker.store.encounter_file import load
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.initiative import InitiativePane


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
