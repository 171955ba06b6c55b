"""What the GM can change about a PC between fights, and how each change is read:
``campaign set``'s and ``campaign treat``'s keys, the write-back's edits of what a fight
left (a track's number, an injury, a condition or a death left out or put back), and the
range a track may hold."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tracker.core.campaign import Lasting, shown_value, track_label
from tracker.core.errors import RuleError
from tracker.core.grammar import parse_int


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
            "" if was == value else f" (before the fight {shown_value(was)})"
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
