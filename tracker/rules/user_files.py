"""Reading a file the GM keeps or was given (an encounter, a campaign, the bestiary, a
theme, a keymap, settings, a table, an import): only a regular file is read, and never
by waiting on it, and TOML nested too deeply is a parse error with a position instead of
a ``RecursionError`` (a whole number of more than 4,300 digits, which Python does not
read, instead of a ``ValueError``).

A named pipe, a socket or a device where a file should be (planted in an encounter pack,
or ``f.toml -> /dev/zero``) would block a reader forever or feed it without end; the
parser recurses once per level of ``[[[…]]]`` or ``{a={a=…}}``. Both are refused here, as
``OSError`` and ``tomllib.TOMLDecodeError``, the errors every reader already turns into
its one line. A byte-order mark before the first line (Notepad's UTF-8) is skipped by
every reader alike. It sits in the lowest layer that reads the GM's files (``rules``
reads the GM's own tables), so store, export and ui share it.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import tomllib
from pathlib import Path
from typing import Any

_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
NESTING_LIMIT = 100
"""How deeply arrays and inline tables may nest before a TOML file is refused."""


class TooDeepError(tomllib.TOMLDecodeError):
    """TOML nested more deeply than :data:`NESTING_LIMIT`; the message ends with tomllib's
    ``(at line L, column C)``, so every reader places it as it places a parse error."""

    def __init__(self, message: str) -> None:
        ValueError.__init__(self, message)


class WordedError(tomllib.TOMLDecodeError):
    """A tomllib error reworded for the GM (:mod:`tracker.rules.toml_words`), its place
    still at the end of its message in tomllib's form."""

    def __init__(self, message: str) -> None:
        ValueError.__init__(self, message)


def read_regular(path: Path | str, limit: int | None = None) -> bytes:
    """The bytes of ``path`` (at most ``limit + 1`` of them when ``limit`` is given).

    Raises ``OSError`` as reading would, ``IsADirectoryError`` for a folder, and an
    ``OSError`` saying what it is for a named pipe, socket or device: those are never
    read (opened without blocking, so a pipe with no writer cannot hang the reader).
    """
    fd = os.open(path, _FLAGS)
    with open(fd, "rb", buffering=0) as file:  # closes fd
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _not_a_file(path, mode)
        return file.read() if limit is None else file.read(limit + 1)


def _not_a_file(path: Path | str, mode: int) -> OSError:
    """The error for a folder, pipe, socket or device where a file was expected."""
    if stat.S_ISDIR(mode):
        return IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
    what = "a named pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else None
    return OSError(errno.EINVAL, f"{what or 'a device'}, not a file", str(path))


def why_not_a_file(path: Path) -> str:
    """Why ``path`` (where :meth:`Path.is_file` is False) cannot be read as a file:
    ``is a folder``, ``is a named pipe, not a file`` (socket, device) or ``does not exist``."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return "does not exist"
    error = _not_a_file(path, mode)
    return "is a folder" if isinstance(error, IsADirectoryError) else f"is {error.strerror}"


def read_text(path: Path | str) -> str:
    """:func:`read_regular` decoded as UTF-8 (``UnicodeDecodeError`` when it is not)."""
    return read_regular(path).decode("utf-8")


def loads_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``, with nesting too deep for the parser refused as a
    :class:`TooDeepError` (a ``TOMLDecodeError``) that names where it goes too deep, every
    other parse error said in words (a :class:`WordedError`, see
    :mod:`tracker.rules.toml_words`), and a leading byte-order mark (Notepad's UTF-8)
    skipped, as the encounter loader does."""
    text = text.removeprefix("\ufeff")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        from tracker.rules.toml_words import in_words  # only a file that does not parse

        raise WordedError(in_words(str(err), text)) from None
    except RecursionError:
        line, col = _too_deep_at(text)
        message = f"arrays or tables nested more than {NESTING_LIMIT} deep"
        raise TooDeepError(f"{message} (at line {line}, column {col})") from None
    except ValueError:  # Python reads no whole number of more than 4,300 digits
        raise WordedError(_too_long_number(text)) from None


def too_many_digits(written: str) -> str:
    """What to say of ``written``, a whole number too long for Python to read (more than
    ``sys.get_int_max_str_digits()`` digits: 4,300)."""
    digits = sum(char.isdigit() for char in written)
    return f"a whole number of {digits:,} digits: at most {sys.get_int_max_str_digits():,} are read"


def _too_long_number(text: str) -> str:
    """:func:`too_many_digits` of the first such number in ``text``, with its place."""
    for found in re.finditer(r"[+-]?[0-9][0-9_]*", text):
        if sum(char.isdigit() for char in found[0]) > sys.get_int_max_str_digits():
            line = text.count("\n", 0, found.start()) + 1
            col = found.start() - text.rfind("\n", 0, found.start())
            return f"{too_many_digits(found[0])} (at line {line}, column {col})"
    return "a whole number too long to read (at line 1, column 1)"


def _too_deep_at(text: str) -> tuple[int, int]:
    """(line, column), 1-based, where brackets first nest past the limit (outside strings
    and comments; 1, 1 if they never do)."""
    depth, quote, at = 0, "", 0
    while at < len(text):
        char = text[at]
        if quote:
            if char == "\\" and quote == '"':
                at += 1
            elif text.startswith(quote, at):
                at, quote = at + len(quote) - 1, ""
        elif char == "#":
            at = _line_end(text, at)
        elif char in "\"'":
            quote = char * 3 if text.startswith(char * 3, at) else char
            at += len(quote) - 1
        elif char in "[{":
            depth += 1
            if depth > NESTING_LIMIT:
                return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        elif char in "]}":
            depth -= 1
        at += 1
    return 1, 1


def _line_end(text: str, at: int) -> int:
    """The offset of the line break ending the line at ``at`` (or the text's end)."""
    end = text.find("\n", at)
    return len(text) if end < 0 else end
