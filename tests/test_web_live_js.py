"""The players' page script (``live.js``) run in Node with a stand-in browser: what a
phone shows when its stream drops, comes back, or is refused for good."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from tracker.web.page import static_file

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js to run the page script")

BROWSER = r"""
"use strict";
const asked = [];
const element = (text) => ({ textContent: text, hidden: true, innerHTML: "" });
const status = element("reconnecting…");
const live = element("");
const FOUND = {
  ".where .turn": [/<p class="turn">([^<]*)<\/p>/, (m) => ({ textContent: m[1] })],
  ".where h1": [/<h1>([^<]*)<\/h1>/, (m) => ({ textContent: m[1] })],
  ".where": [/<header class="where" data-look="([^"]*)"/, (m) => ({ getAttribute: () => m[1] })],
};
live.querySelector = (selector) => {
  const [pattern, made] = FOUND[selector];
  const found = pattern.exec(live.innerHTML);
  return found ? made(found) : null;
};
const hrefs = ["/theme.css?t=abc"];
const theme = {
  getAttribute: () => hrefs[0],
  setAttribute: (name, value) => hrefs.push(value),
};
const spoken = [];
const said = {
  get textContent() { return spoken.length ? spoken[spoken.length - 1] : "Round 1"; },
  set textContent(words) { spoken.push(words); },
};
const timers = [];
let answer = 0;
const sources = [];
class EventSource {
  constructor(url) { this.url = url; this.readyState = 0; this.on = {}; sources.push(this); }
  addEventListener(name, fn) { this.on[name] = fn; }
  close() { this.readyState = 2; }
}
EventSource.CLOSED = 2;
globalThis.EventSource = EventSource;
globalThis.window = globalThis;
window.addEventListener = () => {};
globalThis.document = {
  body: { getAttribute: () => "/events?t=abc" },
  getElementById: (id) => ({ status, said, live, theme })[id],
  title: "Bandits at the ford · tracker",
  addEventListener: () => {},
  visibilityState: "visible",
};
const delays = [];
const intervals = [];
globalThis.setTimeout = (fn, ms) => { timers.push(fn); delays.push(ms); return timers.length; };
globalThis.clearTimeout = () => {};
globalThis.setInterval = (fn) => { intervals.push(fn); return intervals.length; };
let now = 0;
Date.now = () => now;
window.fetch = (url, options) => {
  asked.push(`${options.method} ${url}`);
  return Promise.resolve({ status: answer });
};
const settle = () => new Promise((done) => setImmediate(done));
async function drop(status_code) {
  answer = status_code;
  const source = sources[sources.length - 1];
  source.readyState = 2;
  source.on.error();
  await settle();
}
async function run(script) {
  eval(script);
  const seen = {};
  sources[0].on.open();
  seen.opened = status.hidden;
  await drop(0);  // the server is away (the fetch itself fails the same way)
  seen.away = [status.hidden, status.textContent, timers.length];
  timers.shift()();  // the retry: the server is back with the same link
  sources[sources.length - 1].on.open();
  seen.back = [status.hidden, status.textContent, sources.length];
  timers.shift()();  // a moment later
  seen.calm = status.hidden;
  await drop(403);  // the GM started the server again with a new link
  seen.refused = [status.hidden, status.textContent, timers.length, sources.length];
  seen.fetched = asked;
  seen.streams = sources.map((source) => source.url);
  process.stdout.write(JSON.stringify(seen));
}
function board(turn, hp, title = "Bandits at the ford", look = "0a1b2c3d") {
  const data = `<header class="where" data-look="${look}"><h1>${title}</h1>`
    + `<p class="turn">${turn}</p></header>${hp}`;
  sources[sources.length - 1].on.board({ data });
}
async function patience(script) {
  eval(script);
  sources[0].on.open();
  now = 24000;
  intervals[0]();  // quiet for 24 s: pings come every 10 s, so maybe one was late
  const quiet = sources.length;
  now = 50000;
  intervals[0]();  // quiet for 26 s more: the laptop went to sleep
  const woken = [sources.length, status.hidden];
  const before = delays.length;
  for (let n = 0; n < 6; n++) {  // the server is still away: try, try again
    answer = 0;
    const source = sources[sources.length - 1];
    source.readyState = 2;
    source.on.error();
    await settle();
    timers.shift()();
  }
  process.stdout.write(JSON.stringify({ quiet, woken, waits: delays.slice(before) }));
}
function replace(script) {
  live.innerHTML = '<header class="where" data-look="0a1b2c3d"><h1>Bandits at the ford</h1>';
  eval(script);
  sources[0].on.open();
  board("Round 2 · Ann&#x27;s turn", "HP 12/12");
  const before = [hrefs.length, document.title];
  board("Round 1", "W 4/4", "Sachiel over Tokyo-3", "99ffee00");  // another fight, in nerv
  process.stdout.write(JSON.stringify({ before, hrefs, title: document.title }));
}
function speak(script) {
  eval(script);
  sources[0].on.open();
  board("Round 1", "HP 12/12");  // the first board: the turn the page already says
  board("Round 1 · Ann&#x27;s turn", "HP 12/12");
  board("Round 1 · Ann&#x27;s turn", "HP 7/12");  // a wound: nothing to announce
  board("Round 1 · Bandit 2&#x27;s turn", "HP 7/12");
  process.stdout.write(JSON.stringify({ spoken, shown: live.innerHTML }));
}
"""


def run_page_script(scenario: str = "run") -> dict[str, object]:
    """What the stand-in browser saw (the page script's text passed in as JSON)."""
    script = static_file("live.js").decode("utf-8")
    program = BROWSER + f"{scenario}({json.dumps(script)});\n"
    assert NODE is not None
    done = subprocess.run([NODE, "-e", program], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    seen: dict[str, object] = json.loads(done.stdout)
    return seen


def test_a_page_whose_link_was_replaced_says_to_scan_the_new_code_and_stops() -> None:
    seen = run_page_script()
    assert seen["opened"] is True  # nothing to say while the stream is open
    assert seen["away"] == [False, "reconnecting…", 1]  # says so, and tries again later
    assert seen["back"] == [False, "Connected again.", 2]  # the same link after a restart
    assert seen["calm"] is True  # and then out of the way
    refused = seen["refused"]
    assert isinstance(refused, list) and refused[0] is False
    assert "scan the GM's new code" in str(refused[1])
    assert refused[2:] == [0, 2]  # no more tries, no new stream: the old link is dead
    streams = seen["streams"]
    assert isinstance(streams, list) and len(set(streams)) == 1  # one page: one name
    assert re.fullmatch(r"/events\?t=abc&p=[0-9a-f]{24}", streams[0])
    assert seen["fetched"] == [f"HEAD {streams[0]}"] * 2


def test_a_screen_reader_hears_each_new_turn_once_and_nothing_else() -> None:
    seen = run_page_script("speak")
    assert seen["spoken"] == ["Round 1 · Ann&#x27;s turn", "Round 1 · Bandit 2&#x27;s turn"]
    assert "HP 7/12" in str(seen["shown"])  # the board itself changed every time


def test_a_page_left_open_when_the_file_is_replaced_takes_the_new_fights_look_and_title() -> None:
    seen = run_page_script("replace")
    assert seen["before"] == [1, "Bandits at the ford · tracker"]  # same look: nothing loaded
    assert seen["hrefs"] == ["/theme.css?t=abc", "/theme.css?t=abc&v=99ffee00"]
    assert seen["title"] == "Sachiel over Tokyo-3 · tracker"


def test_a_page_notices_a_sleeping_laptop_soon_and_keeps_trying_every_few_seconds() -> None:
    seen = run_page_script("patience")
    assert seen["quiet"] == 1  # one late ping is not a dead stream
    assert seen["woken"] == [2, False]  # 26 s of silence: "reconnecting…", a new stream
    waits = seen["waits"]
    assert isinstance(waits, list) and waits[:3] == [1000, 2000, 4000]
    assert max(waits) == 5000  # the page is back at most 5 s after the laptop wakes
