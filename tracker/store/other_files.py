"""What a file given where an encounter or a campaign was expected is instead: a theme, a
bestiary, a roll table, the settings, a Foundry export (JSON). The refusal says so, and
where that file is used, rather than what an encounter would lack."""

from __future__ import annotations

from collections.abc import Mapping
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
