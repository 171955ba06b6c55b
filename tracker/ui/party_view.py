"""What the party screen says, as Rich ``Text``: the header, a PC's row, their tracks,
the fights played. Names, titles and notes are data: they are appended to ``Text``,
made visible (no control bytes), never parsed as markup."""

from __future__ import annotations

from rich.text import Text

from tracker.core.campaign import CampaignState, Fight, Lasting, PartyMember, track_label
from tracker.core.safe_text import visible
from tracker.core.wording import counted
from tracker.rules.downtime import Downtime


def header(state: CampaignState, file_name: str) -> Text:
    """``Party · Tokyo-3 · nerv-d100 · 2 PCs · 1 fight · tokyo.toml``."""
    counts = f"{counted(len(state.party), 'PC')} · {counted(len(state.fights), 'fight')}"
    return Text.assemble(
        ("Party", "bold"),
        " · ",
        (visible(state.title), "bold"),
        " · ",
        (visible(state.ruleset), "italic"),
        f" · {counts} · ",
        visible(file_name),
    )


MARKS = 5
"""Injuries the party list marks one by one; more are counted."""


def member_row(member: PartyMember) -> Text:
    """A PC in the party list: the name, a dagger if dead, a mark per injury (``✖✖✖``)
    up to five, then counted (``✖×6``): never fewer marks than injuries."""
    row = Text(visible(member.name), style="strike" if member.lasting.dead else "")
    if member.lasting.dead:
        row.append(" †", "bold")
    hurt = len(member.lasting.injuries)
    if hurt:
        row.append("  " + ("✖" * hurt if hurt <= MARKS else f"✖×{hurt}"), "bold")
    row.no_wrap = True
    row.overflow = "ellipsis"
    return row


def tracks(member: PartyMember, downtime: Downtime) -> Text:
    """Everything that lasts for one PC, but the injuries (the body chart draws them)."""
    lasting = member.lasting
    out = Text()
    if lasting.dead:
        out.append("† dead", "bold")
        out.append(f" — {visible(lasting.dead)}\n")
    out.append_text(_track_line(lasting))
    for injury in lasting.injuries:
        if injury.heal:
            out.append(f"\n{visible(injury.label())}: heals in {injury.heal}")
    _listed(out, "Conditions", [c.name for c in lasting.conditions])
    _listed(out, "Drawbacks", list(lasting.drawbacks))
    for note in downtime.notes(member):
        out.append("\n")
        out.append(visible(note), "italic")
    return out


def _track_line(lasting: Lasting) -> Text:
    line = Text()
    for index, (name, value) in enumerate(lasting.tracks.items()):
        if index:
            line.append(" · ", "dim")
        top = lasting.limits.get(name)
        line.append(f"{track_label(name)} ")
        line.append(f"{value}" + (f"/{top}" if top is not None else ""), "bold")
    if not lasting.tracks:
        line.append("no tracks", "italic")
    return line


def _listed(out: Text, heading: str, names: list[str]) -> None:
    if names:
        out.append(f"\n{heading}: ", "bold")
        out.append(", ".join(visible(n) for n in names))


def fight_row(fight: Fight) -> Text:
    """A fight in the Fights list: its number and title, whether it is written back."""
    row = Text(f"{fight.link} ")
    row.append(visible(fight.title))
    row.append(" ✓ written back" if fight.written else " · not written back", "dim")
    row.no_wrap = True
    row.overflow = "ellipsis"
    return row


NO_FIGHT = "none yet — f starts the first"
