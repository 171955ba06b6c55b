"""Helpers for the player-view tests: a GM playing a copy of a file, and what the view shows."""

from __future__ import annotations

import asyncio
import functools
import html
import re
import shutil
from collections.abc import Callable, Coroutine, Iterable
from pathlib import Path
from typing import Any

from textual.app import App
from textual.widgets import Static

from tracker.core.dice import Dice
from tracker.store.encounter_file import EncounterFile
from tracker.store.journal import read_journal, write_document
from tracker.ui.panes.lines_view import LinesView

ENCOUNTERS = Path(__file__).resolve().parent.parent / "encounters"
_SVG_TEXT = re.compile(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', re.S)


def copy_sample(name: str, folder: Path) -> Path:
    """A fresh copy of a sample encounter (the bundled file is never touched)."""
    target = folder / name
    shutil.copyfile(ENCOUNTERS / name, target)
    return target


def play(path: Path, *lines: str, seed: int = 5) -> list[str]:
    """Run command lines on ``path`` as the GM does (lock, append); their log sentences."""
    said: list[str] = []
    dice = Dice(seed=seed)
    with EncounterFile(path) as gm:
        for line in lines:
            said += [e.text for e in gm.execute(line, dice) if e.text]
    return said


def compact(path: Path, **encounter: object) -> None:
    """Rewrite the whole file as the GM's compaction does (same events, maybe a new head)."""
    read = read_journal(path)
    head = dict(read.head)
    head["encounter"] = {**head["encounter"], **encounter}
    write_document(path, head, read.events)


def screen_text(app: App[Any]) -> str:
    """The characters on the app's screen, row by row (from a screenshot, not the widgets)."""
    rows: dict[float, list[tuple[float, str]]] = {}
    for match in _SVG_TEXT.finditer(app.export_screenshot()):
        text = html.unescape(match[3]).replace("\xa0", " ")
        rows.setdefault(float(match[2]), []).append((float(match[1]), text))
    return "\n".join("".join(t for _, t in sorted(parts)) for _, parts in sorted(rows.items()))


def widget_text(app: App[Any]) -> str:
    """Everything the view's widgets hold to draw, scrolled out of sight or not."""
    parts: list[str] = []
    for widget in app.screen.walk_children():
        if isinstance(widget, LinesView):
            parts += widget.plain_lines
        elif isinstance(widget, Static):
            parts.append(str(widget.render()))
    return "\n".join(parts)


def shown(app: App[Any]) -> str:
    """What the view shows or holds: the screen's characters and its widgets' text."""
    return screen_text(app) + "\n" + widget_text(app)


def missing(texts: Iterable[str], where: str) -> list[str]:
    """The texts that do not appear in ``where``."""
    return [t for t in texts if t not in where]


def async_test(scenario: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async Pilot scenario as a plain test (no asyncio plugin is installed)."""

    @functools.wraps(scenario)
    def test(*args: Any, **kwargs: Any) -> None:
        asyncio.run(scenario(*args, **kwargs))

    return test
