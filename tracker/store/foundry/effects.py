"""Active Effects: the changes Foundry applies to an actor's numbers before its sheet shows them.

An effect (``ActiveEffect``) carries ``changes`` = [{key, mode, value, priority}]: ``key`` a
path into the actor (``system.combat.resilience.bonus``; ``data.…`` before Foundry 10),
``mode`` 1 multiply, 2 add, 3 downgrade (the lower stays), 4 upgrade (the higher stays),
5 override, 0 custom (the system's own code). Foundry 14 keeps them as ``system.changes``
with a ``type`` word instead of the mode (``add``, ``override`` …). Foundry applies every
change of every active effect in order of ``priority`` (``mode × 10`` when none is
given) before the system computes its derived numbers.

Which effects count, as Foundry and the systems decide:

- the actor's own effects that are not ``disabled``;
- an embedded item's effects that transfer to their actor: ``transfer`` (true unless said
  otherwise), or — Wrath & Glory's library — ``system.transferData.type`` ``document``
  onto an ``Actor``, and only while the item is equipped when ``equipTransfer`` says so.
  Foundry 10 and earlier copied transferred effects onto the actor (their ``origin``
  names the item): such an item's own effects are not counted twice;
- Alien RPG's ``abilityModifier`` effects change rolls, not numbers: not applied.

A status effect (``statuses``, ``flags.core.statusId`` before Foundry 11: Prone, Bleeding …)
is a condition of the moment the actor was exported: its changes are not baked into the
block's numbers (the ruleset applies a condition's own effects): it is kept as a
``Status`` (with its rating), which ``conditions`` turns into the ruleset's own
conditions. A change whose value is not a number (a formula) or whose mode is custom is
left out, and the report says which; so is an effect whose script (Wrath & Glory's
``system.scriptData``) changes the sheet as it is prepared.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tracker.store.foundry.fields import flag, number
from tracker.store.foundry.plain import plain_line

MULTIPLY, ADD, DOWNGRADE, UPGRADE, OVERRIDE = 1, 2, 3, 4, 5
MODES = {
    "multiply": MULTIPLY,
    "add": ADD,
    "downgrade": DOWNGRADE,
    "upgrade": UPGRADE,
    "override": OVERRIDE,
}
"""Foundry 14's change ``type`` words → the modes of Foundry 13 and earlier."""
SHEET_TRIGGERS = ("prepare", "prePrepare")
"""Script triggers that run while the sheet's numbers are prepared (``prepareBaseData``,
``prePrepareDerivedData`` …), as against those of a roll or a hit."""
MOST_CHANGES = 500
"""Most changes read from one actor (a sheet has a few dozen)."""
MOST_RATING = 20
"""The highest rating read from a status effect (``Hindered (3)``)."""
_RATING = re.compile(r"\((\d{1,3})\)\s*$")


@dataclass(frozen=True)
class Status:
    """A status effect on the sheet: the system's id (``hindered``), the name the sheet
    shows (``Hindered (2)``) and its rating (2; 0 when it has none)."""

    id: str
    name: str
    level: int = 0


@dataclass
class Applied:
    """An actor's system data with its active effects applied, and what the report says."""

    data: dict[str, Any]
    changed: list[str] = field(default_factory=list)
    """``Armour of Faith: combat.resilience.bonus +2``"""
    conditions: list[Status] = field(default_factory=list)
    """Status effects on the sheet (``Prone``, ``Hindered (2)``)."""
    left_out: list[str] = field(default_factory=list)
    """Changes or effects not applied, with why."""


@dataclass(frozen=True)
class _Change:
    effect: str
    path: tuple[str, ...]
    mode: int
    value: float
    priority: float


def apply_effects(doc: Mapping[str, Any], data: Mapping[str, Any]) -> Applied:
    """``data`` (the actor's system data) with the actor's active effects applied."""
    result = Applied(copy.deepcopy(dict(data)))
    changes: list[_Change] = []
    for effect in active_effects(doc, result):
        changes += _changes(effect, result)
    changes.sort(key=lambda c: c.priority)  # stable: effect by effect, as Foundry sorts
    for change in changes[:MOST_CHANGES]:
        _apply(result, change)
    return result


def active_effects(doc: Mapping[str, Any], result: Applied) -> list[Mapping[str, Any]]:
    """The effects that act on the actor: its own and those its items transfer."""
    mine = _listed(doc.get("effects"))
    copied = {_copied_from(e) for e in mine} - {None}
    found = [e for e in mine if not flag(e.get("disabled"))]
    for item in _listed(doc.get("items")):
        for effect in _listed(item.get("effects")):
            if (str(item.get("_id", "")), _name(effect)) in copied:
                continue  # Foundry 10 copied it onto the actor: counted there
            if not flag(effect.get("disabled")) and _transfers(item, effect, result):
                found.append(effect)
    kept = []
    for effect in found:
        status = _status(effect)
        if (
            status is not None
        ):  # the fight applies its conditions itself: not baked into the numbers
            result.conditions.append(status)
        elif not _roll_modifier(effect, result):
            kept.append(effect)
            _sheet_scripts(effect, result)
    return kept


def _copied_from(effect: Mapping[str, Any]) -> tuple[str, str] | None:
    """(item id, effect name) when ``effect`` may be Foundry 10's copy of an effect its
    item transfers (its ``origin`` names an item: ``Actor.<id>.Item.<id>``); an effect an
    item applied to its bearer otherwise (a talent used on oneself) has a name of its own,
    and the item's transferred effects still count."""
    origin = str(effect.get("origin") or "")
    if "Item." not in origin:
        return None
    return origin.rpartition("Item.")[2], _name(effect)


def _sheet_scripts(effect: Mapping[str, Any], result: Applied) -> None:
    """Name an effect whose scripts change the sheet's numbers as it is prepared (the
    Warhammer library's ``system.scriptData`` with a ``prepare…`` trigger): the tracker
    runs no script, so the GM knows those numbers may differ."""
    scripts = at(effect, "system.scriptData")
    triggers = {
        str(s.get("trigger") or "")
        for s in (scripts if isinstance(scripts, list) else [])
        if isinstance(s, Mapping)
    }
    sheet = sorted(t for t in triggers if t.startswith(SHEET_TRIGGERS))
    if sheet:
        when = plain_line(", ".join(sheet), 80)
        result.left_out.append(
            f"{_name(effect)} (a script that changes the sheet, {when}: not run)"
        )


def at(data: Any, path: str) -> Any:
    """The value at a dotted ``path`` in nested mappings (None when a step is missing)."""
    for key in path.split("."):
        if not isinstance(data, Mapping):
            return None
        data = data.get(key)
    return data


def _listed(value: Any) -> list[Mapping[str, Any]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def _name(effect: Mapping[str, Any]) -> str:
    return plain_line(effect.get("name") or effect.get("label"), 60) or "an effect"


def _transfers(item: Mapping[str, Any], effect: Mapping[str, Any], result: Applied) -> bool:
    transfer = at(effect, "system.transferData")
    if isinstance(transfer, Mapping):
        if transfer.get("type", "document") != "document":
            kind = plain_line(transfer.get("type"), 20)
            result.left_out.append(f"{_name(effect)} ({kind}: acts on others)")
            return False
        if transfer.get("documentType", "Actor") != "Actor":
            return False
        if flag(transfer.get("equipTransfer")) and not _equipped(item):
            return False
        return True
    return flag(effect.get("transfer"), True)


def _equipped(item: Mapping[str, Any]) -> bool:
    value = at(item.get("system", item.get("data")), "equipped")
    return flag(value.get("value") if isinstance(value, Mapping) else value)


def _status(effect: Mapping[str, Any]) -> Status | None:
    """The status effect ``effect`` is (``statuses``; ``flags.core.statusId`` before
    Foundry 11), with its rating (Wrath & Glory's ``flags.wrath-and-glory.value``, else
    the ``(2)`` its name ends with), or None when it is no status effect."""
    statuses = effect.get("statuses")
    named = [s for s in statuses if isinstance(s, str) and s] if isinstance(statuses, list) else []
    old = at(effect, "flags.core.statusId")
    if not named and isinstance(old, str) and old:
        named = [old]
    if not named:
        return None
    key = plain_line(named[0], 60).casefold()
    name = _name(effect) if effect.get("name") or effect.get("label") else plain_line(named[0], 60)
    return Status(key, name, _rating(effect, name))


def _rating(effect: Mapping[str, Any], name: str) -> int:
    flagged = at(effect, "flags.wrath-and-glory.value")
    if isinstance(flagged, str) and flagged.strip().isdecimal():
        flagged = int(flagged.strip())
    if isinstance(flagged, int) and not isinstance(flagged, bool) and 0 < flagged <= MOST_RATING:
        return flagged
    found = _RATING.search(name)
    return int(found.group(1)) if found and 0 < int(found.group(1)) <= MOST_RATING else 0


def _roll_modifier(effect: Mapping[str, Any], result: Applied) -> bool:
    """Alien RPG's ``abilityModifier`` effects change rolls, never the sheet's numbers."""
    if effect.get("type") == "abilityModifier":
        result.left_out.append(f"{_name(effect)} (a roll modifier)")
        return True
    return False


def _changes(effect: Mapping[str, Any], result: Applied) -> list[_Change]:
    name = _name(effect)
    found = []
    listed = effect.get("changes") if "changes" in effect else at(effect, "system.changes")
    for change in _listed(listed):
        key = str(change.get("key", ""))
        head, _, rest = key.partition(".")
        mode = _mode(change)
        value = number(change.get("value"))
        if head not in ("system", "data") or not rest:
            continue
        if mode is None or not MULTIPLY <= mode <= OVERRIDE or value is None:
            result.left_out.append(f"{name}: {plain_line(rest, 60)} (not a number to apply)")
            continue
        priority = number(change.get("priority"))
        rank = priority if priority is not None else mode * 10
        found.append(_Change(name, tuple(rest.split(".")), mode, value, rank))
    return found


def _mode(change: Mapping[str, Any]) -> int | None:
    """The change's mode (a whole number, text such as ``"2"`` read as Foundry reads it),
    else Foundry 14's ``type`` word; None when neither says one."""
    mode = number(change.get("mode"))
    if mode is None:
        return MODES.get(str(change.get("type", "")).casefold())
    return int(mode) if mode.is_integer() else None


def _apply(result: Applied, change: _Change) -> None:
    parent: Any = result.data
    for key in change.path[:-1]:
        parent = parent.get(key) if isinstance(parent, dict) else None
    last = change.path[-1]
    if not isinstance(parent, dict):
        return
    old = parent.get(last, 0)
    target = old.get("value") if isinstance(old, dict) else old
    if isinstance(target, bool) or not isinstance(target, int | float | type(None)):
        return
    before = float(target or 0)
    after = _moved(before, change.mode, change.value)
    new: int | float = int(after) if after.is_integer() else after
    if isinstance(old, dict):
        old["value"] = new
    else:
        parent[last] = new
    _keep_total(parent, last, after - before)
    if after != before:
        shown = f"{after - before:+g}" if change.mode == ADD else f"= {new}"
        result.changed.append(f"{change.effect}: {'.'.join(change.path)} {shown}")


def _moved(before: float, mode: int, value: float) -> float:
    if mode == MULTIPLY:
        return before * value
    if mode == ADD:
        return before + value
    if mode == DOWNGRADE:
        return min(before, value)
    if mode == UPGRADE:
        return max(before, value)
    return value


def _keep_total(parent: dict[str, Any], key: str, delta: float) -> None:
    """A stored ``total`` beside a changed ``bonus`` moves with it (it was summed before)."""
    total = parent.get("total")
    if key == "bonus" and isinstance(total, int | float) and not isinstance(total, bool) and total:
        moved = total + delta
        parent["total"] = int(moved) if float(moved).is_integer() else moved
