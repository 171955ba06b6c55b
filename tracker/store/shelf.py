"""The library an encounter open for play can look things up in, read on first use.

``tracker do FILE next`` never looks up a stat block or a roll table, so opening a fight
for play imports neither the bestiary's reader nor the ruleset's shipped files: this
module holds only the shelf, and :mod:`tracker.store.bestiary` is imported the first
time a command asks for a block or a table (issue 32).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tracker.core.library import Block, Party, RollTable
    from tracker.rules.base import Ruleset
    from tracker.store.bestiary import Bestiary


class ShelvedLibrary:
    """The bestiary and roll tables of a ruleset, read from disk the first time a
    command asks (``tracker do FILE next`` never reads them)."""

    def __init__(self, rules: Ruleset, party: Party | None = None) -> None:
        self.rules = rules
        self._bestiary: Bestiary | None = None
        self._party = party

    @property
    def bestiary(self) -> Bestiary:
        """The blocks and tables, read now if not yet."""
        if self._bestiary is None:
            from tracker.store.bestiary import load_bestiary

            self._bestiary = load_bestiary(self.rules, *gm_tables())
        return self._bestiary

    def forget(self) -> None:
        """Read the files again at the next lookup (a block was saved)."""
        self._bestiary = None

    def block(self, name: str) -> Block | None:
        """The block with id ``name``."""
        return self.bestiary.block(name)

    def block_ids(self) -> Sequence[str]:
        """Every block's id, sorted."""
        return self.bestiary.block_ids()

    def unusable(self, name: str) -> str:
        """Why the block with id ``name`` cannot be used (``""``: none is broken)."""
        return self.bestiary.unusable(name)

    def table(self, name: str) -> RollTable | None:
        """The roll table called ``name``."""
        return self.bestiary.table(name)

    def table_names(self) -> Sequence[str]:
        """Every roll table's name, sorted."""
        return self.bestiary.table_names()

    def table_problems(self) -> Sequence[str]:
        """One line for each of the GM's table files that cannot be read."""
        return self.bestiary.table_problems()

    def party(self) -> Party | None:
        """The party of the encounter's campaign (None: a one-off encounter)."""
        return self._party


def gm_tables() -> tuple[list[RollTable], list[str]]:
    """The GM's roll tables, and one line for each table file that cannot be read."""
    from tracker.store import tables

    return tables.load_tables()
