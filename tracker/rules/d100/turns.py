"""The d100 turn economy shared by eva-escale and persona-d100: ``act WHO ACTION``.

A turn holds one Full Action or two Half Actions, one Reaction for other combatants'
turns, any Free Actions, and Extended Actions that take whole turns across rounds (the
progress is kept; a turn spent on anything else restarts them). Only one Attack-subtype
and one Concentration-subtype action per turn; Reactions are outside that count.
The counters are tracks (``half``, ``reaction``, ``attack``, ``focus``) so a horde acting
on its Director's turn can have its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command
from tracker.core.model import Combatant, Condition, EncounterState, slot_owner
from tracker.core.wording import counted, with_article
from tracker.rules.d100 import D100Tables, folded, strings, whole

KINDS = ("full", "half", "reaction", "free", "extended")
SUBTYPES = ("attack", "concentration", "melee", "ranged", "movement")
ACT_OPTIONS = (*KINDS, *SUBTYPES, "force", "of", "progress")
"""What ``act`` reads: an action's type and subtypes, ``force``, and an Extended Action's
``of=N`` and ``progress=N``."""
EXTENDED = "Extended"
COUNTERS = ("half", "reaction", "attack", "focus")


@dataclass(frozen=True)
class ActionSpec:
    """An action of the list: its type (``half or full`` lets the GM choose) and subtypes."""

    key: str
    kind: str
    subtypes: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    summary: str = ""


@dataclass(frozen=True)
class Declared:
    """An action as the GM declared it: name, type, subtypes, options."""

    name: str
    kind: str
    subtypes: frozenset[str]
    forced: bool = False
    extra: bool = False
    values: Mapping[str, str] | None = None


def action_specs(data: Mapping[str, Any]) -> tuple[ActionSpec, ...]:
    """The ``[[actions]]`` of a data file."""
    return tuple(
        ActionSpec(
            key=folded(str(row["key"])),
            kind=str(row["kind"]),
            subtypes=strings(row.get("subtypes")),
            aliases=tuple(folded(a) for a in strings(row.get("aliases"))),
            summary=str(row.get("summary", "")),
        )
        for row in data.get("actions", [])
    )


def find_action(specs: tuple[ActionSpec, ...], name: str) -> ActionSpec | None:
    """The listed action ``name`` names (key or alias)."""
    wanted = folded(name)
    return next((s for s in specs if wanted == s.key or wanted in s.aliases), None)


def fresh_turn(draft: Draft, tables: D100Tables, who: str) -> None:
    """Start of a turn: two Half Actions, the Reaction back, no Attack or Concentration."""
    fresh = {
        "half": tables.number("economy", "halves"),
        "reaction": tables.number("economy", "reactions"),
        "attack": 0,
        "focus": 0,
    }
    fighter = draft.state.combatant(who)
    for track, value in fresh.items():
        if fighter.tracks.get(track) != value:
            draft.emit(ev.TrackSet, who=fighter.id, track=track, value=value)


def declare(
    specs: tuple[ActionSpec, ...], command: Command, extra_flags: tuple[str, ...] = ()
) -> Declared:
    """Read ``act WHO NAME [full|half|reaction|free|extended] [SUBTYPE…] [force] …``: the
    longest run of words naming a listed action wins; the words after it are flags."""
    words = list(command.args[1:])
    flags = (*KINDS, *SUBTYPES, "force", *extra_flags)
    spec, rest = None, words
    for cut in range(len(words), 0, -1):
        spec = find_action(specs, " ".join(words[:cut]))
        if spec is not None:
            rest = words[cut:]
            break
    if spec is None:
        cut = next((i for i, w in enumerate(words) if w.casefold() in flags), len(words))
        rest = words[cut:]
    name = spec.key if spec else " ".join(words[:cut])
    bad = [w for w in rest if w.casefold() not in flags]
    if bad or not name:
        raise RuleError(
            f"'{' '.join(bad) or 'act'}': say 'act WHO ACTION [full|half|reaction|"
            f"free|extended] [attack] [concentration] …' — e.g. 'act . standard "
            f"attack'"
        )
    said = {w.casefold() for w in rest} | {k for k in command.options if k in flags}
    kind = _kind(spec, name, said)
    subtypes = frozenset(spec.subtypes if spec else ()) | (said & set(SUBTYPES))
    values = {k: v for k, v in command.options.items() if k not in flags}
    return Declared(name, kind, subtypes, "force" in said, bool(said & set(extra_flags)), values)


def _kind(spec: ActionSpec | None, name: str, said: set[str]) -> str:
    chosen = [k for k in KINDS if k in said]
    if len(chosen) > 1:
        raise RuleError(f"an action is one of {', '.join(KINDS)} — not {' and '.join(chosen)}")
    if spec is not None and spec.kind in KINDS:
        if chosen and chosen[0] != spec.kind:
            raise RuleError(f"{spec.key} is {with_article(spec.kind)} action")
        return spec.kind
    if chosen:
        return chosen[0]
    what = f"{spec.key} is {spec.kind}" if spec else f"'{name}' is not on the action list"
    raise RuleError(f"{what}: say which — full, half, reaction, free or extended")


FALLEN = ("down", "dead")
"""Statuses that take no action: downed by the GM (unconscious), or dead."""


def surprised_now(state: EncounterState, fighter: Combatant) -> bool:
    """Surprised and still in the first round: no turn and no Reactions."""
    return state.round == 1 and fighter.id in {slot_owner(s) for s in state.surprised}


def blocked(tables: D100Tables, fighter: Combatant, what: str) -> Condition | None:
    """The condition that forbids ``what`` (``actions``, ``reactions``, a subtype), if any."""
    for held in fighter.conditions:
        spec = tables.condition(held.name)
        if spec is not None and what in spec.blocks:
            return held
    return None


def spend(
    draft: Draft, tables: D100Tables, fighter: Combatant, action: Declared, own_turn: bool
) -> str:
    """Check and spend one declared action; returns the log sentence's tail."""
    state = draft.state
    _check_blocks(tables, fighter, action)
    if action.kind == "reaction":
        return _reaction(draft, fighter, action, surprised_now(state, fighter), own_turn)
    if action.kind == "free":
        return "free action"
    if not own_turn and not action.extra and not action.forced:
        raise RuleError(
            f"it is not {fighter.name}'s turn — out of turn only a reaction or a "
            f"free action ('act {fighter.id} dodge reaction')"
        )
    if not action.extra:
        _subtype_limits(draft, fighter, action)
    if action.kind == "extended":
        return _extended(draft, fighter, action)
    return _full_or_half(draft, fighter, action)


def _check_blocks(tables: D100Tables, fighter: Combatant, action: Declared) -> None:
    if action.forced:
        return
    if fighter.status in FALLEN:  # 001/004 Step Seven: "perish if dropped to 0 wounds"
        raise RuleError(
            f"{fighter.name} is {fighter.status}: no actions or reactions (add 'force' to allow)"
        )
    whats = ["reactions" if action.kind == "reaction" else "actions", *sorted(action.subtypes)]
    if action.kind == "free":
        whats = sorted(action.subtypes)
    for what in whats:
        held = blocked(tables, fighter, what)
        if held is not None:
            raise RuleError(f"{fighter.name} is {held.name}: no {what} (add 'force' to allow)")


def _reaction(
    draft: Draft, fighter: Combatant, action: Declared, surprised: bool, own_turn: bool
) -> str:
    if not action.forced:
        if surprised:
            raise RuleError(f"{fighter.name} is surprised: no Reactions this round")
        if own_turn:
            raise RuleError(
                "a Reaction is used on other combatants' turns — on your own turn "
                "say full, half or free"
            )
        if fighter.track("reaction") <= 0:
            raise RuleError(
                f"{fighter.name} has used the Reaction already — it comes back at "
                f"the start of their turn"
            )
    draft.emit(
        ev.TrackSet, who=fighter.id, track="reaction", value=max(0, fighter.track("reaction") - 1)
    )
    return "Reaction (none left until their turn)"


def _subtype_limits(draft: Draft, fighter: Combatant, action: Declared) -> None:
    for subtype, track in (("attack", "attack"), ("concentration", "focus")):
        if subtype not in action.subtypes:
            continue
        if fighter.track(track) and not action.forced:
            raise RuleError(
                f"{fighter.name} has made an {subtype.capitalize()} action this "
                f"turn already: one per turn"
            )
        draft.emit(ev.TrackSet, who=fighter.id, track=track, value=1)


def _full_or_half(draft: Draft, fighter: Combatant, action: Declared) -> str:
    halves = fighter.track("half")
    if action.extra:
        return f"{action.kind.capitalize()} Action (extra)"
    cost = 2 if action.kind == "full" else 1
    if halves < cost and not action.forced:
        if action.kind == "full":
            raise RuleError(
                f"{fighter.name} has {counted(halves, 'Half Action')} left: a Full Action "
                f"needs the whole turn"
            )
        raise RuleError(f"{fighter.name} has no Half Action left this turn")
    draft.emit(ev.TrackSet, who=fighter.id, track="half", value=max(0, halves - cost))
    left = max(0, halves - cost)
    return f"{action.kind.capitalize()} Action ({counted(left, 'Half Action')} left)"


def extended_tasks(fighter: Combatant) -> tuple[Condition, ...]:
    """The Extended Actions under way (progress = level, turns needed in ``source``)."""
    return tuple(c for c in fighter.conditions if c.category == EXTENDED)


def _extended(draft: Draft, fighter: Combatant, action: Declared) -> str:
    if fighter.track("half") < 2 and not action.forced:
        raise RuleError(
            f"{fighter.name} has acted this turn: an Extended Action takes the whole turn"
        )
    values = action.values or {}
    name = f"{EXTENDED}: {action.name.title()}"
    held = fighter.condition(name)
    needed = whole(
        values,
        "of",
        int(held.source) if held and held.source.isascii() and held.source.isdigit() else 0,
    )
    progress = whole(values, "progress", (held.level if held else 0) + 1)
    draft.emit(ev.TrackSet, who=fighter.id, track="half", value=0)
    if needed and progress >= needed:
        if held is not None:
            draft.emit(ev.ConditionRemoved, who=fighter.id, name=name)
        return f"Extended Action, turn {progress} of {needed}: done"
    draft.emit(
        ev.ConditionApplied,
        who=fighter.id,
        name=name,
        category=EXTENDED,
        level=progress,
        source=str(needed) if needed else "",
    )
    of = f" of {needed}" if needed else ""
    return f"Extended Action, turn {progress}{of} (nothing else this turn)"


def restart_interrupted(draft: Draft, who: str) -> None:
    """End of a turn: Extended Actions not worked on this turn restart from nothing."""
    fighter = draft.state.combatant(who)
    worked = {e.casefold() for e in fighter.spent}
    for task in extended_tasks(fighter):
        if task.name.casefold() in worked:
            continue
        draft.emit(
            ev.ConditionRemoved,
            who=fighter.id,
            name=task.name,
            text=f"{fighter.name} did something else: {task.name} is interrupted and "
            f"must start again ({counted(task.level, 'turn')} lost)",
        )


def record(draft: Draft, fighter: Combatant, action: Declared, how: str, note: str = "") -> None:
    """The ``action.used`` event and its log line."""
    label = f"{EXTENDED}: {action.name.title()}" if action.kind == "extended" else action.name
    tags = sorted(action.subtypes)
    kinds = f" [{', '.join(tags)}]" if tags else ""
    forced = " (forced)" if action.forced else ""
    draft.emit(
        ev.ActionUsed,
        who=fighter.id,
        action=label,
        text=f"{fighter.name}: {action.name.title()}{kinds} — {how}{forced}{note}",
    )


def economy_line(fighter: Combatant, state: EncounterState) -> str:
    """``Half Actions 1/2 · Reaction ready · Attack used`` on the fighter's turn (or while it
    delays the turn it holds); before its first turn (round 1, not yet acted) ``Half
    Actions 2 from the first turn``: none are spent, they come with the turn. Out of turn
    after that only the Reaction counts (seed 001/004, Actions: Reactions "may be used on
    other characters' turns"; Half Actions and the Attack/Concentration limits are per
    turn, so last turn's leftovers are not shown)."""
    owners = {slot_owner(s) for s in state.acted}
    first = state.round <= 1 and fighter.id not in owners
    mine = state.current is not None and slot_owner(state.current) == fighter.id
    holding = mine or fighter.id in {slot_owner(s) for s in state.delayed}
    parts = ["Reaction ready" if fighter.track("reaction") else "Reaction used"]
    if holding:
        parts.insert(0, f"Half Actions {fighter.track('half')}/2")
        if fighter.track("attack"):
            parts.append("Attack used")
        if fighter.track("focus"):
            parts.append("Concentration used")
    elif first:
        parts.insert(0, "Half Actions 2 from the first turn")
    for task in extended_tasks(fighter):
        of = f"/{task.source}" if task.source else ""
        parts.append(f"{task.name} {task.level}{of}")
    return " · ".join(parts)
