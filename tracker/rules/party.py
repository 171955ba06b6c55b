"""The party's commands between fights, decided against the campaign and the ruleset.

Each returns the one campaign event its command makes (not yet stored) and, where the
GM should read more than the log line, the lines to show. A refusal is a RuleError.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from tracker.core.campaign import CarriedInjury, Lasting, PartyMember
from tracker.core.campaign_changes import in_range
from tracker.core.campaign_events import (
    LastingSet,
    PcJoined,
    PcLeft,
    PcRenamed,
    ReadingChosen,
    Rested,
    Treated,
)
from tracker.core.campaign_fold import Campaign, party_tables
from tracker.core.dice import Dice
from tracker.core.errors import RuleError
from tracker.core.model import Condition
from tracker.core.protocol import DiceLike
from tracker.core.safe_text import NAME_LIMIT, NOTE_LIMIT, WORD_LIMIT, text_problem
from tracker.rules.base import NUMBER_LIMIT, RosterError, Ruleset
from tracker.rules.readings import find, parse_choice


def join(
    campaign: Campaign, rules: Ruleset, entry: Mapping[str, Any], rolled: Sequence[str] = ()
) -> PcJoined:
    """A PC joins with a roster entry (checked as an encounter's ``[[combatants]]``);
    ``rolled`` says the dice its stats were rolled with (``hp 1d6 = 4 [4]``), in the
    event's text as ``add`` says them in the log."""
    entry = {**entry, "side": "pc"}
    try:
        lasting = rules.downtime().starting(entry)
    except RosterError as err:
        raise RuleError(str(err)) from None
    who = str(entry["id"])
    if who in campaign.state.party:
        raise RuleError(f"the party already has a PC with id {who!r}")
    return campaign.make(
        PcJoined,
        who=who,
        entry=dict(entry),
        party=party_tables({who: lasting}),
        text=f"{entry['name']} joins the party" + (f": {', '.join(rolled)}" if rolled else ""),
    )


def rename(campaign: Campaign, who: str, name: str) -> PcRenamed:
    """The PC goes by ``name`` from now on (checked as a roster name is)."""
    member = campaign.member(who)
    name = name.strip()
    problem = text_problem(name, "the name", NAME_LIMIT) or ("" if name else "the name is empty")
    if problem:
        raise RuleError(problem)
    if name == member.name:
        raise RuleError(f"{member.name} goes by that name already")
    text = f"{member.name} goes by {name} from now on"
    return campaign.make(PcRenamed, who=member.id, name=name, text=text)


def leave(campaign: Campaign, who: str) -> PcLeft:
    """The PC leaves the party: no longer in its next fights, rests or write-backs."""
    member = campaign.member(who)
    return campaign.make(PcLeft, who=member.id, text=f"{member.name} leaves the party")


def rest(
    campaign: Campaign,
    rules: Ruleset,
    kind: str,
    who: Sequence[str] = (),
    dice: DiceLike | None = None,
) -> tuple[Rested, dict[str, list[str]]]:
    """A rest of ``kind`` for the party (or ``who``), as the ruleset's text states it; what
    the time passed calls for (death rolls) is rolled with ``dice`` (real dice if None)."""
    dice = dice if dice is not None else Dice()
    downtime = rules.downtime().reading_as(campaign.state.options)
    kind = kind.casefold()
    if kind not in downtime.rests:
        raise RuleError(downtime.no_rest(kind))
    living = [m for m in campaign.state.party.values() if not m.lasting.dead]
    chosen = [campaign.member(w) for w in who] or living
    members = list({m.id: m for m in chosen}.values())
    if not members:
        raise RuleError("nobody to rest: the party is empty or dead — `tracker campaign add-pc`")
    after: dict[str, Lasting] = {}
    lines: dict[str, list[str]] = {}
    for member in members:
        rested, said = downtime.rest(kind, member)
        after[member.id], more = downtime.time_passes(kind, member, rested, dice)
        lines[member.id] = said + more
    names = ", ".join(m.name for m in members)
    event = campaign.make(
        Rested, kind=kind, party=party_tables(after), text=f"{downtime.label(kind)}: {names}"
    )
    return event, lines


TreatHow = Callable[[PartyMember, CarriedInjury], str]
"""How the GM treats the PC's injury (``campaign treat`` or a key on the party screen)."""


def treat_command(campaign_path: str) -> TreatHow:
    """``tracker campaign treat PATH PC INJURY`` as the GM would type it."""

    def how(member: PartyMember, injury: CarriedInjury) -> str:
        words = [campaign_path, member.name, f"{injury.location}:{injury.name}"]
        return f"`tracker campaign treat {shlex.join(words)}`"

    return how


AS_TYPED = treat_command("CAMPAIGN")
"""``campaign treat`` with the campaign file left for the GM to name."""


def set_value(
    campaign: Campaign,
    rules: Ruleset,
    who: str,
    key: str,
    value: str,
    treat_how: TreatHow = AS_TYPED,
) -> LastingSet:
    """The GM's change where the text is silent: a track (``stress 2``), its maximum
    (``max.fate 3``), a condition or drawback (``-`` first removes it), a healing time
    (``heal@INJURY N``), a death (``dead "how"``; ``dead -`` undoes it). Removing a
    condition a carried injury keeps on is refused, saying ``treat_how`` the injury."""
    member = campaign.member(who)
    problem = text_problem(value, "the value", NOTE_LIMIT) or text_problem(
        key, "the key", WORD_LIMIT
    )
    if problem:
        raise RuleError(problem)
    if key.casefold() == "condition" and value.startswith("-"):
        _not_kept_by_injury(rules, member, value[1:].strip(), treat_how)
    lasting = _changed(member, key.casefold(), value)
    return campaign.make(
        LastingSet,
        who=member.id,
        key=key,
        value=value,
        party=party_tables({member.id: lasting}),
        text=f"{member.name}: {key} = {value} (GM)",
    )


def _not_kept_by_injury(rules: Ruleset, member: PartyMember, name: str, how: TreatHow) -> None:
    """A RuleError when a carried injury keeps ``name`` on and no stored one can go."""
    injury = rules.downtime().kept_by_injury(member, name)
    if injury is None or member.lasting.has(name):
        return
    raise RuleError(
        f"{name} comes from {member.name}'s injury {injury.label()} — it ends when that "
        f"injury is treated ({how(member, injury)})"
    )


def _changed(member: PartyMember, key: str, value: str) -> Lasting:
    lasting = member.lasting
    if key in ("condition", "drawback"):
        return _listed(lasting, key, value)
    if key == "dead":
        how = value.strip()
        return replace(lasting, dead="" if how in ("-", "") else how)
    if key.startswith("heal@"):
        injury = find_injury(member, key[5:])
        healed = replace(injury, heal=_number(key, value, 0))
        injuries = tuple(healed if i is injury else i for i in lasting.injuries)
        return replace(lasting, injuries=injuries)
    if key.startswith("max."):
        track = key[4:]
        return replace(lasting, limits={**lasting.limits, track: _number(key, value, 0)})
    if key not in lasting.tracks:
        known = ", ".join(lasting.tracks) or "none"
        raise RuleError(
            f"{member.name} has no track {key!r} — tracks: {known}; also max.TRACK, "
            "condition, drawback, heal@INJURY, dead"
        )
    number = in_range(lasting, key, _number(key, value, -NUMBER_LIMIT))
    return replace(lasting, tracks={**lasting.tracks, key: number})


def _listed(lasting: Lasting, key: str, value: str) -> Lasting:
    gone = value.startswith("-")
    name = value[1:].strip() if gone else value.strip()
    if not name:
        raise RuleError(f'which {key}? e.g. `{key} "Ego Fracture"` (a leading - removes it)')
    if key == "drawback":
        kept = tuple(d for d in lasting.drawbacks if d.casefold() != name.casefold())
        return replace(lasting, drawbacks=kept if gone else (*kept, name))
    held = tuple(c for c in lasting.conditions if c.name.casefold() != name.casefold())
    if gone and len(held) == len(lasting.conditions):
        raise RuleError(f"no condition {name!r} to remove")
    return replace(lasting, conditions=held if gone else (*held, Condition(name)))


def _number(key: str, value: str, lowest: int) -> int:
    try:
        number = int(value)
    except ValueError:
        raise RuleError(f"{key} takes a whole number, not {value!r}") from None
    if not lowest <= number <= NUMBER_LIMIT:
        raise RuleError(f"{key} = {number} is out of range ({lowest} to {NUMBER_LIMIT})")
    return number


def find_injury(member: PartyMember, wanted: str) -> CarriedInjury:
    """An injury by its number (``23``), name or ``location:name`` prefix, case-insensitive."""
    text = wanted.strip().casefold()
    found = [i for i in member.lasting.injuries if _matches(i, text)]
    if len(found) == 1:
        return found[0]
    has = "; ".join(i.label() for i in member.lasting.injuries) or "no injuries"
    what = "more than one injury" if found else "no injury"
    raise RuleError(f"{what} of {member.name} matches {wanted!r} — has: {has}")


def _matches(injury: CarriedInjury, text: str) -> bool:
    if text.isascii() and text.isdigit():
        return injury.score == int(text)
    where, _, name = text.rpartition(":")
    if where and injury.location.casefold() != where.strip():
        return False
    return injury.name.casefold().startswith(name.strip())


def treat(campaign: Campaign, rules: Ruleset, who: str, injury: str, note: str) -> Treated:
    """The GM records treatment: the injury is healed, with a note."""
    member = campaign.member(who)
    problem = text_problem(note, "the note", NOTE_LIMIT)
    if problem:
        raise RuleError(problem)
    healed = find_injury(member, injury)
    lasting = rules.downtime().treat(member.lasting, healed)
    said = f": {note}" if note else ""
    return campaign.make(
        Treated,
        who=member.id,
        injury=healed.label(),
        note=note,
        party=party_tables({member.id: lasting}),
        text=f"{member.name}'s {healed.label()} is treated{said}",
    )


def choose_reading(campaign: Campaign, rules: Ruleset, key: str, choice: str) -> ReadingChosen:
    """The campaign reads the open rule ``key`` as ``choice`` from now on: its next fights
    start so, its rests read so (RuleError naming the readings or the choices)."""
    reading = find(rules.readings(), key)
    _key, wanted = parse_choice(rules.readings(), f"{reading.key}={choice}")
    if reading.chosen(campaign.state.options) == wanted:
        raise RuleError(f"'{reading.key}' is read as '{wanted}' already")
    text = f"Reading {reading.key} = {wanted}: {reading.meaning(wanted)}"
    return campaign.make(ReadingChosen, key=reading.key, value=wanted, text=text)
