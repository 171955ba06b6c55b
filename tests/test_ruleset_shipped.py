"""What a ruleset's package ships reaches the GM: Cairn's sample is in the launcher and
``tracker samples``, its blocks in the bestiary, its theme on the shelf, and its docs page
under ``?`` in the TUI, rendered as Markdown (the package's words are data, not markup)."""

from __future__ import annotations

import io
import shutil
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from rich.console import Console
from rich.segment import Segment, Segments
from textual.widgets import Static

from tests.ui_helpers import make_app, opened, ui_test
from tracker.export.theme import theme_file
from tracker.rules import registry, shipped
from tracker.rules.registry import load_ruleset
from tracker.store.bestiary import load_bestiary
from tracker.store.settings import Settings
from tracker.ui.launcher_choices import launcher_choices
from tracker.ui.modals.help import HelpScreen
from tracker.ui.themes import load_themes

EXAMPLE = Path(__file__).resolve().parent / "example_ruleset"
SAMPLE = EXAMPLE / "cairn" / "samples" / "cairn-barrow.toml"


@pytest.fixture(autouse=True)
def cairn(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The example installed: its package on the path, its entry point declared."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    point = EntryPoint("cairn", "cairn:CairnRules", registry.GROUP)
    monkeypatch.setattr(registry, "installed", lambda: {"cairn": point})
    monkeypatch.setattr(shipped, "installed", lambda: {"cairn": point})
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def test_its_sample_is_offered_beside_the_bundled_ones(tmp_path: Path) -> None:
    assert SAMPLE in shipped.sample_files()
    settings = Settings(encounters=tmp_path / "mine")
    choices = [c for c in launcher_choices(settings) if c.kind == "sample"]
    offered = [c.summary.path for c in choices if c.summary is not None]
    assert SAMPLE in offered and len(offered) == 7


def test_its_blocks_are_starters_in_the_bestiary() -> None:
    bestiary = load_bestiary(load_ruleset("cairn"))
    assert bestiary.problems == []
    assert {"giant-rat", "barrow-wight"} <= set(bestiary.entries)
    assert bestiary.entries["giant-rat"].bundled


def test_its_theme_is_on_the_shelf_and_in_the_exports() -> None:
    assert "cairn-moss" in load_themes().themes
    assert theme_file("cairn-moss") == EXAMPLE / "cairn" / "themes" / "cairn-moss.toml"


@ui_test
async def test_help_renders_its_docs_page(tmp_path: Path) -> None:
    page = await help_page(tmp_path)
    assert "HP, then STR" in page and "Critical Damage" in page
    assert "**" not in page and "# Cairn" not in page  # emphasis and heading rendered
    tend = next(line for line in page.splitlines() if "tend WHO" in line)
    assert "|" not in tend and "`" not in tend  # a table row, not pipes and backticks
    assert "Critical Damage tended" in tend


HOSTILE_PAGE = """# Barrow rules

Some **bold** words and [b]x[/b] typed as is, with an escape \x1b[31m byte.

## Wounds

| roll | result |
|---|---|
| 1 | [red]gash[/red] |

```
dmg wight d6 [/]
```

- see [the site](https://example.invalid/x) for more

> the last line, a quote
"""


@ui_test
async def test_help_keeps_a_hostile_docs_page_as_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "cairn"
    shutil.copytree(EXAMPLE / "cairn", package)
    (package / "docs.md").write_text(HOSTILE_PAGE, encoding="utf-8")
    monkeypatch.setattr(shipped, "package_folder", lambda rid: package)
    page = await help_page(tmp_path)
    assert "[b]x[/b] typed as is" in page and "[red]gash[/red]" in page
    assert "\x1b" not in page and "␛[31m byte" in page
    assert "dmg wight d6 [/]" in page and "```" not in page
    assert "Barrow rules" in page and "# Barrow" not in page and "## Wounds" not in page
    assert "the site (https://example.invalid/x)" in page  # shown, nothing to click
    assert page.rstrip().endswith("▌ the last line, a quote")  # the page's end on screen


async def help_page(tmp_path: Path) -> str:
    """The text ``?`` shows for the ruleset's page in a copy of Cairn's sample."""
    fight = tmp_path / "barrow.toml"
    shutil.copyfile(SAMPLE, fight)
    app = make_app(fight)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown = app.screen.query_one("#help-ruleset", Static)
        assert not any(segment.style and segment.style.link for segment in segments(shown))
        return "\n".join(shown.render_line(y).text.rstrip() for y in range(shown.size.height))


def segments(static: Static) -> list[Segment]:
    """The segments a Static's content renders to (styles and all)."""
    console = Console(width=110, file=io.StringIO(), legacy_windows=False)
    content = static.content
    assert isinstance(content, Segments)
    return list(console.render(content))
