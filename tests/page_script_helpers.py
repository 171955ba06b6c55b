"""Running the players' page script (``live.js``) under Node.js: where ``node`` is, the mark
that skips a test without it, and a stand-in browser for the script to run in."""

from __future__ import annotations

import shutil

import pytest

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="needs Node.js to run the page script")

# A stand-in browser: one tall page, an acting row at ``rows[turn]`` px from the top.
BROWSER = r"""
"use strict";
const ROW = 60, HEIGHT = 700;
let scrollY = 0, turn = 0;
const scrolled = [];
const row = {
  getBoundingClientRect() {
    const top = 200 + turn * ROW - scrollY;
    return { top, bottom: top + ROW };
  },
  scrollIntoView(how) {
    scrolled.push([turn, how.block]);
    scrollY = 200 + turn * ROW + ROW / 2 - HEIGHT / 2;
  },
};
const element = (text) => ({ textContent: text, hidden: true, innerHTML: "" });
const status = element("reconnecting…"), said = element("Round 1");
let coming = 0;  // the turn the next board shows
const live = {
  querySelector: () => null,
  get innerHTML() { return ""; },
  set innerHTML(html) { turn = coming; },
};
const sources = [];
class EventSource {
  constructor(url) { this.url = url; this.on = {}; sources.push(this); }
  addEventListener(name, fn) { this.on[name] = fn; }
  close() {}
}
globalThis.EventSource = EventSource;
globalThis.window = globalThis;
window.innerHeight = HEIGHT;
window.addEventListener = () => {};
window.history = { scrollRestoration: "auto" };
globalThis.document = {
  body: { getAttribute: () => "/events?t=abc" },
  getElementById: (id) => ({ status, said, live, acting: row })[id],
  addEventListener: () => {},
  visibilityState: "visible",
};
globalThis.setTimeout = () => 0;
globalThis.clearTimeout = () => {};
globalThis.setInterval = () => 0;
function next(to) { coming = to; sources[0].on.board({ data: "<ol></ol>" }); }
function play(script) {
  turn = 60;  // the page opens on row 60 of a long fight
  eval(script);
  const opened = [scrolled.length, scrollY > 0];
  sources[0].on.open();
  next(61);  // the next row: still on screen, nothing moves
  const near = scrolled.length;
  next(75);  // far down (the order came round past those delaying): brought on screen
  const far = scrolled.length;
  scrollY = 0;  // the player scrolls up to read the top of the board
  next(76);
  const away = scrolled.length;
  process.stdout.write(JSON.stringify({ opened, near, far, away, scrolled,
    restoration: window.history.scrollRestoration }));
}
"""
