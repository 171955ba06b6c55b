"""Benchmark ``tracker serve``: server memory with many pages open, and push latency.

Not a test: prints figures measured in the same run (the machine is noisy).

* memory: the server's RSS with no page open, then with N pages (``EventSource``
  streams) open; their ratio and the cost of one page (goal: under 1 MB a page).
* push: the GM's command is written (``EncounterFile``: lock, append, fsync) and every
  page waits for the board it makes; the latency is from the write returning to each
  page receiving it, over R commands; p50 and p95 (goal: p95 <= 300 ms with 50 pages).

Usage: python bench/bench_serve.py [--pages 50 100] [--rounds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tracker.core.dice import Dice  # noqa: E402
from tracker.store.encounter_file import EncounterFile  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "encounters" / "basic-bandits-at-the-ford.toml"
URL = re.compile(r"http://127\.0\.0\.1:\d+/\?t=[A-Za-z0-9_-]+")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def rss_kib(pid: int) -> int:
    """Resident memory of a process, KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def start_server(path: Path, most: int) -> tuple[subprocess.Popen[str], str]:
    command = [sys.executable, "-m", "tracker", "serve", str(path)]
    command += ["--port", str(free_port()), "--max-viewers", str(most)]
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT
    )
    assert server.stdout is not None
    printed = ""
    while "Ctrl+C" not in printed:
        printed += server.stdout.readline()
    found = URL.search(printed)
    assert found is not None, printed
    return server, found[0]


async def next_board(stream: aiohttp.ClientResponse) -> str:
    while True:
        raw = (await stream.content.readuntil(b"\n\n")).decode()
        if raw.startswith("event: board"):
            return raw


async def one_page(session: aiohttp.ClientSession, events: str) -> aiohttp.ClientResponse:
    stream = await session.get(events, timeout=aiohttp.ClientTimeout(total=None))
    await next_board(stream)
    return stream


async def pushes(
    gm: EncounterFile, streams: list[aiohttp.ClientResponse], rounds: int
) -> list[float]:
    """Seconds from each command's write to each page's new board."""
    dice = Dice(seed=3)
    taken: list[float] = []
    for n in range(rounds):
        waits = [asyncio.create_task(_arrival(s)) for s in streams]
        await asyncio.sleep(0.05)
        gm.execute(f"note push number {n}", dice)
        written = time.monotonic()
        taken += [max(0.0, arrived - written) for arrived in await asyncio.gather(*waits)]
    return taken


async def _arrival(stream: aiohttp.ClientResponse) -> float:
    await next_board(stream)
    return time.monotonic()


async def measure(path: Path, pages: int, rounds: int) -> None:
    server, url = start_server(path, pages + 10)
    events = url.replace("/?", "/events?")
    try:
        async with aiohttp.ClientSession() as session:
            for _ in range(3):
                await (await session.get(url)).read()  # warm: the page rendered once
            await asyncio.sleep(0.5)
            idle = rss_kib(server.pid)
            streams = [await one_page(session, events) for _ in range(pages)]
            await asyncio.sleep(0.5)
            busy = rss_kib(server.pid)
            with EncounterFile(path) as gm:
                taken = await pushes(gm, streams, rounds)
            for stream in streams:
                stream.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    ms = sorted(t * 1000 for t in taken)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    print(
        f"{pages:4d} pages: RSS {idle / 1024:.1f} MiB idle, {busy / 1024:.1f} MiB open "
        f"(ratio {busy / idle:.2f}, {(busy - idle) / pages:.0f} KiB a page); push over "
        f"{len(ms)} deliveries: p50 {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, "
        f"max {ms[-1]:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, nargs="+", default=[50, 100])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for pages in args.pages:
            path = Path(folder) / f"fight-{pages}.toml"
            shutil.copyfile(SAMPLE, path)
            with EncounterFile(path) as gm:
                gm.execute("start", Dice(seed=3))
            asyncio.run(measure(path, pages, args.rounds))


if __name__ == "__main__":
    main()
