"""The body pane of a ruleset without locations draws each track on one line: a small
pool's pips (``●●○``) and a track's note (``Hale``) never wrap away from their label at
120x36, where the pane is narrowest beside the initiative and status panes."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from rich.style import Style

from tests.ui_helpers import basic_file, make_app, opened, text_of, ui_test
from tracker.rules.display import TrackView
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.figure import bar_cells, track_bar

LONG_NAME = """
[[combatants]]
id = "orrin"
name = "Orrin, Nano who Talks to Machines"
side = "pc"
stats = { hp = 8, init = 1 }
"""
STYLES = {name: Style() for name in ("ok", "hurt", "bad", "down", "frame")}


@ui_test
async def test_a_ten_point_pool_is_one_line_at_120x36(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path, extra=LONG_NAME))  # a wide initiative pane
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("bo")  # HP 10/10: ten pips would not fit beside the label
        await pilot.pause()
        drawing = app.query_one("#body-drawing", Drawing)
        lines = text_of(drawing, drawing.size.width).splitlines()
        hp = [line for line in lines if line.startswith("HP")]
        assert len(hp) == 1 and hp[0].rstrip().endswith("10/10"), lines


def test_pips_give_way_to_a_bar_and_a_note_stays_on_the_line() -> None:
    for view in (
        TrackView("Intellect", 10, 10),
        TrackView("Damage track", 0, 3, note="Hale"),
        TrackView("Wounds", 3, 8, note="Wounded"),
    ):
        for room in range(26, 40):
            line = track_bar(view, STYLES, bar_cells(view, room))
            least = max(10, len(view.label)) + 1 + 4 + len(f"  {view.value}/{view.limit}")
            least += len(f"  {view.note}") if view.note else 0
            assert cell_len(line.plain) <= max(room, least), (view, room, line.plain)
            assert line.plain.endswith(view.note or f"{view.value}/{view.limit}")
