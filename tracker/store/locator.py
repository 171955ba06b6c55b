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


class Locator:
    """Finds the line and column of a key in the file's text, for error messages."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @cached_property
    def lines(self) -> list[str]:
        """The file's lines, read only when an error needs placing."""
        return self.path.read_bytes().decode("utf-8", errors="replace").splitlines()

    def error(self, message: str, key: str, section: str = "", index: int = 0) -> JournalError:
        """A JournalError placed at ``section[index].key`` (as near as can be found)."""
        line, col = self.find(key.split(".")[0] if key else "", section, index)
        return JournalError(self.path, message, line, col)

    def find(self, key: str, section: str, index: int) -> tuple[int | None, int | None]:
        """(line, column), 1-based, of ``key`` in the ``index``-th ``section`` block."""
        start, header = self._block(section, index)
        if start is None:
            return None, None
        for number in range(start, len(self.lines)):
            raw = self.lines[number]
            stripped = raw.lstrip()
            if number > start and stripped.startswith("[") and header:
                break
            if key and stripped.split("=", 1)[0].strip() == key and "=" in stripped:
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
