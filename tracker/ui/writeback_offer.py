"""A campaign fight ends: its write-back is offered in a dialog, the campaign file locked
while the GM decides (as ``tracker campaign writeback`` does). A fight reopened ended but
not written back says so once, with the palette entry that writes it back."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tracker.core.errors import TrackerError, one_line
from tracker.core.outcome import Outcome
from tracker.store.encounter_file import EncounterFile
from tracker.ui.modals.writeback import WritebackScreen

if TYPE_CHECKING:  # the campaign modules load only when a fight ends
    from tracker.store.campaign_fight import WriteBack
    from tracker.store.campaign_file import CampaignFile

AGAIN = "'Write back to the campaign…' in the palette (ctrl+p)"
"""Where the GM finds the write-back again."""

Ask = Callable[[WritebackScreen, Callable[["WriteBack | None"], None]], Any]
"""Shows the dialog and calls back with the GM's answer (the app's ``push_screen``)."""


class WritebackOffer:
    """The write-back of the fight just ended, while it is offered."""

    def __init__(self, report: Callable[[Outcome], object], ask: Ask) -> None:
        self.report = report
        self.ask = ask
        self.campaign_open: CampaignFile | None = None
        """The campaign whose write-back is being offered (locked until answered)."""

    def offer(self, play: EncounterFile) -> None:
        """If ``play`` is a campaign fight, plan its write-back and ask the GM."""
        from tracker.store.campaign_fight import WrittenAlready
        from tracker.store.campaign_party import campaign_path

        encounter = play.path
        try:
            where = campaign_path(play.loaded.head, encounter)
        except TrackerError as err:
            self.report(Outcome(False, one_line(err)))
            return
        if where is None:
            return
        where = Path(os.path.normpath(where))
        later = f"`tracker campaign writeback {where} {encounter}` writes it back later"
        if not where.is_file():
            self.report(Outcome(False, f"campaign file {where} not found: {later}"))
            return
        try:
            campaign, plan = _plan(where, encounter)
        except WrittenAlready as err:
            self.report(Outcome(True, one_line(err)))
            return
        except (TrackerError, OSError) as err:
            self.report(Outcome(False, f"no write-back: {one_line(err)} — {later}"))
            return
        self._ask(campaign, plan, f"{campaign.campaign.state.title} ({where.name})", later)

    def _ask(self, campaign: CampaignFile, plan: WriteBack, title: str, later: str) -> None:
        self.campaign_open = campaign

        def answer(chosen: WriteBack | None) -> None:
            self.campaign_open = None
            try:
                if chosen is None:
                    again = f"{AGAIN} or {later}"
                    self.report(Outcome(True, f"not written back: {title} untouched; {again}"))
                    return
                campaign.keep(chosen.event(campaign))
                self.report(Outcome(True, f"Fight {plan.link} written back to {title}"))
            except (TrackerError, OSError) as err:
                self.report(Outcome(False, f"not written back: {one_line(err)}; {later}"))
            finally:
                campaign.close()

        question = f"Write fight {plan.link} back to {title}?"
        self.ask(WritebackScreen(question, plan, campaign.campaign.state.party), answer)

    def close(self) -> None:
        """Release the campaign if the app goes away while the GM is asked."""
        if self.campaign_open is not None:
            self.campaign_open.close()
            self.campaign_open = None


def unwritten_note(play: EncounterFile) -> str:
    """The line said on opening a campaign fight that ended but was not written back
    ("": the fight goes on, is no campaign's, or is written back already)."""
    from tracker.store.campaign_party import campaign_path, written_back

    if play.encounter.state.phase != "ended":
        return ""
    try:
        where = campaign_path(play.loaded.head, play.path)
    except TrackerError:
        return ""  # no campaign file named: ending it again says how to write it back
    if where is None or not where.is_file() or written_back(play.loaded.head, play.path):
        return ""
    return f"this fight ended but is not written back to {where.name}: {AGAIN} writes it back"


def _plan(where: Path, encounter: Path) -> tuple[CampaignFile, WriteBack]:
    """Open (lock) the campaign and plan the encounter's write-back; the campaign is
    closed again when planning fails."""
    from tracker.store.campaign_fight import plan_writeback
    from tracker.store.campaign_file import CampaignFile

    campaign = CampaignFile(where, fight_file=encounter)
    try:
        return campaign, plan_writeback(campaign, encounter)
    except BaseException:
        campaign.close()
        raise
