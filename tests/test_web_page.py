"""``tracker serve``'s page: what a phone shows, what it is allowed to load, who gets in,
and how a change at the GM's table reaches every open page."""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.player_helpers import async_test, copy_sample, play
from tests.web_helpers import TOKEN, board_where, next_event, served, with_token
from tracker.core.flow import name_of
from tracker.core.safe_text import UNSAFE
from tracker.export.player_view import player_board
from tracker.store.encounter_file import load
from tracker.web.page import PlayersView, fragment, static_file, text
from tracker.web.server import CSP, NO_LINK

FORD = "basic-bandits-at-the-ford.toml"
PAGE_BUDGET = 100 * 1024
"""The most bytes a phone downloads for the page and everything it loads."""


def started(tmp_path: Path, sample: str = FORD) -> Path:
    path = copy_sample(sample, tmp_path)
    play(path, "start")
    return path


def acting(path: Path) -> str:
    """The name of the combatant whose turn it is."""
    state = load(path).encounter.state
    return name_of(state, state.current or "")


@async_test
async def test_the_page_shows_the_order_with_the_acting_row_marked(tmp_path: Path) -> None:
    path = started(tmp_path)
    name = acting(path)
    async with served(path) as client:
        reply = await client.get(with_token("/"))
        page = html.unescape(await reply.text())
    assert reply.status == 200
    row = re.search(r'<li class="row side-\w+ acting"[^>]* aria-current="step">(.*?)</li>', page)
    assert row is not None and name in row[1] and "acting" in row[1]
    assert f"Round 1 · {name}'s turn" in page
    assert page.count('aria-current="step"') == 1
    assert '<section class="log"' in page and "Round 1" in page


@async_test
async def test_the_page_loads_only_its_own_files_and_no_inline_script(tmp_path: Path) -> None:
    path = started(tmp_path)
    async with served(path) as client:
        reply = await client.get(with_token("/"))
        page = await reply.text()
        assert reply.headers["Content-Security-Policy"] == CSP
        loaded = re.findall(r'(?:src|href)="([^"]*)"', page)
        for url in loaded:
            if url.startswith("data:") or url == "#acting":  # the way down to the turn
                continue
            assert url.startswith("/") and not url.startswith("//")
            assert (await client.get(html.unescape(url))).status == 200
    assert "script-src 'self'" in CSP and "'unsafe-inline'" not in CSP
    assert re.findall(r"<script[^>]*>", page) == [f'<script src="/live.js?t={TOKEN}" defer>']
    assert "<style" not in page and " style=" not in page and " on" not in page.lower()


@async_test
async def test_page_weight_stays_under_100_kb_after_a_long_fight(tmp_path: Path) -> None:
    path = started(tmp_path)
    play(path, *["next"] * 120, *[f"note round talk number {n}" for n in range(200)])
    weight = 0
    async with served(path) as client:
        page = await (await client.get(with_token("/"))).read()
        weight += len(page)
        for url in re.findall(rb'(?:src|href)="(/[^"]*)"', page):
            weight += len(await (await client.get(html.unescape(url.decode()))).read())
    assert 0 < weight <= PAGE_BUDGET
    assert b"round talk number 199" in page  # the newest lines are the ones kept


@async_test
async def test_large_type_for_a_tv(tmp_path: Path) -> None:
    path = started(tmp_path)
    async with served(path) as client:
        large = await (await client.get(with_token("/?large"))).text()
        plain = await (await client.get(with_token("/"))).text()
    assert '<body class="large"' in large and '<body class="large"' not in plain


@async_test
async def test_the_theme_is_the_encounters(tmp_path: Path) -> None:
    path = copy_sample("nerv-sachiel.toml", tmp_path)
    async with served(path) as client:
        css = await (await client.get(with_token("/theme.css"))).text()
    nerv = (Path(__file__).parent.parent / "themes" / "nerv.toml").read_text()
    primary = re.search(r'primary\s*=\s*"(#[0-9a-fA-F]{6})"', nerv)
    assert primary is not None and f"--primary: {primary[1].lower()};" in css


@async_test
async def test_without_the_token_every_route_is_403_and_nothing_else(tmp_path: Path) -> None:
    path = started(tmp_path)
    routes = ["/", "/events", "/live.js", "/page.css", "/theme.css", "/nope", "/../etc/passwd"]
    async with served(path) as client:
        for route in routes:
            for token in ("", "t=", f"t={TOKEN[:-1]}", f"t={TOKEN}x", "t=another-runs-token"):
                reply = await client.get(f"{route}?{token}")
                assert reply.status == 403, (route, token)
                said = await reply.text()
                assert "This link no longer works: scan the GM&#x27;s new code." in said
                assert "Wren" not in said and "<script" not in said
                assert "Wren" not in str(reply.headers)


@async_test
async def test_only_get_and_head(tmp_path: Path) -> None:
    path = started(tmp_path)
    async with served(path) as client:
        assert (await client.head(with_token("/"))).status == 200
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
            reply = await client.request(method, with_token("/"))
            assert reply.status == 405 and await reply.text() == "only GET\n"
        missing = await client.get(with_token("/admin"))
        assert missing.status == 404 and await missing.text() == "not found\n"


@async_test
async def test_a_change_on_disk_reaches_every_open_page(tmp_path: Path) -> None:
    path = started(tmp_path)
    first = text(f"{acting(path)}'s turn")
    async with served(path) as client:
        streams = [await client.get(with_token("/events")) for _ in range(5)]
        for stream in streams:
            assert stream.headers["Content-Type"].startswith("text/event-stream")
            assert first in await next_event(stream)
        await asyncio.to_thread(play, path, "next")
        then = text(f"{acting(path)}'s turn")
        boards = [await board_where(stream, then) for stream in streams]
        for stream in streams:
            stream.close()
    turns = {re.findall(r'<p class="turn">(.*?)</p>', board)[0] for board in boards}
    assert then != first and turns == {f"Round 1 · {then}"}
    assert all(board == boards[0] for board in boards)


@async_test
async def test_a_page_that_comes_back_takes_the_place_of_its_old_stream(tmp_path: Path) -> None:
    # a phone that left the Wi-Fi sends no goodbye: its old stream stayed counted (the GM's
    # "N player pages open", --max-viewers) for as long as TCP took to give up on it
    path = started(tmp_path)
    async with served(path, max_viewers=2) as client:
        page = with_token("/events") + "&p=0f1e2d3c4b5a6978"
        old = await client.get(page)
        other = await client.get(with_token("/events") + "&p=aaaabbbbccccdddd")
        await next_event(old)
        await next_event(other)
        again = await client.get(page)  # the phone woke: same page, a new stream
        assert again.status == 200 and "Round 1" in await next_event(again)
        rest = await asyncio.wait_for(old.content.read(), 20)  # the old stream ended
        assert not rest.strip() or rest.endswith(b"\n\n")
        assert (await client.get(with_token("/events"))).status == 503  # still two pages
        for stream in (old, other, again):
            stream.close()


@async_test
async def test_the_next_page_past_max_viewers_is_refused(tmp_path: Path) -> None:
    path = started(tmp_path)
    async with served(path, max_viewers=2) as client:
        first = await client.get(with_token("/events"))
        second = await client.get(with_token("/events"))
        await next_event(first)
        await next_event(second)
        third = await client.get(with_token("/events"))
        page = await client.get(with_token("/"))
        assert third.status == 503 and page.status == 503
        assert await page.text() == "the table is full\n"
        first.close()
        for _ in range(200):  # the server notices the closed page at its next write
            await asyncio.to_thread(play, path, "note still here?")
            again = await client.get(with_token("/events"))
            if again.status == 200:
                break
            await asyncio.sleep(0.05)
        assert again.status == 200
        again.close()
        second.close()


@given(st.text())
def test_user_text_never_reaches_the_page_as_markup(value: str) -> None:
    escaped = text(value)
    assert not set("<>\"'") & set(escaped)
    assert UNSAFE.search(escaped) is None
    assert "&" not in escaped.replace("&amp;", "").replace("&lt;", "").replace("&gt;", "").replace(
        "&quot;", ""
    ).replace("&#x27;", "")


@async_test
async def test_a_name_that_looks_like_html_is_shown_as_written(tmp_path: Path) -> None:
    path = started(tmp_path)
    play(path, 'add "<img src=x onerror=alert(1)>" side=pc')
    async with served(path) as client:
        page = await (await client.get(with_token("/"))).text()
    assert "<img" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page


def test_a_fallen_enemy_is_said_down_once(tmp_path: Path) -> None:
    # the row read "Bandit captain enemy down down": the mark's word beside the health
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    play(path, "start", "dmg captain 50")
    loaded = load(path)
    board = player_board(loaded.encounter.state, loaded.rules)
    row = next(r for r in board.rows if r.name == "Bandit captain")
    shown = html.unescape(re.sub(r"<[^>]+>", " ", fragment(PlayersView(board, ()))))
    line = shown.split(row.name, 1)[1].split("\n", 1)[0]
    assert row.out and line.split()[:2] == ["enemy", "down"], line
    assert line.split().count("down") == 1, line


@async_test
async def test_an_old_link_reloaded_says_what_happened_on_a_phone(tmp_path: Path) -> None:
    # a phone that reloads the last run's link read "forbidden", in tiny type
    path = started(tmp_path)
    async with served(path) as client:
        reply = await client.get("/?t=the-last-runs-token")
        said = await reply.text()
    assert reply.status == 403 and reply.content_type == "text/html"
    assert '<meta name="viewport" content="width=device-width' in said
    body = said.split("<body>", 1)[1]
    assert re.sub("<[^>]+>", "", body).replace("&#x27;", "'").strip() == NO_LINK


def test_the_live_page_says_the_same_when_its_stream_is_refused() -> None:
    assert f'var REFUSED = "{NO_LINK}";' in static_file("live.js").decode()
