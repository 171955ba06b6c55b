"""RollTables of one import: read, checked against each other, and written."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tracker.core.library import RollTable
from tracker.store.foundry.rolltable import critical_rows, generic_table, panic_rows, read_table
from tracker.store.foundry.saving import save_alien_rows
from tracker.store.foundry.shapes import NotImportable

TABLE_KINDS = {
    "generic": "",
    "alien-critical-injuries": "critical_injuries",
    "alien-critical-systems": "critical_systems",
    "alien-panic": "panic",
}
"""``--tables`` choices → the section of the Alien tables file ("" : a generic table)."""


@dataclass
class TableImport:
    """One RollTable file: a generic table, or rows for a section of the Alien tables."""

    path: Path
    table: RollTable
    section: str = ""
    rows: list[dict[str, Any]] = field(default_factory=list)
    remarks: list[str] = field(default_factory=list)
    written: Path | None = None
    label: str = ""

    @property
    def where(self) -> str:
        """The file (and line of a pack) it came from, as the report names it."""
        return self.label or self.path.name


def table_import(path: Path, doc: dict[str, Any], section: str) -> TableImport:
    """The RollTable ``doc``: a generic table, or rows for ``section`` of the Alien tables."""
    found = read_table(doc, path.stem)
    table, remarks = generic_table(found)
    if section == "panic":
        rows, more = panic_rows(found)
    elif section:
        rows, more = critical_rows(found, synthetic=section == "critical_systems")
        if not rows:
            raise NotImportable(f"no result of this table is a {section.replace('_', ' ')} roll")
    else:
        rows, more = [], []
    return TableImport(path, table, section, rows, remarks + more)


def table_clashes(found: list[TableImport], tables: str) -> list[str]:
    """One line when ``--tables`` names one Alien table and more than one file came."""
    section = TABLE_KINDS[tables]
    if section and len(found) > 1:
        names = ", ".join(t.where for t in found)
        return [f"--tables {tables} takes one RollTable file, not {len(found)} ({names})"]
    return []


def name_clashes(found: list[TableImport]) -> list[str]:
    """One line for each table that would overwrite another of this import."""
    from tracker.store.tables import table_path

    seen: dict[Path, str] = {}
    lines = []
    for item in found:
        if item.section:
            continue
        target = table_path(item.table.name)
        if target in seen:
            lines.append(
                f"{item.where}: its table '{item.table.name}' would overwrite the one "
                f"from {seen[target]} ({target.name})"
            )
        seen[target] = item.where
    return lines


def save_table_import(item: TableImport) -> None:
    """Write one table: a roll table of the GM's, or a section of the Alien tables."""
    if item.section:
        item.written = save_alien_rows(item.section, item.rows)
    else:
        from tracker.store.tables import save_table

        item.written = save_table(item.table)
