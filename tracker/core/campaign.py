"""A campaign's party between fights: each PC's roster entry and their lasting state.

State is immutable and changes only by folding campaign events
(``tracker.core.campaign_fold``). A PC's *lasting state* is what outlives a fight: the
tracks the ruleset names (Stress, Trauma, Fate, Health, supplies …), injuries by location
with their effects and healing time, conditions that last (Ego Fracture …) and
permanent drawbacks (a nerv-d100 Disorder). Tables here are what the journal stores.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tracker.core.errors import EventFormatError
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
            lines.append(f"{track_label(name)} {shown_value(old)} → {shown_value(new)}")
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


def shown_value(value: int | None) -> str:
    """A track's number as a change shows it (``—``: the track was not there)."""
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
