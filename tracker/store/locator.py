"""Where a key sits in a TOML file, for one-line ``file:line:col`` error messages."""

from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path

from tracker.store.errors import JournalError


def _table_header(line: str) -> str:
    """``name`` for a line ``[name]``, ``[[name]]`` or ``[name.sub]`` (else "")."""
    match = re.match(r"\[\[?\s*([^\]\s.]+)", line)
    return match.group(1).strip("\"'") if match else ""


def _written_key(line: str) -> str:
    """The key of a ``key = value`` line as TOML reads it: ``"a.b"`` and ``'a.b'`` are
    the one key ``a.b`` (a quoted key holding ``=`` is not told apart)."""
    written = line.split("=", 1)[0].strip()
    quoted = len(written) > 1 and written[0] == written[-1] and written[0] in "\"'"
    return written[1:-1] if quoted else written


class Locator:
    """Finds the line and column of a key in the file's text, for error messages."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @cached_property
    def lines(self) -> list[str]:
        """The file's lines, read only when an error needs placing."""
        return self.path.read_bytes().decode("utf-8", errors="replace").splitlines()

    def error(self, message: str, key: str, section: str = "", index: int = 0) -> JournalError:
        """A JournalError placed at ``section[index].key`` (as near as can be found):
        ``key`` is a path (``stats.wounds``) or one key holding a dot (``"a.b" = …``)."""
        line, col = self.find(key, section, index)
        return JournalError(self.path, message, line, col)

    def find(self, key: str, section: str, index: int) -> tuple[int | None, int | None]:
        """(line, column), 1-based, of ``key`` (or of its path's first key) in the
        ``index``-th ``section`` block."""
        start, header = self._block(section, index)
        if start is None:
            return None, None
        keys = {key, key.split(".")[0]} if key else set()
        for number in range(start, len(self.lines)):
            raw = self.lines[number]
            stripped = raw.lstrip()
            if number > start and stripped.startswith("[") and header:
                break
            if "=" in stripped and _written_key(stripped) in keys:
                return number + 1, len(raw) - len(stripped) + 1
            if key and not header and _table_header(stripped) == key:
                return number + 1, len(raw) - len(stripped) + 1
        return start + 1, 1  # not found: its section's first line (an empty file's 1:1)

    def _block(self, section: str, index: int) -> tuple[int | None, bool]:
        if not section:
            return 0, False
        marks = (f"[[{section}]]", f"[{section}]")
        seen = 0
        for number, raw in enumerate(self.lines):
            if raw.strip() in marks:
                if seen == index:
                    return number, True
                seen += 1
        return None, False
