"""Into a fight and out of it: an encounter file made from the party, and its write-back.

Into: the encounter's roster is the party's roster entries; its first command (one
batch) sets each PC's carried tracks, injuries and conditions as events, so folding
stays the only way state changes; ``[encounter] campaign = "ID/N"`` says it belongs to
fight N of the campaign, and ``campaign_file`` where the campaign file is (from the
encounter's folder), so the TUI can offer the write-back when the fight ends. Out: what
the fight left on each PC, compared with the party as it stands, for the GM to confirm as
one campaign event.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tracker.core.campaign import CampaignState, Lasting, PartyMember, changes
from tracker.core.campaign_events import FightMade, WrittenBack
from tracker.core.campaign_fold import Campaign, find_member, now_utc, party_tables
from tracker.core.campaign_merge import laid_on
from tracker.core.codec import to_table
from tracker.core.draft import Draft
from tracker.core.errors import RuleError, TrackerError
from tracker.core.model import EncounterState
from tracker.core.safe_text import TITLE_LIMIT, text_problem
from tracker.rules.base import Ruleset
from tracker.store.campaign_entered import entered_with
from tracker.store.campaign_journal import OpenCampaign
from tracker.store.campaign_load import LoadedCampaign
from tracker.store.campaign_party import FILE_KEY, ID_KEY, LINK_KEY
from tracker.store.encounter_load import load
from tracker.store.encounter_read import initial_state
from tracker.store.errors import JournalError
from tracker.store.journal import create_document
from tracker.store.locator import Locator
from tracker.store.upgrade import CURRENT_FORMAT


def next_link(play: OpenCampaign) -> int:
    """The next fight number (never reused, even after an undo)."""
    return next_number(play.campaign)


def next_number(campaign: Campaign) -> int:
    """The number the campaign's next fight gets (never reused, even after an undo)."""
    made = [e.link for e in campaign.events if isinstance(e, FightMade)]
    return max(made, default=0) + 1


def make_fight(
    play: OpenCampaign, path: Path, title: str = "", who: Sequence[str] = ()
) -> FightMade:
    """Record a new fight in the campaign, then write its encounter file with the party (or
    ``who``) as they stand. All or nothing: a failure leaves neither file changed, and a
    crash between the two leaves a fight whose file is missing, which the campaign's next
    opening makes (:mod:`tracker.store.campaign_cut_short`)."""
    if os.path.lexists(path):
        raise JournalError(path, "already exists — pick another name for the encounter")
    state = play.campaign.state
    members = fighting(state, who)
    link = next_link(play)
    title = title or f"{state.title}: fight {link}"
    problem = text_problem(title, "the title", TITLE_LIMIT)
    if problem:
        raise RuleError(problem)
    event = play.campaign.make(
        FightMade,
        link=link,
        file=_where(path, play.path),
        title=title,
        fight_id=secrets.token_hex(8),
        who=tuple(m.id for m in members),
        text=f"Fight {link}: {title} ({', '.join(m.name for m in members)}) — {path}",
    )
    head, carried = fight_document(play, event, members, path)
    size = play.keep(event)
    try:
        write_fight(path, head, carried)
    except BaseException:
        try:
            play.take_back(size)
        except JournalError:
            pass  # the fight stays pending: the campaign's next opening makes its file
        raise
    return event


def fight_document(
    play: OpenCampaign, event: FightMade, members: list[PartyMember], path: Path
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The encounter file of the fight ``event`` records: its head and first command."""
    head = _head(play, members, event.title, event.link, _where(play.path, path))
    head["encounter"][ID_KEY] = event.fight_id
    return head, _carried(play, head, members, path)


def write_fight(path: Path, head: dict[str, Any], carried: list[dict[str, Any]]) -> None:
    """Write a fight's encounter file (atomically) and check that it loads; on failure
    nothing of it is left (a name already taken is refused and left alone)."""
    create_document(path, head, carried)
    try:
        load(path)
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def fighting(state: CampaignState, who: Sequence[str] = ()) -> list[PartyMember]:
    """The PCs a new fight takes: those named in ``who``, else every living PC (the dead
    are left out unless named); RuleError when nobody is left."""
    if who:
        chosen = [find_member(state, w) for w in who]
        return list({m.id: m for m in chosen}.values())
    if not state.party:
        raise RuleError("the party is empty — `tracker campaign add-pc` first")
    living = [m for m in state.party.values() if not m.lasting.dead]
    if not living:
        raise RuleError("every PC of the party is dead — name the PCs to play with --only PC …")
    return living


BRING_IN = "`--only` with their name brings them in"
"""How the command line brings a dead PC into a new fight."""


def left_out(state: CampaignState, who: Sequence[str] = (), bring: str = BRING_IN) -> list[str]:
    """One line per dead PC a new fight leaves out (none when the GM named the PCs), with
    how to ``bring`` them in all the same."""
    if who:
        return []
    return [
        f"{m.name} is dead ({m.lasting.dead}): left out — {bring}"
        for m in state.party.values()
        if m.lasting.dead
    ]


def _where(path: Path, other: Path) -> str:
    """``path`` as ``other`` keeps it: from ``other``'s folder (the encounter's path in the
    campaign, the campaign's path in the encounter)."""
    try:
        return os.path.relpath(path.resolve(), other.resolve().parent)
    except ValueError:  # another drive (Windows)
        return str(path.resolve())


def _head(
    play: OpenCampaign, members: list[PartyMember], title: str, link: int, where: str
) -> dict[str, Any]:
    encounter: dict[str, Any] = {
        "title": title,
        "ruleset": play.rules.id,
        LINK_KEY: f"{play.campaign.state.id}/{link}",
        FILE_KEY: where,
    }
    if play.campaign.state.options:
        encounter["options"] = dict(play.campaign.state.options)
    roster = [dict(m.entry) for m in members]
    return {"format": CURRENT_FORMAT, "encounter": encounter, "combatants": roster}


def _carried(
    play: OpenCampaign, head: dict[str, Any], members: list[PartyMember], path: Path
) -> list[dict[str, Any]]:
    """The encounter's first command: each PC's lasting state as events."""
    draft = _carry_in(play.rules, play.campaign.state.title, head, members, path)
    return [to_table(event) for event in draft.events]


def _carry_in(
    rules: Ruleset, title: str, head: dict[str, Any], members: list[PartyMember], path: Path
) -> Draft:
    initial = initial_state(head, rules, Locator(path))
    draft = Draft(initial, now_utc())
    draft.say(f"The party comes from the campaign {title}")
    downtime = rules.downtime()
    for member in members:
        downtime.carry_in(draft, member)
    return draft


def party_board(loaded: LoadedCampaign) -> EncounterState:
    """Every PC (the dead too) as they would enter a fight now, as an encounter's state:
    what the party screen's body charts draw. TrackerError if a roster entry is broken."""
    state = loaded.campaign.state
    return _board(loaded.rules, state.title, list(state.party.values()), loaded.path)


def _board(rules: Ruleset, title: str, members: list[PartyMember], path: Path) -> EncounterState:
    encounter = {"title": title, "ruleset": rules.id}
    head = {"format": CURRENT_FORMAT, "encounter": encounter}
    head["combatants"] = [dict(m.entry) for m in members]
    return _carry_in(rules, title, head, members, path).state


def _as_they_stand(play: OpenCampaign, members: list[PartyMember]) -> dict[str, Lasting]:
    """Each of ``members`` as a fight made now would take them in and out again (what
    ``entered_with`` read from a fight, for the same PC, if the campaign has not moved)."""
    board = _board(play.rules, play.campaign.state.title, members, play.path)
    downtime = play.rules.downtime()
    return {m.id: downtime.carry_out(board.combatant(m.id), m.lasting) for m in members}


UNRESOLVED = "! still open in the fight, not carried: "
"""How the summary starts a reminder the fight left unresolved on a PC."""

OUTSIDE = "not in the party (left it, or never joined) — nothing is written back"
"""What the summary says of a PC of the fight the party does not hold."""

MOVED_ON = (
    "(changed in the campaign since this fight began: only what this fight did is "
    "written, onto them as they stand)"
)
"""What the summary says under a PC the campaign changed while the fight was played."""


class WrittenAlready(TrackerError):
    """The fight is written back already (``campaign undo`` takes it back)."""


@dataclass
class WriteBack:
    """What a fight left on the party: each PC's new state and the lines that say so.

    ``after`` is what is written back; when the GM edited a PC before confirming,
    ``left`` keeps what the fight itself left on them (``edits`` says the difference).
    """

    link: int
    title: str
    ended: bool
    after: dict[str, Lasting] = field(default_factory=dict)
    lines: dict[str, list[str]] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    left: dict[str, Lasting] = field(default_factory=dict)
    counted: str = ""
    """The track that counts injuries (nerv-d100's Injuries), if the ruleset has one: an
    injury the GM leaves out of the write-back takes one off it."""
    unresolved: dict[str, list[str]] = field(default_factory=dict)
    """Each PC's reminders still open in the fight (a critical rolled and never entered,
    a test never made): nothing carries them, so the summary names them."""
    outside: list[str] = field(default_factory=list)
    """The names of the fight's PCs who are not in the party (they left it, or never
    joined): nothing is written back for them, and the summary says so."""
    moved_on: list[str] = field(default_factory=list)
    """The PCs the campaign changed since they entered the fight (another fight written
    back, a rest): what the fight did is laid on them as they stand (``MOVED_ON``)."""

    def event(self, play: OpenCampaign) -> WrittenBack:
        """The one campaign event that writes it back (the GM's edits in its text)."""
        party = play.campaign.state.party
        names = ", ".join(party[w].name for w in self.after) or "nobody"
        text = f"Fight {self.link} ({self.title}) written back: {names}"
        for who in self.after:
            edits = self.edits(who)
            if edits:
                text += f"; {party[who].name} edited by the GM: {', '.join(edits)}"
        return play.campaign.make(
            WrittenBack,
            link=self.link,
            party=party_tables(self.after),
            skipped=tuple(self.skipped),
            text=text,
        )

    def choose(self, skipped: Collection[str]) -> WriteBack:
        """The same write-back, leaving the PCs in ``skipped`` as they were."""
        kept = [who for who in self.after if who not in skipped]
        return WriteBack(
            self.link,
            self.title,
            self.ended,
            after={who: self.after[who] for who in kept},
            lines={who: self.lines[who] for who in kept},
            skipped=[*self.skipped, *(who for who in self.after if who in skipped)],
            left={who: self.left[who] for who in kept if who in self.left},
            counted=self.counted,
            unresolved={who: self.unresolved[who] for who in kept if who in self.unresolved},
            outside=self.outside,
            moved_on=[who for who in self.moved_on if who in kept],
        )

    def edited(self, who: str, after: Lasting, before: Lasting) -> WriteBack:
        """The same write-back with ``who`` carrying ``after`` (the GM's edit of what the
        fight left); ``before`` is the PC as the campaign has them, for the summary."""
        return replace(
            self,
            after={**self.after, who: after},
            lines={**self.lines, who: changes(before, after)},
            left={**self.left, who: self.fought(who)},
        )

    def fought(self, who: str) -> Lasting:
        """What the fight itself left on ``who``, before any edit."""
        return self.left.get(who, self.after[who])

    def edits(self, who: str) -> list[str]:
        """The GM's changes to what the fight left on ``who`` (none: as the fight left them)."""
        return changes(self.left[who], self.after[who]) if who in self.left else []

    def summary(self, party: Mapping[str, PartyMember]) -> list[str]:
        """The per-PC summary the GM confirms (the CLI prints it, the TUI shows it)."""
        said = [
            f"Fight {self.link}: {self.title}"
            + ("" if self.ended else " (the fight has not ended)")
        ]
        for who, lines in self.lines.items():
            said.append(f"{party[who].name}:" + ("" if lines else " no change"))
            if who in self.moved_on:
                said.append(f"  {MOVED_ON}")
            said.extend(f"  {line}" for line in lines)
            said.extend(f"  edited by the GM: {line}" for line in self.edits(who))
            said.extend(f"  {UNRESOLVED}{text}" for text in self.unresolved.get(who, []))
        said.extend(f"{party[who].name}: skipped (stays as they were)" for who in self.skipped)
        said.extend(f"{name}: {OUTSIDE}" for name in self.outside)
        return said


def plan_writeback(play: OpenCampaign, path: Path, skip: Sequence[str] = ()) -> WriteBack:
    """Compare the encounter's PCs with the party; RuleError if the encounter is not one
    of this campaign's fights (or not the file the campaign made as that fight), or is
    written back already; JournalError if it is damaged in mid-journal (what it holds
    after the damage would be lost to the campaign)."""
    loaded = load(path)
    if loaded.torn is not None and loaded.torn.damage:
        line, col = loaded.torn.damage_at
        repair = f"`tracker check --repair {path}` keeps the damaged part aside first"
        said = f"{loaded.torn.damage} — nothing is written back ({repair})"
        raise JournalError(path, said, line, col)
    table = loaded.head.get("encounter", {})
    link = _link(play, table.get(LINK_KEY), path, table.get(ID_KEY, ""))
    state = play.campaign.state
    skipped = [find_member(state, w).id for w in skip]
    fight_state = loaded.encounter.state
    downtime = play.rules.downtime()
    ended = fight_state.phase == "ended"
    plan = WriteBack(link, fight_state.title, ended, skipped=skipped, counted=downtime.injury_track)
    fought = fight_state.combatants.values()
    plan.outside = [f.name for f in fought if f.side == "pc" and f.id not in state.party]
    entered = entered_with(loaded.encounter, downtime, state.party)
    today = _as_they_stand(play, [state.party[who] for who in entered])
    for member in state.party.values():
        fighter = fight_state.combatants.get(member.id)
        if fighter is None or member.id in skipped:
            continue
        after = downtime.carry_out(fighter, member.lasting)
        if member.id in entered and entered[member.id] != today[member.id]:
            after = laid_on(member.lasting, entered[member.id], after)
            plan.moved_on.append(member.id)
        if fighter.status == "dead" and not after.dead:
            after = replace(after, dead=f"fight {link}: {fight_state.title}")
        plan.after[member.id] = after
        plan.lines[member.id] = changes(member.lasting, after)
        still = [r.text for r in fight_state.reminders if r.who == member.id]
        if still:
            plan.unresolved[member.id] = still
    return plan


def _link(play: OpenCampaign, tag: object, path: Path, fight_id: object) -> int:
    state = play.campaign.state
    owner, _, number = str(tag).partition("/") if isinstance(tag, str) else ("", "", "")
    if owner != state.id or not number.isdigit():
        raise RuleError(
            f"{path} is not a fight of the campaign {state.title} (it was not made with "
            "`tracker campaign fight`): nothing is written back"
        )
    fight = state.fight(int(number)) if number.isascii() else None
    if fight is None:
        raise RuleError(
            f"fight {number} is not in the campaign (undone, or cut short while it was "
            "being made): nothing is written back"
        )
    if fight.fight_id and fight.fight_id != fight_id:
        raise RuleError(
            f"{path} is not the file the campaign made as fight {number} ({fight.file}): "
            "nothing is written back"
        )
    if fight.written:
        raise WrittenAlready(
            f"fight {number} is written back already — `tracker campaign undo` takes it back"
        )
    return fight.link
