"""``tracker serve`` cleans up after every browser: no player-view process outlives its
connection or the server, a browser cannot ask for a huge terminal, and bad requests are
one line, never a traceback. Loopback only, a bounded number of connections."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from tests.player_helpers import copy_sample
from tests.serve_helpers import STARTUP, fetch, free_port, serve_terminal
from tracker.ui.player.serving import MAX_COLUMNS, MAX_ROWS, terminal_size

GONE_WITHIN = 12.0  # quit wait + terminate wait + kill, with room for a busy machine


def views_of(path: Path) -> list[int]:
    """Pids of every live ``tracker view`` process showing ``path``."""
    wanted = f"view\0{path.resolve()}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as file:
                cmdline = file.read()
            with open(f"/proc/{entry}/stat", "rb") as file:
                state = file.read().rsplit(b")", 1)[-1].split()[0]
        except OSError:
            continue
        if b"tracker.cli" in cmdline and wanted in cmdline and state != b"Z":
            found.append(int(entry))
    return found


def wait_until_gone(path: Path, within: float = GONE_WITHIN) -> list[int]:
    """Wait for every view of ``path`` to end; the pids still alive when time is up."""
    until = time.monotonic() + within
    while (alive := views_of(path)) and time.monotonic() < until:
        time.sleep(0.2)
    return alive


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, int, subprocess.Popen[str]]]:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    port = free_port()
    server = subprocess.Popen(
        serve_terminal(path, port),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    fetch(f"http://127.0.0.1:{port}/", time.monotonic() + STARTUP)
    try:
        yield path, port, server
    finally:
        if server.poll() is None:
            server.kill()
        server.communicate(timeout=10)
        for pid in views_of(path):  # never leave anything behind, even when a test fails
            os.kill(pid, signal.SIGKILL)


async def _open_and_drop(port: int, hold: float, size: str = "") -> None:
    async with aiohttp.ClientSession() as session:
        url = f"http://127.0.0.1:{port}/ws{size}"
        async with session.ws_connect(url) as socket:
            await socket.send_json(["resize", {"width": 20000, "height": 5000}])
            await asyncio.sleep(hold)


def test_connections_closed_at_once_or_mid_start_leave_no_view(served: tuple) -> None:
    path, port, _ = served

    async def burst() -> None:
        await asyncio.gather(*(_open_and_drop(port, hold) for hold in (0, 0.05, 0.2, 0.5)))

    asyncio.run(burst())
    assert wait_until_gone(path) == []


def test_a_huge_terminal_request_is_cut_to_bounds(served: tuple) -> None:
    path, port, _ = served

    async def huge() -> list[dict[str, str]]:
        async with aiohttp.ClientSession() as session:
            url = f"http://127.0.0.1:{port}/ws?width=20000&height=5000"
            async with session.ws_connect(url) as socket:
                await socket.send_json(["resize", {"width": 20000, "height": 5000}])
                until = time.monotonic() + STARTUP
                while not views_of(path) and time.monotonic() < until:
                    await asyncio.sleep(0.1)
                return [_environment(pid) for pid in views_of(path)]

    environments = asyncio.run(huge())
    assert environments, "the view process never started"
    for environment in environments:
        assert int(environment["COLUMNS"]) <= MAX_COLUMNS
        assert int(environment["ROWS"]) <= MAX_ROWS
    assert wait_until_gone(path) == []


def _environment(pid: int) -> dict[str, str]:
    with open(f"/proc/{pid}/environ", "rb") as file:
        pairs = file.read().decode("utf-8", "replace").split("\0")
    return dict(pair.split("=", 1) for pair in pairs if "=" in pair)


def test_stopping_the_server_ends_every_view(served: tuple) -> None:
    path, port, server = served

    async def hold_open() -> None:
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws"):
                until = time.monotonic() + STARTUP
                while not views_of(path) and time.monotonic() < until:
                    await asyncio.sleep(0.1)
                server.send_signal(signal.SIGINT)  # Ctrl+C with a browser still open
                await asyncio.sleep(0.5)

    asyncio.run(hold_open())
    server.wait(timeout=15)
    assert wait_until_gone(path) == []


def test_a_plain_get_of_the_websocket_is_one_line(served: tuple) -> None:
    _, port, server = served
    try:
        fetch(f"http://127.0.0.1:{port}/ws", time.monotonic() + 2)
    except Exception as error:  # HTTP 400 arrives as an HTTPError
        assert "400" in str(error)
    server.send_signal(signal.SIGINT)
    out, _ = server.communicate(timeout=15)
    assert "Traceback" not in out
    assert "not a websocket" in out


def test_a_port_in_use_is_one_line_before_any_address(served: tuple) -> None:
    path, port, _ = served
    result = subprocess.run(
        serve_terminal(path, port),
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "in use" in result.stderr


@pytest.mark.parametrize("port", ["99999", "0", "http"])
def test_a_port_out_of_range_is_one_line(tmp_path: Path, port: str) -> None:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "tracker.cli", "serve", str(path), "--port", port],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2 and result.stdout == ""  # a misused command line
    assert result.stderr.count("\n") == 1 and "1 to 65535" in result.stderr


def test_terminal_sizes_are_bounded_whole_numbers() -> None:
    assert terminal_size("20000", "5000") == (MAX_COLUMNS, MAX_ROWS)
    assert terminal_size("x", None) == (80, 24)
    assert terminal_size(-5, 1) == (20, 5)
