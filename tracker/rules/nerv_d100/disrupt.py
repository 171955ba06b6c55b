"""nerv-d100 Analyse Target, War Cry and Taunt (seed 000 l.111-117): each is a skill test
opposed by one enemy; "If you pass" (Analyse Target) or "On a success" (War Cry, Taunt)
its effect holds "until the start of your next turn".

``act WHO war cry on=ENEMY pass`` (or ``fail``) records the GM's result. A success puts a
condition of the ``Disrupted`` category on the enemy, named with the actor (``War Cry
(Carol)``), so the enemy's row and status pane show it while the GM rolls that enemy's
tests; it ends at the start of the actor's next turn. The effects are in ``[[disrupting]]``
of the data file."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, resolve
from tracker.core.model import Combatant, Condition, EncounterState
from tracker.rules.nerv_d100.stats import put_on, take_off
from tracker.rules.nerv_d100.tables import NervTables
from tracker.rules.nerv_d100.witness import allies

CATEGORY = "Disrupted"
RESULTS = ("pass", "fail")


def _specs(tables: NervTables) -> list[Mapping[str, Any]]:
    return list(tables.raw.get("disrupting", []))


def _spec_of(tables: NervTables, action: str) -> Mapping[str, Any] | None:
    return next((s for s in _specs(tables) if s["action"] == action), None)


def split_result(command: Command, flags: tuple[str, ...]) -> tuple[Command, str]:
    """``act`` without its ``pass``/``fail`` word — the last word but ``flags`` (``combo``,
    ``force``), so ``pass off`` stays an action — and that word (``""`` without)."""
    args = list(command.args)
    end = len(args)
    while end > 2 and args[end - 1].casefold() in flags:
        end -= 1
    if end > 2 and args[end - 1].casefold() in RESULTS:
        result = args.pop(end - 1).casefold()
        return replace(command, args=tuple(args)), result
    return command, ""


def check(
    draft: Draft, tables: NervTables, fighter: Combatant, action: str, target: str, result: str
) -> None:
    """Before anything is spent: a disrupting action names its enemy and its result; no
    other action takes a result."""
    spec = _spec_of(tables, action)
    if spec is None:
        if result:
            raise RuleError(f"{action.title()} has no opposed test to pass or fail here")
        return
    if not target or not result:
        raise RuleError(
            f"{action.title()} is a test opposed by one enemy: "
            f"'act {fighter.id} {action} on=ENEMY pass' (or '… fail')"
        )
    if resolve(draft.state, target) == fighter.id:
        raise RuleError(f"{action.title()} is aimed at an enemy, not at {fighter.name}")


def declared(
    draft: Draft, tables: NervTables, fighter: Combatant, action: str, target: str, result: str
) -> None:
    """After the action is spent: on a success the enemy bears its effect."""
    spec = _spec_of(tables, action)
    if spec is None:
        return
    enemy = draft.state.combatant(resolve(draft.state, target))
    if result == "fail":
        draft.say(f"{fighter.name}'s {action.title()} against {enemy.name} fails: no effect")
        return
    effect = str(spec["effect"]).format(actor=fighter.name, target=enemy.name)
    put_on(
        draft,
        enemy.id,
        f"{spec['condition']} ({fighter.name})",
        CATEGORY,
        f"{fighter.name}'s {action.title()} succeeds: {effect} until the start of "
        f"{fighter.name}'s next turn",
        source=fighter.id,
    )


def start_of_turn(draft: Draft, who: str, takes_turn: Callable[[str], bool]) -> None:
    """A turn starts: what the actor's Analyse Target, War Cry or Taunt gave ends at the
    start of the actor's own next turn; an actor who will take none (dead, gone from the
    fight, a downed enemy: ``takes_turn`` is False) has its effects end at the first turn
    that starts without it, rather than stand for the rest of the fight."""
    for bearer in list(draft.state.combatants.values()):
        for held in bearer.conditions:
            if held.category != CATEGORY:
                continue
            if held.source == who:
                take_off(draft, bearer.id, held.name, f"{held.name} on {bearer.name} ends")
            elif held.source in draft.state.combatants and not takes_turn(held.source):
                actor = draft.state.combatant(held.source)
                why = {"removed": "has left the fight"}.get(actor.status, f"is {actor.status}")
                text = f"{held.name} on {bearer.name} ends: {actor.name} {why}, no next turn"
                take_off(draft, bearer.id, held.name, text)


def status_lines(tables: NervTables, fighter: Combatant, state: EncounterState) -> list[str]:
    """Each effect ``fighter`` bears, in full: ``War Cry (Carol): Sachiel takes …``."""
    return [_line(tables, fighter, held, state) for held in fighter.conditions
            if held.category == CATEGORY]  # fmt: skip


def _line(tables: NervTables, fighter: Combatant, held: Condition, state: EncounterState) -> str:
    actor = state.combatants.get(held.source)
    name = actor.name if actor is not None else held.source
    spec = next((s for s in _specs(tables) if held.name.startswith(f"{s['condition']} (")), None)
    if spec is None:
        return held.name
    effect = str(spec["effect"]).format(actor=name, target=fighter.name)
    return f"{held.name}: {effect} until the start of {name}'s next turn"


def attack_note(
    draft: Draft, tables: NervTables, target: Combatant, attacker: Combatant | None
) -> None:
    """On an attack line, name the edge an Analyse Target, War Cry or Taunt gave the attack
    roll (the GM rolls it; the tracker says what it had)."""
    if attacker is None:
        return
    for held, spec in _held(tables, target):
        actor = draft.state.combatants.get(held.source)
        mine = actor is not None and (actor.id == attacker.id or allies(attacker, actor))
        if mine and spec.get("on_bearer"):
            draft.say(f"{held.name}: {attacker.name}'s attack had {spec['on_bearer']}")
    for held, spec in _held(tables, attacker):
        key = "bearer_on_actor" if target.id == held.source else "bearer_on_others"
        if spec.get(key):
            draft.say(f"{held.name}: {attacker.name}'s attack on {target.name} had {spec[key]}")


def _held(tables: NervTables, fighter: Combatant) -> list[tuple[Condition, Mapping[str, Any]]]:
    """The disrupting effects ``fighter`` bears, each with its data."""
    found = []
    for held in fighter.conditions:
        spec = next(
            (s for s in _specs(tables) if held.name.startswith(f"{s['condition']} (")), None
        )
        if held.category == CATEGORY and spec is not None:
            found.append((held, spec))
    return found
