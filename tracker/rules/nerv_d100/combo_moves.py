"""nerv-d100 Special Combo Actions: Initiative Shift and Pass Off (seed 000 l.132-136).

"These actions can only be used by comboing into them. They take up your combo action
instead of your normal actions." Initiative Shift moves the combatant's initiative one
point up or down (``act WHO initiative shift up|down combo``), and the order is sorted
again, ties broken as at the start. Pass Off hands the Combo action to an ally
(``act WHO pass off ALLY combo``): the ally may take it now with ``act ALLY ACTION
combo``, then the turn goes on. Which action is which, and by how much a shift moves,
is in ``[[actions]]`` of the data file (``combo_only``, ``shift``, ``hands_over``).
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import named
from tracker.core.model import Combatant, slot_owner
from tracker.core.protocol import DiceLike, Rules
from tracker.rules.nerv_d100.tables import ActionSpec, NervTables
from tracker.rules.nerv_d100.witness import allies

DIRECTIONS = {"up": 1, "down": -1}


def split_argument(tables: NervTables, name: str) -> tuple[ActionSpec, str]:
    """The action ``name`` names, and the word after a special combo action's name
    (``initiative shift up`` → Initiative Shift, ``up``); ``""`` when there is none."""
    words = name.split()
    if len(words) > 1:
        for spec in tables.actions:
            if (spec.shift or spec.hands_over) and _names(spec, " ".join(words[:-1])):
                return spec, words[-1]
    return tables.action(name), ""


def _names(spec: ActionSpec, name: str) -> bool:
    wanted = " ".join(name.casefold().replace("_", " ").replace("-", " ").split())
    return wanted in (spec.key, *spec.aliases)


def check(spec: ActionSpec, fighter: Combatant, argument: str, combo: bool) -> None:
    """Refuse a Special Combo Action taken without a combo, or without its argument."""
    if spec.combo_only and not combo:
        raise RuleError(
            f"{spec.key.title()} is a Special Combo Action: only by comboing into it "
            f"('act {fighter.id} {spec.key}{_hint(spec)} combo')"
        )
    if spec.shift and argument.casefold() not in DIRECTIONS:
        raise RuleError(f"which way? 'act {fighter.id} {spec.key} up combo' or '… down combo'")
    if spec.hands_over and not argument:
        raise RuleError(f"to whom? 'act {fighter.id} {spec.key} ALLY combo'")
    if argument and not (spec.shift or spec.hands_over):
        raise RuleError(f"no action '{spec.key} {argument}'")


def _hint(spec: ActionSpec) -> str:
    return " up" if spec.shift else " ALLY" if spec.hands_over else ""


def take_effect(
    draft: Draft,
    rules: Rules,
    dice: DiceLike,
    spec: ActionSpec,
    fighter: Combatant,
    argument: str,
) -> None:
    """What a Special Combo Action does once taken."""
    if spec.shift:
        _shift(draft, rules, dice, fighter, spec.shift * DIRECTIONS[argument.casefold()])
    elif spec.hands_over:
        _pass_off(draft, fighter, argument)


def _shift(draft: Draft, rules: Rules, dice: DiceLike, fighter: Combatant, step: int) -> None:
    slot = next((s for s in draft.state.initiative if slot_owner(s) == fighter.id), "")
    if not slot:
        raise RuleError(f"{fighter.name} has no initiative to shift yet")
    before = draft.state.initiative[slot]
    after = before + step
    draft.emit(
        ev.InitiativeSet,
        who=slot,
        value=after,
        text=f"{fighter.name}: initiative {_shown(before)} → {_shown(after)} (Initiative Shift)",
    )
    order = rules.sort_order(draft, dice)
    if order != draft.state.order:
        draft.emit(ev.OrderSet, order=order)


def _shown(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _pass_off(draft: Draft, fighter: Combatant, token: str) -> None:
    ally = named(draft.state, token)
    if not allies(fighter, ally):
        raise RuleError(f"{ally.name} is not an ally of {fighter.name}: Pass Off goes to an ally")
    if ally.status != "active":
        raise RuleError(f"{ally.name} is out of the fight: no Pass Off to them")
    draft.say(
        f"{fighter.name} passes the Combo to {ally.name}: {ally.name} takes it now, "
        f"then {fighter.name}'s turn goes on"
    )
    draft.say(f"{ally.name}'s combo action: 'act {ally.id} ACTION combo'", gm_only=True)
