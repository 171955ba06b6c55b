"""User text is inert in every TUI sink: markup is shown as typed, a URL is no link,
and a control sequence reaches the screen as its visible stand-in (``␛]52;…``), under
the mouse (tooltips), in notifications and in the footer too.

The readers refuse control characters in files; these tests put them into the state,
the theme shelf and the keymap behind the readers' backs, as an old file or another
tool's output could.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.text import Span, Text
from textual.geometry import Region
from textual.pilot import Pilot
from textual.theme import Theme
from textual.widgets import Input, Static
from textual.widgets._tooltip import Tooltip

from tests.player_helpers import async_test, screen_text
from tests.ui_helpers import basic_file, make_app, opened
from tracker.core.dice import Dice
from tracker.core.model import EncounterState
from tracker.core.safe_text import UNSAFE, UNSAFE_EXCEPT_LINES, visible, visible_lines
from tracker.paths import bundled_dir
from tracker.store.encounter_file import EncounterFile, new_file
from tracker.ui.app import TrackerApp
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.lines_view import LinesView
from tracker.ui.panes.text_line import TextLine
from tracker.ui.plain import inert
from tracker.ui.themes import load_themes

OSC52 = "\x1b]52;c;YQ==\x07"
"""An OSC 52 sequence: on a terminal, it writes the clipboard."""
SHOWN_OSC52 = "␛]52;c;YQ==␇"
SHOWN_ESC = "␛]52;c;YQ=="
"""What is left of it on screen (Rich drops the BEL of a ``Text``; the ESC is shown)."""
URL = "https://evil.example/x"
TITLE = f"[b]x Night {URL}"
NAMES = ["[/]", "[b]x", "[@click=app.quit]Orc", URL]
CONDITION = "[/] gas https://evil.example/c"
NOTE = "[@click=app.quit]hi https://evil.example/n"
GM_NOTE = "[/] https://evil.example/g"
NOTES = "[b]x https://evil.example/gm"
PANES = ("#initiative", "#status", "#body", "#log", "#header", "KeyFooter")


def hostile_file(folder: Path) -> Path:
    """A running basic fight with markup and URLs in every field a GM writes."""
    path = folder / "hostile.toml"
    new_file(path, "basic", TITLE)
    dice = Dice(seed=1)
    with EncounterFile(path) as gm:
        for index, name in enumerate(NAMES):
            gm.execute(f'add "{name}" hp=9 init={20 - index}', dice)
        gm.execute("start", dice)
        gm.execute(f"ail . '{CONDITION}' rounds=2", dice)
        gm.execute(f"note {NOTE}", dice)
        gm.execute(f"gm-note {GM_NOTE}", dice)
        gm.execute(f"notes . {NOTES}", dice)
    return path


def with_controls(state: EncounterState) -> EncounterState:
    """The state with an OSC 52 sequence after the title, every name, note and condition."""
    fighters = {
        key: dataclasses.replace(
            fighter,
            name=fighter.name + OSC52,
            notes=fighter.notes + OSC52,
            conditions=tuple(
                dataclasses.replace(c, name=c.name + OSC52) for c in fighter.conditions
            ),
        )
        for key, fighter in state.combatants.items()
    }
    return dataclasses.replace(state, title=state.title + OSC52, combatants=fighters)


def held_text(app: TrackerApp) -> str:
    """Every line the panes hold to draw (scrolled away or cut by the width, or not)."""
    parts: list[str] = []
    for widget in app.screen.walk_children():
        if isinstance(widget, LinesView):
            parts += widget.plain_lines
        elif isinstance(widget, Drawing):
            parts += [line.plain for line in widget.lines]
        elif isinstance(widget, TextLine):
            parts.append(widget.text.plain)
        elif isinstance(widget, Static):
            parts.append(str(widget.render()))
    return "\n".join(parts)


async def hover_everywhere(pilot: Pilot[int]) -> str:
    """Rest the mouse on every pane in turn; the tooltips Textual built, one per line."""
    app = pilot.app
    tooltip = app.screen.query_one(Tooltip)
    shown: list[str] = []
    for selector in PANES:
        widget = app.screen.query_one(selector)
        if not widget.display or not widget.size.area:  # the body gives way at 80x24
            continue
        tooltip.update("")
        for column in (1, 6):
            await pilot.hover(selector, offset=(column, 1 if selector[0] == "#" else 0))
            await pilot.pause(app.TOOLTIP_DELAY + 0.1)
        shown.append(str(tooltip.render()))
    return "\n".join(shown)


def live_parts(app: TrackerApp) -> list[str]:
    """The text of every segment on screen that is a link or a click action."""
    found: list[str] = []
    for widget in app.screen.query("*"):
        if not widget.display or not widget.size.area:
            continue
        for strip in widget.render_lines(Region(0, 0, *widget.size)):
            for segment in strip:
                style = segment.style
                if style is not None and (style.link or "@click" in style.meta):
                    found.append(segment.text)
    return found


async def every_row(pilot: Pilot[int]) -> str:
    """What the screen and the panes show with each combatant selected in turn."""
    app = pilot.app
    assert isinstance(app, TrackerApp)
    for _ in NAMES:
        await pilot.press("k")
    await pilot.pause()
    seen = [screen_text(app), held_text(app)]
    for _ in NAMES:
        await pilot.press("j")
        await pilot.pause()
        seen += [screen_text(app), held_text(app)]
    return "\n".join(seen)


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
@async_test
async def test_markup_and_urls_in_every_field_are_shown_as_typed(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(hostile_file(tmp_path))
    async with app.run_test(size=size, tooltips=True) as pilot:
        await opened(pilot)
        tips = await hover_everywhere(pilot)
        shown = await every_row(pilot) + tips
        assert app.is_running and app.return_code is None
        for typed in [TITLE, *NAMES, CONDITION, NOTE, GM_NOTE, NOTES]:
            assert typed in shown, typed
        assert CONDITION in tips  # the initiative pane's legend of this fight's shorthand
        assert live_parts(app) == []
        await pilot.click("#header", offset=(6, 0))  # "[@click=app.quit]" is no button
        await pilot.pause()
        assert app.is_running


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
@async_test
async def test_a_control_sequence_in_any_field_reaches_the_screen_as_its_stand_in(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(hostile_file(tmp_path))
    async with app.run_test(size=size, tooltips=True) as pilot:
        await opened(pilot)
        assert app.state is not None
        app.state = with_controls(app.state)
        await pilot.pause()
        tips = await hover_everywhere(pilot)
        shown = await every_row(pilot) + tips
        assert app.is_running
        assert CONDITION + SHOWN_ESC in tips
        wide = size[0] >= 120  # at 80 columns the header gives the long title up
        for typed in [*([TITLE] if wide else []), *NAMES, NOTES]:
            assert typed + SHOWN_ESC in shown, typed
        assert not UNSAFE.search(shown.replace("\n", ""))
        assert "\x1b" not in app.export_screenshot()


@async_test
async def test_a_theme_named_with_a_control_sequence_is_announced_visibly(tmp_path: Path) -> None:
    hostile = f"x{OSC52}"
    shelf = load_themes([bundled_dir("themes")])
    shelf.themes[hostile] = Theme(name=hostile, primary="#aa5500")
    app = TrackerApp(
        hostile_file(tmp_path), Dice(seed=1), shelf=shelf, keymap_file=tmp_path / "none.toml"
    )
    async with app.run_test(size=(120, 36), notifications=True) as pilot:
        await opened(pilot)
        for _ in shelf.names:
            await pilot.press("t")
            if app.theme == hostile:
                break
        assert app.theme == hostile
        await pilot.pause()
        screenshot = app.export_screenshot()
        assert "\x1b" not in screenshot and "\x07" not in screenshot
        assert f"Theme: x{SHOWN_OSC52[:4]}" in screen_text(app)


@async_test
async def test_a_key_named_with_a_control_sequence_is_shown_visibly(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(200, 40), tooltips=True) as pilot:
        await opened(pilot)
        # the keymap file's reader refuses such a key; the footer must show it inert anyway
        app.set_keymap({"next-turn": "ctrl+\x1b]52"})
        await pilot.press("s")  # the fight runs: the footer offers the next turn
        await pilot.pause()
        await hover_everywhere(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "^␛]52 next" in footer
        await pilot.press("question_mark")
        await pilot.pause()
        assert app.is_running
        assert "\x1b" not in app.export_screenshot()


@given(
    st.lists(
        st.tuples(st.text(max_size=12), st.sampled_from(["", "bold", "red", "italic"])),
        max_size=6,
    ),
    st.booleans(),
)
def test_inert_text_reads_as_its_visible_form(pieces: list[tuple[str, str]], lines: bool) -> None:
    text = Text()
    for piece, style in pieces:
        text.append(piece, style)
    shown = inert(text, lines=lines)
    assert shown.plain == (visible_lines(text.plain) if lines else visible(text.plain))
    assert all(0 <= span.start <= span.end <= len(shown.plain) for span in shown.spans)
    if not (UNSAFE_EXCEPT_LINES if lines else UNSAFE).search(text.plain):
        assert shown is text  # nothing to show differently: the same line, no new strip


def test_inert_text_keeps_the_styles_around_a_stand_in() -> None:
    text = Text()
    text.append("Orc", "bold")
    text.append(OSC52 + "!", "red")
    shown = inert(text)
    assert shown.plain == "Orc" + SHOWN_ESC + "!"
    assert Span(0, 3, "bold") in shown.spans
    assert any(s.style == "red" and s.end == len(shown.plain) for s in shown.spans)


@async_test
async def test_the_note_dialog_shows_a_control_sequence_as_its_stand_in(tmp_path: Path) -> None:
    app = make_app(hostile_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert app.state is not None
        app.state = with_controls(app.state)
        app.selected = app.state.current or ""
        await pilot.pause()
        await pilot.press("N")
        await pilot.pause()
        box = app.screen.query_one("#notes-text", Input)
        assert box.value == NOTES + SHOWN_OSC52
        assert "\x1b" not in app.export_screenshot()
