"""alien-evolved Health and conditions by hand (seed 003): ``dmg``, ``heal``, ``ail``,
``cure`` and ``resolve`` (a reminder dealt with)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.protocol import DiceLike
from tracker.core.verbs import dismiss_reminders
from tracker.rules.alien_evolved import damage as alien_damage
from tracker.rules.alien_evolved import dying
from tracker.rules.alien_evolved.tables import CriticalTable
from tracker.rules.conditions import nothing_to_end

Data = Mapping[str, Any]
FROM_DAMAGE = ("Broken", "Dying", "Shut down")


def damage(
    draft: Draft, command: Command, dice: DiceLike, data: Data, criticals: CriticalTable
) -> None:
    """``dmg WHO N``: lose Health."""
    fighter = who_arg(draft.state, command)
    amount = command.number(1, "an amount of damage")
    alien_damage.damage(draft, dice, data, criticals, fighter.id, amount)


def heal(draft: Draft, command: Command, dice: DiceLike) -> None:
    """``heal WHO N``: recover Health (rest, the GM's ruling); the Broken get up."""
    fighter = who_arg(draft.state, command)
    amount = command.number(1, "an amount of Health")
    if fighter.status == "dead":
        raise RuleError(f"{fighter.name} is dead")
    if amount < 1:
        raise RuleError(f"heal 1 or more, not {amount}")
    if fighter.track("health") >= fighter.limits["health"]:
        raise RuleError(f"{fighter.name}'s Health is full already ({fighter.limits['health']})")
    if fighter.condition("Broken"):
        dying.get_up(draft, fighter.id, amount, "healed")
        return
    after = min(fighter.limits["health"], fighter.track("health") + amount)
    draft.emit(
        ev.TrackSet,
        who=fighter.id,
        track="health",
        value=after,
        text=f"{fighter.name}: Health {fighter.track('health')} → {after}",
    )


def ail(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``ail WHO NAME``: mark a condition from the catalogue (or any other name)."""
    fighter = who_arg(draft.state, command)
    name = " ".join(command.args[1:]).strip()
    if not name:
        names = ", ".join(c["name"] for c in data["conditions"])
        raise RuleError(f"'ail' needs a condition — {names}")
    known = {c["name"].casefold(): c["name"] for c in data["conditions"]}
    name = known.get(name.casefold(), name[:1].upper() + name[1:])
    if name in FROM_DAMAGE:
        raise RuleError(f"{name} comes from damage and criticals — use dmg or crit")
    draft.emit(ev.ConditionApplied, who=fighter.id, name=name, text=f"{fighter.name}: {name}")


def cure(draft: Draft, command: Command, dice: DiceLike) -> None:
    """``cure WHO NAME``: end a condition the GM marked."""
    fighter = who_arg(draft.state, command)
    name = " ".join(command.args[1:]).strip()
    if not name:
        ended = [c.name for c in fighter.conditions if c.name not in ("Broken", "Dying")]
        raise nothing_to_end(fighter.name, "", ended, verb=command.verb)
    held = fighter.condition(name)
    if held is None or held.name in ("Broken", "Dying"):
        raise nothing_to_end(
            fighter.name,
            name,
            [c.name for c in fighter.conditions],
            " (Broken and Dying end through first aid, rally or death rolls)",
        )
    draft.emit(
        ev.ConditionRemoved,
        who=fighter.id,
        name=held.name,
        text=f"{fighter.name}: {held.name} ends",
    )


def resolve(draft: Draft, command: Command, dice: DiceLike) -> None:
    """``resolve WHO KEY``: the GM has dealt with a reminder."""
    fighter = who_arg(draft.state, command)
    key = command.arg(1, "which reminder (critical, deathroll, panic)")
    dismiss_reminders(draft, fighter.id, key, "dealt with")
