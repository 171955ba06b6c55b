"""The TV page (``?large``): the round, whose turn and who is next stay at the top while a
long order scrolls under them — the acting combatant no longer scrolls out of sight with
the header. The acting row, the log and the stale notice show below the header (its
height, ``--head``, set by the script); on a phone the header scrolls away as before."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from tests.page_script_helpers import BROWSER, NODE, needs_node
from tests.player_helpers import copy_sample, play
from tests.web_helpers import css_rules
from tracker.export.player_view import player_board
from tracker.store.encounter_file import load
from tracker.web.page import PlayersView, page, static_file

FORD = "basic-bandits-at-the-ford.toml"


def sheet() -> dict[str, dict[str, str]]:
    """The page's style sheet, by selector (comments left out)."""
    css = static_file("page.css").decode("utf-8")
    return css_rules(re.sub(r"/\*.*?\*/", "", css, flags=re.S))


def test_the_tv_header_stays_on_top_and_what_must_show_goes_below_it() -> None:
    css = sheet()
    header = css["body.large .where"]
    assert header.get("position") == "sticky" and header.get("top") == "0"
    assert int(header.get("z-index", "0")) > 1  # over the rows and the sticky log
    assert "var(--head" in css["body.large #acting"].get("scroll-margin-top", "")
    assert "var(--head" in css["body.large .log"].get("top", "")
    assert "var(--head" in css["body.large .stale"].get("top", "")
    assert css[".where"].get("position") is None  # a phone's header scrolls away


def test_the_header_says_who_is_next(tmp_path: Path) -> None:
    path = copy_sample(FORD, tmp_path)
    play(path, "start", "hide archer")
    fight = load(path).encounter
    state = fight.state
    board = player_board(state, load(path).rules)
    order = [slot for slot in state.order if slot != "archer"]
    assert state.current == order[0]
    names = {c.id: c.name for c in state.combatants.values()}
    assert board.next_up == names[order[1]]
    html = page(PlayersView(board, ()), "tok", large=True)
    assert f'<p class="next">Next: {names[order[1]]}</p>' in html.replace("&#x27;", "'")
    last_shown = order[-1]
    for _ in range(len(state.order)):
        if load(path).encounter.state.current == last_shown:
            break
        play(path, "next")
    last = player_board(load(path).encounter.state, load(path).rules)
    assert last.next_up == "round 2"  # the last of the round: the next round comes
    assert "archer" not in {r.name.casefold() for r in last.rows}


# The stand-in browser with a TV header: 226 px tall, sticky, over the top of the page.
TV = r"""
const header = {
  getAttribute: () => "",
  getBoundingClientRect() { return { top: 0, bottom: 226, height: 226 }; },
};
const props = {};
live.querySelector = (selector) => (selector === ".where" ? header : null);
window.getComputedStyle = (element) => ({ position: element === header ? "sticky" : "static" });
document.body.style = { setProperty(name, value) { props[name] = value; } };
function tv(script) {
  turn = 0;  // the acting row at 200-260 px: under the header's 226 px
  eval(script);
  process.stdout.write(JSON.stringify({ scrolled, props }));
}
"""


@needs_node
def test_a_turn_under_the_tv_header_is_brought_below_it() -> None:
    script = static_file("live.js").decode("utf-8")
    program = BROWSER + TV + f"tv({json.dumps(script)});\n"
    assert NODE is not None
    done = subprocess.run([NODE, "-e", program], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout)
    assert seen["scrolled"] == [[0, "center"]]  # hidden under the header: brought on screen
    assert seen["props"] == {"--head": "226px"}
