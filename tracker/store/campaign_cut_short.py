"""A campaign fight that a crash cut short, finished when the campaign is next opened.

``campaign fight`` records the fight in the campaign first (its ``fight.made`` event names
the fight's identity, its file and its PCs), then makes the encounter file. A crash
between the two leaves a fight whose file is missing: the next command on the campaign
makes the file as the fight was recorded — the party has not changed since, it was the
last command — or, when that cannot be done (a PC is gone, another file stands in its
place, the disk refuses), drops the fight with an undo. Either way, one line says so. A
file the GM moved or deleted right after making it looks the same: the line names both.
"""

from __future__ import annotations

import os
from pathlib import Path

from tracker.core.campaign_events import FightMade, Undone
from tracker.core.campaign_fold import Campaign
from tracker.core.errors import TrackerError
from tracker.store.campaign_fight import fight_document, write_fight
from tracker.store.campaign_journal import OpenCampaign
from tracker.store.campaign_party import ID_KEY
from tracker.store.journal import read_journal


def finish_cut_short(play: OpenCampaign, moved: Path | None = None) -> list[str]:
    """Make (or drop) the file of a fight the campaign's last command recorded and a crash
    kept from being made; the line that says which (none when nothing was cut short).
    ``moved``: a file the command names (the fight being written back): a fight whose
    identity it carries was made, and moved by the GM since."""
    last = _last_fight(play.campaign)
    if last is None:
        return []
    if moved is not None and moved.exists() and _fight_id_of(moved) == last.fight_id:
        return []
    path = play.path.resolve().parent / last.file
    if path.exists():
        if _fight_id_of(path) in (last.fight_id, _UNREADABLE):
            return []
        return [_drop(play, last, f"{last.file} is another file")]
    try:
        _make_again(play, last, path)
    except (TrackerError, OSError) as err:
        return [_drop(play, last, f"its file {last.file} could not be made ({err})")]
    return [
        f"Fight {last.link} ({last.title}): its file {last.file} was missing (a crash while "
        "it was made, or it was moved or deleted since) — made now, with the party as the "
        "fight recorded them"
    ]


def cut_short_note(campaign: Campaign, path: Path) -> str:
    """What ``tracker check`` says of the campaign at ``path`` when its last command
    recorded a fight whose file is not there (a crash before it was made, or the GM moved
    or deleted it since): which fight, and what makes it (``""``: nothing to say). Reads
    only; the next campaign command (or ``check --repair``) makes or drops it."""
    last = _last_fight(campaign)
    if last is None or os.path.lexists(path.resolve().parent / last.file):
        return ""
    return (
        f"{path}: fight {last.link} ({last.title}): its file {last.file} is missing (a crash "
        "while it was made, or it was moved or deleted since) — the next campaign command "
        f"or `tracker check --repair {path}` makes it, with the party as the fight recorded them"
    )


def _last_fight(campaign: Campaign) -> FightMade | None:
    """The campaign's last event if it is a fight made (and not undone since)."""
    last = campaign.events[-1] if campaign.events else None
    if not isinstance(last, FightMade) or not last.fight_id:
        return None
    return None if last.batch in campaign.state.undone else last


def _make_again(play: OpenCampaign, fight: FightMade, path: Path) -> None:
    party = play.campaign.state.party
    missing = [who for who in fight.who if who not in party]
    if missing or not fight.who:
        raise TrackerError("its PCs are not all in the party")
    head, carried = fight_document(play, fight, [party[w] for w in fight.who], path)
    write_fight(path, head, carried)


def _drop(play: OpenCampaign, fight: FightMade, why: str) -> str:
    """Undo the fight in the campaign; the line that says so."""
    text = (
        f"Fight {fight.link} ({fight.title}) dropped: {why} — make it again with "
        "`tracker campaign fight`"
    )
    play.keep(play.campaign.make(Undone, target=fight.batch, text=text))
    return text


_UNREADABLE = object()
"""A file that does not read as a journal: not judged (the GM may have damaged it since)."""


def _fight_id_of(path: Path) -> object:
    """The fight identity in the encounter file's header (None: it has none)."""
    try:
        table = read_journal(path).head.get("encounter", {})
    except TrackerError:
        return _UNREADABLE
    return table.get(ID_KEY) if isinstance(table, dict) else None
