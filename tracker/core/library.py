"""What the GM keeps between fights and the core may look up: stat blocks and roll tables.

The core never reads a file: ``tracker.store`` finds the GM's bestiary and tables and
hands them to the encounter as a :class:`Library`. What a lookup gives is recorded in
the events it leads to (the rolled numbers, the result's text), so replay, undo and
exports never need the library again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from tracker.core.draft import Draft
from tracker.core.frozen_record import FrozenRecord, frozen_record

if TYPE_CHECKING:  # a campaign's party is read only in a campaign's fight
    from tracker.core.campaign import PartyMember

Block = Mapping[str, Any]
"""A stat block: a roster entry whose numbers may be dice (``wounds = "2d6+2"``)."""


@frozen_record
class TableRow(FrozenRecord):
    """One result of a roll table: the totals it covers (inclusive) and its text."""

    low: int
    high: int
    text: str


@frozen_record
class RollTable(FrozenRecord):
    """A table of results looked up by a dice total (a Foundry RollTable, a GM's own)."""

    name: str
    formula: str
    rows: tuple[TableRow, ...]

    def find(self, total: int) -> TableRow | None:
        """The row whose range holds ``total``, if any."""
        return next((r for r in self.rows if r.low <= total <= r.high), None)


class Party(Protocol):
    """The PCs of the campaign an encounter belongs to, as they stand now (``add party``)."""

    def members(self) -> Sequence[PartyMember]:
        """Every PC of the campaign (the dead too); TrackerError if it cannot be read."""
        ...

    def carry_in(self, draft: Draft, member: PartyMember) -> None:
        """Events that bring ``member`` (just joined) to their lasting state."""
        ...


class Library(Protocol):
    """The stat blocks and roll tables an encounter can use (its ruleset's, and generic),
    and the party of its campaign if it belongs to one."""

    def block(self, name: str) -> Block | None:
        """The block with id ``name`` (case-insensitive), if there is one."""
        ...

    def block_ids(self) -> Sequence[str]:
        """Every block's id, sorted."""
        ...

    def unusable(self, name: str) -> str:
        """Why the block with id ``name`` cannot be used: its file's line saying what is
        wrong (``""``: no broken block has that id)."""
        ...

    def table(self, name: str) -> RollTable | None:
        """The roll table called ``name`` (its file name or title, case-insensitive)."""
        ...

    def table_names(self) -> Sequence[str]:
        """Every table's name, sorted."""
        ...

    def table_problems(self) -> Sequence[str]:
        """One line for each table file that cannot be read (``file:line:col: what``):
        its table is missing from :meth:`table_names`, and a GM rolling on it is told why."""
        ...

    def party(self) -> Party | None:
        """The campaign's party (None: a one-off encounter)."""
        ...


class EmptyLibrary:
    """No blocks and no tables: an encounter built in memory, a test."""

    def block(self, name: str) -> Block | None:
        """Never a block."""
        return None

    def block_ids(self) -> Sequence[str]:
        """No ids."""
        return ()

    def unusable(self, name: str) -> str:
        """No broken blocks."""
        return ""

    def table(self, name: str) -> RollTable | None:
        """Never a table."""
        return None

    def table_names(self) -> Sequence[str]:
        """No tables."""
        return ()

    def table_problems(self) -> Sequence[str]:
        """No table files."""
        return ()

    def party(self) -> Party | None:
        """No campaign."""
        return None


class MemoryLibrary:
    """Blocks and tables held in memory (a Foundry import added straight to a fight)."""

    def __init__(
        self, blocks: Mapping[str, Block] | None = None, tables: Sequence[RollTable] = ()
    ) -> None:
        self.blocks = {key.casefold(): block for key, block in (blocks or {}).items()}
        self.tables = {table.name.casefold(): table for table in tables}

    def block(self, name: str) -> Block | None:
        """The block with id ``name``."""
        return self.blocks.get(name.casefold())

    def block_ids(self) -> Sequence[str]:
        """Every block's id, sorted."""
        return sorted(self.blocks)

    def unusable(self, name: str) -> str:
        """No broken blocks (an import's are refused before they get here)."""
        return ""

    def table(self, name: str) -> RollTable | None:
        """The table called ``name``."""
        return self.tables.get(name.casefold())

    def table_names(self) -> Sequence[str]:
        """Every table's name, sorted."""
        return sorted(t.name for t in self.tables.values())

    def table_problems(self) -> Sequence[str]:
        """No table files (an import's tables are refused before they get here)."""
        return ()

    def party(self) -> Party | None:
        """No campaign."""
        return None
