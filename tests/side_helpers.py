"""Traps for the side-file tests: a file the GM would hate to lose, and links to it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

PRECIOUS = b"# the GM's own file: must never change\nexport PATH=$HOME/bin:$PATH\n"
LINKS = ["symlink", "hardlink"]

Capsys = pytest.CaptureFixture[str]


def victim(tmp_path: Path, name: str = "bashrc") -> Path:
    """A file the GM can write and would hate to lose, outside the game folders."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    path = home / name
    path.write_bytes(PRECIOUS)
    return path


def plant(kind: str, at: Path, target: Path) -> None:
    """A trap: ``at`` made a symlink or a hard link to ``target``."""
    if kind == "symlink":
        at.symlink_to(target)
    else:
        os.link(target, at)


def is_root() -> bool:
    """Root ignores folder permissions, so a read-only folder cannot be made for real."""
    return hasattr(os, "geteuid") and os.geteuid() == 0
