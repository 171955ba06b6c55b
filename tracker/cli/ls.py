"""``tracker ls [DIR] [--json]``: the GM's encounters, newest first, without replaying any.

One line per file: title, ruleset, status, combatants, last played, path; a campaign file
(``tracker campaign new``) is a line of its own saying so. A file that cannot be read is
one line naming what is wrong (``file:line:col``) and the others are still listed; the
exit status stays 0 (the listing worked). No Textual here.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tracker.cli.output import file_path
from tracker.core.safe_text import json_safe, visible
from tracker.core.wording import counted
from tracker.store.campaign_listing import CampaignSummary, campaign_summary
from tracker.store.listing import EncounterSummary, list_folder
from tracker.store.settings import Settings


def setup(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tracker ls``."""
    parser.add_argument(
        "folder",
        nargs="?",
        type=file_path,
        metavar="DIR",
        help="the folder to list (default: the encounters folder in settings.toml)",
    )
    parser.add_argument("--json", action="store_true", help="a JSON list of objects")


def run(ns: argparse.Namespace) -> int:
    """List the folder; problems with single files are lines of the list, not errors."""
    settings = Settings.load()
    if settings.problem:
        print(f"tracker: {visible(settings.problem)}", file=sys.stderr)
    folder: Path = ns.folder or settings.encounters
    # the settings' folder may not be made yet (a first evening), but never a file
    if not folder.is_dir() and (ns.folder is not None or folder.exists()):
        what = "does not exist" if not folder.exists() else "is not a folder"
        where = "" if ns.folder is not None else " (the encounters folder in settings.toml)"
        print(visible(f"tracker: {folder}: {what}{where}"), file=sys.stderr)
        return 1
    summaries = list_folder(folder)
    for summary in summaries:
        if summary.damage:  # listed up to the damage; nothing is changed here
            print(f"tracker: {visible(summary.damage)}", file=sys.stderr)
    found = {s.path: campaign_summary(s.path) for s in summaries if s.problem}
    campaigns = {path: c for path, c in found.items() if c is not None}
    if ns.json:
        listing = [
            campaign_document(campaigns[s.path]) if s.path in campaigns else s.document()
            for s in summaries
        ]
        print(json_safe(json.dumps(listing, indent=2, ensure_ascii=False)))
    elif not summaries:
        print(visible(f"no encounters in {folder} — `tracker` opens the launcher to start one"))
    else:
        for summary in summaries:
            campaign = campaigns.get(summary.path)
            print(visible(campaign_line(campaign) if campaign else line(summary)))
    return 0


def campaign_line(campaign: CampaignSummary) -> str:
    """A campaign file as one line: its title, ruleset, what it is, when, path."""
    fields = (
        cell(campaign.title, 32),
        cell(campaign.ruleset, 14),
        cell("campaign (tracker campaign show)", 36),
        cell("", 14),
        campaign.played.strftime("%Y-%m-%d %H:%M"),
        str(campaign.path),
    )
    return visible("  ".join(fields))


def campaign_document(campaign: CampaignSummary) -> dict[str, object]:
    """A campaign file in ``tracker ls --json``: ``kind`` says it is one."""
    return {
        "kind": "campaign",
        "title": campaign.title,
        "ruleset": campaign.ruleset,
        "last_played": campaign.played.isoformat(timespec="seconds"),
        "path": str(campaign.path),
    }


def line(summary: EncounterSummary) -> str:
    """One summary as one line of ``tracker ls``."""
    if summary.problem:
        return visible(f"cannot be read: {summary.problem}")
    played = summary.played.strftime("%Y-%m-%d %H:%M")
    count = counted(summary.combatants, "combatant")
    fields = (
        cell(summary.shown_title, 32),
        cell(summary.ruleset, 14),
        cell(summary.status, 36),
        cell(count, 14),
        played,
        str(summary.path),
    )
    return visible("  ".join(fields))


def cell(text: str, width: int) -> str:
    """``text`` padded to ``width``, or cut short with an ellipsis."""
    return f"{text:<{width}}" if len(text) <= width else text[: width - 1] + "…"
