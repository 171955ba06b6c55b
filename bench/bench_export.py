"""Export speed: Markdown recap of a generated 10,000-event encounter vs loading it.

Both are measured in the same run (the machine is shared and noisy), as medians:
  load      tracker.store.encounter_file.load(FILE)    (parse, check, replay)
  export    recap + Markdown of the loaded encounter   (what `tracker log` adds)
Goals: export <= 0.3 s and export <= 1.5x load. Also printed: load + export together
(the whole of `tracker log FILE`) as a multiple of load alone.

Run: python bench/bench_export.py [EVENTS]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_core import generate, write

from tracker.export.formats import FORMATS, recap_of
from tracker.export.recap import ExportOptions
from tracker.store.encounter_file import load

COMMANDS = [
    "next",
    "next",
    "dmg {who} {n}",
    "dmg {who} {n}",
    "heal {who} {n}",
    "ail {who} Prone rounds=2",
    "cure {who} Prone",
    "note {who} holds the line",
    "gm-note {who} is bluffing",
    "roll 2d6+{n}",
    "undo",
    "hide {who}",
    "reveal {who}",
]
GOAL_SECONDS, GOAL_RATIO = 0.3, 1.5


def median_time(fn: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str]) -> int:
    """Measure, print the figures and the ratio; exit 1 if a goal is missed."""
    wanted = int(argv[0]) if argv else 10_000
    fight = generate(wanted, seed=7, commands=COMMANDS, hidden=3)
    markdown = FORMATS["md"]
    with tempfile.TemporaryDirectory() as folder:
        path = write(fight, Path(folder))
        loaded = load(path)
        whole_s = median_time(lambda: markdown.render(recap_of(load(path), ExportOptions())), 5)
        rounds = loaded.encounter.state.round
        load_s = median_time(lambda: load(path), 7)
        export_s = median_time(lambda: markdown.render(recap_of(loaded, ExportOptions())), 7)
        gm_s = median_time(
            lambda: markdown.render(recap_of(loaded, ExportOptions(gm=True, with_undone=True))), 7
        )
        size = len(markdown.render(recap_of(loaded, ExportOptions())))
    ratio = export_s / load_s
    print(f"encounter: {len(fight.events)} events, {rounds} rounds; recap {size:,} characters")
    print(f"load                        {load_s * 1000:8.1f} ms")
    print(
        f"Markdown export             {export_s * 1000:8.1f} ms   (goal <= "
        f"{GOAL_SECONDS * 1000:.0f} ms)"
    )
    print(f"  GM copy with undone       {gm_s * 1000:8.1f} ms")
    print(f"export / load               {ratio:8.2f} x    (goal <= {GOAL_RATIO}x)")
    print(f"`tracker log` (load+export) {whole_s * 1000:8.1f} ms = {whole_s / load_s:.2f}x load")
    met = export_s <= GOAL_SECONDS and ratio <= GOAL_RATIO
    print("goals met" if met else "GOAL MISSED")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
