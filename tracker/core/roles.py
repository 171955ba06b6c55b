"""Verb roles: which command plays which of the table's actions.

A ruleset names its verbs as its game does (``dmg``, ``hurt``, ``strike``); the keys,
dialogs, command palette and help of the TUI find them by the role each verb declares
(``Verb.role``), never by name.
"""

from __future__ import annotations

from collections.abc import Mapping

from tracker.core.protocol import Verb

DAMAGE = "damage"
HEAL = "heal"
CONDITION = "condition"
CURE = "cure"
NOTE = "note"
ADD = "add"

ROLES: dict[str, str] = {
    DAMAGE: "harm a combatant (the d key and the damage dialog)",
    HEAL: "mend a combatant (the h key; the damage dialog, healing)",
    CONDITION: "give an ailment or condition (the a key and the ailment picker)",
    CURE: "end an ailment or condition (the palette's Cure entries)",
    NOTE: "keep a GM note on a combatant (the N key)",
    ADD: "a combatant joins the fight (the + key and the add dialog)",
}
"""Every role and what it drives in the TUI."""

AMOUNTS = ("one", "highest")
"""What a dialog may ask for an amount (``Asks.amount``)."""
TARGETS = ("one", "several")
"""What a dialog may ask for targets (``Asks.targets``)."""


def role_verb(verbs: Mapping[str, Verb], role: str) -> Verb | None:
    """The verb playing ``role`` (the last one declared, so a ruleset's verb wins over a
    core one of the same role), or None when no verb plays it."""
    found = None
    for verb in verbs.values():
        if verb.role == role:
            found = verb
    return found


def role_problems(verbs: Mapping[str, Verb]) -> list[str]:
    """What is wrong with the verbs' roles: unknown roles or amounts, one role played by
    two verbs of the same table (each a sentence; empty when all is well)."""
    problems: list[str] = []
    players: dict[str, str] = {}
    for verb in verbs.values():
        if verb.role and verb.role not in ROLES:
            known = ", ".join(ROLES)
            problems.append(f"verb {verb.name!r} has role {verb.role!r} — roles: {known}")
        if verb.asks.amount not in AMOUNTS or verb.asks.targets not in TARGETS:
            problems.append(
                f"verb {verb.name!r} asks for {verb.asks.targets!r} targets and "
                f"{verb.asks.amount!r} amount — targets: one, several; amount: one, highest"
            )
        if verb.role and verb.role in players:
            problems.append(
                f"verbs {players[verb.role]!r} and {verb.name!r} both play {verb.role!r}"
            )
        elif verb.role:
            players[verb.role] = verb.name
    return problems
