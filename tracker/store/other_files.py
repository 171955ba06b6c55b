"""What a file given where an encounter or a campaign was expected is instead: a theme, a
bestiary, a roll table, the settings, a Foundry export (JSON). The refusal says so, and
where that file is used, rather than what an encounter would lack."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

SETTINGS_KEYS = frozenset({"encounters", "theme", "last_file", "recent", "themes"})


def other_kind(head: Mapping[str, Any]) -> str:
    """What the top-level tables of a file that is neither an encounter nor a campaign
    say it is, and where it belongs (``""``: it looks like neither, or like a journal)."""
    if {"format", "encounter", "campaign", "combatants", "events"} & head.keys():
        return ""
    if "blocks" in head:
        return "a bestiary file (stat blocks 'add' finds: see `tracker bestiary`)"
    if "results" in head:
        return "a roll table (rolled with 'roll table NAME' in a fight)"
    if "primary" in head or {"name", "dark"} <= head.keys():
        return "a theme (`tracker themes` lists them; `t` picks one in a fight)"
    if head and head.keys() <= SETTINGS_KEYS:
        return "a settings file (see `tracker paths`)"
    return ""


JSON_SAID = (
    "this is JSON, not an encounter or a campaign file "
    "(a Foundry export? `tracker import FILE` reads it)"
)
"""What a JSON file given as a journal is told."""


def looks_like_json(data: bytes) -> bool:
    """Whether ``data`` starts as a JSON object does (no TOML file can start with ``{``)."""
    return data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"{"


_HEADER_RE = re.compile(
    rb"(?m)^[ \t]*(?:format[ \t]*=|\[[ \t]*(?:encounter|campaign)[ \t]*\]"
    rb"|\[\[[ \t]*(?:events|combatants)[ \t]*\]\])"
)
"""A line only a journal has: its ``format``, its ``[encounter]`` or ``[campaign]`` table,
its roster or events."""

KIND_OF_SUFFIX = {
    ".md": "a Markdown file",
    ".markdown": "a Markdown file",
    ".txt": "a text file",
    ".json": "a JSON file",
    ".yaml": "a YAML file",
    ".yml": "a YAML file",
    ".html": "an HTML page",
    ".csv": "a CSV file",
    ".py": "a Python file",
}


def not_a_journal(path: Path, data: bytes, what: str) -> str:
    """``README.md is not an encounter file (a Markdown file, not TOML at README.md:3:3:
    …)`` for a file that is clearly none (``what``: "an encounter"): no line a journal has,
    and not TOML or not named ``.toml``; "" for any other file (its own refusal is said)."""
    from tracker.store.errors import JournalError
    from tracker.store.toml_parse import parse_document

    if _HEADER_RE.search(data) or looks_like_json(data) or not data.strip():
        return ""
    try:
        parse_document(path, data)
        problem = ""
    except JournalError as err:
        problem = f"not TOML at {err}"
    suffix = path.suffix.casefold()
    if not problem and suffix == ".toml":
        return ""
    why = [KIND_OF_SUFFIX.get(suffix, ""), problem or "no `format` line or [encounter] table"]
    said = ", ".join(part for part in why if part)
    return f"{path} is not {what} file ({said})"
