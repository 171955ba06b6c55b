"""Key ``n`` as a terminal sees it (not a test; POSIX only).

    python bench/bench_pty.py [--keys 200] [--runs 3] [--sizes 120x36,200x50]

``bench_tui.py`` times key ``n`` inside the app, under Textual's Pilot: from the command
starting to the end of the compositor's paint. This script times what the GM sees: the
tracker runs in a pseudo-terminal of the given size, as ``python -m tracker FILE`` would
in a terminal, on the same generated fight (100 combatants, 5,000 events); the script
writes the byte ``n`` and waits for the screen update the app writes back. A press is
timed from the byte written to the last byte of the update (the last byte before
``QUIET`` seconds of silence; the app writes nothing while idle, which the script checks
first). Beside it the same measurement on the bare app of ``bench_tui.py`` (the tracker's
panes, empty, ``n`` changing one line), alternating run by run. The goal is issue 32's:
the tracker's p95 <= 4x the bare app's.

Both apps run with their own HOME and XDG folders in a temporary folder, so nothing of
the user's settings is read or written.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from bench_tui import percentile  # noqa: E402
from tui_apps import big_encounter  # noqa: E402

QUIET = 0.04
"""Seconds of silence after which an update counts as written."""
OPENING_QUIET = 1.5
"""Seconds of silence after which the app counts as open."""
BARE = "import sys; sys.path.insert(0, sys.argv[1]); from tui_apps import BareApp; BareApp().run()"


class Terminal:
    """An app running in a pseudo-terminal of a fixed size."""

    def __init__(self, argv: list[str], size: tuple[int, int], env: dict[str, str]) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: become the app
            os.execve(argv[0], argv, env)
        width, height = size
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))

    def read_until_quiet(self, quiet: float, limit: float = 30.0) -> tuple[int, float]:
        """Read until ``quiet`` seconds pass without output: the bytes read, and when the
        last of them came."""
        count, last = 0, time.perf_counter()
        ends = last + limit
        while time.perf_counter() < ends:
            ready, _, _ = select.select([self.fd], [], [], quiet)
            if not ready:
                break
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # the app has gone
                break
            count, last = count + len(chunk), time.perf_counter()
        return count, last

    def press(self, key: bytes) -> float | None:
        """Milliseconds from ``key`` written to the last byte of the update; None if the app
        wrote nothing back."""
        started = time.perf_counter()
        os.write(self.fd, key)
        count, last = self.read_until_quiet(QUIET)
        return (last - started) * 1000 if count else None

    def close(self) -> None:
        """Quit the app (``q``), then make sure it is gone."""
        try:
            os.write(self.fd, b"q")
            self.read_until_quiet(0.3, limit=2.0)
            os.kill(self.pid, 9)
        except OSError:
            pass
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def timed_presses(
    argv: list[str], size: tuple[int, int], env: dict[str, str], keys: int
) -> list[float]:
    """Open the app, check it is quiet when idle, press ``n`` ``keys`` times (after five
    unmeasured ones); the milliseconds of each press that got an update."""
    terminal = Terminal(argv, size, env)
    try:
        terminal.read_until_quiet(OPENING_QUIET)
        idle, _ = terminal.read_until_quiet(0.5, limit=0.5)
        if idle:
            raise SystemExit(f"{argv[-1]}: the app writes while idle; presses cannot be timed")
        for _ in range(5):
            terminal.press(b"n")
        timed = [terminal.press(b"n") for _ in range(keys)]
    finally:
        terminal.close()
    return [t for t in timed if t is not None]


def private_env(home: Path) -> dict[str, str]:
    """This environment with HOME and the XDG folders in ``home``, and a colour terminal."""
    env = dict(os.environ, HOME=str(home), TERM="xterm-256color", COLORTERM="truecolor")
    for name in ("CONFIG", "DATA", "STATE", "CACHE"):
        env[f"XDG_{name}_HOME"] = str(home / name.lower())
    env.pop("XDG_RUNTIME_DIR", None)
    return env


def measure(fight: Path, size: tuple[int, int], keys: int, runs: int, env: dict[str, str]) -> None:
    """Tracker and bare app, alternating, ``runs`` times at one size; print the figures."""
    apps = {
        "tracker": [sys.executable, "-m", "tracker", str(fight)],
        "bare": [sys.executable, "-c", BARE, str(BENCH)],
    }
    timed: dict[str, list[list[float]]] = {name: [] for name in apps}
    for _ in range(runs):
        for name, argv in apps.items():
            timed[name].append(timed_presses(argv, size, env, keys))
    print(f"--- {size[0]}x{size[1]}")
    for name, presses in timed.items():
        p50s = [percentile(run, 0.5) for run in presses]
        p95s = [percentile(run, 0.95) for run in presses]
        got = sum(len(run) for run in presses)
        print(
            f"key n in a terminal, {name}: p50 {statistics.median(p50s):.1f} ms, "
            f"p95 {statistics.median(p95s):.1f} ms (runs {min(p95s):.1f}-{max(p95s):.1f}); "
            f"{got} of {runs * keys} presses answered"
        )
    ours, bare = (statistics.median(percentile(r, 0.95) for r in timed[n]) for n in apps)
    print(f"key n in a terminal, p95: tracker/bare ratio {ours / bare:.1f}x (goal <= 4x)")


def main() -> int:
    """Generate the fight, then measure at each size."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--combatants", type=int, default=100)
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="120x36,200x50")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        fight = Path(folder) / "big.toml"
        big_encounter(fight, args.combatants, args.events)
        env = private_env(Path(folder) / "home")
        for size in args.sizes.split(","):
            width, height = (int(n) for n in size.split("x"))
            measure(fight, (width, height), args.keys, args.runs, env)
    return 0


if __name__ == "__main__":
    sys.exit(main())
