"""The one judgement every reader of a file must pass, and the in-process runner it judges.

:func:`judged`: a command either succeeds or refuses; a refusal is exit 1 with one line
on stderr, a sentence naming the file (no traceback, no Python exception name, no
``repr`` of an object), and every file in the folder as it was; no output holds a
control byte other than a line break or a tab, nor a bidi or zero-width mark.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from tracker.cli import main
from tracker.core.safe_text import UNSAFE_EXCEPT_LINES

CONTROL = UNSAFE_EXCEPT_LINES
"""A control byte, a bidi override or isolate, or a zero-width mark: never in what the
tracker prints (a line break and a tab are fine)."""
PYTHON_WORDS = re.compile(
    r"Traceback|\b[A-Z]\w*(?:Error|Exception|Warning)\b|object at 0x|<class |<function |"
    r"\bNone\b|datetime\.|(?:^|(?<=[\s(\[{,=:]))b'|codec can't|'\\x[0-9a-f]{2}'|"
    r"year -?\d+ is out of range|day is out of range for month"
)
"""What a Python exception says, not a GM's sentence (``b'…'`` is a bytes repr; ``'b'`` is
a word quoted back)."""


def files_in(folder: Path) -> dict[str, bytes | str]:
    """Every file below ``folder`` by its relative path: its bytes (a link: its target)."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_symlink():
            found[name] = f"-> {path.readlink()}"
        elif path.is_file():
            found[name] = path.read_bytes()
        elif path.is_dir():
            found[name] = "folder"
    return found


@dataclass
class Outcome:
    """What one run of ``tracker ARGS`` did."""

    code: int
    out: str
    err: str

    @property
    def refused(self) -> bool:
        """The command said no."""
        return self.code != 0


def run(capsys: pytest.CaptureFixture[str], *args: object) -> Outcome:
    """``tracker ARGS`` in this process; an exception escaping ``main`` fails the test."""
    capsys.readouterr()
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return Outcome(code, out, err)


def judged(
    capsys: pytest.CaptureFixture[str],
    folders: list[Path],
    named: str,
    *args: object,
    may_change: bool = False,
) -> Outcome:
    """Run ``tracker ARGS`` and hold it to the judgement. ``named``: the file name a
    refusal must say; ``folders``: every file in them stays as it was after a refusal
    (and always, unless ``may_change``)."""
    before = [files_in(f) for f in folders]
    outcome = run(capsys, *args)
    said = f"{' '.join(map(str, args))!r} exit {outcome.code}: {outcome.err!r}"
    assert outcome.code in (0, 1), said
    assert not CONTROL.search(outcome.out), f"{said} printed {outcome.out[:300]!r}"
    assert not CONTROL.search(outcome.err), said
    assert "Traceback" not in outcome.err, said
    if outcome.refused:
        assert outcome.err.startswith("tracker: ") and outcome.err.count("\n") == 1, said
        assert outcome.err.endswith("\n") and named in outcome.err, said
        assert not PYTHON_WORDS.search(outcome.err), said
    if outcome.refused or not may_change:
        assert [files_in(f) for f in folders] == before, f"{said} changed a file"
    if not outcome.refused and ("--json" in args or "json" in args):
        json.loads(outcome.out)  # what was asked for as JSON is JSON
    return outcome


def sentence_of(problem: str, named: str) -> None:
    """A problem a reader reports (not raised): one line, naming the file, no Python."""
    assert "\n" not in problem and not CONTROL.search(problem), repr(problem)
    assert not PYTHON_WORDS.search(problem), problem
    assert named in problem, problem
