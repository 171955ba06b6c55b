"""``tracker serve FILE`` as the GM runs it: the URL and QR code it prints, the join token
of this run only, hostile requests, the count the GM's header reads, and Ctrl+C."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.player_helpers import copy_sample, play
from tests.serve_helpers import free_port
from tests.ui_helpers import basic_file, make_app, opened, ui_test
from tracker.cli import main
from tracker.ui.panes.header import EncounterHeader
from tracker.web.phones import PhoneCount, pages_open

STARTUP = 20.0
URL = re.compile(r"http://127\.0\.0\.1:(\d+)/\?t=([A-Za-z0-9_-]+)")


class Served:
    """A ``tracker serve`` process, its URL and token."""

    def __init__(self, process: subprocess.Popen[str], url: str, token: str) -> None:
        self.process = process
        self.url = url
        self.token = token
        self.printed = ""
        self.err = Path()


def start(path: Path, runtime: Path, *extra: str) -> Served:
    """Run ``tracker serve`` on a free port (stderr to a file); wait for its URL."""
    env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime)}
    process = subprocess.Popen(
        [sys.executable, "-m", "tracker", "serve", str(path), "--port", str(free_port()), *extra],
        stdout=subprocess.PIPE,
        stderr=(runtime / f"{path.stem}.err").open("w"),
        text=True,
        env=env,
    )
    assert process.stdout is not None
    printed = ""
    until = time.monotonic() + STARTUP
    while "Ctrl+C" not in printed and time.monotonic() < until:
        printed += process.stdout.readline()
    found = URL.search(printed)
    assert found is not None, printed
    served = Served(process, found[0], found[2])
    served.printed = printed
    served.err = runtime / f"{path.stem}.err"
    return served


def stop(served: Served) -> tuple[int, str, str]:
    """Ctrl+C; the exit status, the rest of stdout, and stderr."""
    served.process.send_signal(signal.SIGINT)
    out, _ = served.process.communicate(timeout=30)
    return served.process.returncode, out, served.err.read_text()


@pytest.fixture
def runtime(tmp_path: Path) -> Path:
    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    return folder


@pytest.fixture
def served(tmp_path: Path, runtime: Path) -> Iterator[Served]:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    play(path, "start")
    server = start(path, runtime)
    yield server
    if server.process.poll() is None:
        server.process.kill()
        server.process.communicate(timeout=30)


def status_of(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as reply:
            return reply.status, reply.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def test_the_url_carries_a_long_random_token_and_a_qr_code(served: Served) -> None:
    assert len(served.token) >= 22  # 128 bits at least, URL-safe
    assert "▀" in served.printed or "▄" in served.printed  # the QR code, in block characters
    assert "\x1b" not in served.printed
    assert status_of(served.url)[0] == 200


def test_the_code_and_the_address_fit_an_80x24_terminal(served: Served) -> None:
    rows = [
        line[i : i + 80] for line in served.printed.splitlines() for i in range(0, len(line), 80)
    ]
    assert len(rows) + 1 <= 24  # the cursor's row below: nothing has scrolled away
    assert served.url in rows  # the address whole, on a row of its own, to read or copy
    assert sum("▄" in row or "▀" in row for row in rows) >= 15  # the whole code


def test_a_token_from_another_run_is_403(served: Served, tmp_path: Path, runtime: Path) -> None:
    path = copy_sample("nerv-sachiel.toml", tmp_path)
    other = start(path, runtime)
    try:
        assert other.token != served.token
        port = served.url.split(":")[2].split("/")[0]
        replayed = f"http://127.0.0.1:{port}/?t={other.token}"
        assert (
            status_of(replayed)[0] == 403 and b"This link no longer works" in status_of(replayed)[1]
        )
    finally:
        stop(other)


def test_a_server_restarted_with_same_link_keeps_it_so_open_pages_come_back(
    served: Served, tmp_path: Path, runtime: Path
) -> None:
    path = tmp_path / "basic-bandits-at-the-ford.toml"
    port = served.url.split(":")[2].split("/")[0]
    assert stop(served)[0] == 0
    again = start(path, runtime, "--port", port, "--same-link")  # Ctrl+C, then serve again
    try:
        assert again.token == served.token
        assert status_of(served.url)[0] == 200  # the players' open pages reconnect
    finally:
        stop(again)
    fresh = start(path, runtime, "--port", port)  # by default, a new run is a new link
    try:
        assert fresh.token != served.token
        assert status_of(served.url)[0] == 403
        assert b"This link no longer works" in status_of(served.url)[1]
        assert status_of(fresh.url)[0] == 200
    finally:
        stop(fresh)


def raw(port: int, request: bytes) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(request)
        conn.shutdown(socket.SHUT_WR)
        while conn.recv(65536):
            pass


def test_a_thousand_bad_requests_are_a_line_each_and_serving_goes_on(served: Served) -> None:
    port = int(served.url.split(":")[2].split("/")[0])
    bad = [
        b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        b"GET /events?t=nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        f"POST /?t={served.token} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
        "Connection: close\r\n\r\nhi".encode(),
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage\r\n\r\n",
        b"GET /\x1b[31m HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 20000 + b"\r\n\r\n",
    ]
    for n in range(1000):
        raw(port, bad[n % len(bad)])
    assert status_of(served.url)[0] == 200
    code, _, err = stop(served)
    assert code == 0
    assert "Traceback" not in err and "\x1b" not in err
    lines = err.splitlines()
    assert all(line.startswith("tracker serve: ") for line in lines)
    assert 1000 <= len(lines) <= 1100  # one line per bad request (not per pass of a loop)


def test_ctrl_c_closes_every_stream_and_the_count(
    served: Served, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "basic-bandits-at-the-ford.toml"
    events = served.url.replace("/?", "/events?")
    streams = [urllib.request.urlopen(events, timeout=30) for _ in range(3)]
    for stream in streams:
        assert stream.readline() == b"retry: 2000\n"
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    until = time.monotonic() + STARTUP
    while pages_open(path) != 3 and time.monotonic() < until:
        time.sleep(0.05)
    assert pages_open(path) == 3
    code, out, err = stop(served)
    assert pages_open(path) == 0
    assert code == 0 and "stopped serving" in out and "Traceback" not in err
    for stream in streams:
        assert stream.read().endswith(b"\n\n")  # ended cleanly, not cut mid-event
        stream.close()


def test_closing_the_gms_terminal_stops_serving_cleanly(
    served: Served, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "basic-bandits-at-the-ford.toml"
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    assert any((tmp_path / "run" / "tracker").glob("phones-*"))
    served.process.send_signal(signal.SIGHUP)  # the terminal window closed
    out, _ = served.process.communicate(timeout=30)
    assert pages_open(path) == 0
    assert served.process.returncode == 0 and "stopped serving" in out
    assert not any((tmp_path / "run" / "tracker").glob("phones-*"))  # nothing left behind


@pytest.mark.parametrize(
    "words",
    [["--max-viewers", "0"], ["--max-viewers", "many"], ["--lan", "--host", "127.0.0.1"]],
)
def test_a_misused_command_line_is_status_2(tmp_path: Path, words: list[str]) -> None:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    assert main(["serve", str(path), *words]) == 2


@ui_test
async def test_the_gms_header_counts_the_open_pages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    path = basic_file(tmp_path)
    PhoneCount(path).write(3)  # as a running tracker serve does (this process is alive)
    app = make_app(path)
    async with app.run_test(size=(160, 36)) as pilot:
        await opened(pilot)
        header = app.query_one(EncounterHeader)
        assert header.phones == 3
        assert "3 player pages open" in str(header.render())
