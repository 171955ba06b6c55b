"""``tracker ls [DIR] [--json]``: the GM's encounters, newest first, without replaying any.

One line per file: title, ruleset, status, combatants, last played, path; a campaign file
(``tracker campaign new``) is a line of its own saying so. A file that cannot be read is
one line naming what is wrong (``file:line:col``) and the others are still listed; the
exit status stays 0 (the listing worked). No Textual here.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tracker.cli.charset import json_text
from tracker.cli.output import file_path, terminal_columns
from tracker.core.safe_text import visible
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
        print(json_text(listing))
    elif not summaries:
        print(visible(f"no encounters in {folder} — `tracker` opens the launcher to start one"))
    else:
        rows = [
            campaign_row(campaigns[s.path]) if s.path in campaigns else row(s) for s in summaries
        ]
        for shown in table(rows, fitted_width()):
            print(visible(shown))
    return 0


def campaign_row(campaign: CampaignSummary) -> tuple[str, ...]:
    """A campaign file as a row: its title, ruleset, what it is, when, path."""
    return (
        campaign.title,
        campaign.ruleset,
        "campaign (tracker campaign show)",
        "",
        campaign.played.strftime("%Y-%m-%d %H:%M"),
        str(campaign.path),
    )


def campaign_document(campaign: CampaignSummary) -> dict[str, object]:
    """A campaign file in ``tracker ls --json``: ``kind`` says it is one."""
    return {
        "kind": "campaign",
        "title": campaign.title,
        "ruleset": campaign.ruleset,
        "last_played": campaign.played.isoformat(timespec="seconds"),
        "path": str(campaign.path),
    }


def row(summary: EncounterSummary) -> tuple[str, ...]:
    """One summary as a row of ``tracker ls``: title, ruleset, status, combatants, last
    played, path; a file that cannot be read as one cell saying why."""
    if summary.problem:
        return (f"cannot be read: {summary.problem}",)
    return (
        summary.shown_title,
        summary.ruleset,
        summary.status,
        counted(summary.combatants, "combatant"),
        summary.played.strftime("%Y-%m-%d %H:%M"),
        str(summary.path),
    )


DROPPED = (3, 4, 1)
"""On a narrow terminal, the columns left out first: combatants, last played, ruleset."""

CUT = ((0, 16), (2, 20))
"""Then the columns cut short (with …), down to these widths: title, status."""


def fitted_width() -> int | None:
    """The width rows must fit on a terminal (``COLUMNS`` when set, else the terminal's);
    None when the output goes to a file or a pipe, where nothing wraps it and a script
    reads every column whole."""
    return terminal_columns() if sys.stdout.isatty() else None


def table(rows: list[tuple[str, ...]], width: int | None) -> list[str]:
    """The rows as aligned lines, each column as wide as its widest cell; with ``width``
    columns left out and cut until a line fits it (a one-cell row is said as it is)."""
    from tracker.export.cells import cell_len, fit_cells

    whole = [r for r in rows if len(r) > 1]
    widths = [max((cell_len(r[i]) for r in whole), default=0) for i in range(6)]
    keep = [i for i in range(6) if widths[i]]

    def over() -> int:
        return sum(widths[i] for i in keep) + 2 * (len(keep) - 1) - (width or 0)

    for column in DROPPED if width else ():
        if over() > 0 and column in keep and len(keep) > 3:
            keep.remove(column)
    for column, least in CUT if width else ():
        widths[column] = min(widths[column], max(least, widths[column] - over()))
    return [
        "  ".join(fit_cells(r[i], widths[i]) for i in keep).rstrip() if len(r) > 1 else r[0]
        for r in rows
    ]
