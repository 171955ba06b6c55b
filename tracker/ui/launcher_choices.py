"""What the launcher offers, in order: resume the last encounter, the GM's campaigns and
encounters (newest first: those in the encounters folder and those opened lately from
anywhere else, the settings' ``recent``), the bundled samples, a new encounter — and how
each row reads.

Rows are Rich ``Text`` built from the summaries: titles and file names are data, never
markup. Typing filters and ranks the rows (``launcher_search``): every word typed must
match the row's title, ruleset, status or file name, fuzzily (case ignored).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from rich.text import Text

from tracker.core.safe_text import visible
from tracker.rules.shipped import sample_files
from tracker.store.campaign_listing import CampaignSummary, campaign_summary
from tracker.store.listing import EncounterSummary, list_folder, summarise
from tracker.store.settings import Settings

SECTIONS = {
    "resume": "",
    "campaign": "Your campaigns (the party between fights)",
    "file": "Your encounters",
    "sample": "Samples (opening one plays a copy)",
    "new": "Start",
}


@dataclass(frozen=True)
class Choice:
    """One row: what opening it does (``kind``) and the file it is about."""

    kind: str
    """``resume``, ``campaign``, ``file``, ``sample`` or ``new``."""
    summary: EncounterSummary | None = None
    campaign: CampaignSummary | None = None
    """The campaign file of a ``campaign`` row (opening it shows the party screen)."""
    where: str = ""
    """Where a file opened lately from outside the encounters folder lives (``f1.toml in
    ~/games``, ``~/`` for the home folder), shown instead of its bare name."""

    @property
    def path(self) -> Path | None:
        """The encounter or campaign file (None for a new encounter)."""
        if self.campaign is not None:
            return self.campaign.path
        return self.summary.path if self.summary is not None else None

    def fields(self) -> tuple[str, ...]:
        """What typing searches: each a field of its own (a typed word matches in one)."""
        if self.campaign is not None:
            c = self.campaign
            return (c.title, c.ruleset, "campaign party", c.path.name, self.where)
        if self.summary is None:
            return ("new encounter create",)
        s = self.summary
        return (s.shown_title, s.ruleset, s.status, s.path.name, self.kind, self.where)


def launcher_choices(settings: Settings) -> list[Choice]:
    """Every row, in the launcher's order (the caller filters and draws them)."""
    choices: list[Choice] = []
    mine = list_folder(settings.encounters)
    last = settings.last_file
    if last is not None and last.is_file():
        resumed = next((s for s in mine if same_file(s.path, last)), None) or summarise(last)
        if not resumed.problem:
            choices.append(Choice("resume", resumed))
    outside = elsewhere(settings, mine)
    mine += outside
    found = [c for c in (campaign_summary(s.path) for s in mine if s.problem) if c is not None]
    paths = {c.path for c in found}
    found.sort(key=lambda c: c.played, reverse=True)
    files = sorted((s for s in mine if s.path not in paths), key=_played, reverse=True)
    far = {s.path for s in outside}
    choices += [Choice("campaign", campaign=c, where=_far(c.path, far)) for c in found]
    choices += [Choice("file", s, where=_far(s.path, far)) for s in files]
    samples = [summarise(path) for path in sample_files()]
    choices.extend(Choice("sample", s) for s in sorted(samples, key=lambda s: s.shown_title))
    choices.append(Choice("new"))
    return choices


def elsewhere(settings: Settings, mine: list[EncounterSummary]) -> list[EncounterSummary]:
    """The recently opened files still there that are not in the encounters folder."""
    listed = {_real(s.path) for s in mine}
    out: list[EncounterSummary] = []
    for path in settings.recent:
        real = _real(path)
        if real not in listed and path.is_file():
            listed.add(real)
            out.append(summarise(path))
    return out


def _far(path: Path, far: set[Path]) -> str:
    """``f1.toml in ~/games``: the name first, so a narrow row cuts the folder, not it."""
    return f"{visible(path.name)} in {shown_folder(path.parent)}" if path in far else ""


def _real(path: Path) -> Path:
    try:
        return path.resolve()
    except OSError:
        return path.absolute()


def _played(summary: EncounterSummary) -> float:
    return summary.last_played


def same_file(a: Path, b: Path) -> bool:
    """Whether two paths name the same file."""
    try:
        return a.samefile(b)
    except OSError:
        return False


def shown_folder(folder: Path) -> str:
    """``~/games/encounters`` for a folder under the home folder, else the full path."""
    try:
        return visible("~/" + folder.relative_to(Path.home()).as_posix())
    except ValueError:
        return visible(str(folder))


def played_words(when: datetime, now: datetime | None = None) -> str:
    """``today 19:03``, ``yesterday 21:40``, ``12 Nov 2026``."""
    now = now or datetime.now().astimezone()
    days = (now.date() - when.date()).days
    if days == 0:
        return f"today {when:%H:%M}"
    if days == 1:
        return f"yesterday {when:%H:%M}"
    return f"{when.day} {when:%b %Y}"


def prompt(choice: Choice) -> Text:
    """The row as two lines: what it is, then its status, size, when and file."""
    if choice.campaign is not None:
        return _campaign_prompt(choice.campaign, choice.where)
    if choice.summary is None:
        first = Text.assemble(("+ New encounter", "bold"), "  a title and a ruleset")
        return _lines(first, Text("then add combatants (the add dialog opens)", style="dim"))
    s = choice.summary
    title = Text(visible(s.shown_title), style="bold")
    if choice.kind == "resume":
        title = Text.assemble(("▶ Resume  ", "bold"), title)
    if s.problem:
        return _problem_lines(title, s, choice.where)
    first = Text.assemble(title, "  ", (visible(s.ruleset), "italic"))
    count = f"{s.combatants} combatant" + ("" if s.combatants == 1 else "s")
    parts = [visible(s.status), count]
    if choice.kind != "sample":
        parts.append(played_words(s.played))
    parts.append(choice.where or visible(s.path.name))
    return _lines(first, Text(" · ".join(parts), style="dim"))


def _campaign_prompt(campaign: CampaignSummary, where: str = "") -> Text:
    """A campaign row: its title and ruleset, then what opening it does."""
    first = Text.assemble(
        (visible(campaign.title), "bold"),
        "  ",
        (visible(campaign.ruleset), "italic"),
    )
    parts = [
        "campaign: the party screen",
        played_words(campaign.played),
        where or visible(campaign.path.name),
    ]
    return _lines(first, Text(" · ".join(parts), style="dim"))


def _problem_lines(title: Text, summary: EncounterSummary, where: str) -> Text:
    """A file that cannot be read: its name, then the whole problem, wrapped to the
    width (the GM must read it), naming the file as the row does, not by its full path."""
    problem = summary.problem
    full = str(summary.path)
    if problem.startswith(full):
        problem = (where or summary.path.name) + problem.removeprefix(full)
    text = Text.assemble(title, "\n", (visible(problem), "bold red"))
    text.overflow = "fold"
    return text


def _lines(first: Text, second: Text) -> Text:
    text = Text.assemble(first, "\n", second)
    text.no_wrap = True
    text.overflow = "ellipsis"
    return text


def file_name_for(title: str, folder: Path) -> Path:
    """A new file in ``folder`` named after ``title`` (``-2``, ``-3`` … if taken)."""
    stem = re.sub(r"[^a-z0-9]+", "-", title.casefold()).strip("-")[:60] or "encounter"
    path = folder / f"{stem}.toml"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}.toml"
        number += 1
    return path
