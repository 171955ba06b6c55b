"""Writing what was imported into the Alien tables (blocks go through the bestiary's
:func:`tracker.store.bestiary.save_blocks`).

The file may hold the GM's own edits; it is updated in place (other tables and comments
kept), under its writer lock, atomically, and only when the result reads back as expected.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tracker.rules.alien_evolved.tables import default_table_path
from tracker.store.toml_rewrite import check_rows, replaced, row_text, update

BLOCKS = "blocks"


def save_alien_rows(
    section: str, rows: Sequence[Mapping[str, Any]], path: Path | None = None
) -> Path:
    """Replace the ``[[section]]`` rows (``critical_injuries``, ``critical_systems`` or
    ``panic``) of the GM's Alien tables file; the other tables are kept."""
    target = path if path is not None else default_table_path()

    def change(text: str) -> str:
        new = replaced(text, section, lambda row: True, [row_text(section, r) for r in rows])
        check_rows(target, new, section, lambda found: len(found) == len(rows))
        return new

    update(target, change)
    return target
