"""A campaign as Markdown: every fight's recap in order, then each PC's timeline of
injuries, Stress, Trauma and every carried track that changed (Wounds, Shock, Fate …)
through write-backs, rests, treatment and the GM's changes.

Players' copies: the fights' recaps are the players' (hidden combatants and GM-only
notes left out). Every text is escaped.
"""

from __future__ import annotations

from pathlib import Path

from tracker.core import campaign_events as ce
from tracker.core.campaign import CampaignState, Lasting, track_label
from tracker.core.campaign_fold import apply, undone_batches
from tracker.core.errors import TrackerError, one_line
from tracker.core.model import evolve
from tracker.core.wording import counted
from tracker.export.formats import export_file, format_named
from tracker.export.markdown import escape, table
from tracker.export.recap import ExportOptions
from tracker.store.campaign_file import LoadedCampaign

TRACKS = ("stress", "trauma", "health")
"""The tracks a PC's timeline always follows (those the PC has); any other carried track
is followed where it changes (``followed_tracks``)."""


def campaign_markdown(loaded: LoadedCampaign) -> str:
    """The whole campaign recap as one Markdown document."""
    state = loaded.campaign.state
    fights = f"{counted(len(state.party), 'PC')}, {counted(len(state.fights), 'fight')}"
    out = [f"# {escape(state.title)}", "", f"*{escape(loaded.rules.title)} · {fights}*", ""]
    for fight in state.fights:
        out += [f"## Fight {fight.link}: {escape(fight.title)}", ""]
        out += _fight(Path(fight.file), loaded.path.parent)
    out += ["## The party", ""]
    rows = timelines(loaded)
    for who, member in state.party.items():
        out += [f"### {escape(member.name)}", ""] + _table(rows.get(who, []))
    return "\n".join(out).rstrip("\n") + "\n"


def fight_source(fight: Path, folder: Path) -> Path:
    """Where a fight's encounter file is (the campaign keeps it from its own folder)."""
    return fight if fight.is_absolute() else folder / fight


def _fight(path: Path, folder: Path) -> list[str]:
    """One fight's recap with its headings one level down (or why it is missing)."""
    source = fight_source(path, folder)
    try:
        text = export_file(source, format_named("md"), ExportOptions())
    except (TrackerError, OSError) as err:
        return [f"*{escape(one_line(err))}*", ""]
    lines = text.splitlines()[2:]  # its own title (and the blank after) is the heading
    return ["#" + line if line.startswith("#") else line for line in lines] + [""]


Row = tuple[int, str, Lasting]


def followed_tracks(rows: list[Row]) -> list[str]:
    """The tracks a PC's timeline shows, in the order the PC carries them: Stress, Trauma
    and Health where the PC has them, and every other carried track that changes along
    the way (HP, Wounds, a location's Critical Damage, Shock, Fate, Defiance failures …):
    a track that never moved, like an Evangelion's five unhurt locations, is no column."""
    carried = dict.fromkeys(track for _, _, lasting in rows for track in lasting.tracks)
    return [
        track
        for track in carried
        if track in TRACKS or len({lasting.tracks.get(track) for _, _, lasting in rows}) > 1
    ]


def timelines(loaded: LoadedCampaign) -> dict[str, list[Row]]:
    """Each PC's state after every command in force that changed them (seq, log line,
    the PC's lasting state then), for the Markdown and HTML recaps."""
    campaign = loaded.campaign
    undone = undone_batches(campaign.events)
    state: CampaignState = campaign.initial
    rows: dict[str, list[Row]] = {}
    for event in campaign.events:
        if event.batch in undone:
            state = evolve(state, seq=event.seq)
            continue
        state = apply(state, event)
        if isinstance(event, ce.PartyChanged):
            for who in event.party:
                rows.setdefault(who, []).append((event.seq, event.text, state.party[who].lasting))
    return rows


def _table(rows: list[Row]) -> list[str]:
    if not rows:
        return ["*no changes*", ""]
    tracks = followed_tracks(rows)
    head = ("#", "what", "injuries", *(track_label(t) for t in tracks))
    body = []
    for seq, text, lasting in rows:
        dead = [f"† dead ({lasting.dead})"] if lasting.dead else []
        injuries = "; ".join(dead + [i.label() for i in lasting.injuries]) or "—"
        values = [str(lasting.tracks.get(t, "—")) for t in tracks]
        body.append((str(seq), text, injuries, *values))
    numbers = (0, *range(3, len(head)))
    return [*table([head, *body], numbers), ""]
