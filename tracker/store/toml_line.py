"""TOML written one key per line, tables inline: how hand-editable files are written."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import tomli_w


def toml_key(key: str) -> str:
    """``key`` as a TOML key (quoted when it must be)."""
    return tomli_w.dumps({key: 0}).split(" = ", 1)[0]


def toml_value(value: Any) -> str:
    """A TOML value on one line: tables and arrays inline, text with escapes."""
    if isinstance(value, Mapping):
        inner = ", ".join(f"{toml_key(str(k))} = {toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return tomli_w.dumps({"v": value}).split(" = ", 1)[1].strip()


def toml_line(key: str, value: Any) -> str:
    """``key = value`` on one line."""
    return f"{toml_key(key)} = {toml_value(value)}"


def array_table(section: str, row: Mapping[str, Any]) -> str:
    """One ``[[section]]`` table, a line per key."""
    return "\n".join([f"[[{section}]]", *(toml_line(k, v) for k, v in row.items())]) + "\n"
