"""Output on a terminal whose character set is narrower than the tracker's words.

The tracker prints dashes, middle dots, arrows and marks (``—``, ``·``, ``→``, ``✓``).
Under ``LANG=C`` on an older system, ``PYTHONIOENCODING=ascii`` or a Latin-1 locale the
standard streams cannot encode them; rather than a traceback the GM sees each such
character as its nearest ASCII stand-in (``--``, ``-``, ``->``), and any other (a name's
``ë`` on an ASCII terminal, an emoji) as its ``\\uXXXX`` escape. A JSON document is written
with every character beyond ASCII escaped on such a stream (:func:`json_text`), so it
reads back as the same data.
"""

from __future__ import annotations

import codecs
import sys
from typing import Any, TextIO

from tracker.core.safe_text import ESCAPE_UNSHOWN, json_safe

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
    encoded (the ``\\uXXXX`` escape of one with none), and where to go on."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    cut = err.object[err.start : err.end]
    return "".join(STAND_INS.get(char) or _escaped(char) for char in cut), err.end


def _escaped(char: str) -> str:
    """``char`` as ``\\uXXXX`` (a surrogate pair above U+FFFF)."""
    return char.encode("ascii", ESCAPE_UNSHOWN).decode("ascii")


def json_text(document: Any) -> str:
    """``document`` as indented JSON for standard output: its characters as they are on
    a stream that holds them all, escaped beyond ASCII on one that does not."""
    import json

    whole = _holds_all(sys.stdout)
    return json_safe(json.dumps(document, indent=2, ensure_ascii=not whole))


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
