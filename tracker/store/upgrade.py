"""Encounter file formats: the current one, and what turns an older file into today's.

The ``format`` number covers the whole file: its head and its events. On load, a file of
an older format is upgraded in memory (loading never rewrites the disk): its head by
``UPGRADES`` and each of its event tables by ``UPCASTERS``, one step per version, before
any event is built. Before the first command is appended to such a file, it is rewritten
on disk in today's format as a step of its own (:mod:`tracker.store.format_upgrade`:
the old bytes kept aside, temp file, fsync, ``os.replace``), so that the command is
judged by today's batch marks: all of it or none after a crash. (That rewrite changes
the head's ``format`` line only; a future step that reshapes the head must teach it
more.) Renaming or reshaping an event field means a new format number, a step in each
table, and a fixture of the old format under tests/fixtures/ that must load forever.

- format 1: the first journal.
- format 2: each command's events end with a block marked ``batch_end = true``, so a
  command cut short by a crash is found and kept aside whole (events unchanged).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from tracker.store.errors import JournalError

CURRENT_FORMAT = 2
BATCHES_MARKED_FROM = 2
"""The first format in which every command's last block carries ``batch_end``."""

Table = dict[str, Any]


def _same(table: Table) -> Table:
    return table


UPGRADES: dict[int, Callable[[Table], Table]] = {1: _same}
"""format N -> the step turning a format-N head into a format-(N+1) head."""

UPCASTERS: dict[int, Callable[[Table], Table]] = {1: _same}
"""format N -> the step turning a format-N event table into a format-(N+1) one."""


class _Locates(Protocol):
    def error(self, message: str, key: str, section: str = "", index: int = 0) -> JournalError: ...


def file_format(head: Table, locator: _Locates) -> int:
    """The file's format number; JournalError if it is missing, wrong or too new."""
    version = head.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        raise locator.error(
            f"the file needs `format = {CURRENT_FORMAT}` as its first line", "format"
        )
    if version > CURRENT_FORMAT:
        raise locator.error(
            f"format {version} is newer than this tracker reads "
            f"({CURRENT_FORMAT}) — upgrade tracker",
            "format",
        )
    if version < 1:
        raise locator.error(f"format {version} cannot be upgraded", "format")
    return version


def upgrade(head: Table, locator: _Locates) -> Table:
    """The head in the current format; JournalError for an unknown or missing format."""
    version = file_format(head, locator)
    while version < CURRENT_FORMAT:
        step = UPGRADES.get(version)
        if step is None:
            raise locator.error(f"format {version} cannot be upgraded", "format")
        head = step(head)
        version += 1
        head["format"] = version
    return head


def upcast(tables: list[Table], version: int) -> list[Table]:
    """Event tables of a format-``version`` file, made today's (the same list if current)."""
    while version < CURRENT_FORMAT:
        step = UPCASTERS[version]
        if step is not _same:
            tables = [step(table) for table in tables]
        version += 1
    return tables
