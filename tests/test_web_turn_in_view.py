"""A long fight on a phone: the acting row is found at once. The page marks it with an
anchor and offers a way down to it (without the script too), and the script brings it on
screen when the page opens and at each new turn, unless the player scrolled away. Scrolled
down there, the player still sees the log (two columns) and that the board is stale."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from tests.page_script_helpers import BROWSER, NODE, needs_node
from tests.player_helpers import async_test, copy_sample, play
from tests.web_helpers import css_rules, served, with_token
from tracker.web.page import static_file

FORD = "basic-bandits-at-the-ford.toml"


@async_test
async def test_the_acting_row_is_an_anchor_the_header_links_to(tmp_path: Path) -> None:
    path = copy_sample(FORD, tmp_path)
    async with served(path) as client:
        before = await (await client.get(with_token("/"))).text()
    play(path, "start", "next", "next")
    async with served(path) as client:
        during = await (await client.get(with_token("/"))).text()
    assert 'href="#acting"' not in before and 'id="acting"' not in before  # nobody acts yet
    rows = re.findall(r'<li class="row[^"]*"[^>]*>', during)
    marked = [row for row in rows if 'id="acting"' in row]
    assert len(marked) == 1 and "acting" in marked[0] and 'aria-current="step"' in marked[0]
    links = re.findall(r'<a href="([^"]*)">(.*?)</a>', during)
    assert links == [("#acting", 'Go to the acting row <span aria-hidden="true">↓</span>')]


@needs_node
def test_the_script_brings_the_turn_on_screen_unless_the_player_looks_elsewhere() -> None:
    script = static_file("live.js").decode("utf-8")
    program = BROWSER + f"play({json.dumps(script)});\n"
    assert NODE is not None
    done = subprocess.run([NODE, "-e", program], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout)
    assert seen["opened"] == [1, True]  # opened far down a long order: the turn is shown
    assert seen["near"] == 1  # a turn already on screen moves nothing
    assert seen["far"] == 2  # a turn off screen, the player following: brought on screen
    assert seen["away"] == 2  # the player scrolled away from the turn: left in peace
    assert seen["scrolled"] == [[60, "center"], [75, "center"]]
    assert seen["restoration"] == "manual"  # a reload opens on the turn


def wide_layout_rules() -> dict[str, str]:
    """The declarations of ``.log`` in the page's two-column layout (a tablet, a TV, a
    phone on its side)."""
    sheet = static_file("page.css").decode("utf-8")
    start = sheet.index("@media (min-width: 700px)")
    depth, at = 0, sheet.index("{", start)
    for end in range(at, len(sheet)):
        depth += {"{": 1, "}": -1}.get(sheet[end], 0)
        if depth == 0:
            break
    block = sheet[at + 1 : end]
    body = re.search(r"(?:^|\})\s*(?:/\*.*?\*/\s*)?\.log\s*\{([^}]*)\}", block, re.S)
    assert body is not None, "the two-column layout says nothing of the log"
    pairs = (d.split(":", 1) for d in body[1].split(";") if ":" in d)
    return {k.strip(): v.strip() for k, v in pairs}


def test_beside_a_long_order_the_log_stays_on_screen() -> None:
    # a TV or a phone on its side scrolled to the turn of a long fight showed an empty
    # right half: the log sat at the top of the page, 3,000 px above
    log = wide_layout_rules()
    assert log.get("position") == "sticky" and log.get("align-self") == "start"
    assert "100vh" in log.get("max-height", "") and log.get("overflow-y") == "auto"


def test_the_stale_notice_is_on_screen_wherever_the_player_scrolled() -> None:
    # the GM's file became unreadable while a phone showed the turn of a long fight: the
    # notice sat at the top of the page, 3,300 px above, and the old board looked live
    sheet = re.sub(r"/\*.*?\*/", "", static_file("page.css").decode("utf-8"), flags=re.S)
    stale = css_rules(sheet)[".stale"]
    assert stale.get("position") == "sticky" and stale.get("top") == "0"
    assert stale.get("background", "").startswith("var(--")  # rows do not show through
