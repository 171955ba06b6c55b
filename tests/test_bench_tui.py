"""The TUI benchmark still measures what it says (it is not a test of speed: no time is
asserted, the machine is shared)."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bench_tui.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_tui", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_tui"] = module
    spec.loader.exec_module(module)
    return module


def test_key_n_is_timed_from_its_command_to_the_paint_that_shows_it(tmp_path: Path) -> None:
    tui = bench()
    source = tmp_path / "big.toml"
    tui.big_encounter(source, 12, 200)
    ours = asyncio.run(tui.key_latency_tracker(source, 3, (80, 24)))
    bare = asyncio.run(tui.key_latency_bare(3, (80, 24)))
    assert len(ours) == 3 and len(bare) == 3
    assert all(ms > 0 for ms in ours + bare)  # every press was painted after it started


def test_each_run_of_presses_counts_in_the_summary() -> None:
    tui = bench()
    line = tui.key_summary([[1.0] * 19 + [9.0], [2.0] * 20, [3.0] * 20])
    assert line.startswith("p50 2.0 ms (runs 1.0-3.0), p95 3.0 ms (runs 2.0-9.0), max 9.0 ms")
    assert "(3 runs, 60 presses)" in line


def test_a_fight_is_on_screen_after_the_first_paint_and_settles_after_that(
    tmp_path: Path,
) -> None:
    tui = bench()
    source = tmp_path / "short.toml"
    tui.big_encounter(source, 8, 100)
    first, shown, settled = asyncio.run(tui.first_paint_tracker(source, (80, 24)))
    assert 0 < first < shown <= settled
