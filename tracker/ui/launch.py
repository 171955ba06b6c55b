"""``tracker [FILE]``: open the TUI on a file, or on a fresh copy of a bundled sample.

A file that cannot be opened (a load error, another GM holding it) prints its one-line
error on stderr and returns 1; the file is left as it was.
"""

from __future__ import annotations

import shutil
import sys
import tomllib
from datetime import datetime
from pathlib import Path

from tracker.core.safe_text import visible
from tracker.paths import sample_encounters, user_data_dir
from tracker.store.errors import StoreError
from tracker.store.lock import WriterLock

PREFERRED_RULESETS = ("nerv-d100", "basic")


def sample_ruleset(path: Path) -> str:
    """The ruleset a sample encounter names (``""`` if it cannot be read)."""
    try:
        head = tomllib.loads(path.read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return ""
    table = head.get("encounter", {})
    return str(table.get("ruleset", "")) if isinstance(table, dict) else ""


def pick_sample(samples: list[Path]) -> Path | None:
    """The sample to open: a nerv-d100 one if there is one, else basic, else the first."""
    by_ruleset: dict[str, Path] = {}
    for path in samples:
        by_ruleset.setdefault(sample_ruleset(path), path)
    for wanted in PREFERRED_RULESETS:
        if wanted in by_ruleset:
            return by_ruleset[wanted]
    return samples[0] if samples else None


def fresh_copy(sample: Path, folder: Path, now: datetime | None = None) -> Path:
    """Copy ``sample`` into ``folder`` under a new name; the bundled file is never touched."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    target = folder / f"{sample.stem}-{stamp}.toml"
    number = 2
    while target.exists():
        target = folder / f"{sample.stem}-{stamp}-{number}.toml"
        number += 1
    shutil.copyfile(sample, target)
    return target


def launch(path: Path | None) -> int:
    """Run the TUI on ``path`` (or a fresh sample copy); the exit status."""
    if path is None:
        sample = pick_sample(sample_encounters())
        if sample is None:
            print("tracker: no sample encounters are installed — give a FILE", file=sys.stderr)
            return 1
        path = fresh_copy(sample, user_data_dir() / "encounters")
        print(f"tracker: playing a fresh copy of {sample.name}: {path}")
    if not path.is_file():
        what = "is a folder" if path.is_dir() else "does not exist"
        hint = f"create one with `tracker new {path} --ruleset basic`"
        print(visible(f"tracker: {path}: {what} — {hint}"), file=sys.stderr)
        return 1
    try:  # another GM holding the file: say so before the screen opens
        with WriterLock(path):
            pass
    except StoreError as err:
        print(f"tracker: {visible(str(err))}", file=sys.stderr)
        return 1
    from tracker.ui.app import TrackerApp

    app = TrackerApp(path)
    app.run()
    if app.failure:
        print(f"tracker: {visible(app.failure)}", file=sys.stderr)
        return 1
    print(visible(f"tracker: saved in {path}"))
    return 0
