"""Mutations of a file the tracker reads, and the one judgement every reader must pass.

A mutation is what a file from elsewhere may be after a bad copy, a hand edit or
another tool's write: cut at any byte, a byte flipped, inserted or deleted, a value of
another type (string, integer, float, array, table, bool, date), a number no game has
(``1e308``, ``2**70``, ``-0``, ``nan``, ``inf``), a very long string, control bytes or
markup in a string, a key written twice, two blocks swapped, a journal block's ``seq``
or ``crc`` changed, a byte that is not UTF-8, or nothing at all.

The judgement (:func:`judged`): a command either succeeds or refuses; a refusal is exit
1 with one line on stderr, a sentence naming the file (no traceback, no Python exception
name, no ``repr`` of an object), and every file in the folder as it was; no output holds
a control byte other than a line break or a tab.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from tests.player_helpers import ENCOUNTERS, copy_sample, play
from tracker.cli import main

TOML_VALUES = [
    '"x"',
    '""',
    "7",
    "-1",
    "0",
    "-0",
    "+0",
    "7.5",
    "-0.0",
    "1e308",
    "-1e308",
    "5e-324",
    str(2**70),
    str(-(2**63)),
    "9007199254740993",
    "nan",
    "inf",
    "-inf",
    "[1, 2]",
    "[]",
    '["a", 3]',
    "[[1], [2]]",
    "{ a = 1 }",
    "{}",
    "true",
    "false",
    "1979-05-27T07:32:00Z",
    "1979-05-27T07:32:00",
    "1979-05-27",
    "07:32:00",
    '"' + "x" * 5000 + '"',
    '"' + "long " * 40_000 + '"',
    r'"\u001b[2J"',
    r'"a\u0007b"',
    r'"a\u0000b"',
    r'"a\nb"',
    "'''a\nb'''",
    r'"evil\u202egnp"',
    '"[b]x[/b]"',
    '"[@click=app.quit]x[/]"',
    '"[/x]"',
    '"<script>alert(1)</script>"',
    '"x\' OR 1=1 --"',
    '"1d6+2"',
    '"999999d999999"',
    '"1d0"',
    '"3d6*1000000000"',
    '"d%"',
]
"""TOML source values swapped in for a value: every type, and the odd ones of each (dice
too: a stat block's values may be rolled)."""

JSON_VALUES = [
    '"x"',
    '""',
    "7",
    "-1",
    "0",
    "-0",
    "7.5",
    "1e308",
    "-1e308",
    "1e999",
    str(2**70),
    "NaN",
    "Infinity",
    "-Infinity",
    "[1, 2]",
    "[]",
    '{"a": 1}',
    "{}",
    "true",
    "false",
    "null",
    '"' + "x" * 5000 + '"',
    r'"\u001b[2J"',
    r'"a\u0000b"',
    r'"a\nb"',
    r'"\ud800"',
    '"[b]x[/b]"',
    '"[@click=app.quit]x[/]"',
    '"<script>alert(1)</script>"',
]
"""JSON source values, for a Foundry export (JSON allows no dates; Python's reader
takes ``NaN`` and ``Infinity``)."""

ODD_BYTES = [b"\xff", b"\xc3", b"\x00", b"\x1b", b"\r", b"\n", b"[", b"]", b'"', b"=", b"{", b"#"]

_TOML_VALUE = re.compile(
    rb"(?m)(?:^|(?<=[{,]))(\s*[\w.\"'-]+\s*=\s*)"
    rb'("(?:[^"\\\n]|\\.)*"|\[[^\]\n]*\]|\{[^}\n]*\}|[^\s,}\]#]+)'
)
_JSON_VALUE = re.compile(rb'("[^"\\\n]*"\s*:\s*)("(?:[^"\\\n]|\\.)*"|-?[\d.eE+-]+|true|false|null)')
_JOURNAL_NUMBER = re.compile(rb"(?m)^((?:seq|crc|batch|round|# standing) =? ?)(-?\d+)")


@st.composite
def mutated(draw: st.DrawFn, data: bytes, values: list[str] = TOML_VALUES) -> bytes:
    """``data`` after one mutation a file from elsewhere may have suffered."""
    kind = draw(
        st.sampled_from(
            ["cut", "flip", "insert", "delete", "value", "twice", "swap", "number", "empty"]
        )
    )
    if kind == "empty" or not data:
        return b""
    at = draw(st.integers(0, len(data) - 1))
    if kind == "cut":
        return data[:at]
    if kind == "flip":
        mask = draw(st.integers(1, 255))
        return data[:at] + bytes([data[at] ^ mask]) + data[at + 1 :]
    if kind == "insert":
        extra = draw(st.sampled_from(ODD_BYTES) | st.binary(min_size=1, max_size=4))
        return data[:at] + extra + data[at:]
    if kind == "delete":
        return data[:at] + data[at + draw(st.integers(1, 16)) :]
    if kind == "twice":
        lines = data.splitlines(keepends=True)
        n = draw(st.integers(0, len(lines) - 1))
        return b"".join(lines[: n + 1] + lines[n:])
    if kind == "swap":
        return _swapped_blocks(draw, data)
    pattern = _JOURNAL_NUMBER if kind == "number" else _value_pattern(values)
    found = list(pattern.finditer(data))
    if not found:
        return data[:at]
    match = draw(st.sampled_from(found))
    if kind == "number":
        new = str(int(match[2]) + draw(st.sampled_from([1, -1, 7, 2**32]))).encode()
    else:
        new = draw(st.sampled_from(values)).encode("utf-8")
    return data[: match.start(2)] + new + data[match.end(2) :]


def _value_pattern(values: list[str]) -> re.Pattern[bytes]:
    return _JSON_VALUE if values is JSON_VALUES else _TOML_VALUE


def _swapped_blocks(draw: st.DrawFn, data: bytes) -> bytes:
    """Two blocks (from one header line to the next) of ``data`` swapped."""
    starts = [m.start() for m in re.finditer(rb"(?m)^\[", data)]
    if len(starts) < 2:
        return data[::-1]
    bounds = list(zip(starts, [*starts[1:], len(data)], strict=True))
    first, second = sorted(draw(st.lists(st.sampled_from(bounds), min_size=2, max_size=2)))
    if first == second:
        return data
    a, b = data[first[0] : first[1]], data[second[0] : second[1]]
    return data[: first[0]] + b + data[first[1] : second[0]] + a + data[second[1] :]


_BLOCK = re.compile(rb"(?s)(\[\[events\]\]\n(?:(?!\[\[events\]\]).)*?\n)crc = \d+\n")


def resigned(data: bytes) -> bytes:
    """``data`` with every journal block's crc made right again: what another program that
    appends well-formed blocks may write, so a mutation inside a block reaches the checks
    behind the crc."""
    return _BLOCK.sub(lambda m: m[1] + b"crc = %d\n" % zlib.crc32(m[1]), data)


# --- the judgement ------------------------------------------------------------------------

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""A control byte: never in what the tracker prints (a line break and a tab are fine)."""
PYTHON_WORDS = re.compile(
    r"Traceback|\b[A-Z]\w*(?:Error|Exception|Warning)\b|object at 0x|<class |<function |"
    r"\bNone\b|datetime\.|(?:^|(?<=[\s(\[{,=:]))b'|codec can't|'\\x[0-9a-f]{2}'"
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


@contextmanager
def own_folders() -> Iterator[Path]:
    """A fresh folder, and fresh user data/config/cache folders inside it, for one example."""
    with tempfile.TemporaryDirectory() as name, pytest.MonkeyPatch.context() as patch:
        root = Path(name)
        for kind in ("DATA", "CONFIG", "CACHE"):
            patch.setenv(f"XDG_{kind}_HOME", str(root / "user" / kind.lower()))
        (root / "table").mkdir()
        yield root / "table"


# --- the files the fuzzing starts from ------------------------------------------------------

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
