"""Standing lines: where the fight stands after each command, for a listing that reads
only a file's first and last few KB.

After the last block of every command's batch the writer leaves one comment line (in the
same write as the blocks)::

    # standing SEQ LENGTH HEAD ["PHASE",ROUND,"CURRENT","ACTING",COMBATANTS,"TITLE","RULESET"] CRC

``SEQ`` is the seq of the batch's last event; ``LENGTH`` and ``HEAD`` the length and crc32
of the file's head as it was read and checked when the file was opened (all before the
first ``[[events]]`` line: a hand-edited roster or title makes the line stale); then the
phase, round, the current slot and the name shown for it ("" between turns), how many
combatants the fight has (removed ones too: the roster plus those added), and the head's
title and ruleset (as that head says them); ``CRC`` is the crc32 of the line up to the
space before it. The data is JSON in ASCII (every other character escaped), so the line
is a TOML comment every reader skips: the loader, the journal scan, the followers and the
tails kept aside all read a file with standing lines as they read it without. Campaign
files have none.

:func:`tracker.store.standing_read.read_standing` (the listing) trusts a line only when
the file ends with it, right after a whole batch whose last seq is the line's, and the
line's crc and the head's length and crc hold; anything else is read the full way.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import Any

from tracker.core.model import EncounterState, slot_owner

MARK = b"# standing "
"""How a standing line starts."""
_SEP = b"\n[[events]]\n"


def head_mark(data: bytes) -> tuple[int, int]:
    """(length, crc32) of the head of a file whose bytes are ``data`` (as read when it was
    opened): all before the first ``[[events]]`` line; a file of no events ends with a
    newline once the writer appends to it, so its head is counted with one."""
    at = data.find(_SEP)
    if at >= 0:
        return at + 1, zlib.crc32(memoryview(data)[: at + 1])
    head = data if data.endswith(b"\n") or not data else data + b"\n"
    return len(head), zlib.crc32(head)


def standing_line(
    seq: int, state: EncounterState, head: tuple[int, int], document: Mapping[str, Any]
) -> bytes:
    """The standing line after the event ``seq``, of the state ``state`` it leads to, in a
    file whose head has the length and crc ``head`` and reads as ``document``."""
    import json  # only a command that writes needs it (``tracker state`` reads)

    table = document.get("encounter")
    encounter: Mapping[str, Any] = table if isinstance(table, Mapping) else {}
    acting = ""
    if state.current:
        owner = slot_owner(state.current)
        who = state.combatants.get(owner)
        acting = who.name if who is not None else owner
    fields = [
        state.phase,
        state.round,
        state.current or "",
        acting,
        len(state.combatants),
        str(encounter.get("title", "")),
        str(encounter.get("ruleset", "")),
    ]
    data = json.dumps(fields, separators=(",", ":")).replace("\x7f", "\\u007f").encode("ascii")
    line = MARK + b"%d %d %d " % (seq, *head) + data
    return line + b" %d\n" % zlib.crc32(line)
