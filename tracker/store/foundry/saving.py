"""Writing what was imported: blocks into the GM's bestiary, rows into the Alien tables.

Both files may hold the GM's own edits; they are updated in place (other blocks, other
tables and comments kept), atomically, and only when the result reads back as expected.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tracker.core.library import Block
from tracker.paths import user_data_dir
from tracker.rules.alien_evolved.tables import default_table_path
from tracker.store.errors import JournalError
from tracker.store.foundry.rewrite import current_text, replaced, row_text, write_checked

BLOCKS = "blocks"


def bestiary_path(ruleset: str) -> Path:
    """The GM's bestiary file for ``ruleset``."""
    return user_data_dir() / "bestiary" / f"{ruleset}.toml"


def save_blocks(ruleset: str, blocks: Sequence[Block], path: Path | None = None) -> Path:
    """Write ``blocks`` into the GM's bestiary file of ``ruleset`` (created if missing): a
    block with the same id is replaced, every other block kept. Returns the file."""
    target = path if path is not None else bestiary_path(ruleset)
    text = current_text(target)
    if text:
        named = tomllib.loads(text).get("ruleset", ruleset)
        if named != ruleset:
            raise JournalError(target, f"holds {named!r} blocks, not {ruleset!r}: nothing written")
    else:
        text = f'ruleset = "{ruleset}"\n'
    ids = {str(b["id"]).casefold() for b in blocks}
    before = _ids(text)
    new = replaced(
        text,
        BLOCKS,
        lambda row: str(row.get("id", "")).casefold() in ids,
        [row_text(BLOCKS, b) for b in blocks],
    )
    kept = [i for i in before if i not in ids]
    write_checked(
        target,
        new,
        BLOCKS,
        lambda rows: [_id(r) for r in rows] == kept + [str(b["id"]).casefold() for b in blocks],
    )
    return target


def _ids(text: str) -> list[str]:
    rows = tomllib.loads(text).get(BLOCKS, [])
    return [_id(r) for r in rows] if isinstance(rows, list) else []


def _id(row: Any) -> str:
    return str(row.get("id", "")).casefold() if isinstance(row, Mapping) else ""


def save_alien_rows(
    section: str, rows: Sequence[Mapping[str, Any]], path: Path | None = None
) -> Path:
    """Replace the ``[[section]]`` rows (``critical_injuries``, ``critical_systems`` or
    ``panic``) of the GM's Alien tables file; the other tables are kept."""
    target = path if path is not None else default_table_path()
    text = current_text(target)
    new = replaced(text, section, lambda row: True, [row_text(section, r) for r in rows])
    write_checked(target, new, section, lambda found: len(found) == len(rows))
    return target
