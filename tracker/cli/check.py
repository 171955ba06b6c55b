"""``tracker check FILE [--repair]``: validate an encounter or campaign file; keep a bad
end aside.

Damage in the middle of the journal is reported as ``FILE:LINE:COL`` (exit status 1) and
the file is left as it is; ``--repair`` moves everything from the last whole command
before the damage (or a torn last command) to a side file, as opening the file for play
does, and says so (exit status 0); it also finishes (or drops) a command a crash cut
short between this file and another (a stat block the bestiary never got, a campaign's
fight whose file was never made), one line each, as opening the file for play does. A
torn last command alone is only noted: it is left out of every read and moved aside when
the file is next played.

A file that plays reads ``ok`` only when nothing else is worth a word; otherwise its line
says what plays and with what (``plays, with a torn last command and a theme not
installed — …``), each said in full on stderr after it; the exit status is 0 either way.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tracker.cli.output import file_path, warn
from tracker.core.safe_text import visible
from tracker.core.wording import counted, either

if TYPE_CHECKING:
    from tracker.store.encounter_load import Loaded
    from tracker.store.journal_repair import TornTail


def setup(p: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    p.add_argument("file", type=file_path, metavar="FILE", help="an encounter or campaign file")
    p.add_argument(
        "--repair",
        action="store_true",
        help="move a damaged or torn end of the journal to a side file, so the fight goes on",
    )


def run(ns: argparse.Namespace) -> int:
    """Check (and with ``--repair`` repair) the file; the exit status."""
    from tracker.store.campaign_listing import is_campaign
    from tracker.store.encounter_load import load
    from tracker.store.journal_repair import tail_note

    if is_campaign(ns.file):
        return _campaign(ns.file, ns.repair)
    loaded = load(ns.file)
    torn = loaded.torn
    if torn is not None and ns.repair:
        return _repair(ns.file, _open_encounter)
    if torn is not None and torn.damage:
        warn(tail_note(ns.file, torn))
        return 1
    encounter = loaded.encounter
    count = len(encounter.events)  # every event read: a snapshot is checked against them
    state = encounter.state
    found = (
        f"{loaded.rules.id}, "
        f"{counted(len(state.combatants), 'combatant')}, {counted(count, 'event')}"
    )
    _verdict(ns.file, found, _encounter_notes(ns.file, loaded, ns.repair))
    return _repair(ns.file, _open_encounter) if ns.repair else 0


Note = tuple[str, str]
"""Something ``check`` found beside a fight that plays: what it is, in a few words for
the verdict (``a theme not installed``), and its whole line for stderr."""


def _encounter_notes(path: Path, loaded: Loaded, repair: bool) -> list[Note]:
    """What is worth a word in an encounter that plays: a snapshot ignored, a theme not
    installed, a standing line that says otherwise, a torn last command, a stat block a
    crash kept from the bestiary (unless ``repair`` is about to save it and say so)."""
    from tracker.store.bestiary import saves_cut_short
    from tracker.store.format_upgrade import finished_copies
    from tracker.store.journal_repair import tail_note
    from tracker.store.listing import standing_problem
    from tracker.store.theme_table import theme_stand_in

    notes = [("a snapshot ignored", f"{path}: {note}") for note in loaded.encounter.notes]
    if stand_in := theme_stand_in(path, loaded.head, loaded.rules.theme):
        notes.append(("a theme not installed", stand_in))
    if problem := standing_problem(path):
        notes.append(("a standing line out of date", problem))
    if loaded.torn is not None:
        notes.append(("a torn last command", tail_note(path, loaded.torn)))
    if not repair:  # --repair removes them, and says so
        notes += [_copy_note(path, copy) for copy in finished_copies(path)]
    batch = [] if repair else loaded.encounter.latest_batch()
    for save in saves_cut_short(batch, loaded.rules.id):
        said = f"{path}: the stat block '{save.key}' saved by the last command is not in the "
        then = f"the next command or `tracker check --repair {path}` saves it"
        notes.append(("a stat block not saved", f"{said}bestiary (a crash) — {then}"))
    return notes


def _copy_note(path: Path, copy: Path) -> Note:
    """The note for a copy a format upgrade cut short left beside the file."""
    said = f"{copy}: the copy a format upgrade cut short left; {path.name} holds it all"
    return ("an upgrade's copy left", f"{said} — `tracker check --repair {path}` removes it")


def _verdict(path: Path, found: str, notes: list[Note]) -> None:
    """The one line on stdout (``ok`` only when nothing is worth a word; else what plays
    and with what, each said in full on stderr after it)."""
    if notes:
        verdict = f"plays, with {either([label for label, _ in notes], 'and')}"
    else:
        verdict = "ok"
    print(f"{visible(str(path))}: {verdict} — {found}")
    for _, line in notes:
        warn(line)


Opened = tuple["TornTail | None", "Path | None", int, "list[str]"]
"""What opening a file for writing (which repairs it) did: what was cut, its side file,
the events kept, and one line for each command a crash cut short that it finished or
dropped."""


def _open_encounter(path: Path) -> Opened:
    """Open the encounter for writing and close it again: what that repaired."""
    from tracker.store.encounter_file import EncounterFile

    with EncounterFile(path) as play:
        return play.loaded.torn, play.recovered, len(play.encounter.events), play.repaired


def _open_campaign(path: Path) -> Opened:
    """Open the campaign for writing and close it again: what that repaired."""
    from tracker.store.campaign_file import CampaignFile

    with CampaignFile(path) as play:
        return play.loaded.torn, play.recovered, len(play.campaign.events), play.repaired


def _repair(path: Path, opener: Callable[[Path], Opened]) -> int:
    """Open the file for writing (the lock held), which moves a bad end aside and finishes
    (or drops) a command a crash cut short between this file and another; say each."""
    torn, side, kept, finished = opener(path)
    for line in finished:
        warn(line)
    if torn is None and not finished:
        print(f"{visible(str(path))}: nothing to repair")
        return 0
    return _repaired(path, torn, side, kept)


def _repaired(path: Path, torn: TornTail | None, side: Path | None, kept: int) -> int:
    """Say where the bad end went and how many events are kept (an encounter or a
    campaign repaired alike)."""
    from tracker.store.journal_repair import tail_note

    if torn is not None and side is not None:
        print(visible(tail_note(path, torn, side)))
    shown = visible(str(path))
    print(f"{shown}: repaired — {counted(kept, 'event')} kept; play on with `tracker {shown}`")
    return 0


def _campaign(path: Path, repair: bool) -> int:
    """``check`` of a campaign file: the same verdicts, counted in PCs and fights."""
    from tracker.store.campaign_cut_short import cut_short_note
    from tracker.store.campaign_file import load_campaign
    from tracker.store.journal_repair import tail_note

    loaded = load_campaign(path)
    torn = loaded.torn
    if torn is not None and repair:
        return _repair(path, _open_campaign)
    if torn is not None and torn.damage:
        warn(tail_note(path, torn))
        return 1
    state = loaded.campaign.state
    found = (
        f"a {loaded.rules.id} campaign, "
        f"{counted(len(state.party), 'PC')}, {counted(len(state.fights), 'fight')}, "
        f"{counted(len(loaded.campaign.events), 'event')}"
    )
    notes = [] if torn is None else [("a torn last command", tail_note(path, torn))]
    if not repair and (missing := cut_short_note(loaded.campaign, path)):
        notes.append(("a fight's file missing", missing))
    _verdict(path, found, notes)
    return _repair(path, _open_campaign) if repair else 0
