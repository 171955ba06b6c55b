"""The HTML recap: Rich's recorded export, coloured by the encounter's theme file."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tracker.core.dice import Dice
from tracker.export.contrast import READABLE, contrast, readable_text
from tracker.export.formats import recap_of
from tracker.export.html_recap import render_html
from tracker.export.recap import ExportOptions
from tracker.export.theme import DARK, load_palette, palette_from
from tracker.store.encounter_file import EncounterFile, load

FIXTURE = Path(__file__).parent / "fixtures" / "bridge-at-kell.toml"

NEON = """\
name = "neon"
dark = true
primary = "#FF00AA"
background = "#010203"
foreground = "#ABCDEF"
error = "not a colour"
"""


@pytest.fixture
def user_themes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user config folder with a themes/ folder in it."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = tmp_path / "tracker" / "themes"
    folder.mkdir(parents=True)
    return folder


def themed_fixture(tmp_path: Path, theme: str) -> Path:
    """The sample encounter with ``theme = THEME`` in its [encounter] table."""
    path = tmp_path / "themed.toml"
    text = FIXTURE.read_text(encoding="utf-8")
    path.write_text(
        text.replace('ruleset = "basic"\n', f'ruleset = "basic"\ntheme = "{theme}"\n', 1),
        encoding="utf-8",
    )
    return path


def test_html_uses_the_encounters_theme_colours(user_themes: Path, tmp_path: Path) -> None:
    (user_themes / "neon.toml").write_text(NEON, encoding="utf-8")
    page = render_html(recap_of(load(themed_fixture(tmp_path, "neon")), ExportOptions()))
    assert "background-color: #010203" in page and "color: #abcdef" in page
    assert "#ff00aa" in page  # round headings in the primary colour
    # the bad colour fell back to the default's, in the shade that reads on this background
    assert readable_text(DARK.error, ("#010203",)) in page


THEMES = sorted(p.stem for p in (FIXTURE.parents[2] / "themes").glob("*.toml"))


@pytest.mark.parametrize("theme", THEMES)
def test_every_coloured_text_of_the_recap_reads_on_its_page(theme: str, tmp_path: Path) -> None:
    # the dark default's dice lines were #004578 on #121212 (contrast 1.9), the quiet lines
    # of every theme halfway to the background (3.4-4.3): text needs 4.5 (WCAG AA)
    page = render_html(recap_of(load(themed_fixture(tmp_path, theme)), ExportOptions()))
    background = load_palette(theme).background
    assert f"background-color: {background}" in page
    colours = set(re.findall(r"[^-]color: (#[0-9a-f]{6})", page))
    assert colours
    unreadable = {c for c in colours if contrast(c, background) < READABLE}
    assert not unreadable, f"{theme}: {sorted(unreadable)} on {background}"


def test_a_colour_that_reads_is_the_themes_own() -> None:
    # only what does not read is shaded: a theme's look is its own
    assert readable_text("#ffa62b", ("#121212",)) == "#ffa62b"
    assert contrast(readable_text("#b35c00", ("#f5f5f5",)), "#f5f5f5") >= READABLE
    assert readable_text("#b35c00", ("#f5f5f5",)) != "#000000"


def test_unknown_or_broken_theme_falls_back_to_dark(user_themes: Path, tmp_path: Path) -> None:
    (user_themes / "broken.toml").write_text("primary = [", encoding="utf-8")
    assert load_palette("broken") == DARK
    assert load_palette("no-such-theme") == DARK
    assert load_palette("../etc/passwd") == DARK


def test_light_theme_fills_gaps_from_the_light_default() -> None:
    palette = palette_from("paper", {"dark": False, "primary": "#123"})
    assert palette.primary == "#112233" and not palette.dark
    assert palette.background != DARK.background


def test_html_page_is_a_whole_document_with_the_log_and_bars() -> None:
    page = render_html(recap_of(load(FIXTURE), ExportOptions(with_undone=True, gm=True)), DARK)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "<title>The Bridge at Kell — round log</title>" in page
    assert "Grask&#x27;s turn" in page and "Summary" in page
    assert "█" in page  # the damage bars
    assert "line-through" in page  # undone lines struck through


def test_html_escapes_what_the_gm_typed(tmp_path: Path) -> None:
    path = tmp_path / "fight.toml"
    shutil.copy(FIXTURE, path)
    text = path.read_text(encoding="utf-8").replace(
        'title = "The Bridge at Kell"', 'title = "<b>{Kell}</b>"'
    )
    path.write_text(text, encoding="utf-8")
    page = render_html(recap_of(load(path), ExportOptions()), DARK)
    assert "<b>{Kell}" not in page and "&lt;b&gt;" in page


def test_on_a_phone_only_a_table_or_the_chart_scrolls_sideways_never_the_page(
    tmp_path: Path,
) -> None:
    """Each part is a ``pre`` of its own: running text (a long word too) wraps to the
    screen, rules are cut at its edge, the summary table and the damage chart scroll
    inside their own box — a 390-pixel phone never scrolls the whole page sideways."""
    import re

    path = tmp_path / "bridge.toml"
    shutil.copyfile(FIXTURE, path)
    word = "Aaaaaargh" + "h" * 70  # wider than a phone, narrower than the page
    with EncounterFile(path) as play:
        play.execute(f"note {word}", Dice(seed=1))
    page = render_html(recap_of(load(path), ExportOptions()), DARK)
    blocks = re.findall(r'<pre class="(\w+)">(.*?)</pre>', page, re.DOTALL)
    assert page.count("<pre") == len(blocks) and {kind for kind, _ in blocks} == {
        "prose",
        "rule",
        "wide",
    }
    kind_of = {k: kind for kind, code in blocks for k in ("Combatant", word, "█") if k in code}
    assert kind_of == {"Combatant": "wide", "█": "wide", word: "prose"}
    assert "pre.prose { white-space: pre-wrap; overflow-wrap: anywhere; }" in page
    assert "pre.wide { overflow-x: auto; }" in page and "max-width: 100%" in page
