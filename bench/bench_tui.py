"""TUI benchmark (not a test): opening a big encounter, and key ``n`` to the updated screen.

    python bench/bench_tui.py [--combatants 100] [--events 5000] [--keys 200] [--key-runs 3]

At each size (``--sizes``, default 120x36 and 200x50):

1. First paint: a generated encounter (100 combatants, 5,000 events, basic ruleset) opened
   headless, against a bare Textual app with the same widgets left empty, in the same
   run (goal: ratio <= 1.3x). The file is read and replayed in a worker, so the time
   until the loaded fight is on screen is printed too; then the same fight with a
   journal snapshot (as play writes them): the time from the first paint to the fight
   on screen against ``load`` (load + replay) of the same file (goal: <= 1.3x); as
   ``tracker FILE`` does in a process of one thread, the app reads the snapshot ahead in
   a child process while the screen starts (``tracker.store.read_ahead``), and the bench
   says in how many openings it did. The fight is on screen at the end of the first
   paint after the file is handed to the screen; the opening's last frame is the last
   paint before the screen stays still.
   Then a fight of any length: a short fight (8 combatants, 100 events) on screen
   after the first paint, beside the long one (the issue: "must feel the same").
2. Key ``n``: the time from the command starting (``run_line``) to the end of the last
   screen paint it caused (Textual's compositor refresh, timed as it returns; Pilot's own
   waits are not counted); p50/p95 of each run of presses, the median run's printed with
   the range of all runs, and the slowest press; beside the same measurement on the
   bare app changing one line (goal: the tracker's p95 <= 4x the bare app's), and on
   a bare app rewriting the text of every pane (what Textual takes to paint as much as
   a turn changes). The machine is shared: a busy moment spoils one run's p95, hence
   several runs.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tui_apps import BareApp, RepaintApp, big_encounter, with_snapshot  # noqa: E402

from tracker.core.dice import Dice  # noqa: E402
from tracker.paths import bundled_dir  # noqa: E402
from tracker.store.encounter_file import load  # noqa: E402
from tracker.ui.app import TrackerApp  # noqa: E402
from tracker.ui.outcome import Outcome  # noqa: E402
from tracker.ui.themes import load_themes  # noqa: E402

SIZES = "120x36,200x50"
POLL = 0.005
"""Seconds between looks at an opening app. A plain sleep: Pilot's ``pause`` would post a
callback to every widget at each look, work a terminal never asks of the app, which
slowed the tracker's reading worker by 2-6 ms."""


async def first_paint_bare(size: tuple[int, int]) -> float:
    """Seconds from start to the first paint of the bare app."""
    app = BareApp()
    started = time.perf_counter()
    async with app.run_test(size=size):
        while app.first_paint is None:
            await asyncio.sleep(POLL)
    assert app.first_paint is not None
    return app.first_paint - started


QUIET = 0.06
"""Seconds without a paint after which the opening counts as settled."""


class OpenClock:
    """The screen's paints (Textual's compositor refresh, timed as it returns) from the
    moment the opened file is handed to the screen (``TrackerApp._opened``); installed
    for one opening. The first of them shows the fight."""

    read_ahead = 0
    """How many openings took the fight read ahead in a child process, this run."""

    def __init__(self) -> None:
        self.opened = 0.0
        self.paints: list[float] = []
        self._saved: list[tuple[type, str, Callable[..., Any]]] = []

    def __enter__(self) -> OpenClock:
        clock = self
        paint, opened = Screen._compositor_refresh, TrackerApp._opened

        def timed_paint(screen: Screen[Any]) -> None:
            paint(screen)
            if clock.opened:
                clock.paints.append(time.perf_counter())

        def timed_opened(app: TrackerApp, play: Any) -> None:
            opened(app, play)
            clock.opened = time.perf_counter()
            OpenClock.read_ahead += play.loaded.read_ahead

        self._saved = [(Screen, "_compositor_refresh", paint), (TrackerApp, "_opened", opened)]
        setattr(Screen, "_compositor_refresh", timed_paint)  # noqa: B010 (a method, swapped)
        setattr(TrackerApp, "_opened", timed_opened)  # noqa: B010
        return self

    def __exit__(self, *exc: object) -> None:
        for owner, name, original in self._saved:
            setattr(owner, name, original)


async def first_paint_tracker(path: Path, size: tuple[int, int]) -> tuple[float, float, float]:
    """Seconds to the first paint, to the loaded fight on screen (the first paint after
    the file is handed to the screen), and to the last paint the opening caused (the
    last before ``QUIET`` seconds without one)."""
    app = TrackerApp(
        path,
        Dice(seed=3),
        shelf=load_themes([bundled_dir("themes")]),
        keymap_file=path.with_name("none.toml"),
    )
    with OpenClock() as clock:
        started = time.perf_counter()
        async with app.run_test(size=size):
            while not clock.paints or time.perf_counter() - clock.paints[-1] < QUIET:
                await asyncio.sleep(POLL)
    assert app.first_paint is not None
    return app.first_paint - started, clock.paints[0] - started, clock.paints[-1] - started


class PaintClock:
    """When the screen last finished a paint (Textual's compositor refresh), and when the
    tracker last started a command; installed for one measurement."""

    def __init__(self) -> None:
        self.painted = 0.0
        self.started = 0.0
        self._saved: list[tuple[type, str, Callable[..., Any]]] = []

    def __enter__(self) -> PaintClock:
        clock = self
        paint, run = Screen._compositor_refresh, TrackerApp.run_line

        def timed_paint(screen: Screen[Any]) -> None:
            paint(screen)
            clock.painted = time.perf_counter()

        def timed_run(app: TrackerApp, line: str) -> Outcome:
            clock.started = time.perf_counter()
            return run(app, line)

        self._saved = [(Screen, "_compositor_refresh", paint), (TrackerApp, "run_line", run)]
        setattr(Screen, "_compositor_refresh", timed_paint)  # noqa: B010 (a method, swapped)
        setattr(TrackerApp, "run_line", timed_run)  # noqa: B010
        return self

    def started_at(self) -> float:
        """When the last command started."""
        return self.started

    def __exit__(self, *exc: object) -> None:
        for owner, name, original in self._saved:
            setattr(owner, name, original)


async def press_and_time(
    pilot: Pilot[Any], clock: PaintClock, started: Callable[[], float]
) -> float:
    """Press ``n``; milliseconds from the command starting to the last paint it caused."""
    await pilot.press("n")
    if clock.painted < started():  # not painted yet when the keys were handled
        await pilot.pause()
    return (clock.painted - started()) * 1000


async def key_latency_tracker(path: Path, presses: int, size: tuple[int, int]) -> list[float]:
    """Milliseconds from ``n`` starting its command to the screen showing it, per press."""
    app = TrackerApp(
        path,
        Dice(seed=3),
        shelf=load_themes([bundled_dir("themes")]),
        keymap_file=path.with_name("none.toml"),
    )
    with PaintClock() as clock:
        async with app.run_test(size=size) as pilot:
            while app.opened_paint is None or app.session.refusal() is not None:
                await pilot.pause(0.001)
            await pilot.pause()
            return [
                await press_and_time(pilot, clock, lambda: clock.started) for _ in range(presses)
            ]


async def key_latency_bare(
    presses: int, size: tuple[int, int], app: BareApp | None = None
) -> list[float]:
    """The same measurement on the bare app (or ``app``)."""
    bare = app if app is not None else BareApp()
    with PaintClock() as clock:
        async with bare.run_test(size=size) as pilot:
            await pilot.pause()
            return [
                await press_and_time(pilot, clock, lambda: bare.started) for _ in range(presses)
            ]


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` fall."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    """Run both measurements and print the figures."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--combatants", type=int, default=100)
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5, help="first-paint runs")
    parser.add_argument("--key-runs", type=int, default=3, help="runs of --keys presses")
    parser.add_argument("--sizes", default=SIZES, help="terminal sizes, e.g. 120x36,200x50")
    args = parser.parse_args()
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "big.toml"
        big_encounter(source, args.combatants, args.events)
        with_snapshot(source, source.with_name("snapshot.toml"))
        print(
            f"encounter: {args.combatants} combatants, {args.events}+ events, "
            f"{source.stat().st_size / 1e6:.1f} MB"
        )
        short = source.with_name("short.toml")
        big_encounter(short, SHORT[0], SHORT[1])
        for width, height in sizes:
            measure(source, (width, height), args.runs, args.keys, args.key_runs)
    return 0


def measure(source: Path, size: tuple[int, int], runs: int, keys: int, key_runs: int = 3) -> None:
    """First paint and key ``n`` at one terminal size, the bare app beside."""
    print(f"--- {size[0]}x{size[1]}")
    asyncio.run(first_paint_bare(size))  # warm imports and caches for both
    bare, ours, shown = [], [], []
    for _ in range(runs):
        gc.collect()  # each run starts without the last one's garbage
        bare.append(asyncio.run(first_paint_bare(size)))
        gc.collect()
        first, loaded, _ = asyncio.run(first_paint_tracker(source, size))
        ours.append(first)
        shown.append(loaded)
    b, o, s = (statistics.median(x) for x in (bare, ours, shown))
    print(
        f"first paint: bare {b * 1000:.0f} ms, tracker {o * 1000:.0f} ms, "
        f"ratio {o / b:.2f}x (goal <= 1.3x)"
    )
    print(f"loaded fight on screen (worker): {s * 1000:.0f} ms")
    long_shown = on_screen_vs_load(source.with_name("snapshot.toml"), size, runs)
    any_length(source.with_name("short.toml"), long_shown, size, runs)
    timed: dict[str, list[list[float]]] = {label: [] for label, _ in KEY_APPS}
    for _ in range(key_runs):
        gc.collect()
        timed["tracker"].append(asyncio.run(key_latency_tracker(source, keys, size)))
        timed["bare"].append(asyncio.run(key_latency_bare(keys, size)))
        every_pane = asyncio.run(key_latency_bare(keys, size, RepaintApp()))
        timed["bare, every pane rewritten"].append(every_pane)
    for label, goal in KEY_APPS:
        print(f"key n → screen, {label}: {key_summary(timed[label])}{goal}")
    ours_p95, bare_p95 = (statistics.median(p95s(timed[lab])) for lab in ("tracker", "bare"))
    print(f"key n p95: tracker/bare ratio {ours_p95 / bare_p95:.1f}x (goal <= 4x)")


def on_screen_vs_load(path: Path, size: tuple[int, int], runs: int) -> float:
    """The fight with a snapshot: first paint to fight on screen, against load + replay;
    returns the median seconds to the fight on screen."""
    shown, settled, loads = [], [], []
    OpenClock.read_ahead = 0
    for _ in range(runs):
        s, last = after_first_paint(path, size)
        shown.append(s)
        settled.append(last)
        started = time.perf_counter()
        load(path)
        loads.append(time.perf_counter() - started)
    s, loaded_in = statistics.median(shown), statistics.median(loads)
    print(
        f"with a snapshot: on screen {s * 1000:.0f} ms after the first paint, "
        f"load+replay {loaded_in * 1000:.0f} ms, ratio {s / loaded_in:.2f}x (goal <= 1.3x)"
    )
    print(
        f"  {_ms_range(shown)}; the opening's last frame {_ms_range(settled)}; "
        f"read ahead in a child process in {OpenClock.read_ahead} of {runs} openings"
    )
    return s


SHORT = (8, 100)
"""The short fight beside the long one: combatants, events."""


def any_length(short: Path, long_shown: float, size: tuple[int, int], runs: int) -> None:
    """A fight of any length: the short fight on screen after the first paint, against the
    long one's (issue 32: a 100,000-event file must feel the same as a 100-event one)."""
    shown = [after_first_paint(short, size)[0] for _ in range(runs)]
    s = statistics.median(shown)
    print(
        f"a fight of any length: {SHORT[0]} combatants, {SHORT[1]} events on screen "
        f"{s * 1000:.0f} ms after the first paint ({_ms_range(shown)}); the long fight "
        f"{long_shown * 1000:.0f} ms: long/short {long_shown / s:.2f}x"
    )


def after_first_paint(path: Path, size: tuple[int, int]) -> tuple[float, float]:
    """One opening of ``path``: seconds from the first paint to the fight on screen, and
    to the last frame the opening caused; then the app's background reading is awaited."""
    gc.collect()
    first, shown, last = asyncio.run(first_paint_tracker(path, size))
    settle()
    return shown - first, last - first


def _ms_range(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    return f"runs {ordered[0] * 1000:.0f}-{ordered[-1] * 1000:.0f} ms"


def settle() -> None:
    """Wait for the app's background reading of the events before its snapshot (it
    outlives the app) and collect garbage, so neither is timed as part of ``load``."""
    for thread in threading.enumerate():
        if thread.name == "tracker-earlier":
            thread.join()
    gc.collect()


KEY_APPS = (
    ("tracker", ""),
    ("bare", ""),
    ("bare, every pane rewritten", ""),
)


def p95s(runs: list[list[float]]) -> list[float]:
    """Each run's p95, lowest first."""
    return sorted(percentile(values, 0.95) for values in runs)


def key_summary(runs: list[list[float]]) -> str:
    """p50 and p95 of each run's presses (the median run's first), and the slowest press."""
    p50s = sorted(percentile(values, 0.5) for values in runs)
    p95 = p95s(runs)
    presses = sum(len(values) for values in runs)
    slowest = max(max(values) for values in runs)
    return (
        f"p50 {statistics.median(p50s):.1f} ms ({_span(p50s)}), "
        f"p95 {statistics.median(p95):.1f} ms ({_span(p95)}), max {slowest:.1f} ms "
        f"({len(runs)} run{'s' if len(runs) != 1 else ''}, {presses} presses)"
    )


def _span(values: list[float]) -> str:
    return f"runs {values[0]:.1f}-{values[-1]:.1f}" if len(values) > 1 else "one run"


if __name__ == "__main__":
    raise SystemExit(main())
