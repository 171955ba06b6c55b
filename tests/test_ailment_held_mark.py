"""The ailment picker at 80x24 says a condition is already held on the option's first row,
right after its name: a long summary never pushes the mark down or splits "has it" (a
stranger's Shaken read "… until a Spirit roll  ✓ has" and "it" on the row below)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text
from textual.widgets import OptionList

from tests.ui_helpers import make_app, nerv_file, opened, ui_test
from tracker.ui.modals.ailment import AilmentScreen


def rows_of(prompt: Text, width: int) -> list[str]:
    """The option's rows as the list wraps them at ``width``."""
    console = Console(width=width, color_system=None)
    return [line.plain.rstrip() for line in prompt.wrap(console, width)]


@ui_test
async def test_the_held_mark_is_on_the_first_row_after_the_name(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.select("sachiel")
        assert app.run_line("ail sachiel Hallucinating").ok
        await pilot.press("a", *"halluc")
        screen = app.screen
        assert isinstance(screen, AilmentScreen)
        options = screen.query_one("#ailment-list", OptionList)
        prompt = options.get_option_at_index(0).prompt
        assert isinstance(prompt, Text)
        width = options.scrollable_content_region.width
        rows = rows_of(prompt, width)
    assert rows[0].startswith("Hallucinating  ✓\u00a0has\u00a0it")
    assert all("has" not in row for row in rows[1:])
