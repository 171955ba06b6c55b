"""Alien turn economy: two quick actions, or one full and one quick, per turn.

Defend and Dodge interrupt out of turn at the cost of a quick action not yet used: before
one's own turn they are taken from the coming turn, after it from what is left of it.
While Broken only a single move a round is allowed. Over-encumbered, moving raises the
stress level one step (seed 003 l.200): the first move of a turn, or each move — the
encounter's reading (``[readings.encumbered_stress]`` in the data: ``[encounter.options]
encumbered_stress``, or ``reading encumbered_stress`` mid-fight).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.core.protocol import DiceLike
from tracker.core.wording import with_article
from tracker.rules.alien_evolved.levels import add_stress
from tracker.rules.readings import chosen, readings_from

Data = Mapping[str, Any]
OVER_ENCUMBERED = "Over-encumbered"
EARLY = "early"
"""Track: quick actions spent out of turn before the combatant's own turn this round."""
BROKEN_MOVE = "broken_move"
"""Track: the round in which a Broken combatant made its one move (0: none yet)."""
AMMO_ROLL = "ammo-roll"
"""The reminder key of the ammo supply roll due after a shot (seed 003 l.118-119)."""


def action_spec(data: Data, kind: str, name: str) -> Mapping[str, Any] | None:
    """The table entry for an action key (``kind`` is ``quick`` or ``full``)."""
    wanted = name.casefold().replace(" ", "-")
    for spec in data["actions"][kind]:
        if spec["key"] == wanted:
            return spec
    return None


def used(fighter: Combatant) -> tuple[int, int]:
    """(actions, full actions) the combatant has spent this turn."""
    fulls = sum(1 for a in fighter.spent if a.startswith("full:"))
    return len(fighter.spent), fulls


def still_to_act(state: EncounterState, who: str) -> bool:
    """True when one of the combatant's cards has not been played this round."""
    return any(
        slot_owner(s) == who and s not in state.acted and s != state.current for s in state.order
    )


def take(
    draft: Draft, data: Data, who: str, kind: str, name: str, *, out_of_turn: bool = False
) -> None:
    """Spend a quick or full action (checked against the budget, Broken and the turn)."""
    state = draft.state
    fighter = state.combatant(who)
    spec = action_spec(data, kind, name) if name else None
    other = "full" if kind == "quick" else "quick"
    if name and spec is None and action_spec(data, other, name):
        raise RuleError(f"'{name}' is {with_article(other)} action — '{other} {fighter.id} {name}'")
    label = spec["name"] if spec else (name or f"a {kind} action")
    mine = state.current is not None and slot_owner(state.current) == fighter.id
    check_operating(fighter, label[:1].lower() + label[1:])
    if fighter.condition("Broken"):
        _broken_may(data, fighter, kind, spec, state.round)
    if not mine and not out_of_turn:
        raise RuleError(
            f"it is not {fighter.name}'s turn — only defend and dodge are taken out of turn"
        )
    if not mine and still_to_act(state, fighter.id):
        _early(draft, data, fighter, label)
        return
    _within_budget(fighter, data, kind)
    firing = bool(spec and spec.get("fires")) and "ammo" in fighter.tracks
    if firing and fighter.track("ammo") == 0:
        raise RuleError(f"{fighter.name} is out of ammo: reload first — 'reload {fighter.id}'")
    moving = bool(spec and spec.get("move"))
    stressed = moving and (
        not moves_made(data, fighter) or encumbrance_reading(state, data) == "per-move"
    )
    draft.emit(
        ev.ActionUsed,
        who=fighter.id,
        action=f"{kind}:{label}",
        text=f"{fighter.name}: {kind} action — {label}",
    )
    if fighter.condition("Broken"):
        draft.emit(ev.TrackSet, who=fighter.id, track=BROKEN_MOVE, value=state.round)
    if firing:
        draft.emit(
            ev.ReminderRaised,
            who=fighter.id,
            key=AMMO_ROLL,
            text=f"{fighter.name} fired: an ammo supply roll (a single-shot weapon makes "
            "none: it is reloaded instead)",
        )
    if stressed and fighter.condition(OVER_ENCUMBERED):
        add_stress(draft, data, draft.state.combatant(who), 1, f"{OVER_ENCUMBERED}, moving")


def moves_made(data: Data, fighter: Combatant) -> int:
    """Move actions (``move = true`` in the data) spent this turn."""
    names = {spec["name"] for spec in data["actions"]["quick"] if spec.get("move")}
    return sum(1 for a in fighter.spent if a.partition(":")[2] in names)


def _broken_may(
    data: Data, fighter: Combatant, kind: str, spec: Mapping[str, Any] | None, round_no: int
) -> None:
    """Seed 003 l.137: "a single move action per round … but not perform any other
    actions" — a quick action spent before breaking does not use up that move; a move on
    one card of a round uses it up for the others (Speed 2)."""
    if kind != "quick" or spec is None or not spec.get("move"):
        raise RuleError(f"{fighter.name} is Broken: a single move a round and nothing else")
    if moves_made(data, fighter) or fighter.track(BROKEN_MOVE) == round_no:
        raise RuleError(f"{fighter.name} is Broken and has already moved this round")


def check_able(fighter: Combatant, what: str) -> None:
    """Seed 003 l.137: the dead act no more, and the Broken make "a single move action per
    round ... but not perform any other actions" — RuleError naming ``what`` was refused."""
    check_operating(fighter, what)
    if fighter.condition("Broken"):
        raise RuleError(
            f"{fighter.name} is Broken: a single move a round and nothing else — no {what}"
        )


def check_operating(fighter: Combatant, what: str) -> None:
    """RuleError for the dead, and for a synthetic shut down (seed 003 l.176: it operates
    only "until the android suffers a system shutdown")."""
    if fighter.status == "dead":
        raise RuleError(f"{fighter.name} is dead: no {what}")
    if fighter.condition("Shut down"):
        raise RuleError(f"{fighter.name} is shut down: no {what}")


def _within_budget(fighter: Combatant, data: Data, kind: str) -> None:
    count, fulls = used(fighter)
    limit = int(data["actions"]["per_turn"])
    if count >= limit:
        raise RuleError(
            f"{fighter.name} has used both actions this turn (two quick, or one full and one quick)"
        )
    if kind == "full" and fulls >= int(data["actions"]["full_per_turn"]):
        raise RuleError(f"{fighter.name} has already taken a full action this turn")


def _early(draft: Draft, data: Data, fighter: Combatant, label: str) -> None:
    spent = fighter.track(EARLY)
    if spent >= int(data["actions"]["per_turn"]):
        raise RuleError(f"{fighter.name} has no quick action left this round")
    draft.emit(
        ev.TrackSet,
        who=fighter.id,
        track=EARLY,
        value=spent + 1,
        text=f"{fighter.name}: quick action out of turn — {label} (taken from the coming turn)",
    )


def carry_early(draft: Draft, who: str) -> None:
    """At the start of a turn, quick actions already spent out of turn count against it."""
    fighter = draft.state.combatant(who)
    spent = fighter.track(EARLY)
    for _ in range(spent):
        draft.emit(ev.ActionUsed, who=fighter.id, action="quick:spent out of turn")
    if spent:
        draft.emit(ev.TrackSet, who=fighter.id, track=EARLY, value=0)


def quick(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``quick WHO [ACTION]``: spend a quick action (move, aim, reload, rally …)."""
    fighter = who_arg(draft.state, command)
    take(draft, data, fighter.id, "quick", " ".join(command.args[1:]))


def full(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``full WHO [ACTION]``: spend the full action (attack, first aid, climb …)."""
    fighter = who_arg(draft.state, command)
    take(draft, data, fighter.id, "full", " ".join(command.args[1:]))


def interrupt(draft: Draft, command: Command, dice: DiceLike, data: Data, action: str) -> None:
    """``defend WHO`` / ``dodge WHO``: out of turn, for a quick action not yet used."""
    fighter = who_arg(draft.state, command)
    if fighter.condition("Ambushed"):
        raise RuleError(f"{fighter.name} is caught in an ambush: no {action} this round")
    take(draft, data, fighter.id, "quick", action, out_of_turn=True)


def charge(draft: Draft, who: str, data: Data, kind: str, action: str) -> None:
    """Spend ``action`` for ``who`` if it is their turn (GM entries after the fact are free)."""
    state = draft.state
    if state.current is not None and slot_owner(state.current) == who:
        take(draft, data, who, kind, action)


ENCUMBERED_STRESS = "encumbered_stress"


def encumbrance_reading(state: EncounterState, data: Data) -> str:
    """How this encounter reads l.200 "every time you move": ``per-turn`` or ``per-move``."""
    return chosen(readings_from(data), state.options, ENCUMBERED_STRESS)
