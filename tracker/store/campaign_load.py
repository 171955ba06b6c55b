"""Reading a campaign file: its head, its ruleset and its journal, folded and checked.

Loading never changes the disk; every problem is one ``FILE:LINE:COL`` line. Writing
(the lock, appends, repairs) is ``tracker.store.campaign_file``.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tracker.core.campaign import CampaignState
from tracker.core.campaign_events import CampaignEvent, PcJoined, event_from
from tracker.core.campaign_fold import Campaign
from tracker.core.errors import EventFormatError, FoldError, TrackerError
from tracker.core.nearest_word import meant_or_listed, written_otherwise
from tracker.core.safe_text import TITLE_LIMIT, text_problem
from tracker.core.wording import counted
from tracker.rules.base import Ruleset
from tracker.rules.registry import UnknownRuleset, load_ruleset
from tracker.store.errors import JournalError, NotAJournal
from tracker.store.file_text import HEAD_FIELDS, check_document, check_events
from tracker.store.journal import TornTail, create_document, read_bytes, read_journal_data
from tracker.store.journal_file import checked_start
from tracker.store.locator import Locator
from tracker.store.options_check import check_options, chosen_readings
from tracker.store.other_files import not_a_journal, other_kind

CAMPAIGN_FORMAT = 2
"""Campaign file format; like encounter format 2, each command's last block is marked."""
TOP_KEYS = {"format", "campaign", "events"}
CAMPAIGN_KEYS = {"id": str, "title": str, "ruleset": str}
OPTIONAL_KEYS = {"options": dict}


@dataclass
class LoadedCampaign:
    """A validated campaign file: its head, ruleset, the campaign, and any torn tail."""

    path: Path
    head: dict[str, Any]
    rules: Ruleset
    campaign: Campaign
    torn: TornTail | None


def new_campaign(
    path: Path, ruleset_id: str, title: str = "", readings: Sequence[str] = ()
) -> None:
    """Create an empty campaign file (atomically); refuse to overwrite anything.
    ``readings``: ``KEY=CHOICE`` words, the campaign's ``[campaign.options]``."""
    ruleset, title = checked_start(path, ruleset_id, title, "already exists — pick another name")
    table: dict[str, Any] = {"id": secrets.token_hex(6), "title": title, "ruleset": ruleset}
    if readings:
        table["options"] = chosen_readings(path, load_ruleset(ruleset), readings)
    create_document(path, {"format": CAMPAIGN_FORMAT, "campaign": table}, [])


def load_campaign(path: Path) -> LoadedCampaign:
    """Read and validate a campaign file; JournalError (one line) on any problem."""
    data = read_bytes(path)
    if other := not_a_journal(path, data, "a campaign"):
        raise NotAJournal(path, other)
    read = read_journal_data(path, data)
    locator = Locator(path)
    check_document(read.head, locator, HEAD_FIELDS)
    rules, initial = _head(read.head, locator)
    check_events(read.events, locator)
    events = _events(read.events, locator)
    _entries(rules, events, locator)
    try:
        campaign = Campaign(initial, events)
    except (FoldError, EventFormatError) as err:
        raise _replay_error(initial, events, locator, err) from None
    return LoadedCampaign(path, read.head, rules, campaign, read.torn)


def _head(head: Mapping[str, Any], locator: Locator) -> tuple[Ruleset, CampaignState]:
    if other := other_kind(head):
        raise locator.error(f"this is {other}, not a campaign file", "")
    if not head:
        made = "a campaign is made with `tracker campaign new NAME --ruleset ID`"
        raise locator.error(f"the file is empty — {made}", "")
    if "encounter" in head and "campaign" not in head:  # the GM named the wrong file
        message = "this is an encounter, not a campaign file (`tracker campaign new` makes one)"
        raise locator.error(message, "encounter")
    for key in head:
        if key not in TOP_KEYS:
            said = meant_or_listed(key, TOP_KEYS)
            raise locator.error(f"unknown top-level key {key!r} in a campaign file — {said}", key)
    version = head.get("format")
    if type(version) is int and version > CAMPAIGN_FORMAT:
        newer = f"format {version} is newer than this tracker reads ({CAMPAIGN_FORMAT})"
        raise locator.error(f"{newer} — upgrade tracker", "format")
    if version != CAMPAIGN_FORMAT:
        raise locator.error(f"format must be {CAMPAIGN_FORMAT} in a campaign file", "format")
    table = head.get("campaign")
    if not isinstance(table, dict):
        raise locator.error("a campaign file needs a [campaign] table (is this one?)", "")
    for key, kind in CAMPAIGN_KEYS.items():
        if not isinstance(table.get(key), kind):
            typo = written_otherwise(key, table)
            said = f" — {typo!r} is not read: did you mean {key}?" if typo else ""
            raise locator.error(f"[campaign] needs {key} (text){said}", typo or key, "campaign")
    for key in table:
        if key not in CAMPAIGN_KEYS and key not in OPTIONAL_KEYS:
            said = meant_or_listed(key, {*CAMPAIGN_KEYS, *OPTIONAL_KEYS})
            raise locator.error(f"unknown key {key!r} in [campaign] — {said}", key, "campaign")
    options = table.get("options", {})
    if not isinstance(options, dict):
        raise locator.error("[campaign] options must be a table", "options", "campaign")
    problem = text_problem(table["title"], "the title", TITLE_LIMIT)
    if problem:
        raise locator.error(problem, "title", "campaign")
    try:
        rules = load_ruleset(table["ruleset"])
    except UnknownRuleset as err:
        raise locator.error(str(err), "ruleset", "campaign") from None
    check_options(options, rules, locator, "campaign")
    state = CampaignState(
        id=table["id"], title=table["title"], ruleset=rules.id, options=dict(options)
    )
    return rules, state


def _events(tables: list[dict[str, Any]], locator: Locator) -> list[CampaignEvent]:
    events: list[CampaignEvent] = []
    for index, table in enumerate(tables):
        try:
            event = event_from(table)
        except (EventFormatError, TypeError) as err:
            raise locator.error(str(err), getattr(err, "key", ""), "events", index) from None
        if event.seq != index + 1:
            message = f"event seq {event.seq} should be {index + 1} (no gaps)"
            raise locator.error(message, "seq", "events", index)
        events.append(event)
    return events


def _entries(rules: Ruleset, events: list[CampaignEvent], locator: Locator) -> None:
    """Every PC's roster entry as the ruleset takes it (what ``show``, ``rest`` and
    ``fight`` build the PC from): a stat it does not know is the file's place, here."""
    for index, event in enumerate(events):
        if isinstance(event, PcJoined):
            try:
                rules.prepare(event.entry)
            except TrackerError as err:
                message = f"event {index + 1}'s entry: {err}"
                raise locator.error(message, "entry", "events", index) from None


def _replay_error(
    initial: CampaignState, events: list[CampaignEvent], locator: Locator, err: Exception
) -> JournalError:
    """Name the first event that does not fold."""
    for index in range(len(events)):
        try:
            Campaign(initial, events[: index + 1])
        except (FoldError, EventFormatError) as inner:
            return locator.error(
                f"event {index + 1} cannot be applied: {inner}", "type", "events", index
            )
    return locator.error(f"the journal cannot be replayed: {err}", "", "events", 0)


def unread_end(path: Path, torn: TornTail) -> str:
    """One line on a campaign's damaged or torn end, left out when it is only read (the
    next command that writes moves it aside and says so)."""
    line, col = torn.damage_at if torn.damage else torn.at
    what = torn.damage or "the last command was cut off by a crash"
    return (
        f"{path}:{line}:{col}: {what}; showing the campaign up to event "
        f"{torn.events_kept} — the file is unchanged (`tracker check --repair {path}`, "
        f"or the next campaign command that writes, moves the {counted(len(torn.data), 'byte')} "
        f"from line {torn.at[0]} on aside)"
    )
