"""eva-escale pilots on foot (seed 001 l.150-161): what the tracker can hold them to.

A pilot on foot may dodge but never parry (``pilots.vet_action``), moves as AB 1, and
cannot move at all when dead, after burning Fate to survive or with crippling damage to a
leg — unless their cockpit moves itself and sports an AI. Attacks on them take −40 (Size):
the tracker rolls no attack tests, so the damage line says the hit had to beat it.
``burn WHO`` burns a Fate point to survive (the pool shrinks for good).
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll_of
from tracker.rules.common import words_and_options
from tracker.rules.d100 import D100Tables, folded
from tracker.rules.d100.turns import Declared
from tracker.rules.eva_escale.forces import ON_FOOT, construct_of, fate_holder

MOVEMENT = "movement"
BREACHED = "Breached"
BURNED = "Burned Fate"


def on_foot(fighter: Combatant) -> bool:
    """Ejected and on foot (the ``On Foot`` condition)."""
    return fighter.condition(ON_FOOT) is not None


def moves_itself(state: EncounterState, tables: D100Tables, pilot: Combatant) -> bool:
    """l.155: a cockpit "capable of self-movement, that [is] also sporting AI" lets its pilot
    move as normal — unless it was Breached (l.152: then the pilot must go on foot)."""
    construct = construct_of(state, pilot)
    if construct is None or construct.condition(BREACHED) is not None:
        return False
    words = set(folded(str(construct.extras.get("cockpit", ""))).replace(",", " ").split())
    needed = set(folded(" ".join(tables.words("on_foot", "self_moving"))).split())
    return needed <= words


def why_unable_to_move(state: EncounterState, tables: D100Tables, pilot: Combatant) -> str:
    """The reason a pilot on foot cannot move (l.155), or empty."""
    if not on_foot(pilot) or moves_itself(state, tables, pilot):
        return ""
    if pilot.status == "dead":
        return "is dead"
    for name in tables.words("on_foot", "cannot_move"):
        held = pilot.condition(name)
        if held is not None:
            return "has burned Fate to survive" if name == BURNED else f"has a {held.name}"
    return ""


def vet_move(state: EncounterState, tables: D100Tables, pilot: Combatant, action: Declared) -> None:
    """Refuse a declared Movement action of a pilot on foot who cannot move ('force'
    overrules, as everywhere)."""
    if MOVEMENT not in action.subtypes or action.forced:
        return
    reason = why_unable_to_move(state, tables, pilot)
    if reason:
        raise RuleError(
            f"{pilot.name} {reason}: a pilot on foot cannot move then (add 'force' to allow)"
        )


def move_note(state: EncounterState, tables: D100Tables, pilot: Combatant, action: Declared) -> str:
    """`` · on foot: moves as AB 1`` on a pilot on foot's Movement action (l.154)."""
    if MOVEMENT not in action.subtypes or not on_foot(pilot):
        return ""
    if moves_itself(state, tables, pilot):
        return " · the cockpit moves itself (AI): as normal"
    return f" · on foot: moves as AB {tables.number('on_foot', 'movement_ab')}"


def to_hit_note(tables: D100Tables, target: Combatant) -> str:
    """`` (a pilot on foot: the attack test took −40 Size)`` on damage to one (l.156)."""
    if not on_foot(target):
        return ""
    return f" (a pilot on foot: the attack test took {tables.number('on_foot', 'to_hit')} Size)"


def burn(draft: Draft, command: Command, dice: DiceLike, tables: D100Tables) -> None:
    """``burn WHO``: a Fate point burned to survive — the pool loses it for good (a spent
    point goes first), and the bearer is marked ``Burned Fate`` (l.155)."""
    fighter = who_arg(draft.state, command, 0, "who burns Fate")
    words_and_options(command, 1, (), ())
    holder = fate_holder(draft.state, fighter)
    top, left = holder.limits.get("fate", 0), holder.track("fate")
    if top <= 0:
        raise RuleError(f"{holder.name} has no Fate to burn")
    after = min(left, top - 1)
    draft.emit(
        ev.TrackSet,
        who=holder.id,
        track="fate",
        value=after,
        limit=top - 1,
        text=f"{holder.name} burns a Fate point to survive: Fate {left}/{top} → {after}/{top - 1}",
    )
    if holder.condition(BURNED) is None:
        draft.emit(ev.ConditionApplied, who=holder.id, name=BURNED, category="Pilot")


def held_by_angels(draft: Draft, tables: D100Tables, dice: DiceLike) -> None:
    """End of a round: each pilot an Angel holds takes its Ego damage (seed 001 l.158,
    "the pilot promptly takes 1d10 Ego damage for every round in which they are held by
    the Angel"), rolled and recorded; the text has no Ego track, so the log says it."""
    rates = {
        folded(str(row["name"])): str(row["ego_damage"])
        for row in tables.raw.get("conditions", [])
        if "ego_damage" in row
    }
    standing = any(c.kind == "angel" and c.status == "active" for c in draft.state.active)
    for fighter in draft.state.combatants.values():
        if fighter.out_of_fight:
            continue
        for held in fighter.conditions:
            if folded(held.name) not in rates:
                continue
            if not standing:  # the Angel that held them is gone, down or dead
                draft.emit(
                    ev.ConditionRemoved,
                    who=fighter.id,
                    name=held.name,
                    text=f"{fighter.name} is no longer {held.name}: no Angel stands in "
                    "the fight to hold them",
                )
                continue
            roll = dice.roll(rates[folded(held.name)])
            record_roll_of(
                draft,
                fighter.id,
                roll,
                reason="ego damage",
                text=f"{fighter.name} ({held.name}) takes {roll.expr} Ego damage "
                f"[{', '.join(map(str, roll.dice))}] = {roll.total} — for the GM's Ego track",
            )
