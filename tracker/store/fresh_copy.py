"""A sample encounter played as a fresh copy in the GM's folder (the sample never changes)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from tracker.store.durable import create_file, make_folder


def fresh_copy(sample: Path, folder: Path, now: datetime | None = None) -> Path:
    """Copy ``sample`` into ``folder`` under a new name; the bundled file is never touched."""
    make_folder(folder)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    data = sample.read_bytes()
    for number in range(1, 1000):
        target = folder / f"{sample.stem}-{stamp}{f'-{number}' if number > 1 else ''}.toml"
        try:
            create_file(target, data)  # a name taken, even by a dangling link, is skipped
        except FileExistsError:
            continue
        return target
    raise FileExistsError(f"{folder}: too many copies of {sample.name} named {stamp}")
