"""Issue 32: the table's footer is one widget that draws every key itself, and still does
all a row of Footer keys did: the keys that apply, whole, the most needed first; the
palette's key at the right edge; the key under the mouse highlighted, with its tooltip;
a click presses the key; a disabled key dimmed; the user's names for keys; user text
shown as typed."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.style import Style
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets._tooltip import Tooltip

from tests.ui_helpers import basic_file, make_app, opened, state_of, ui_test
from tracker.ui.app import TrackerApp
from tracker.ui.panes.footer_keys import EDGE, GUTTER, Offered, Placed, lay_out
from tracker.ui.panes.key_footer import KeyFooter

HOSTILE = "[b]x\x1b]52;c;YQ==\x07"
SHOWN_HOSTILE = "[b]x␛]52;c;YQ==␇"


def row_cells(footer: KeyFooter) -> list[tuple[str, Style]]:
    """Each cell of the footer's row as the screen gets it: its character and style."""
    strip = footer.render_lines(Region(0, 0, footer.size.width, 1))[0]
    return [(char, segment.style or Style()) for segment in strip for char in segment.text]


def row_text(footer: KeyFooter) -> str:
    """The footer's row as a GM reads it."""
    return "".join(char for char, _ in row_cells(footer))


def placed(footer: KeyFooter, action: str) -> Placed:
    """Where the footer shows the key of ``action``."""
    return next(key for key in footer.shown_keys() if key.action == action)


async def started(app: TrackerApp, pilot: Any) -> KeyFooter:
    """Open the file and start the fight; the footer."""
    await opened(pilot)
    assert app.run_line("start").ok
    await pilot.pause()
    return app.query_one(KeyFooter)


@ui_test
async def test_the_key_under_the_mouse_is_highlighted_and_has_its_tooltip(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36), tooltips=True) as pilot:
        footer = await started(app, pilot)
        damage, other = placed(footer, "damage"), placed(footer, "next_turn")
        plain_bg = row_cells(footer)[damage.start][1].bgcolor
        for column in (damage.start, damage.end - 1):
            await pilot.hover(KeyFooter, offset=(column, 0))
        await pilot.pause(app.TOOLTIP_DELAY + 0.1)
        cells = row_cells(footer)
        assert str(app.screen.query_one(Tooltip).render()) == "damage the selected combatant"
        assert {cells[x][1].bgcolor for x in range(damage.start, damage.end)} != {plain_bg}
        assert cells[other.start][1].bgcolor == plain_bg  # only the key under the mouse
        await pilot.hover(KeyFooter, offset=(damage.end, 0))  # the gutter after it
        await pilot.pause()
        assert row_cells(footer)[damage.start][1].bgcolor == plain_bg
        assert footer.tooltip is None


@ui_test
async def test_a_click_on_a_key_presses_it(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        footer = await started(app, pilot)
        before = state_of(app)
        await pilot.click(KeyFooter, offset=(placed(footer, "next_turn").start, 0))
        await pilot.pause()
        assert state_of(app).current != before.current  # the next one's turn
        seq = state_of(app).seq
        await pilot.click(KeyFooter, offset=(placed(footer, "next_turn").end, 0))  # a gutter
        await pilot.pause()
        assert state_of(app).seq == seq


@ui_test
async def test_a_key_the_keymap_renamed_is_shown_and_pressed_by_its_new_name(
    tmp_path: Path,
) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        footer = await started(app, pilot)
        app.set_keymap({"next-turn": "ctrl+x"})
        await pilot.pause()
        key = placed(footer, "next_turn")
        assert row_text(footer)[key.start : key.end] == "^x next"
        before = state_of(app).current
        await pilot.click(KeyFooter, offset=(key.start, 0))
        await pilot.pause()
        assert state_of(app).current != before


@pytest.mark.parametrize("width", [80, 120, 200])
@ui_test
async def test_the_row_holds_whole_keys_by_need_at_every_width(tmp_path: Path, width: int) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(width, 30)) as pilot:
        footer = await started(app, pilot)
        keys = footer.shown_keys()
        text = row_text(footer)
        assert len(text) == width
        for key in keys:  # each key whole where it says it is, none off the edge
            written = key.key.shown + (" " + key.key.description if key.key.description else "")
            assert text[key.start + key.edge : key.end] == written
            assert key.end <= width
        for left, right in zip(keys, keys[1:], strict=False):
            assert left.end + GUTTER <= right.start and text[left.end] == " "
        shown = footer.shown_actions()
        assert {"next_turn", "help", "damage", "undo"} <= set(shown)
        assert len(set(shown)) == len(shown)  # redo has two keys, and is offered once
        if width == 80:  # the least needed left out, the most needed kept
            assert "quit" not in shown and "command_bar" in shown


@ui_test
async def test_the_palette_key_sits_at_the_right_edge_of_a_wide_footer(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(200, 40)) as pilot:
        footer = await started(app, pilot)
        assert footer.shown_actions()[-1] == "command_palette"
        assert row_text(footer).endswith("▏^p palette ")
        await pilot.resize_terminal(120, 40)  # below 160 columns: no room for it
        await pilot.pause()
        assert "command_palette" not in footer.shown_actions()
        assert "palette" not in row_text(footer)
        assert {"next_turn", "damage"} <= set(footer.shown_actions())


@ui_test
async def test_the_footer_stays_on_screen_while_a_pane_is_zoomed(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        footer = await started(app, pilot)
        await pilot.press("z")
        await pilot.pause()
        assert app.screen.maximized is not None
        under, _ = app.screen.get_widget_at(placed(footer, "next_turn").start, 35)
        assert under is footer


def test_the_first_paint_shows_the_keys_that_apply_before_the_file_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, list[str]] = {}
    first = TrackerApp._painted_first

    def painted_first(app: TrackerApp) -> None:
        seen["first paint"] = app.query_one(KeyFooter).shown_actions()
        first(app)

    monkeypatch.setattr(TrackerApp, "_painted_first", painted_first)

    @ui_test
    async def scenario() -> None:
        app = make_app(basic_file(tmp_path))
        async with app.run_test(size=(120, 36)) as pilot:
            await opened(pilot)
            assert "start_fight" in app.query_one(KeyFooter).shown_actions()

    scenario()
    assert seen["first paint"] == ["help", "quit"]


class KeysScreen(Screen[None]):
    """Three keys: one with hostile text, one plain, one disabled (``z``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "note('x')", HOSTILE, key_display=f"[i]k{HOSTILE}", tooltip=f"[/]{HOSTILE}"),
        Binding("y", "note('y')", "why", tooltip="why not"),
        Binding("z", "note('z')", "zed", tooltip="not now"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.noted: list[str] = []
        self.hide_y = False

    def compose(self) -> ComposeResult:
        """Only the footer."""
        yield KeyFooter(())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``z`` is shown disabled; ``y`` hidden while ``hide_y``."""
        if parameters == ("z",):
            return None
        return not (self.hide_y and parameters == ("y",))

    def action_note(self, key: str) -> None:
        """Note the key pressed."""
        self.noted.append(key)


class KeysApp(App[None]):
    """A bare app whose screen has the footer and three keys."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self) -> None:
        super().__init__()
        self.keys = KeysScreen()
        self.bells = 0

    def get_default_screen(self) -> Screen[Any]:
        """The screen of keys."""
        return self.keys

    def bell(self) -> None:
        """Count the bells."""
        self.bells += 1


@ui_test
async def test_a_disabled_key_is_dimmed_and_a_click_on_it_rings_the_bell() -> None:
    app = KeysApp()
    async with app.run_test(size=(80, 5)) as pilot:
        footer = app.query_one(KeyFooter)
        why, zed = placed(footer, "note('y')"), placed(footer, "note('z')")
        cells = row_cells(footer)
        assert cells[why.start][1].bgcolor == cells[zed.start][1].bgcolor
        assert cells[why.start][1].color != cells[zed.start][1].color  # dimmed
        assert cells[why.end - 1][1].color != cells[zed.end - 1][1].color
        await pilot.click(KeyFooter, offset=(zed.start, 0))
        await pilot.click(KeyFooter, offset=(why.start, 0))
        await pilot.pause()
        assert app.keys.noted == ["y"] and app.bells == 1


@ui_test
async def test_a_hostile_key_name_description_and_tooltip_are_shown_as_typed() -> None:
    app = KeysApp()
    async with app.run_test(size=(80, 5), tooltips=True) as pilot:
        footer = app.query_one(KeyFooter)
        key = placed(footer, "note('x')")
        assert row_text(footer)[key.start : key.end] == f"[i]k{SHOWN_HOSTILE} {SHOWN_HOSTILE}"
        for column in (key.start, key.start + 1):
            await pilot.hover(KeyFooter, offset=(column, 0))
        await pilot.pause(app.TOOLTIP_DELAY + 0.1)
        assert str(app.screen.query_one(Tooltip).render()) == f"[/]{SHOWN_HOSTILE}"
        assert "\x1b" not in app.export_screenshot()
        assert all(char.isprintable() for char in row_text(footer))


@ui_test
async def test_a_change_in_the_keys_that_apply_is_on_the_row_at_once() -> None:
    app = KeysApp()
    async with app.run_test(size=(80, 5)) as pilot:
        footer = app.query_one(KeyFooter)
        assert "note('y')" in footer.shown_actions()
        app.keys.hide_y = True
        app.keys.refresh_bindings()
        assert footer.shown_actions() == ["note('x')", "note('z')"]  # before any frame
        await pilot.pause()
        assert "why" not in row_text(footer)


def offered_key(action: str, shown: str, description: str) -> Offered:
    """A key for ``lay_out``."""
    return Offered(action, action, shown, description, True, "")


KEYS = st.lists(
    st.tuples(st.text("abc^+", min_size=1, max_size=4), st.text("xyz ", max_size=9)),
    max_size=12,
)


@given(KEYS, st.permutations(range(12)), st.integers(0, 90), st.booleans())
def test_lay_out_keeps_the_most_needed_keys_whole_in_footer_order(
    keys: list[tuple[str, str]], order: list[int], width: int, with_palette: bool
) -> None:
    offered = [offered_key(f"a{i}", name, text) for i, (name, text) in enumerate(keys)]
    rank = [f"a{i}" for i in order[: len(order) // 2]]  # half ranked, the rest unranked
    palette = offered_key("command_palette", "^p", "palette") if with_palette else None
    row = lay_out(offered, palette, width, rank)
    docked = [key for key in row if key.edge]
    keys_placed = [key for key in row if not key.edge]
    if width <= 0:
        assert [key.key for key in row] == offered
        return
    fits = palette is not None and EDGE + palette.cells + GUTTER <= width
    assert len(docked) == fits
    room = width - EDGE - 10 - GUTTER if fits else width  # "^p palette" is 10 cells
    position = {key.action: index for index, key in enumerate(offered)}
    assert [position[key.action] for key in keys_placed] == sorted(
        position[key.action] for key in keys_placed
    )
    start = 0
    for key in keys_placed:  # whole, from the left, a gutter between two
        assert (key.start, key.end) == (start, start + key.key.cells)
        start = key.end + GUTTER
    assert all(key.end <= room for key in keys_placed)
    need = {action: (rank.index(action) if action in rank else len(rank)) for action in position}
    kept = {key.action for key in keys_placed}
    for left_out in offered:  # left out only if it did not fit beside the more needed
        if left_out.action not in kept:
            before = [
                key.key.cells + GUTTER
                for key in keys_placed
                if (need[key.action], position[key.action])
                < (need[left_out.action], position[left_out.action])
            ]
            assert sum(before) + left_out.cells > room
