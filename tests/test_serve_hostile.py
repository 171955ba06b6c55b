"""``tracker serve`` against hostile input: the players' page turns no URL into a live
link, a request HTTP cannot read is one log line on the GM's terminal (never a
traceback, never a control byte) and the server goes on serving, and an address that is
not one is one line. Loopback only."""

from __future__ import annotations

import logging
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.player_helpers import copy_sample
from tests.serve_helpers import STARTUP, fetch, free_port, serve_terminal
from tracker.cli import main
from tracker.core.errors import TrackerError
from tracker.ui.player.page import page_script, served_script_path
from tracker.ui.player.serving import OneLine, PlayerServer
from tracker.web.join import bind

BAD_REQUEST = b"GET /ws\x1b]52;c;YQ==\x07 HTTP/1.1\r\n\r\n"
BAD_REQUESTS = 1000


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """A running ``tracker serve`` on loopback: its port and the file its log goes to."""
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("w", encoding="utf-8") as sink:
        server = subprocess.Popen(
            serve_terminal(path, port),
            stdout=sink,
            stderr=sink,
        )
    try:
        fetch(f"http://127.0.0.1:{port}/", time.monotonic() + STARTUP)
        yield port, log
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_the_page_script_leaves_out_the_web_links_and_clipboard_addons() -> None:
    original = served_script_path().read_text(encoding="utf-8")
    script = page_script().decode("utf-8")
    loads_clipboard = re.compile(r"new [\w$]+\.ClipboardAddon;this\.terminal\.loadAddon")
    assert "this.weblinksAddon" in original and loads_clipboard.search(original)
    assert "weblinksAddon" not in script  # no URL on screen is a link
    assert not loads_clipboard.search(script)  # no OSC 52 writes a player's clipboard
    assert len(original) - len(script) < 200  # nothing else is taken out


def test_a_page_script_that_loads_the_addon_otherwise_is_refused(tmp_path: Path) -> None:
    changed = tmp_path / "textual.js"
    changed.write_text("this.links=new S.WebLinksAddon;this.terminal.loadAddon(this.links)")
    with pytest.raises(TrackerError, match="live links"):
        page_script(changed)


def test_the_served_page_has_no_live_links(served: tuple[int, Path]) -> None:
    port, _ = served
    _, page = fetch(f"http://127.0.0.1:{port}/", time.monotonic() + STARTUP)
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/static/js/textual.js") as reply:
        script = reply.read()
    assert script == page_script()
    assert "window.open = function" in page  # neither a link nor the server opens a window
    assert page.index("window.open = function") < page.index("js/textual.js")


def test_a_thousand_malformed_requests_are_a_line_each_and_the_server_serves_on(
    served: tuple[int, Path],
) -> None:
    port, log = served
    for _ in range(BAD_REQUESTS):
        with socket.create_connection(("127.0.0.1", port), timeout=5) as bad:
            bad.sendall(BAD_REQUEST)
            assert bad.recv(200).startswith(b"HTTP/1.0 400")
    status, page = fetch(f"http://127.0.0.1:{port}/", time.monotonic() + STARTUP)
    assert status == 200 and "tracker view" in page
    lines = [line for line in _read_until(log, BAD_REQUESTS + 2) if "request" in line]
    said = log.read_text(encoding="utf-8")
    counts = (len(lines), said.count("Traceback"), said.count("\x1b"), said.count("\x07"))
    assert counts == (BAD_REQUESTS, 0, 0, 0)  # (numbers: a diff of 10,000 lines takes minutes)
    assert sum(not line.startswith("tracker serve: ") for line in lines) == 0


def _read_until(log: Path, count: int, within: float = 10.0) -> list[str]:
    """The log's lines once it has ``count`` of them (or what it has after ``within`` s)."""
    until = time.monotonic() + within
    while True:
        lines = log.read_text(encoding="utf-8").splitlines()
        if len(lines) >= count or time.monotonic() > until:
            return lines
        time.sleep(0.1)


def test_a_logged_error_is_one_visible_line() -> None:
    try:
        raise ValueError("bad\n  request\x1b]52;c;YQ==\x07 here")
    except ValueError:
        record = logging.LogRecord(
            "aiohttp.server", logging.ERROR, "x", 1, "Error handling\nrequest", (), sys.exc_info()
        )
    line = OneLine().format(record)
    assert line == "tracker serve: Error handling request: bad request␛]52;c;YQ==␇ here"


@pytest.mark.parametrize("host", ["\x9b", "\udc9b", "\x1b]52;c;YQ==\x07"])
def test_a_host_that_is_no_address_is_one_line(
    tmp_path: Path, host: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    assert main(["serve", "--host", host, str(path)]) == 2  # a misused command line
    said = capsys.readouterr()
    assert said.out == "" and said.err.count("\n") == 1
    assert "--host" in said.err and "\x1b" not in said.err and "\x9b" not in said.err


def test_binding_an_unencodable_address_is_a_tracker_error() -> None:
    with pytest.raises(TrackerError, match="not an address"):
        bind("\x9b", free_port())


def test_an_ipv6_address_is_printed_as_a_url_a_browser_opens() -> None:
    server = PlayerServer(["tracker"], title="t", host="::1", port=8123)
    assert server.public_url == "http://[::1]:8123"
    assert PlayerServer(["tracker"], title="t", host="127.0.0.1", port=80).public_url == (
        "http://127.0.0.1"
    )
