"""What the shell's completion needs of a fight — the verbs it takes and its combatants'
ids — read from the file's head and its ``combatant.added`` blocks, never by replaying the
journal: Tab after ``tracker do FILE`` answers at once however long the fight has run."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from tracker.core.protocol import Verb
from tracker.core.session import Encounter
from tracker.store.encounter_read import read_head
from tracker.store.journal import read_bytes, read_journal_data
from tracker.store.journal_scan import Unusual, added_ids
from tracker.store.locator import Locator
from tracker.store.snapshot import head_end


@dataclass(frozen=True)
class RosterGlance:
    """The verbs an encounter takes and its combatants' ids (the roster's, then those
    added during the fight)."""

    verbs: Mapping[str, Verb]
    ids: tuple[str, ...]


def glance(path: Path) -> RosterGlance:
    """The verbs and ids of the encounter at ``path``; JournalError (one line) for a file
    whose head cannot be read. A journal not in the writer's layout is loaded whole."""
    data = read_bytes(path)
    start = head_end(data)
    read = read_journal_data(path, data if start < 0 else data[:start])
    raw_head = dict(read.head)
    _head, _version, rules, initial = read_head(read, Locator(path))
    ids = list(initial.combatants)
    if start >= 0:
        try:
            ids += [cid for cid in added_ids(data, start, raw_head) if cid not in ids]
        except Unusual:
            from tracker.store.encounter_load import load

            ids = list(load(path).encounter.state.combatants)
    return RosterGlance(Encounter(initial, rules).verbs, tuple(ids))
