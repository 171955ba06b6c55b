"""Where a fuzz example runs and what it starts from: fresh folders per example, the
bundled samples after a few commands of play, and the fuzz tests' hypothesis settings
(``FUZZ_N`` in the environment: examples per property, 40 by default)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.player_helpers import ENCOUNTERS, copy_sample, play


@contextmanager
def own_folders() -> Iterator[Path]:
    """A fresh folder, and fresh user data/config/cache folders inside it, for one example."""
    with tempfile.TemporaryDirectory() as name, pytest.MonkeyPatch.context() as patch:
        root = Path(name)
        for kind in ("DATA", "CONFIG", "CACHE"):
            patch.setenv(f"XDG_{kind}_HOME", str(root / "user" / kind.lower()))
        (root / "table").mkdir()
        yield root / "table"


SAMPLES = sorted(p.name for p in ENCOUNTERS.glob("*.toml"))
PLAYED = ("start", "next", "note [b]Loud[/b] <i>x</i>", "next", "undo", "redo", "next")
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_N", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


@cache
def played(sample: str) -> bytes:
    """The bytes of ``sample`` after a few commands of play."""
    with own_folders() as folder:
        path = copy_sample(sample, folder)
        for line in PLAYED:
            try:
                play(path, line)
            except Exception:  # noqa: BLE001 - a ruleset may refuse a line; play goes on
                continue
        return path.read_bytes()
