"""Output on a terminal whose character set is narrower than the tracker's words.

The tracker prints dashes, middle dots, arrows and marks (``—``, ``·``, ``→``, ``✓``).
Under ``LANG=C`` on an older system, ``PYTHONIOENCODING=ascii`` or a Latin-1 locale the
standard streams cannot encode them; rather than a traceback the GM sees each such
character as its nearest ASCII stand-in (``--``, ``-``, ``->``), or ``?`` when none.
"""

from __future__ import annotations

import codecs
import sys
from typing import TextIO

ERRORS = "tracker-plain"
"""The name of the codec error handler that writes the stand-ins."""

STAND_INS = {
    "—": "--",
    "–": "-",
    "·": "-",
    "…": "...",
    "→": "->",
    "←": "<-",
    "↑": "^",
    "↓": "v",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "✓": "v",
    "✗": "x",
    "✖": "x",
    "×": "x",
    "▶": ">",
    "●": "*",
    "○": "o",
    "•": "*",
    "␛": "^[",
    "−": "-",
    "≤": "<=",
    "≥": ">=",
    "⏸": "||",
    "½": "1/2",
    "\u00a0": " ",
}
"""Each character the tracker prints often, as ASCII."""

PROBE = "—·…→✓"


def stand_in(err: UnicodeError) -> tuple[str, int]:
    """The codec error handler: the stand-ins of the characters that could not be
    encoded (``?`` for one with none), and where to go on."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    cut = err.object[err.start : err.end]
    return "".join(STAND_INS.get(char, "?") for char in cut), err.end


def fit_streams() -> None:
    """Let stdout and stderr write every character: on a stream whose encoding cannot
    hold the tracker's punctuation, write stand-ins instead of failing."""
    for stream in (sys.stdout, sys.stderr):
        if not _holds_all(stream):
            _register()
            try:
                stream.reconfigure(errors=ERRORS)  # type: ignore[union-attr]
            except (AttributeError, ValueError, OSError):
                continue


def _holds_all(stream: TextIO | None) -> bool:
    encoding = getattr(stream, "encoding", None)
    if stream is None or not encoding:
        return True
    try:
        PROBE.encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


def _register() -> None:
    try:
        codecs.lookup_error(ERRORS)
    except LookupError:
        codecs.register_error(ERRORS, stand_in)
