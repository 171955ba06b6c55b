"""What a file given where an encounter or a campaign was expected is instead: a theme, a
bestiary, a roll table, the settings, a Foundry export (JSON). The refusal says so, and
where that file is used, rather than what an encounter would lack."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tracker.rules.file_looks import looks_like

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


def what_it_is(head: Mapping[str, Any]) -> str:
    """What the top-level tables of a TOML file say it is, journals included (``"an
    encounter file"``, ``"a campaign file"``, or as :func:`other_kind`): for a reader of
    another kind (a theme, a roll table, the bestiary, the settings) to name a file given
    in the wrong place; ``""`` when they say nothing."""
    if "campaign" in head:
        return "a campaign file"
    if {"format", "encounter", "combatants", "events"} & head.keys():
        return "an encounter file"
    return other_kind(head)


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
    …)`` for a file that is clearly none (``what``: "an encounter" or "a campaign"); ""
    for any other file (its own refusal is said).

    Clearly none: bytes of another kind (an image, a zip, an HTML page, whatever its
    name), or no line a journal has and a name that is not ``.toml``. A ``.toml`` file
    keeps its own refusal: the TOML error of one that breaks before its header line, or
    what its tables say it is (:func:`other_kind`)."""
    from tracker.store.errors import JournalError
    from tracker.store.toml_parse import parse_document

    if kind := looks_like(data):
        return f"{path} is not {what} file ({kind})"
    suffix = path.suffix.casefold()
    if suffix == ".toml" or _HEADER_RE.search(data) or looks_like_json(data) or not data.strip():
        return ""
    try:
        parse_document(path, data)
        problem = ""
    except JournalError as err:
        problem = f"not TOML at {err}"
    table = "[campaign]" if what == "a campaign" else "[encounter]"
    why = [KIND_OF_SUFFIX.get(suffix, ""), problem or f"no `format` line or {table} table"]
    said = ", ".join(part for part in why if part)
    return f"{path} is not {what} file ({said})"


_EXPORT_SUFFIXES = frozenset({".json", ".yml", ".yaml", ".db"})


def not_an_export(path: Path, data: bytes) -> str:
    """``an encounter file, not a Foundry export (…)`` for a file given to ``tracker import``
    that is clearly of another kind: one of the tracker's own TOML files, an image or an
    HTML page, a Markdown or text file; "" for any other (a zip archive, JSON, YAML and a
    NeDB pack are the importer's to judge)."""
    kind = looks_like(data)
    if kind == "a zip archive" or looks_like_json(data):
        return ""
    if not kind and (_HEADER_RE.search(data) or path.suffix.casefold() == ".toml"):
        kind = _toml_kind(path, data)
    if not kind and path.suffix.casefold() not in _EXPORT_SUFFIXES:
        kind = KIND_OF_SUFFIX.get(path.suffix.casefold(), "")
    if not kind:
        return ""
    return f"{kind}, not a Foundry export (`tracker import` reads .json, .yml and .db files)"


def _toml_kind(path: Path, data: bytes) -> str:
    """What a TOML file of the tracker's is, as :func:`what_it_is` says without where it
    belongs (``"a TOML file"`` when it does not parse or says nothing)."""
    from tracker.store.errors import JournalError
    from tracker.store.toml_parse import parse_document

    try:
        head = parse_document(path, data)
    except JournalError:
        return "a TOML file"
    return what_it_is(head).partition(" (")[0] or "a TOML file"
