"""A campaign open for writing, without the repairs made when it opens: what the code
that makes fights and writes them back (``campaign_fight``, ``campaign_cut_short``)
works on. ``tracker.store.campaign_file.CampaignFile`` is the one to open.
"""

from __future__ import annotations

from pathlib import Path

from tracker.core.campaign_events import CampaignEvent, event_table
from tracker.core.campaign_fold import Campaign
from tracker.store.campaign_load import LoadedCampaign, load_campaign
from tracker.store.journal_file import JournalFile


class OpenCampaign(JournalFile[LoadedCampaign]):
    """A campaign open for writing: the lock held, a torn tail moved aside, each event
    appended (one write, one fsync) before it is folded in."""

    def load_journal(self, path: Path) -> LoadedCampaign:
        """Read and validate the campaign file."""
        return load_campaign(path)

    @property
    def campaign(self) -> Campaign:
        """The campaign in memory."""
        return self.loaded.campaign

    def keep(self, event: CampaignEvent) -> int:
        """Append one command's event to the file (all or nothing), then fold it in; the
        file's size before it (what :meth:`take_back` cuts back to)."""
        size = self.writer.append(event_table(event))
        self.campaign.commit(event)
        return size

    def take_back(self, size: int) -> None:
        """Take the command kept last back off the file (cut back to ``size``) and out of
        the campaign; JournalError if the disk refuses (the next opening then repairs)."""
        self.writer.take_back(size)
        campaign = self.campaign
        self.loaded.campaign = Campaign(campaign.initial, campaign.events[:-1])
