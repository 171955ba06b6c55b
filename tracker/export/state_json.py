"""The current state as JSON (``tracker state FILE --json``); schema in docs/state-json.md."""

from __future__ import annotations

from typing import Any

from tracker.core.model import Combatant, EncounterState
from tracker.export.cells import cell_len, pad_cells
from tracker.rules.base import Ruleset
from tracker.rules.display import initiative_shown

SCHEMA_VERSION = 1


def state_document(state: EncounterState, rules: Ruleset) -> dict[str, Any]:
    """A JSON-ready dictionary describing the encounter now."""
    return {
        "schema": SCHEMA_VERSION,
        "title": state.title,
        "ruleset": state.ruleset,
        "seq": state.seq,
        "phase": state.phase,
        "round": state.round,
        "current": state.current,
        "order": [
            {
                "slot": slot,
                "id": state.combatant(slot).id,
                "initiative": state.initiative.get(slot),
                "acted": slot in state.acted,
            }
            for slot in state.order
        ],
        "delayed": list(state.delayed),
        "surprised": list(state.surprised),
        "pools": dict(state.tracks),
        "header": [str(part) for part in rules.header_parts(state)],  # as the TUI header
        "combatants": [_combatant(c, rules) for c in state.combatants.values()],
        "reminders": [{"who": r.who, "key": r.key, "text": r.text} for r in state.reminders],
    }


def _combatant(fighter: Combatant, rules: Ruleset) -> dict[str, Any]:
    return {
        "id": fighter.id,
        "name": fighter.name,
        "side": fighter.side,
        "kind": fighter.kind,
        "status": fighter.status,
        "hidden": fighter.hidden,
        "summary": rules.summary(fighter),
        "stats": dict(fighter.stats),
        "armour": dict(fighter.armour),
        "tracks": {
            k: {"value": v, "max": fighter.limits.get(k)} for k, v in fighter.tracks.items()
        },
        "conditions": [
            {"name": c.name, "category": c.category, "rounds": c.rounds, "level": c.level}
            for c in fighter.conditions
        ],
        "injuries": [
            {
                "location": i.location,
                "score": i.score,
                "name": i.name,
                "effect": i.effect,
                "lethal": i.lethal,
            }
            for i in fighter.injuries
        ],
        "actions_spent": list(fighter.spent),
        "notes": fighter.notes,
        "traits": [t.as_table() for t in fighter.traits],
    }


def state_text(state: EncounterState, rules: Ruleset) -> str:
    """The state as a short human-readable summary."""
    phase = {"setup": "not started", "ended": "over"}.get(state.phase, f"round {state.round}")
    lines = [f"{state.title or 'Encounter'} · {rules.id} · {phase}"]
    pools = rules.header_parts(state)  # Glory 3, Threat 2: as the TUI's header says them
    if pools:
        lines.append("  " + " · ".join(pools))
    slots = state.order or tuple(state.combatants)
    listed = (*slots, *state.delayed)
    widest = max((cell_len(state.combatant(slot).name) for slot in listed), default=0)
    for slot in listed:
        fighter = state.combatant(slot)
        mark = "▶" if slot == state.current else "⏸" if slot in state.delayed else " "
        init = state.initiative.get(slot)
        shown = "-" if init is None else initiative_shown(rules.initiative_words, init)
        init_text = f"{shown:>4}"
        extra = [rules.summary(fighter), *(c.name for c in fighter.conditions)]
        if fighter.status != "active":
            extra.append(fighter.status.upper())
        name = pad_cells(fighter.name, max(18, widest))
        lines.append(f"{mark} {init_text} {name} " + "  ".join(e for e in extra if e))
    for reminder in state.reminders:
        lines.append(f"  ! {reminder.text}")
    return "\n".join(lines)
