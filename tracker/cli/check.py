"""``tracker check FILE [--repair]``: validate an encounter or campaign file; keep a bad
end aside.

Damage in the middle of the journal is reported as ``FILE:LINE:COL`` (exit status 1) and
the file is left as it is; ``--repair`` moves everything from the last whole command
before the damage (or a torn last command) to a side file, as opening the file for play
does, and says so (exit status 0). A torn last command alone is only noted: it is left
out of every read and moved aside when the file is next played.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from tracker.cli.output import warn
from tracker.core.safe_text import visible
from tracker.core.wording import counted

if TYPE_CHECKING:
    from tracker.store.journal_repair import TornTail


def setup(p: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    p.add_argument("file", type=Path)
    p.add_argument(
        "--repair",
        action="store_true",
        help="move a damaged or torn end of the journal to a side file, so the fight goes on",
    )


def run(ns: argparse.Namespace) -> int:
    """Check (and with ``--repair`` repair) the file; the exit status."""
    from tracker.store.campaign_listing import is_campaign
    from tracker.store.encounter_file import load
    from tracker.store.journal_repair import tail_note

    if is_campaign(ns.file):
        return _campaign(ns.file, ns.repair)
    loaded = load(ns.file)
    torn = loaded.torn
    if torn is not None and ns.repair:
        return _repair(ns.file)
    if torn is not None and torn.damage:
        warn(tail_note(ns.file, torn))
        return 1
    encounter = loaded.encounter
    count = len(encounter.events)  # every event read: a snapshot is checked against them
    state = encounter.state
    print(
        f"{visible(str(ns.file))}: ok — {loaded.rules.id}, "
        f"{counted(len(state.combatants), 'combatant')}, {counted(count, 'event')}"
    )
    for note in encounter.notes:
        warn(f"{ns.file}: {note}")
    from tracker.store.listing import standing_problem

    if problem := standing_problem(ns.file):
        warn(problem)
    if torn is not None:
        warn(tail_note(ns.file, torn))
    if ns.repair:
        print(f"{visible(str(ns.file))}: nothing to repair")
    return 0


def _repair(path: Path) -> int:
    """Open the file for writing (the lock held), which moves the bad end aside."""
    from tracker.store.encounter_file import EncounterFile

    with EncounterFile(path) as play:
        torn, side = play.loaded.torn, play.recovered
        kept = len(play.encounter.events)
    return _repaired(path, torn, side, kept)


def _repaired(path: Path, torn: TornTail | None, side: Path | None, kept: int) -> int:
    """Say where the bad end went and how many events are kept (an encounter or a
    campaign repaired alike)."""
    from tracker.store.journal_repair import tail_note

    if torn is not None and side is not None:
        print(visible(tail_note(path, torn, side)))
    shown = visible(str(path))
    print(f"{shown}: repaired — {kept} events kept; play on with `tracker {shown}`")
    return 0


def _campaign(path: Path, repair: bool) -> int:
    """``check`` of a campaign file: the same verdicts, counted in PCs and fights."""
    from tracker.store.campaign_file import load_campaign
    from tracker.store.journal_repair import tail_note

    loaded = load_campaign(path)
    torn = loaded.torn
    if torn is not None and repair:
        return _repair_campaign(path)
    if torn is not None and torn.damage:
        warn(tail_note(path, torn))
        return 1
    state = loaded.campaign.state
    print(
        f"{visible(str(path))}: ok — a {loaded.rules.id} campaign, "
        f"{counted(len(state.party), 'PC')}, {counted(len(state.fights), 'fight')}, "
        f"{counted(len(loaded.campaign.events), 'event')}"
    )
    if torn is not None:
        warn(tail_note(path, torn))
    if repair:
        print(f"{visible(str(path))}: nothing to repair")
    return 0


def _repair_campaign(path: Path) -> int:
    """Open the campaign for writing, which moves the bad end aside."""
    from tracker.store.campaign_file import CampaignFile

    with CampaignFile(path) as play:
        torn, side, kept = play.loaded.torn, play.recovered, len(play.campaign.events)
        for line in play.repaired:  # a fight a crash cut short, finished or dropped
            warn(line)
    return _repaired(path, torn, side, kept)
