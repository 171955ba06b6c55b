"""persona-d100 All-Out Attack (seed 004 l.168-176).

Open when the leader holds a One More and every enemy is Staggered; at least two
contributors without ailments (the leader and an ally); 1d10 + contributors, exploding on
10s, Almighty, ignoring armour and Toughness, against every enemy, who then lose
Staggered. When every Shadow falls, one of them owes the party a benefit.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, named, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll
from tracker.rules.common import words_and_options
from tracker.rules.d100.damage import exploding_d10, lose_wounds
from tracker.rules.persona_d100.book import STAGGERED, PersonaBase, ailments
from tracker.rules.persona_d100.momentum import foes, friends, spend_one_more


def all_out(draft: Draft, command: Command, dice: DiceLike, rules: PersonaBase) -> None:
    """``allout WHO [with=A,B]``: every enemy Staggered, a One More spent, 2+ contributors."""
    state = draft.state
    leader = who_arg(state, command, 0, "who leads the All-Out Attack")
    _, values = words_and_options(command, 1, (), ("with",))
    enemies = [
        c
        for c in state.combatants.values()
        if foes(leader, c) and c.status == "active" and not c.hidden
    ]
    standing = [c.name for c in enemies if c.condition(STAGGERED) is None]
    if not enemies:
        raise RuleError("no enemy stands: nothing to attack")
    if standing:
        raise RuleError(
            f"an All-Out Attack needs every enemy Staggered — still standing: {', '.join(standing)}"
        )
    crew = _contributors(rules, draft, leader, values.get("with", ""))
    spend_one_more(draft, leader, "an All-Out Attack")
    faces = exploding_d10(dice)
    total = sum(faces) + len(crew)
    record_roll(
        draft,
        leader.id,
        "1d10",
        faces,
        total=total,
        reason="All-Out Attack",
        text=f"All-Out Attack! {', '.join(c.name for c in crew)}: 1d10 "
        f"[{', '.join(map(str, faces))}] + {len(crew)} contributors = {total} "
        f"Almighty damage to every enemy, ignoring armour and Toughness",
    )
    for enemy in enemies:
        fated = enemy.limits.get("fate", 0) > 0
        lose_wounds(draft, rules.tables, enemy, total, fated)
        draft.emit(
            ev.ConditionRemoved,
            who=enemy.id,
            name=STAGGERED,
            text=f"{enemy.name} is no longer Staggered",
        )
    if all(draft.state.combatant(e.id).out_of_fight for e in enemies):
        draft.say(
            "Every Shadow falls: one of them owes the party a single benefit of its "
            "choice (an extreme one needs a contributor's social test); then they die"
        )


def _contributors(
    rules: PersonaBase, draft: Draft, leader: Combatant, listed: str
) -> list[Combatant]:
    state = draft.state
    book = rules.ailments
    if listed:
        chosen = [named(state, n) for n in listed.split(",") if n]
        crew = [leader, *[c for c in chosen if c.id != leader.id]]
    else:
        crew = [
            leader,
            *[
                c
                for c in state.combatants.values()
                if friends(leader, c) and c.status == "active" and not ailments(book, c)
            ],
        ]
    for fighter in crew:
        held = ailments(book, fighter)
        if held:
            raise RuleError(
                f"{fighter.name} suffers {held[0].name}: only allies without an "
                f"ailment contribute to an All-Out Attack"
            )
        if fighter.status != "active" or (fighter is not leader and not friends(leader, fighter)):
            raise RuleError(f"{fighter.name} cannot contribute to {leader.name}'s All-Out Attack")
    need = rules.tables.number("all_out", "min_contributors")
    if len(crew) < need:
        raise RuleError(
            f"an All-Out Attack needs at least {need} contributors without "
            f"ailments (you and an ally) — only {leader.name}"
        )
    return crew
