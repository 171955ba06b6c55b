"""A converted actor: the bestiary block, its summary line, and the shared pieces of both
systems' converters (names, ids, notes, the source line)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tracker.core.joining import slug
from tracker.core.safe_text import NAME_LIMIT, NOTE_LIMIT, TRAIT_LIMIT
from tracker.store.foundry.plain import cut, plain_line, plain_lines
from tracker.store.foundry.shapes import ActorExport
from tracker.store.sheet_marks import Marks


@dataclass
class Converted:
    """One actor as a bestiary block, with what was read, computed and left out."""

    ruleset: str
    block: dict[str, Any]
    ignored: str
    remarks: list[str] = field(default_factory=list)
    read: list[str] = field(default_factory=list)
    """What was read from the export as it stands (``Wounds 12``, ``skills …``)."""
    computed: list[str] = field(default_factory=list)
    """What was computed as the system computes it, and how
    (``Resilience 18 = Toughness 12 + 1 + armour 5``)."""
    now: dict[str, int] = field(default_factory=dict)
    """Tracks the sheet showed below their maximum (``wounds`` 9 of 12): a copy joining a
    fight (``--into``) starts there; a bestiary block is unhurt."""
    conditions: Marks = ()
    """The ruleset's conditions the sheet had on (``Hindered`` 2): a copy joining a fight
    (``--into``) has them on; a bestiary block has none."""
    hidden: bool = False
    """Foundry hid its token or combatant from the players: a copy joining a fight
    (``--into``) is hidden from them too; a bestiary block is not."""

    @property
    def id(self) -> str:
        """The block's id (what the GM types after ``add``)."""
        return str(self.block["id"])

    @property
    def name(self) -> str:
        """The block's name."""
        return str(self.block["name"])


def block_id(text: str) -> str:
    """An id from a name: lower-case letters, digits and ``-`` (``Ork Nob`` → ``ork-nob``)."""
    return slug(text)[:NAME_LIMIT].strip("-")


def actor_name(actor: ActorExport, fallback: str) -> str:
    """The actor's name as plain text (HTML stripped, no control characters), or the
    file's name when nothing is left."""
    return plain_line(actor.name, NAME_LIMIT) or plain_line(fallback, NAME_LIMIT) or "Unnamed"


@dataclass
class Notes:
    """The parts of a block's notes: stat lines first, then the export's own text."""

    lines: list[str] = field(default_factory=list)

    def line(self, text: str) -> None:
        """Add one line of plain text (HTML stripped) if it has any words."""
        words = plain_line(text)
        if words:
            self.lines.append(words)

    def text(self, html: Any, label: str = "") -> None:
        """Add a block of the export's text (HTML), its paragraphs kept apart."""
        words = plain_lines(html)
        if words:
            self.lines.append(f"{label}: {words}" if label else words)

    def joined(self, remarks: list[str]) -> str:
        """Every line on one line, `` · `` between (the journal keeps a block's notes in its
        events, where text is one line), cut to the notes limit (and a remark when cut)."""
        text = self.one_line()
        if len(text) > NOTE_LIMIT:
            remarks.append(
                f"notes cut to {NOTE_LIMIT:,} characters, kept whole as the trait 'Notes'"
            )
        return cut(text, NOTE_LIMIT)

    def one_line(self) -> str:
        """Every line on one line, uncut."""
        return " · ".join(" ".join(line.split()) for line in self.lines)

    def whole(self) -> str:
        """Every line, paragraphs kept apart, up to the length of one trait."""
        return cut("\n".join(self.lines), TRAIT_LIMIT)


def finish(
    actor: ActorExport, name: str, block: dict[str, Any], notes: Notes, remarks: list[str]
) -> dict[str, Any]:
    """The block with its id, name, notes and source in the documented order; notes
    longer than the notes limit are also kept whole, as the trait ``Notes``."""
    text = notes.joined(remarks)
    if len(notes.one_line()) > NOTE_LIMIT:
        whole = {"name": "Notes", "text": notes.whole(), "kind": "rule"}
        block = {**block, "traits": [*block.get("traits", []), whole]}
    ordered: dict[str, Any] = {"id": block_id(name) or "actor", "name": name}
    ordered.update({k: v for k, v in block.items() if v not in ({}, "", None)})
    if text:
        ordered["notes"] = text
    ordered["source"] = f"Foundry VTT {actor.system} {actor.type} export"
    return ordered


def effect_report(actor: ActorExport) -> tuple[list[str], list[str]]:
    """(computed, remarks) for the report from the actor's active effects: what they
    changed and what was left out (the conditions on the sheet: ``carried``)."""
    computed = [f"active effects: {'; '.join(actor.effects)}"] if actor.effects else []
    remarks = []
    if actor.effects_left_out:
        remarks.append("effects not applied: " + ", ".join(actor.effects_left_out))
    return computed, remarks


def signed(value: int) -> str:
    """``+2``, ``-1``, ``0``."""
    return f"+{value}" if value > 0 else str(value)
