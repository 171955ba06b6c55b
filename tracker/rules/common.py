"""Building blocks rulesets share: tracks that go up and down, conditions that count down."""

from __future__ import annotations

from collections.abc import Mapping

from tracker.core import flow
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, parse_int, resolve
from tracker.core.model import Combatant, slot_owner
from tracker.core.protocol import DiceLike, Rules
from tracker.core.records import condition_changed, condition_removed, track_set


def clamp(fighter: Combatant, track: str, value: int) -> int:
    """``value`` kept between 0 and the track's limit (if it has one)."""
    limit = fighter.limits.get(track, -1)
    return max(0, value if limit < 0 else min(value, limit))


def set_track(draft: Draft, who: str, track: str, value: int, text: str = "") -> int:
    """Set a track, clamped to 0 and its limit; returns the value set."""
    fighter = draft.state.combatant(who)
    value = clamp(fighter, track, value)
    track_set(draft, fighter.id, track, value, text=text)
    return value


def shift_track(draft: Draft, who: str, track: str, delta: int, label: str = "") -> int:
    """Move a track by ``delta`` with a log line ``Name: Stress 2 → 3``."""
    fighter = draft.state.combatant(who)
    if track not in fighter.tracks:
        known = ", ".join(sorted(fighter.tracks)) or "none"
        raise RuleError(f"{fighter.name} has no {track!r} — tracks: {known}")
    before = fighter.tracks[track]
    after = clamp(fighter, track, before + delta)
    name = label or track.replace("@", " ").capitalize()
    text = f"{fighter.name}: {name} {before} → {after}"
    return set_track(draft, who, track, after, text)


def countdown(draft: Draft, who: str) -> None:
    """Count down timed conditions of ``who``; those reaching 0 end with a log line."""
    fighter = draft.state.combatant(who)
    for condition in fighter.conditions:
        if condition.rounds <= 0:
            continue
        left = condition.rounds - 1
        if left == 0:
            condition_removed(
                draft, fighter.id, condition.name, text=f"{fighter.name}: {condition.name} ends"
            )
        else:
            condition_changed(draft, fighter.id, condition.name, rounds=left, level=condition.level)


def resource_verbs_check(fighter: Combatant, resource: str) -> str:
    """The track a ``spend``/``gain`` names, or a RuleError listing what there is."""
    key = resource.casefold()
    if key in fighter.tracks:
        return key
    known = ", ".join(sorted(t for t in fighter.tracks if "@" not in t)) or "none"
    raise RuleError(f"{fighter.name} has no {resource!r} to spend or gain — has: {known}")


def whole(values: Mapping[str, str], key: str, default: int = 0, least: int = 0) -> int:
    """A whole-number command option (``pen=2``), at least ``least``."""
    if key not in values:
        return default
    number = parse_int(values[key], key)
    if number < least:
        raise RuleError(f"{key} must be {least} or more, not {number}")
    return number


def words_and_options(
    command: Command, start: int, flags: tuple[str, ...], keys: tuple[str, ...]
) -> tuple[set[str], dict[str, str]]:
    """Bare flag words from argument ``start`` on, and ``key=value`` options.

    A flag may also come as ``+flag`` or ``flag=N``; anything else is refused with one
    line naming what the verb understands.
    """
    found: set[str] = set()
    values: dict[str, str] = {}
    allowed = ", ".join([*flags, *(f"{k}=…" for k in keys)]) or "nothing more"
    for word in command.args[start:]:
        folded = word.casefold()
        if folded not in flags:
            raise RuleError(f"'{word}' means nothing to '{command.verb}' — it takes: {allowed}")
        found.add(folded)
    for key, value in command.options.items():
        if key in flags and value.casefold() in ("", "yes", "true", "on"):
            found.add(key)
        elif key in flags or key in keys:
            values[key] = value
        else:
            raise RuleError(f"'{key}=' means nothing to '{command.verb}' — it takes: {allowed}")
    return found, values


def delayer_acts(draft: Draft, rules: Rules, command: Command, dice: DiceLike, hint: str) -> None:
    """``act WHO`` without an action: the delaying combatant WHO acts now (the core verb
    ``act`` that a ruleset's own ``act WHO ACTION`` replaces); ``hint`` shows how to spend
    an action instead (``{slot}`` stands for WHO)."""
    state = draft.state
    slot = resolve(state, command.arg(0, "who acts now, or 'act WHO ACTION'"), slots=True)
    if slot not in state.delayed:
        held = [s for s in state.delayed if slot_owner(s) == slot]
        if not held:
            raise RuleError(
                f"{flow.name_of(state, slot)} is not delaying — to spend an action "
                f"say which: {hint.format(slot=slot)}"
            )
        slot = held[0]
    flow.act_now(draft, rules, dice, slot)
