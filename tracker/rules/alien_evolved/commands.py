"""alien-evolved's commands as a table: name, usage, summary, the function that decides
it, and what of the ruleset that function is given after ``(draft, command, dice)``:
``core`` (the ruleset as the core's ``Rules``), ``data`` (its data file), ``criticals``
(the GM's critical tables), ``readings``; any other word is given as it stands (the kind
of an out-of-turn action)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core.protocol import Verb
from tracker.rules.alien_evolved import actions, cards, damage, dying, health, rolls, stress, time
from tracker.rules.verb_table import USUAL_ROLES, bound_table

VerbRow = tuple[Any, ...]

VERBS: tuple[VerbRow, ...] = (
    # cards and actions
    ("start", "start [attacker=WHO] [ambush=WHO,WHO]",
     "deal round 1 (surprise: the attacker takes card 1)", cards.start, ("core",), (),
     ("attacker", "ambush", "surprised", "surprise")),
    ("swap", "swap A B", "hold off: trade cards (the other cannot refuse)", cards.swap, ("core",)),
    ("delay", "delay WHO OTHER", "hold off: as 'swap' (a card is never held)", cards.hold_off,
     ("core",)),
    ("init", "init WHO N", "hand a card by hand (1-10)", cards.set_card, ("core", "data")),
    ("quick", "quick WHO [ACTION]", "spend a quick action", actions.quick, ("data",)),
    ("full", "full WHO [ACTION]", "spend the full action", actions.full, ("data",)),
    ("defend", "defend WHO", "defend out of turn (a quick action)", actions.interrupt,
     ("data", "defend")),
    ("dodge", "dodge WHO", "dodge out of turn (a quick action)", actions.interrupt,
     ("data", "dodge")),
    # Health, criticals, death
    ("dmg", "dmg WHO N", "lose Health (0: Broken and a critical)", health.damage,
     ("data", "criticals")),
    ("heal", "heal WHO N", "recover Health", health.heal, ()),
    ("crit", "crit WHO [N NAME…] [effect=…] [lethal=round|stretch|shift|instant] "
     "[instead=critical-N]",
     "roll or enter a critical", damage.crit, ("data", "criticals"), (),
     ("effect", "lethal", "instead")),
    ("deathroll", "deathroll WHO [pass|fail]", "a death roll (Stamina)", dying.death_roll,
     ("data",)),
    ("firstaid", "firstaid WHO N|fail [by=WHO] [roll=POOL]", "first aid", dying.first_aid,
     ("data",), (), ("by", "roll")),
    ("rally", "rally WHO N|fail [by=WHO]", "rally a Broken character", dying.rally, ("data",),
     (), ("by",)),
    # stress and rolls
    ("stress", "stress WHO +N|-N [for=WHAT]", "change the stress level", stress.stress,
     ("data",), (), ("for",)),
    ("panic", "panic WHO [N EFFECT…]", "roll (or enter) a panic result", stress.panic,
     ("data", "criticals")),
    ("skill", "skill WHO BASE|SKILL [mod=N] [for=WHAT] [weakspot] [firearm] [ambush]",
     "a skill roll with stress dice (SKILL: the combatant's dice, close-combat …)", rolls.skill,
     ("data",), ("weakspot", "firearm", "ambush"), ("mod", "for")),
    ("push", "push WHO", "push the last roll: stress +1, re-roll all but sixes", rolls.push,
     ("data",)),
    ("opposed", "opposed WHO BASE OTHER BASE", "an opposed roll: more sixes than the other wins",
     rolls.opposed, ("data",)),
    ("friendly", "friendly WHO [WHO…]", "a missed shot's friendly fire on an Adjacent PC",
     rolls.friendly_fire, ("data", "criticals")),
    # supplies
    ("supply", "supply WHO ammo|air|power", "a supply roll", stress.supply, ("data",)),
    ("auto", "auto WHO ROLLS", "Full Auto burst: 1-3 attack rolls", stress.full_auto, ("data",)),
    ("reload", "reload WHO", "reload (a quick action)", stress.reload, ("data",)),
    # conditions, time, reminders
    ("ail", "ail WHO CONDITION", "mark a condition (cover, panic …)", health.ail, ("data",)),
    ("cure", "cure WHO CONDITION", "end a condition", health.cure, ()),
    ("stretch", "stretch [rest]", "a stretch of time passes", time.stretch,
     ("data", "readings"), ("rest",)),
    ("shift", "shift", "a shift of time passes", time.shift, ("data", "readings")),
    ("resolve", "resolve WHO KEY", "dismiss a reminder", health.resolve, ()),
)  # fmt: skip


ROLES = USUAL_ROLES
"""``dmg``, ``heal``, ``ail`` and ``cure`` play their usual roles."""


def bound(parts: Mapping[Any, object]) -> dict[str, Verb]:
    """Every command of the table, given the ruleset's ``parts`` (``core``, ``data`` …)."""
    return bound_table(VERBS, parts, ROLES)
