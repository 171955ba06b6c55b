"""Yes/no and number fields read as Foundry reads them when it loads a document.

Foundry 10 and later clean every field of a document through its data model before a
sheet shows it: a ``BooleanField`` given text is true only for the text ``"true"`` (so
``"false"`` is false, not "some text"), and a ``NumberField`` given text reads it as a
number (``" 2 "`` is 2). Exports edited by hand, YAML pack sources and old packs hold such
text; the importer reads it as the sheet does.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")


def flag(value: Any, default: bool = False) -> bool:
    """A ``BooleanField``: ``default`` when missing (None), ``"true"`` for text, else its
    truth (a table or list is false)."""
    if value is None:
        return default
    if isinstance(value, str):
        return value == "true"
    if isinstance(value, Mapping | list):
        return False
    return bool(value)


def number(value: Any) -> float | None:
    """A ``NumberField``: a number, or text that is one (spaces around it allowed); None
    for anything else (a yes/no is no number)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
        return float(value.strip())
    return None
