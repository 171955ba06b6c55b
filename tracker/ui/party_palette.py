"""The command palette (ctrl+p) over the party screen: its keys' actions, each rest the
ruleset's text states (for the party, and for the highlighted PC only), treating and
editing the highlighted PC, and each PC to show. Titles are plain text (PC names are data)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol, runtime_checkable

from textual.command import DiscoveryHit, Hit, Hits, Provider

from tracker.core.campaign import PartyMember
from tracker.core.dice import ScriptedDice
from tracker.core.dice_expr import DiceError
from tracker.core.errors import TrackerError
from tracker.rules.party import rest
from tracker.store.campaign_fight import fighting
from tracker.store.campaign_load import LoadedCampaign
from tracker.ui.plain import escaped, plain


@runtime_checkable
class PartyHost(Protocol):
    """What the palette drives on the party screen (``tracker.ui.party.PartyScreen`` is
    one; declared here so that this module needs nothing from the screen that uses it)."""

    loaded: LoadedCampaign

    def member(self) -> PartyMember | None:
        """The highlighted PC."""

    def rest_kind(self, kind: str, only: str | None = None) -> None:
        """Rest the party (or ``only`` one PC)."""

    def show_member(self, who: str) -> None:
        """Highlight a PC."""

    def action_fight(self) -> None:
        """Make the next fight."""

    def action_undo(self) -> None:
        """Undo the latest campaign command."""

    def action_redo(self) -> None:
        """Redo."""

    def action_treat(self) -> None:
        """Treat the highlighted PC."""

    def action_edit(self) -> None:
        """Edit the highlighted PC."""

    def action_back(self) -> None:
        """Leave the party screen."""


Entry = tuple[str, str, Callable[[], object]]
"""(title, help, what it does)."""


def party_entries(screen: PartyHost) -> list[Entry]:
    """Everything the party screen can do now (nothing that would only be refused: no
    fight or rest without a living PC, no undo with nothing to undo)."""
    loaded = screen.loaded
    campaign, downtime = loaded.campaign, loaded.rules.downtime()
    entries: list[Entry] = []
    if _runs(lambda: fighting(campaign.state)):
        entries.append(("Next fight…", "the party as they stand, played", screen.action_fight))
    entries += [
        (f"Rest: {downtime.label(kind)}", summary, partial(screen.rest_kind, kind))
        for kind, summary in downtime.rests.items()
        if _runs(partial(rest, campaign, loaded.rules, kind, (), ScriptedDice(())))
    ]
    entries += member_entries(screen)
    if _runs(campaign.undo):
        entries.append(("Undo", "take back the latest campaign command", screen.action_undo))
    if _runs(campaign.redo):
        entries.append(("Redo", "restore what undo took back", screen.action_redo))
    entries += [
        (f"Show {member.name}", "their body chart and tracks", partial(screen.show_member, who))
        for who, member in screen.loaded.campaign.state.party.items()
    ]
    entries.append(("Back", "leave the party screen", screen.action_back))
    return entries


def member_entries(screen: PartyHost) -> list[Entry]:
    """What the party screen can do to the highlighted PC: treat, edit, rest them only."""
    member = screen.member()
    if member is None:
        return []
    name, downtime = member.name, screen.loaded.rules.downtime()
    entries: list[Entry] = []
    if member.lasting.injuries:
        treat = "record the treatment of an injury, with a note"
        entries.append((f"Treat {name}…", treat, screen.action_treat))
    entries.append(
        (f"Edit {name}…", "change a value where the text is silent (logged)", screen.action_edit)
    )
    for kind, summary in downtime.rests.items():
        rest_one = partial(screen.rest_kind, kind, member.id)
        entries.append((f"Rest {name} only: {downtime.label(kind)}", summary, rest_one))
    return entries


def _runs(decide: Callable[[], object]) -> bool:
    """Whether a campaign command would be taken now (decided, kept nowhere; one that
    rolls dice is taken: only running it tells more)."""
    try:
        decide()
    except DiceError:
        return True
    except TrackerError:
        return False
    return True


class PartyCommands(Provider):
    """The party screen's commands for Textual's command palette."""

    def _entries(self) -> list[Entry]:
        screen = self.screen
        return party_entries(screen) if isinstance(screen, PartyHost) else []

    async def discover(self) -> Hits:
        """Every command, before anything is typed."""
        for title, help_text, run in self._entries():
            yield DiscoveryHit(plain(title), run, text=title, help=escaped(help_text))

    async def search(self, query: str) -> Hits:
        """Commands whose title matches what was typed."""
        matcher = self.matcher(query)
        for title, help_text, run in self._entries():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, plain(title), run, text=title, help=escaped(help_text))
