"""The party of the campaign an encounter belongs to, for ``add party``.

A fight made by ``tracker campaign fight`` names its campaign in its header
(``campaign = "ID/N"``, ``campaign_file = "../tokyo.toml"``). ``add party`` reads that
file (only reads it: the campaign is not locked or changed) the first time it is asked,
and brings in the PCs as they stand there, with the ruleset's own carry-in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tracker.core.draft import Draft
from tracker.core.errors import TrackerError
from tracker.rules.base import Ruleset

if TYPE_CHECKING:  # the campaign is read the first time its party is asked for
    from tracker.core.campaign import PartyMember

LINK_KEY = "campaign"
"""The ``[encounter]`` key naming the campaign and the fight's number in it: ``"ID/N"``."""
FILE_KEY = "campaign_file"
"""The ``[encounter]`` key with the campaign file's path, from the encounter's folder."""
ID_KEY = "fight_id"
"""The ``[encounter]`` key with the fight's identity, the one its ``fight.made`` event
names: the write-back takes only the file the campaign made as that fight."""


def campaign_path(head: Mapping[str, Any], encounter: Path) -> Path | None:
    """The campaign file an encounter belongs to, from its ``[encounter]`` table: None
    for a one-off encounter; TrackerError (one line) for a campaign fight whose file does
    not say where its campaign is (made before ``campaign_file`` was recorded)."""
    table = head.get("encounter", {})
    tag = table.get(LINK_KEY) if isinstance(table, Mapping) else None
    if not isinstance(tag, str):
        return None
    where = table.get(FILE_KEY)
    if not isinstance(where, str) or not where:
        raise TrackerError(
            f"this fight belongs to a campaign ({tag}) but the file does not say where it is: "
            f"write it back with `tracker campaign writeback CAMPAIGN {encounter}`"
        )
    return encounter.resolve().parent / where


def written_back(head: Mapping[str, Any], encounter: Path) -> bool:
    """Whether the campaign fight ``encounter`` (its head ``head``) is written back
    already, read from its campaign file (only read); False for a one-off encounter or a
    campaign that does not read (the write-back, offered, then says why)."""
    from tracker.store.campaign_load import load_campaign

    try:
        where = campaign_path(head, encounter)
        loaded = load_campaign(where) if where is not None else None
    except (TrackerError, OSError):
        return False
    if loaded is None:
        return False
    owner, _, number = str(head["encounter"][LINK_KEY]).partition("/")
    state = loaded.campaign.state
    fight = state.fight(int(number)) if number.isascii() and number.isdigit() else None
    return owner == state.id and fight is not None and fight.written


class CampaignParty:
    """The PCs of one campaign file, read when first asked (``add party``)."""

    def __init__(self, head: Mapping[str, Any], encounter: Path, rules: Ruleset) -> None:
        self.head, self.encounter, self.rules = head, encounter, rules

    def members(self) -> Sequence[PartyMember]:
        """Every PC as the campaign file holds them now; TrackerError (one line) if the
        file is gone, broken, or of another ruleset."""
        from tracker.store.campaign_load import load_campaign

        path = campaign_path(self.head, self.encounter)
        if path is None:
            return ()
        loaded = load_campaign(path)
        if loaded.rules.id != self.rules.id:
            raise TrackerError(
                f"{path} is a {loaded.rules.id} campaign and this fight is {self.rules.id}"
            )
        return list(loaded.campaign.state.party.values())

    def carry_in(self, draft: Draft, member: PartyMember) -> None:
        """The ruleset's carry-in: the PC's tracks, injuries and conditions as events."""
        self.rules.downtime().carry_in(draft, member)


def party_of(head: Mapping[str, Any], encounter: Path, rules: Ruleset) -> CampaignParty | None:
    """The party of the campaign the encounter names (None for a one-off encounter)."""
    table = head.get("encounter", {})
    if not isinstance(table, Mapping) or not isinstance(table.get(LINK_KEY), str):
        return None
    return CampaignParty(head, encounter, rules)
