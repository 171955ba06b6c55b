"""A campaign as one HTML page: every fight's recap in order (as ``tracker log --format
html`` draws it, in the campaign ruleset's theme), then each PC's timeline of injuries,
Stress, Trauma and Health as a table.

Drawn with Rich on a recording console and exported with ``export_html``, as the
encounter's HTML recap is: every name, title and log line is a ``Text`` (never markup),
and Rich escapes it into the page. Players' copies, as the Markdown recap.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from tracker.core.campaign import Lasting, track_label
from tracker.core.errors import TrackerError, one_line
from tracker.core.wording import counted
from tracker.export.campaign_recap import Row, fight_source, followed_tracks, timelines
from tracker.export.contrast import readable_palette
from tracker.export.formats import recap_of
from tracker.export.html_recap import html_page, muted, page_parts
from tracker.export.recap import ExportOptions
from tracker.export.theme import Palette, load_palette
from tracker.store.campaign_file import LoadedCampaign
from tracker.store.encounter_load import load


def campaign_html(loaded: LoadedCampaign, palette: Palette | None = None) -> str:
    """The whole campaign recap as a standalone HTML page (text colours that read, as
    ``render_html``)."""
    p = readable_palette(palette or load_palette(loaded.rules.theme))
    return html_page(loaded.campaign.state.title, _parts(loaded, p), p)


def _parts(loaded: LoadedCampaign, p: Palette) -> list[RenderableType]:
    state = loaded.campaign.state
    parts: list[RenderableType] = [
        Text(state.title, style=f"bold {p.primary}"),
        Text(
            f"{loaded.rules.title} · {counted(len(state.party), 'PC')}, "
            f"{counted(len(state.fights), 'fight')}"
        ),
        Text(""),
    ]
    for fight in state.fights:
        heading = Text(f"Fight {fight.link}: {fight.title}", style=f"bold {p.accent}")
        parts += [Text(""), Rule(heading, align="left", style=p.accent, characters="═")]
        parts.extend(_fight(fight_source(Path(fight.file), loaded.path.parent), p))
    party = Rule(
        Text("The party", style=f"bold {p.accent}"), align="left", style=p.accent, characters="═"
    )
    parts += [Text(""), party]
    rows = timelines(loaded)
    for who, member in state.party.items():
        parts += [
            Text(""),
            Text(member.name, style=f"bold {p.primary}"),
            _table(rows.get(who), p),
        ]
    return parts


def _fight(source: Path, p: Palette) -> list[RenderableType]:
    """One fight's recap (or, in one line, why it cannot be read)."""
    try:
        recap = recap_of(load(source), ExportOptions())
    except (TrackerError, OSError) as err:
        return [Text(one_line(err), style=f"italic {p.warning}"), Text("")]
    return page_parts(recap, p)


def _table(rows: list[Row] | None, p: Palette) -> RenderableType:
    if not rows:
        return Text("no changes", style=f"italic {muted(p)}")
    tracks = followed_tracks(rows)
    table = Table(header_style=f"bold {p.primary}", border_style=p.secondary, show_edge=False)
    table.add_column("#", justify="right")
    table.add_column("what")
    table.add_column("injuries")
    for track in tracks:
        table.add_column(track_label(track), justify="right")
    for seq, text, lasting in rows:
        values = [Text(str(lasting.tracks.get(t, "—"))) for t in tracks]
        table.add_row(Text(str(seq)), Text(text), _injuries(lasting, p), *values)
    return table


def _injuries(lasting: Lasting, p: Palette) -> Text:
    """The injuries a PC carries then (the dead marked first); user text as data."""
    cell = Text()
    if lasting.dead:
        cell.append(f"† dead ({lasting.dead})", style=f"bold {p.error}")
    for injury in lasting.injuries:
        if cell:
            cell.append("; ")
        cell.append(injury.label(), style=p.error if injury.lethal else "")
    return cell if cell else Text("—")
