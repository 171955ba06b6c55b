"""How the players' page reads on a phone: text on the theme's coloured fills is readable
in every bundled theme (WCAG contrast), whatever colours the theme picked for a terminal;
a screen reader is told each new turn, not the whole board on every change."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.player_helpers import async_test, copy_sample, play
from tests.web_helpers import board_where, css_rules, next_event, served, with_token
from tracker.export.theme import load_palette
from tracker.web.colours import READABLE, contrast
from tracker.web.page import static_file, theme_css

THEMES = sorted(p.stem for p in (Path(__file__).parent.parent / "themes").glob("*.toml"))


def colour_of(value: str, variables: dict[str, str]) -> str:
    """``var(--x)`` resolved through the theme's variables (else the value itself)."""
    named = re.fullmatch(r"var\(--([\w-]+)\)", value)
    return variables[named[1]] if named else value


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(
    ("selector", "fill_from"),
    [
        (".row.acting", ".row.acting"),
        (".acting .mark", ".row.acting"),
        (".badges li", ".badges li"),
    ],
)
def test_text_on_the_acting_row_and_the_badges_reads_in_every_theme(
    theme: str, selector: str, fill_from: str
) -> None:
    variables = dict(re.findall(r"--([\w-]+): (#[0-9a-f]{6});", theme_css(load_palette(theme))))
    sheet = css_rules(static_file("page.css").decode("utf-8"))
    fill = colour_of(sheet[fill_from]["background"], variables)
    text = colour_of(sheet[selector]["color"], variables)
    assert contrast(text, fill) >= READABLE, f"{theme}: {text} on {fill}"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize(
    "selector", ["h2", ".where .turn", ".mark", ".to-turn a", ".lines .log-round"]
)
def test_text_in_the_themes_own_colours_reads_on_the_page(theme: str, selector: str) -> None:
    # default-light's section headings were its accent #b35c00 on #f5f5f5 (contrast 4.3)
    palette = load_palette(theme)
    variables = dict(re.findall(r"--([\w-]+): (#[0-9a-f]{6});", theme_css(palette)))
    text = colour_of(
        css_rules(static_file("page.css").decode("utf-8"))[selector]["color"], variables
    )
    for fill in (palette.background, palette.surface):
        assert contrast(text, fill) >= READABLE, f"{theme}: {text} on {fill}"


def test_the_theme_themes_the_page() -> None:
    """The fix may not make every theme look alike: the theme's own colours come first."""
    nerv = load_palette("nerv")
    velvet = load_palette("velvet")
    assert f"--on-secondary: {velvet.foreground};" in theme_css(velvet)
    assert f"--on-secondary: {nerv.background};" in theme_css(nerv)


class LiveRegions(HTMLParser):
    """Where the page's ``aria-live`` regions are, and what the first one says."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.regions: list[tuple[str, tuple[str, ...]]] = []  # (attribute value, ancestors)
        self.words = ""
        self._in_region = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        live = dict(attrs).get("aria-live")
        if live is not None:
            self.regions.append((live, tuple(self.open)))
            self._in_region = len(self.open) + 1
        if tag not in ("meta", "link", "br"):
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1] == tag:
            self.open.pop()
        if len(self.open) < self._in_region:
            self._in_region = 0

    def handle_data(self, data: str) -> None:
        if self._in_region:
            self.words += data


@async_test
async def test_only_the_turn_is_announced_not_the_whole_board(tmp_path: Path) -> None:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    play(path, "start", "next")
    async with served(path) as client:
        page = await (await client.get(with_token("/"))).text()
    found = LiveRegions()
    found.feed(page)
    assert found.regions == [("polite", ("html", "body"))]  # one, outside <main>
    turn = re.search(r'<p class="turn">([^<]*)</p>', page)
    assert turn is not None and found.words == turn[1].replace("&#x27;", "'")
    assert "turn" in found.words and '<main id="live">' in page


@async_test
async def test_a_fight_in_another_theme_put_in_place_changes_the_pages_colours(
    tmp_path: Path,
) -> None:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    play(path, "start")
    async with served(path) as client:
        stream = await client.get(with_token("/events"))
        before = await next_event(stream)
        colours = await (await client.get(with_token("/theme.css"))).text()
        (tmp_path / "new").mkdir()
        other = copy_sample("nerv-sachiel.toml", tmp_path / "new")
        other.replace(path)  # the GM puts another fight (nerv's theme) in the file's place
        after = await board_where(stream, "Sachiel")
        now = await (await client.get(with_token("/theme.css"))).text()
        stream.close()
    look = re.compile(r'<header class="where" data-look="([0-9a-f]{8})">')
    was, became = look.search(before), look.search(after)
    assert was is not None and became is not None and was[1] != became[1]
    nerv = load_palette("nerv")
    assert f"--primary: {nerv.primary};" in now and now != colours


@async_test
async def test_who_is_an_enemy_is_said_in_words_not_only_by_the_rows_colour(
    tmp_path: Path,
) -> None:
    # nerv draws the players' rows orange and the enemies' red: a colour-blind player (or
    # a screen reader) could not tell Sachiel's side
    path = copy_sample("nerv-sachiel.toml", tmp_path)
    play(path, "start")
    async with served(path) as client:
        page = await (await client.get(with_token("/"))).text()
    rows = re.findall(r'<li class="row side-(\w+)[^"]*"[^>]*><div class="line">(.*?)</div>', page)
    assert {side for side, _ in rows} == {"pc", "enemy"}
    for side, line in rows:
        words = re.sub(r"<[^>]+>", " ", line).split()
        assert ("enemy" in words) == (side == "enemy"), (side, line)


def test_a_long_word_wraps_instead_of_scrolling_the_page_sideways() -> None:
    # an ailment typed as one long word ("Hypnotised-by-the-Spiral-of-Doom…") made its badge
    # wider than a phone at 200 % text (282 px on a 180 px page): every text may break
    sheet = css_rules(static_file("page.css").decode("utf-8"))
    assert sheet["body"]["overflow-wrap"] == "anywhere"
    unbreakable = [s for s, d in sheet.items() if d.get("white-space") == "nowrap"]
    assert unbreakable == [".said-aloud"]  # only the off-screen words for a screen reader
    for selector, declared in sheet.items():
        assert declared.get("overflow-wrap", "anywhere") == "anywhere", selector
