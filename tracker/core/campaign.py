"""A campaign's party between fights: each PC's roster entry and their lasting state.

State is immutable and changes only by folding campaign events
(``tracker.core.campaign_fold``). A PC's *lasting state* is what outlives a fight: the
tracks the ruleset names (Stress, Trauma, Fate, Health, supplies …), injuries by location
with their effects and healing time, conditions that last (Ego Fracture …) and
permanent drawbacks (a nerv-d100 Disorder). Tables here are what the journal stores.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from tracker.core.errors import EventFormatError, RuleError
from tracker.core.grammar import parse_int
from tracker.core.model import Condition
from tracker.core.wording import track_label


@dataclass(frozen=True)
class CarriedInjury:
    """An injury or critical a PC carries: ``heal`` is the healing time left (in the
    ruleset's rest unit; 0: it stays until the GM records treatment)."""

    location: str
    score: int
    name: str
    effect: str = ""
    lethal: bool = False
    heal: int = 0

    def label(self) -> str:
        """``Leg 2 Broken Toes`` — where, the score, the name."""
        return f"{self.location.title()} {self.score} {self.name}"


@dataclass(frozen=True)
class Lasting:
    """What a PC carries from one fight to the next."""

    tracks: Mapping[str, int] = field(default_factory=dict)
    limits: Mapping[str, int] = field(default_factory=dict)
    injuries: tuple[CarriedInjury, ...] = ()
    conditions: tuple[Condition, ...] = ()
    drawbacks: tuple[str, ...] = ()
    dead: str = ""
    """How the PC died (``fight 2: Sachiel``); empty while they live. A new fight
    leaves the dead out unless the GM names them."""

    def track(self, name: str, default: int = 0) -> int:
        """The value of a track, or ``default``."""
        return self.tracks.get(name, default)

    def has(self, condition: str) -> bool:
        """Whether the PC carries the condition ``condition`` (case-insensitive)."""
        return any(c.name.casefold() == condition.casefold() for c in self.conditions)


@dataclass(frozen=True)
class PartyMember:
    """One PC: the roster entry (as an encounter's ``[[combatants]]`` table) and what lasts."""

    id: str
    name: str
    entry: Mapping[str, Any]
    lasting: Lasting


@dataclass(frozen=True)
class Fight:
    """An encounter made from the campaign; ``link`` is its number in the campaign,
    ``fight_id`` the identity its encounter file carries ("" for old fights)."""

    link: int
    file: str
    title: str
    written: bool = False
    fight_id: str = ""


@dataclass(frozen=True)
class CampaignState:
    """Everything known about the campaign after folding its journal up to ``seq``."""

    id: str = ""
    title: str = ""
    ruleset: str = "basic"
    seq: int = 0
    party: Mapping[str, PartyMember] = field(default_factory=dict)
    fights: tuple[Fight, ...] = ()
    undone: frozenset[int] = frozenset()
    options: Mapping[str, str] = field(default_factory=dict)
    """The campaign's readings (``[campaign.options]``, then ``reading.chosen`` events):
    every fight it makes starts with them, and rests read by them."""

    def fight(self, link: int) -> Fight | None:
        """The fight numbered ``link``, if the campaign made it (and it is not undone)."""
        return next((f for f in self.fights if f.link == link), None)


# --- tables (what the journal stores) -------------------------------------------------


def lasting_table(lasting: Lasting) -> dict[str, Any]:
    """A lasting state as a TOML-able table (empty parts left out)."""
    table: dict[str, Any] = {"tracks": dict(lasting.tracks)}
    if lasting.limits:
        table["limits"] = dict(lasting.limits)
    if lasting.injuries:
        table["injuries"] = [_injury_table(i) for i in lasting.injuries]
    if lasting.conditions:
        table["conditions"] = [_condition_table(c) for c in lasting.conditions]
    if lasting.drawbacks:
        table["drawbacks"] = list(lasting.drawbacks)
    if lasting.dead:
        table["dead"] = lasting.dead
    return table


def _injury_table(injury: CarriedInjury) -> dict[str, Any]:
    table: dict[str, Any] = {"location": injury.location, "score": injury.score}
    table["name"] = injury.name
    if injury.effect:
        table["effect"] = injury.effect
    if injury.lethal:
        table["lethal"] = True
    if injury.heal:
        table["heal"] = injury.heal
    return table


def _condition_table(condition: Condition) -> dict[str, Any]:
    table: dict[str, Any] = {"name": condition.name}
    if condition.category:
        table["category"] = condition.category
    if condition.level:
        table["level"] = condition.level
    return table


def lasting_from(table: object, what: str = "lasting") -> Lasting:
    """Read a lasting-state table back; EventFormatError names what is wrong."""
    data = _mapping(table, what)
    injuries = tuple(_injury(t, what) for t in _list(data.get("injuries", []), what))
    conditions = tuple(_condition(t, what) for t in _list(data.get("conditions", []), what))
    drawbacks = _list(data.get("drawbacks", []), what)
    if not all(isinstance(d, str) for d in drawbacks):
        raise EventFormatError(f"{what}: drawbacks must be text", what)
    dead = data.get("dead", "")
    if not isinstance(dead, str):
        raise EventFormatError(f"{what}: dead must be text (how the PC died)", what)
    return Lasting(
        tracks=_numbers(data.get("tracks", {}), what),
        limits=_numbers(data.get("limits", {}), what),
        injuries=injuries,
        conditions=conditions,
        drawbacks=tuple(drawbacks),
        dead=dead,
    )


def _mapping(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise EventFormatError(f"{what} must be a table", what)
    return value


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise EventFormatError(f"{what} must hold lists where it lists things", what)
    return value


def _numbers(value: object, what: str) -> dict[str, int]:
    table = _mapping(value, what)
    for key, number in table.items():
        if not isinstance(number, int) or isinstance(number, bool):
            raise EventFormatError(f"{what}: {key} must be a whole number", what)
    return dict(table)


def _injury(value: object, what: str) -> CarriedInjury:
    table = _mapping(value, what)
    try:
        injury = CarriedInjury(
            location=str(table["location"]),
            score=int(table["score"]),
            name=str(table["name"]),
            effect=str(table.get("effect", "")),
            lethal=bool(table.get("lethal", False)),
            heal=int(table.get("heal", 0)),
        )
    except (KeyError, TypeError, ValueError):
        raise EventFormatError(f"{what}: an injury needs location, score and name", what) from None
    return injury


def _condition(value: object, what: str) -> Condition:
    table = _mapping(value, what)
    if not isinstance(table.get("name"), str):
        raise EventFormatError(f"{what}: a condition needs a name", what)
    return Condition(
        name=table["name"],
        category=str(table.get("category", "")),
        level=int(table.get("level", 0)),
    )


# --- what changed ----------------------------------------------------------------------


def changes(before: Lasting, after: Lasting) -> list[str]:
    """The differences a GM reads before confirming: tracks, injuries, conditions."""
    lines = []
    for name in sorted({*before.tracks, *after.tracks}):
        old, new = before.tracks.get(name), after.tracks.get(name)
        if old != new:
            lines.append(f"{track_label(name)} {_shown(old)} → {_shown(new)}")
    gained = [i for i in after.injuries if i not in before.injuries]
    lost = [i for i in before.injuries if i not in after.injuries]
    lines += [f"+ injury {i.label()}{_effect(i)}" for i in gained]
    lines += [f"− injury {i.label()}" for i in lost]
    old_names = {c.name for c in before.conditions}
    new_names = {c.name for c in after.conditions}
    lines += [f"+ {name}" for name in sorted(new_names - old_names)]
    lines += [f"− {name}" for name in sorted(old_names - new_names)]
    lines += [f"+ drawback {d}" for d in after.drawbacks if d not in before.drawbacks]
    lines += [f"− drawback {d}" for d in before.drawbacks if d not in after.drawbacks]
    if after.dead and not before.dead:
        lines.append(f"† dead ({after.dead})")
    elif before.dead and not after.dead:
        lines.append("no longer dead")
    return lines


def _shown(value: int | None) -> str:
    return "—" if value is None else str(value)


def _effect(injury: CarriedInjury) -> str:
    extra = f": {injury.effect}" if injury.effect else ""
    lethal = " (lethal)" if injury.lethal else ""
    heal = f" (heals in {injury.heal})" if injury.heal else ""
    return f"{extra}{lethal}{heal}"


def describe(lasting: Lasting) -> list[str]:
    """A PC's lasting state as lines: tracks, then injuries, conditions, drawbacks."""
    tracks = []
    for name, value in lasting.tracks.items():
        top = lasting.limits.get(name)
        tracks.append(f"{track_label(name)} {value}" + (f"/{top}" if top is not None else ""))
    lines = [f"† dead ({lasting.dead})"] if lasting.dead else []
    lines += ["  ".join(tracks)] if tracks else []
    lines += [f"injury {i.label()}{_effect(i)}" for i in lasting.injuries]
    lines += [f"condition {c.name}" for c in lasting.conditions]
    lines += [f"drawback {d}" for d in lasting.drawbacks]
    return lines


# --- what the GM can change -----------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One thing the GM can change about a PC: ``key`` as ``campaign set`` (or the
    write-back edit) reads it, the ``value`` prefilled (``typed`` False: choosing it is
    the whole change, with that value), and a ``hint`` of what to type."""

    key: str
    label: str
    value: str = ""
    hint: str = ""
    typed: bool = True


def set_changes(lasting: Lasting) -> list[Change]:
    """The keys ``campaign set`` takes for a PC with ``lasting``, each with its value."""
    number = "a whole number"
    found = [
        Change(name, f"{track_label(name)} {value}", str(value), number)
        for name, value in lasting.tracks.items()
    ]
    found += [
        Change(f"max.{name}", f"{track_label(name)} maximum {top}", str(top), number)
        for name, top in lasting.limits.items()
    ]
    found += _listed_changes("condition", [c.name for c in lasting.conditions], "Ego Fracture")
    found += _listed_changes("drawback", list(lasting.drawbacks), "Phobia: water")
    found += [
        Change(
            f"heal@{i.location}:{i.name}",
            f"Healing time of {i.label()}: {i.heal or 'until treated'}",
            str(i.heal),
            "rests left (0: until treated)",
        )
        for i in lasting.injuries
    ]
    if lasting.dead:
        return [*found, Change("dead", "Alive after all (dead -)", "-", typed=False)]
    return [*found, Change("dead", "Dead…", "", "how they died, e.g. fight 2: Ramiel")]


def treat_changes(lasting: Lasting) -> list[Change]:
    """Each injury ``campaign treat`` can heal (its key: ``location:name``), a note to type."""
    return [
        Change(
            f"{i.location}:{i.name}",
            i.label() + (f": {i.effect}" if i.effect else ""),
            hint="how it was treated, e.g. splinted at HQ",
        )
        for i in lasting.injuries
    ]


def _listed_changes(key: str, held: list[str], example: str) -> list[Change]:
    added = Change(key, f"Add a {key}…", "", f"its name, e.g. {example}")
    return [added, *(Change(key, f"Remove the {key} {n}", f"-{n}", typed=False) for n in held)]


def writeback_changes(left: Lasting, planned: Lasting, before: Lasting) -> list[Change]:
    """What the GM can edit in a PC's write-back: each track's value, and whether each
    injury, condition or death the fight left (``left``, not in ``before``) is carried."""
    found = []
    for name, value in planned.tracks.items():
        was = before.tracks.get(name)
        label = f"{track_label(name)} {value}" + (
            "" if was == value else f" (before the fight {_shown(was)})"
        )
        found.append(Change(name, label, str(value), "a whole number"))
    for injury in (i for i in left.injuries if i not in before.injuries):
        found.append(_carried_or_not("injury", injury.label(), injury in planned.injuries))
    gained = {c.name for c in left.conditions} - {c.name for c in before.conditions}
    for name in sorted(gained):
        found.append(_carried_or_not("condition", name, planned.has(name)))
    if left.dead and not before.dead:
        found.append(_carried_or_not("dead", f"death ({left.dead})", bool(planned.dead)))
    return found


def _carried_or_not(key: str, what: str, carried: bool) -> Change:
    if carried:
        return Change(key, f"Leave out {what}", f"-{what}", typed=False)
    return Change(key, f"Put back {what}", what, typed=False)


def edit_planned(
    left: Lasting, planned: Lasting, key: str, value: str, counted: str = ""
) -> Lasting:
    """``planned`` with one of :func:`writeback_changes` made: a track set to ``value``,
    or an injury, condition or death the fight ``left`` left out (``-WHAT``) or put back
    (``WHAT``); an injury left out or put back moves the track ``counted`` (the one that
    counts injuries, if the ruleset has one) by one. RuleError names what is wrong."""
    out = value.startswith("-")
    what = value[1:] if out else value
    if key == "injury":
        return _recounted(_injury_toggled(left, planned, what, out), planned, counted)
    if key == "condition":
        return _condition_toggled(left, planned, what, out)
    if key == "dead":
        return replace(planned, dead="" if out else left.dead)
    if key not in planned.tracks:
        raise RuleError(f"no track {key!r} to edit — tracks: {', '.join(planned.tracks) or 'none'}")
    number = in_range(planned, key, parse_int(value.strip(), track_label(key)))
    return replace(planned, tracks={**planned.tracks, key: number})


def in_range(lasting: Lasting, key: str, number: int) -> int:
    """``number`` if the track ``key`` can hold it (0 up to its maximum, as in a fight),
    else a RuleError saying what it can be."""
    top = lasting.limits.get(key)
    if number < 0 or (top is not None and number > top):
        can = f"0 to {top} (its maximum)" if top is not None else "0 or more"
        raise RuleError(f"{track_label(key)} can be {can}, not {number}")
    return number


def _injury_toggled(left: Lasting, planned: Lasting, label: str, out: bool) -> Lasting:
    """The injury labelled ``label`` left out of ``planned`` or put back (where ``left``
    had it)."""
    kept = [i for i in left.injuries if i.label() == label or i in planned.injuries]
    return replace(planned, injuries=tuple(i for i in kept if not (out and i.label() == label)))


def _condition_toggled(left: Lasting, planned: Lasting, name: str, out: bool) -> Lasting:
    """The condition ``name`` left out of ``planned`` or put back (where ``left`` had it)."""
    kept = [c for c in left.conditions if c.name == name or planned.has(c.name)]
    return replace(planned, conditions=tuple(c for c in kept if not (out and c.name == name)))


def _recounted(edited: Lasting, planned: Lasting, counted: str) -> Lasting:
    """``edited`` with the injury-counting track moved as its injuries moved."""
    if not counted or counted not in planned.tracks:
        return edited
    moved = len(edited.injuries) - len(planned.injuries)
    number = max(0, planned.tracks[counted] + moved)
    return replace(edited, tracks={**edited.tracks, counted: number})
