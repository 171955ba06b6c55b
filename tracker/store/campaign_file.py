"""Campaign files: the party's journal, with the encounter file's discipline.

A campaign file is a TOML head (``format``, a ``[campaign]`` table: id, title, ruleset)
followed by ``[[events]]`` blocks, each ending in a crc and appended with one write and
one fsync (``tracker.store.writer``); one writer at a time (``tracker.store.lock``); a
torn tail is moved aside when the file is next opened for writing
(``tracker.store.journal``); creation is atomic (``write_document``). Loading never
changes the disk; every problem is one ``FILE:LINE:COL`` line.
"""

from __future__ import annotations

from pathlib import Path

from tracker.store.campaign_cut_short import finish_cut_short
from tracker.store.campaign_journal import OpenCampaign
from tracker.store.campaign_load import CAMPAIGN_FORMAT as CAMPAIGN_FORMAT
from tracker.store.campaign_load import LoadedCampaign as LoadedCampaign
from tracker.store.campaign_load import load_campaign as load_campaign
from tracker.store.campaign_load import new_campaign as new_campaign


class CampaignFile(OpenCampaign):
    """A campaign open for writing: the lock held, a torn tail moved aside, a fight a
    crash cut short finished or dropped, each event appended (one write, one fsync)
    before it is folded in."""

    def __init__(
        self,
        path: Path,
        *,
        settle: bool = True,
        fight_file: Path | None = None,
        repair_late: bool = False,
        wait: float = 0.0,
    ) -> None:
        """Open ``path`` (``settle`` and ``repair_late`` as for every journal);
        ``fight_file`` is an encounter the command names (a write-back's fight): a fight
        found there, moved by the GM, was not cut short."""
        self.fight_file = fight_file
        super().__init__(path, settle=settle, repair_late=repair_late, wait=wait)

    def opened(self) -> None:
        """Finish (or drop) a fight that a crash cut short while it was being made (its
        line in ``repaired``)."""
        self.repaired = finish_cut_short(self, self.fight_file)
