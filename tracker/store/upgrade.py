"""Encounter file formats: the current one, and upgrades from older ones on load."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from tracker.store.errors import JournalError

CURRENT_FORMAT = 1

# format N -> function turning a format-N head into a format-(N+1) head
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class _Locates(Protocol):
    def error(self, message: str, key: str, section: str = "", index: int = 0) -> JournalError:
        ...


def upgrade(head: dict[str, Any], locator: _Locates) -> dict[str, Any]:
    """The head in the current format; JournalError for an unknown or missing format."""
    version = head.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise locator.error("the file needs `format = 1` as its first line", "format")
    if version > CURRENT_FORMAT:
        raise locator.error(f"format {version} is newer than this tracker reads "
                            f"({CURRENT_FORMAT}) — upgrade tracker", "format")
    while version < CURRENT_FORMAT:
        step = UPGRADES.get(version)
        if step is None:
            raise locator.error(f"format {version} cannot be upgraded", "format")
        head = step(head)
        version += 1
        head["format"] = version
    return head
