"""Alien dice rolls: skill rolls, pushing them, opposed rolls and friendly fire (seed 003).

A roll throws base dice plus one stress die per stress level; sixes succeed and a 1 on a
stress die calls for a panic roll. What a roll left to re-roll is kept on the roller
(tracks ``roll_*``) so ``push WHO`` can push it once: the stress level rises a step and
every die that is not a six is rolled again with the new stress die (the reading in
docs/rulesets/alien-evolved.md: the push's own rules are a picture in the text).
Synthetics never push (l.175). An opposed roll succeeds with more sixes than the other
side (l.17). A missed shot at a target Adjacent to another PC may hit them: two base
dice, 1 damage per six, a die choosing among several (l.115-117).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tracker.core import events as ev
from tracker.core.dice import count, successes
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, parse_int, resolve, who_arg
from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll
from tracker.core.wording import counted, with_article
from tracker.rules.alien_evolved import damage as alien_damage
from tracker.rules.alien_evolved.levels import add_stress, feels_stress
from tracker.rules.alien_evolved.pools import record_pool
from tracker.rules.alien_evolved.tables import CriticalTable

Data = Mapping[str, Any]
KEPT, BASE_AGAIN, STRESS_AGAIN = "roll_kept", "roll_base", "roll_stress"


@dataclass(frozen=True)
class Thrown:
    """A throw of base and stress dice: the faces of each, and the sixes."""

    base: tuple[int, ...]
    stress: tuple[int, ...]
    hits: int


def throw(
    draft: Draft, dice: DiceLike, data: Data, fighter: Combatant, base: int, purpose: str
) -> Thrown:
    """Roll ``base`` base dice and the stress dice, log and record them, remind of panic
    on a 1 among the stress dice, and keep what a push would roll again."""
    level = fighter.track("stress") if feels_stress(fighter, data) else 0
    if base + level < 1:
        raise RuleError("a skill roll needs at least one die")
    faces = dice.pool(base + level)
    thrown = Thrown(faces[:base], faces[base:], successes(faces, _six(data)))
    shown = " ".join(map(str, thrown.base)) + (
        " | stress " + " ".join(map(str, thrown.stress)) if level else ""
    )
    text = (
        f"{fighter.name} rolls{' ' + purpose if purpose else ''}: {base} base"
        f"{f' + {level} stress' if level else ''} [{shown}] → "
        + counted(thrown.hits, "success", "successes")
    )
    record_pool(draft, fighter.id, base + level, faces, thrown.hits, purpose or "skill", text)
    _panic_on_ones(draft, data, fighter, thrown.stress)
    _keep_for_push(draft, data, fighter, thrown)
    return thrown


def _six(data: Data) -> int:
    return int(data["stress"]["success_face"])


def _panic_on_ones(draft: Draft, data: Data, fighter: Combatant, stress: tuple[int, ...]) -> None:
    ones = count(stress, int(data["stress"]["panic_face"]))
    if ones and not fighter.condition("Broken"):
        draft.emit(
            ev.ReminderRaised,
            who=fighter.id,
            key=alien_damage.PANIC_ROLL,
            text=f"{fighter.name} rolled {ones} × 1 on the stress dice: panic roll",
        )


def _keep_for_push(draft: Draft, data: Data, fighter: Combatant, thrown: Thrown) -> None:
    six = _six(data)
    again = (
        (KEPT, thrown.hits),
        (BASE_AGAIN, sum(1 for f in thrown.base if f < six)),
        (STRESS_AGAIN, sum(1 for f in thrown.stress if f < six)),
    )
    for track, value in again:
        draft.emit(ev.TrackSet, who=fighter.id, track=track, value=value)


def skill(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``skill WHO BASE|SKILL [mod=N] [for=WHAT] [weakspot] [firearm] [ambush]``: base dice (a
    number, or the combatant's dice for a named skill, ``close-combat``) plus stress dice,
    sixes succeed."""
    fighter = who_arg(draft.state, command)
    word = command.arg(1, "base dice or a skill, e.g. 'skill ann 5' or 'skill ann close-combat'")
    base, label = skill_dice(fighter, data, word)
    extra, notes = close_combat_mods(command, data)
    if command.flag("ambush"):
        bonus = ambush_dice(draft.state, fighter, data)
        extra += bonus
        notes.append(f"ambush: +{bonus} dice")
    base = max(0, base + command.option_int("mod") + extra)
    purpose = command.options.get("for", label) + (f" ({'; '.join(notes)})" if notes else "")
    throw(draft, dice, data, fighter, base, purpose.strip())


def ambush_dice(state: EncounterState, fighter: Combatant, data: Data) -> int:
    """Seed 003 "Ambush" (l.66-68): the ambushers "Gain +2 dice for the attack" — in the
    round the ambush is sprung; RuleError for anyone else."""
    if state.round != 1 or fighter.id not in [str(a) for a in state.options.get("ambush", [])]:
        raise RuleError(f"{fighter.name} is not an ambusher in round 1: no ambush dice")
    return int(data["ambush"]["bonus_dice"])


def close_combat_mods(command: Command, data: Data) -> tuple[int, list[str]]:
    """Seed 003 "Close combat attack" (l.104-111): ``weakspot`` — dice off, the target's
    armour counts less; ``firearm`` — a firearm in close combat, dice off."""
    rule = data["close_combat"]
    extra, notes = 0, []
    if command.flag("weakspot"):
        extra += int(rule["weakspot_dice"])
        notes.append(
            f"a weak spot: {int(rule['weakspot_dice']):+d} dice, the target's armour "
            f"{int(rule['weakspot_armour']):+d}"
        )
    if command.flag("firearm"):
        extra += int(rule["firearm_dice"])
        notes.append(f"a firearm in close combat: {int(rule['firearm_dice']):+d} dice")
    return extra, notes


def skill_dice(fighter: Combatant, data: Data, word: str) -> tuple[int, str]:
    """The base dice ``word`` names for ``fighter``: a number, or a skill of data.toml's
    ``[skills]`` whose dice the combatant's stats hold (with the skill's name)."""
    if word.lstrip("+-").isdigit():
        return parse_int(word, "base dice"), ""
    skills = data["skills"]
    key = word.casefold().replace("-", "_")
    if key not in skills:
        raise RuleError(
            f"no skill {word!r}: give the base dice or one of {', '.join(sorted(skills))}"
        )
    stat = key.replace("_", " ")  # stats names are folded: close_combat → "close combat"
    if stat not in fighter.stats:
        raise RuleError(
            f"{fighter.name} has no {skills[key]} dice among its stats — give them: "
            f"'skill {fighter.id} N'"
        )
    return fighter.stats[stat], str(skills[key])


def _base(word: str, mod: int = 0) -> int:
    return max(0, parse_int(word, "base dice") + mod)


def push(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``push WHO``: push the last roll once — stress level +1, every die that is not a six
    rolled again with the new stress die."""
    fighter = who_arg(draft.state, command)
    if not feels_stress(fighter, data):
        raise RuleError(f"{fighter.name} is {with_article(fighter.kind)}: it cannot push a roll")
    if fighter.condition("Broken"):
        raise RuleError(f"{fighter.name} is Broken: no rolls to push")
    if KEPT not in fighter.tracks or fighter.track(KEPT) < 0:
        raise RuleError(f"{fighter.name} has no roll to push (a roll is pushed once)")
    kept, base = fighter.track(KEPT), fighter.track(BASE_AGAIN)
    add_stress(draft, data, fighter, 1, "pushing the roll")
    pushed = draft.state.combatant(fighter.id)
    stress = fighter.track(STRESS_AGAIN) + pushed.track("stress") - fighter.track("stress")
    faces = dice.pool(base + stress)
    hits = kept + successes(faces, _six(data))
    text = (
        f"{fighter.name} pushes: {counted(kept, 'six', 'sixes')} kept, "
        f"{base} base + {stress} stress "
        f"rolled again [{' '.join(map(str, faces))}] → {counted(hits, 'success', 'successes')}"
    )
    record_pool(draft, fighter.id, base + stress, faces, hits, "push", text)
    _panic_on_ones(draft, data, pushed, faces[base:])
    draft.emit(ev.TrackSet, who=fighter.id, track=KEPT, value=-1)


def opposed(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``opposed WHO BASE OTHER BASE``: each side rolls; more sixes than the other wins."""
    state = draft.state
    first = who_arg(state, command, 0, "the active side")
    first_base = _base(command.arg(1, "its base dice"))
    second = state.combatant(resolve(state, command.arg(2, "the other side")))
    second_base = _base(command.arg(3, "its base dice"))
    one = throw(draft, dice, data, first, first_base, "opposed")
    two = throw(draft, dice, data, second, second_base, "opposed")
    if one.hits > two.hits:
        draft.say(f"{first.name} wins the opposed roll ({one.hits} to {two.hits})")
    else:
        draft.say(
            f"{first.name} fails the opposed roll ({one.hits} to {two.hits}): it needs more "
            f"than {second.name} — either may push"
        )
        draft.say(f"A push: 'push {first.id}' or 'push {second.id}'", gm_only=True)


def friendly_fire(
    draft: Draft, command: Command, dice: DiceLike, data: Data, table: CriticalTable
) -> None:
    """``friendly WHO [WHO…]``: a missed shot may hit a PC Adjacent to the target — two base
    dice, 1 damage per six; with several, a die picks which one is at risk."""
    state = draft.state
    near = [state.combatant(resolve(state, word)) for word in command.args]
    if not near:
        raise RuleError("'friendly' needs the PC (or PCs) Adjacent to the target missed")
    hit = near[0]
    if len(near) > 1:
        face = dice.d(len(near))
        hit = near[face - 1]
        record_roll(
            draft,
            hit.id,
            f"1d{len(near)}",
            (face,),
            total=face,
            reason="friendly fire",
            text=f"Friendly fire: 1d{len(near)} {face} → {hit.name} is in the line of fire",
        )
    size = int(data["friendly_fire"]["dice"])
    faces = dice.pool(size)
    harm = successes(faces, _six(data)) * int(data["friendly_fire"]["damage_per_six"])
    text = f"Friendly fire at {hit.name}: {size} base dice {list(faces)} → {harm} damage"
    record_pool(draft, hit.id, size, faces, harm, "friendly fire", text)
    if harm:
        alien_damage.damage(draft, dice, data, table, hit.id, harm)
