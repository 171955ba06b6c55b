"""The one summary line per actor: what the export held that the tracker does not use,
in words (``Ruin 2 (resources.ruin)``: the sheet's label, the value, where it is)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from tracker.store.file_text import DEPTH_LIMIT

MOST_NAMED = 12
"""Field names listed before the rest are counted (``… and 9 more``)."""

_LABELS = frozenset({"label", "description", "ability", "attribute", "img", "short", "abbrev"})


def has_content(value: Any, depth: int = 0) -> bool:
    """A value worth mentioning: a non-zero number, non-empty text, true, or a table
    (``{value: …}`` or otherwise) holding one, looked for ``DEPTH_LIMIT`` levels down."""
    if depth > DEPTH_LIMIT:
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value != 0
    if isinstance(value, str):
        return bool(value.strip()) and value.strip() not in ("-", "—")
    if isinstance(value, Mapping):
        if "value" in value:
            return has_content(value["value"], depth + 1)
        return any(has_content(v, depth + 1) for k, v in value.items() if k not in _LABELS)
    if isinstance(value, list):
        return any(has_content(v, depth + 1) for v in value)
    return False


def words(name: str) -> str:
    """``rapidFire`` → ``rapid Fire`` (Foundry keys are camelCase)."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)


def in_words(data: Mapping[str, Any], path: str) -> str:
    """``Ruin 2 (resources.ruin)``: a field left out, by its label, with its value when
    that is a number or a short word, and where it is in the export."""
    value: Any = data
    for key in path.split("."):
        value = value.get(key) if isinstance(value, Mapping) else None
    if isinstance(value, Mapping):
        value = value.get("value", value.get("total", value.get("current")))
    label = " ".join(w[:1].upper() + w[1:] for w in words(path.rpartition(".")[2]).split())
    shown = ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        shown = f" {value:g}"
    elif isinstance(value, str) and 0 < len(value.strip()) <= 20 and "<" not in value:
        shown = f": {' '.join(value.split())}"
    return f"{label}{shown} ({path})"


def unused_fields(
    data: Mapping[str, Any], used: Collection[str], quiet: Collection[str] = ()
) -> list[str]:
    """Fields (two levels deep) with content that are neither ``used`` nor ``quiet``, in
    words (:func:`in_words`); a used or quiet name covers everything under it."""
    found: list[str] = []
    for key, value in data.items():
        if key in used or key in quiet or not has_content(value):
            continue
        children = value if isinstance(value, Mapping) and "value" not in value else None
        if not children:
            found.append(in_words(data, key))
            continue
        for sub, inner in children.items():
            name = f"{key}.{sub}"
            if name not in used and name not in quiet and sub not in _LABELS:
                if has_content(inner):
                    found.append(in_words(data, name))
    return found


def item_summary(items: Iterable[Mapping[str, Any]], used: Collection[str]) -> str:
    """``items: 3 talents, 1 gear`` for embedded items of types not ``used`` ("" if none)."""
    counts = Counter(str(i.get("type", "item")) for i in items if i.get("type") not in used)
    if not counts:
        return ""
    parts = [f"{n} {plural(kind, n)}" for kind, n in sorted(counts.items())]
    return "items: " + ", ".join(parts)


def plural(kind: str, n: int) -> str:
    """``ability`` → ``abilities`` when ``n`` is not 1."""
    if n == 1 or kind.endswith("s"):
        return kind
    return kind[:-1] + "ies" if kind.endswith("y") else kind + "s"


def ignored_line(fields: list[str], items: str = "") -> str:
    """The summary line: ``ignored: Ruin 2 (resources.ruin), items: 3 talents``."""
    shown = fields[:MOST_NAMED]
    if len(fields) > MOST_NAMED:
        shown.append(f"… and {len(fields) - MOST_NAMED} more")
    parts = [*shown, *([items] if items else [])]
    return "ignored: " + ", ".join(parts) if parts else "ignored: nothing"
