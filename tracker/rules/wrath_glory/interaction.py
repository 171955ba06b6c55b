"""Wrath & Glory interaction attacks (seed 002 "Interaction Attacks"): a test against a DN
set by the target's opposing stat; a pass Hinders the target or makes it Vulnerable until
the end of the round, each Shift deepening it by one; three Shifts are the Player's Call.
One roll may affect several targets, who all suffer the same effect (l.114-115); the DN
the GM gives is for all of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, named, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.rules.wrath_glory.acting import check_can_act, take_action
from tracker.rules.wrath_glory.dice import pool_size, run_test
from tracker.rules.wrath_glory.effects import give_effect, test_penalty

Data = Mapping[str, Any]


def interact(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``interact WHO TARGET[,TARGET…] POOL hinder|vulnerable dn=N``: an interaction attack,
    one roll for every target; all of them suffer the same effect (l.114-115)."""
    if len(command.args) < 4 or "dn" not in command.options:
        raise RuleError(
            "'interact' needs who, the target(s), a pool, hinder or vulnerable and "
            "dn=N, e.g. 'interact ann ork fellowship hinder dn=3'"
        )
    actor = who_arg(draft.state, command)
    check_can_act(actor, data, "interaction attack", draft.state.round)
    targets = _targets(draft, actor, command.args[1])
    effect = {
        "hinder": "Hindered",
        "hindered": "Hindered",
        "vulnerable": "Vulnerable",
        "vuln": "Vulnerable",
    }.get(command.args[3].casefold())
    if effect is None:
        raise RuleError("an interaction attack makes the target hinder or vulnerable")
    take_action(draft, actor, "interaction attack")
    extra, notes = max(
        (test_penalty(actor, data, attack=True, against=t.id) for t in targets),
        key=lambda penalty: penalty[0],
    )
    names = ", ".join(t.name for t in targets)
    result = run_test(
        draft,
        dice,
        data,
        actor,
        pool_size(actor, command.args[2]),
        max(int(data["dice"]["min_dn"]), command.option_int("dn") + extra),
        purpose=f"interaction on {names}",
        reroll=command.flag("wrath"),
        note=" ".join(notes),
    )
    if not result.passed:
        return
    for target in targets:
        give_effect(draft, target, effect, level=1 + result.shifts, rounds=1)
    if result.shifts >= int(data["interaction"]["players_call_shifts"]):
        draft.say(f"Player's Call: {result.shifts} Shifts — something more happens to {names}")
        draft.say("Agree it at the table, then keep it: 'note TEXT'", gm_only=True)


def _targets(draft: Draft, actor: Combatant, token: str) -> list[Combatant]:
    """The targets a comma-separated list names, each once, the actor not among them."""
    targets: list[Combatant] = []
    for part in token.split(","):
        if part.strip():
            target = named(draft.state, part.strip())
            if target.id == actor.id:
                raise RuleError(f"{actor.name} cannot make an interaction attack on themselves")
            if target not in targets:
                targets.append(target)
    if not targets:
        raise RuleError("'interact' needs a target, e.g. 'interact ann ork fellowship hinder dn=3'")
    return targets
