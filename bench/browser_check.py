"""A real browser on ``tracker serve``: headless Chromium opens the players' page, the GM
plays ``next`` again and again, and the page is timed until it shows the new turn.

Not a test (it needs Debian's ``chromium``): prints the latency from each command's write
to the page's DOM showing it (p50/p95, goal p95 <= 300 ms), every console message, CSP
report and uncaught error the page raised (goal: none), whether the page says
"reconnecting" while the network is cut (DevTools' offline switch) and recovers after,
and saves screenshots at 390x844 (a phone) and 1920x1080 with ``?large`` (a TV).

Usage: python bench/browser_check.py [--rounds 20] [--out FOLDER]
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import itertools
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_serve import SAMPLE, free_port, start_server  # noqa: E402

from tracker.core.dice import Dice  # noqa: E402
from tracker.export.player_view import player_board  # noqa: E402
from tracker.store.encounter_file import EncounterFile  # noqa: E402

TURN = "document.querySelector('.where .turn').textContent"
SAYS_RECONNECTING = (
    "!document.getElementById('status').hidden"
    " && document.getElementById('status').textContent.startsWith('reconnecting')"
)


class Tab:
    """One Chromium page over the DevTools protocol; every complaint it raises is kept."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.ids = itertools.count(1)
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.complaints: list[str] = []
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            data = json.loads(message.data)
            if "id" in data and data["id"] in self.waiting:
                self.waiting.pop(data["id"]).set_result(data.get("result", {}))
            elif data.get("method") in ("Runtime.consoleAPICalled", "Runtime.exceptionThrown"):
                self.complaints.append(json.dumps(data["params"])[:300])
            elif data.get("method") == "Log.entryAdded":
                self.complaints.append(json.dumps(data["params"]["entry"])[:300])

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self.ids)
        self.waiting[number] = asyncio.get_running_loop().create_future()
        await self.socket.send_json({"id": number, "method": method, "params": params})
        return await asyncio.wait_for(self.waiting[number], 30)

    async def value(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    async def until(self, expression: str, wanted: Any, most: float = 60.0) -> float:
        start = time.monotonic()
        while await self.value(expression) != wanted:
            if time.monotonic() - start > most:
                raise TimeoutError(expression)
            await asyncio.sleep(0.005)
        return time.monotonic()


async def open_tab(session: aiohttp.ClientSession, port: int, url: str, size: str) -> Tab:
    """A new tab of the browser on ``url`` at ``size`` (``390x844``)."""
    devtools = f"http://127.0.0.1:{port}/json/new?about:blank"
    for _ in range(200):
        try:
            page = await (await session.put(devtools)).json()
            break
        except aiohttp.ClientError:
            await asyncio.sleep(0.1)
    socket = await session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
    tab = Tab(socket)
    for domain in ("Runtime.enable", "Log.enable", "Page.enable", "Network.enable"):
        await tab.call(domain)
    width, height = (int(n) for n in size.split("x"))
    await tab.call(
        "Emulation.setDeviceMetricsOverride",
        width=width,
        height=height,
        deviceScaleFactor=1,
        mobile=width < 500,
    )
    await tab.call("Page.navigate", url=url)
    await tab.until("document.readyState", "complete")
    return tab


async def screenshot(tab: Tab, path: Path) -> None:
    shot = await tab.call("Page.captureScreenshot", format="png")
    path.write_bytes(base64.b64decode(shot["data"]))


def chromium(port: int, profile: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            f"--remote-debugging-port={port}",
            f"--user-data-dir={profile}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


async def check(path: Path, rounds: int, out: Path) -> None:
    server, url = start_server(path, 30)
    port = free_port()
    browser = chromium(port, out / "profile")
    try:
        async with aiohttp.ClientSession() as session:
            tab = await open_tab(session, port, url, "390x844")
            await asyncio.sleep(1.0)  # the stream is open
            await screenshot(tab, out / "phone-before.png")
            taken: list[float] = []
            with EncounterFile(path) as gm:
                while len(taken) < rounds:
                    before = await tab.value(TURN)
                    gm.execute("next", Dice(seed=1))
                    written = time.monotonic()
                    wanted = " · ".join(player_board(gm.encounter.state, gm.rules).where)
                    shown = await tab.until(TURN, wanted)
                    if wanted != before:  # a hidden combatant's turn may look the same
                        taken.append((shown - written) * 1000)
            await screenshot(tab, out / "phone-after.png")
            quiet = list(tab.complaints)
            await tab.call(
                "Network.emulateNetworkConditions",
                offline=True,
                latency=0,
                downloadThroughput=-1,
                uploadThroughput=-1,
            )
            await tab.call(
                "Runtime.evaluate", expression="window.dispatchEvent(new Event('online'))"
            )
            cut = await tab.until(SAYS_RECONNECTING, True, 30)
            await tab.call(
                "Network.emulateNetworkConditions",
                offline=False,
                latency=0,
                downloadThroughput=-1,
                uploadThroughput=-1,
            )
            back = await tab.until(SAYS_RECONNECTING, False, 60)
            with EncounterFile(path) as gm:
                gm.execute("next", Dice(seed=1))
                wanted = " · ".join(player_board(gm.encounter.state, gm.rules).where)
            await tab.until(TURN, wanted, 30)  # live again
            tv = await open_tab(session, port, url + "&large", "1920x1080")
            await asyncio.sleep(1.0)
            await screenshot(tv, out / "tv.png")
    finally:
        browser.terminate()
        browser.wait(timeout=30)
        server.terminate()
        server.wait(timeout=30)
    taken.sort()
    p95 = taken[int(0.95 * (len(taken) - 1))]
    print(
        f"next -> page shows the new turn, {len(taken)} times: p50 "
        f"{statistics.median(taken):.0f} ms, p95 {p95:.0f} ms, max {taken[-1]:.0f} ms"
    )
    print(
        f"offline: 'reconnecting' shown, 'Connected again.' {back - cut:.1f} s later once the "
        "network returned, and the next command reached the page"
    )
    print(f"console messages, CSP reports and errors before the network cut: {len(quiet)}")
    print(
        f"  on the TV page: {len(tv.complaints)}; while offline (expected): "
        f"{len(tab.complaints) - len(quiet)}"
    )
    for line in quiet + tv.complaints:
        print("  ", line)
    print(f"screenshots in {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="tracker-browser-"))
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fight.toml"
        shutil.copyfile(SAMPLE, path)
        with EncounterFile(path) as gm:
            gm.execute("start", Dice(seed=3))
        asyncio.run(check(path, args.rounds, out))


if __name__ == "__main__":
    main()
