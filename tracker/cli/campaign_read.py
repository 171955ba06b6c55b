"""``tracker campaign show``, ``log`` and ``recap``: the campaign read, never written."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from tracker.cli.charset import json_text
from tracker.cli.output import output_name, output_path
from tracker.core.campaign import describe, lasting_table
from tracker.core.errors import TrackerError
from tracker.core.safe_text import visible
from tracker.core.wording import counted

if TYPE_CHECKING:
    from tracker.store.campaign_file import LoadedCampaign


def args_show(p: argparse.ArgumentParser) -> None:
    """``show``'s options."""
    p.add_argument("--json", action="store_true", help="JSON instead of text")


def read_campaign(path: Path) -> LoadedCampaign:
    """The campaign as its file holds it; a damaged or torn end, left out of what is
    shown, is said on stderr (the file is not changed: reading never repairs)."""
    from tracker.cli.output import warn
    from tracker.store.campaign_file import load_campaign
    from tracker.store.campaign_load import unread_end

    loaded = load_campaign(path)
    if loaded.torn is not None:
        warn(unread_end(path, loaded.torn))
    return loaded


def show(ns: argparse.Namespace) -> int:
    """The party as it stands, as text or JSON."""
    loaded = read_campaign(ns.campaign)
    state = loaded.campaign.state
    downtime = loaded.rules.downtime().reading_as(state.options)
    if ns.json:
        print(json_text(document(loaded)))
        return 0
    print(
        visible(
            f"{state.title} · {state.ruleset} · {counted(len(state.party), 'PC')}, "
            f"{counted(len(state.fights), 'fight')}"
        )
    )
    for reading in loaded.rules.readings():
        if reading.key in state.options:
            print(visible(f"reading {reading.key} = {reading.chosen(state.options)}"))
    for member in state.party.values():
        print(visible(f"{member.name} ({member.id})"))
        for line in describe(member.lasting) + downtime.notes(member):
            print(visible(f"  {line}"))
    for fight in state.fights:
        mark = "written back" if fight.written else "not written back"
        print(visible(f"fight {fight.link}: {fight.title} — {fight.file} ({mark})"))
    return 0


def document(loaded: LoadedCampaign) -> dict[str, object]:
    """The campaign as the JSON ``show --json`` prints."""
    state = loaded.campaign.state
    downtime = loaded.rules.downtime().reading_as(state.options)
    party = [
        {
            "id": m.id,
            "name": m.name,
            "entry": dict(m.entry),
            "lasting": lasting_table(m.lasting),
            "notes": downtime.notes(m),
        }
        for m in state.party.values()
    ]
    fights = [
        {"link": f.link, "file": f.file, "title": f.title, "written": f.written}
        for f in state.fights
    ]
    return {
        "id": state.id,
        "title": state.title,
        "ruleset": state.ruleset,
        "readings": {r.key: r.chosen(state.options) for r in loaded.rules.readings()},
        "party": party,
        "fights": fights,
    }


def log(ns: argparse.Namespace) -> int:
    """The campaign's journal, one line an event, undone ones marked."""
    campaign = read_campaign(ns.campaign).campaign
    for event in campaign.events:
        undone = " (undone)" if event.batch in campaign.state.undone else ""
        print(visible(f"{event.seq:>3} {event.at:%Y-%m-%d %H:%M} {event.text}{undone}"))
    return 0


def args_recap(p: argparse.ArgumentParser) -> None:
    """``recap``'s options."""
    p.add_argument(
        "--format", "-f", metavar="FMT", help="md or html (default: from -o's suffix, else md)"
    )
    p.add_argument("--html", action="store_true", help="the same as --format html")
    p.add_argument(
        "-o", "--out", type=output_name, metavar="OUT", help="write to this file (-: stdout)"
    )


def recap(ns: argparse.Namespace) -> int:
    from tracker.core.safe_text import visible_lines
    from tracker.export.campaign_recap import campaign_markdown
    from tracker.export.campaign_recap_html import campaign_html
    from tracker.store.output import check_output, write_output

    ns.out = output_path(ns.out)
    name = recap_format(ns)
    if ns.out is not None:
        check_output(ns.out, [ns.campaign])
    loaded = read_campaign(ns.campaign)
    text = visible_lines(campaign_html(loaded) if name == "html" else campaign_markdown(loaded))
    if ns.out is None:
        print(text, end="")
        return 0
    try:
        write_output(ns.out, text.encode("utf-8"), [ns.campaign])
    except OSError as err:
        raise TrackerError(f"{ns.out}: cannot write the recap: {err.strerror or err}") from None
    print(visible(f"campaign recap written to {ns.out}"))
    return 0


def _unknown_suffix(path: Path) -> bool:
    """A new file whose suffix names no format (``recap.pdf``)."""
    from tracker.export.formats import FORMATS, SUFFIX_ALIASES

    known = {f.suffix for f in FORMATS.values()} | set(SUFFIX_ALIASES)
    return bool(path.suffix) and path.suffix.casefold() not in known and not path.exists()


def recap_format(ns: argparse.Namespace) -> str:
    """``md`` or ``html``: --html, --format, else -o's suffix, else md. A format the
    command line names that is not one (``-f json``, ``--html -f md``) is a misused
    command line; a file name's suffix that is not one is refused."""
    from tracker.cli.numbers import UsageError
    from tracker.export.formats import format_for, format_named

    if ns.format:
        try:
            name = format_named(ns.format).name
        except TrackerError:
            name = ns.format
        if name not in ("md", "html"):
            raise UsageError(f"a campaign recap is md or html, not {ns.format}")
        if ns.html and name != "html":
            raise UsageError(f"--html and --format {ns.format} ask for two formats: give one")
        return name
    if ns.html:
        return "html"
    name = format_for(ns.out).name if ns.out is not None else "md"
    if ns.out is not None and _unknown_suffix(ns.out):  # not Markdown in recap.pdf
        raise TrackerError(
            f"-o {ns.out.name}: the campaign recap is written as .md or .html"
            " — name the file so, or say --format"
        )
    if name not in ("md", "html"):
        raise TrackerError(f"-o {ns.out}: a campaign recap is md or html, not {name}")
    return name
