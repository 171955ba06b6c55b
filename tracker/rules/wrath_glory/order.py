"""Wrath & Glory turn order: chosen by the GM, alternating sides, or rolled as an option.

The text gives no initiative roll. In the default *chosen* order the GM names who acts
next among those who have not acted this round (``next WHO``); with no name the sides
alternate (players, then foes …), each side by its Initiative attribute. The order pane
always shows who has acted, who is acting, then the suggested rest. Encounter option
``turn_order = "rolled"`` rolls an Initiative pool instead (icons, higher first).
Hold Action is the core delay; interrupting an NPC needs an opposed Initiative test,
interrupting a Hero none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core import events as ev
from tracker.core import flow
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, resolve
from tracker.core.model import EncounterState, slot_owner
from tracker.core.protocol import DiceLike, Rules
from tracker.core.records import record_roll
from tracker.core.wording import counted
from tracker.rules.wrath_glory import held_turn
from tracker.rules.wrath_glory.acting import actions_made, check_can_act
from tracker.rules.wrath_glory.dice import is_hero, roll_pool, wrath_glory

Data = Mapping[str, Any]
MODES = ("chosen", "rolled")


def mode(state: EncounterState, data: Data) -> str:
    """The encounter's turn order: ``chosen`` (default) or ``rolled``."""
    value = str(state.options.get("turn_order", data["order"]["mode"]))
    return value if value in MODES else "chosen"


def is_player_side(side: str, data: Data) -> bool:
    """True for the players' side of the alternation (pc, ally)."""
    return side in data["order"]["player_sides"]


def chosen_order(state: EncounterState, rules: Rules, data: Data) -> tuple[str, ...]:
    """Acted slots, the current one, then the rest alternating sides."""
    slots = [
        s
        for s in state.initiative
        if slot_owner(s) in state.combatants
        and state.combatant(s).status != "removed"
        and s not in state.delayed
    ]
    done = [s for s in state.order if s in state.acted and s in slots]
    done += [s for s in slots if s in state.acted and s not in done]
    current = [state.current] if state.current in slots and state.current not in done else []
    rest = [s for s in slots if s not in done and s not in current]
    fresh = not done and not current
    rank = {s: i for i, s in enumerate(state.order)}
    roster = {cid: i for i, cid in enumerate(state.combatants)}
    if fresh:
        rest.sort(key=lambda s: (-state.initiative[s], roster[slot_owner(s)]))
    else:
        rest.sort(key=lambda s: (rank.get(s, len(rank)), roster[slot_owner(s)]))
    # an interrupted turn resumes right after the one who cut in (seed 002 "Hold Action")
    resuming = [s for s in rest if held_turn.resumes(state.combatant(s), s)]
    rest = [s for s in rest if s not in resuming]
    last = (resuming or current or done or [""])[-1]
    return (*done, *current, *resuming, *_alternate(state, rules, data, rest, last))


def _alternate(
    state: EncounterState, rules: Rules, data: Data, rest: list[str], last: str
) -> list[str]:
    able = [s for s in rest if rules.takes_turn(state, s)]
    unable = [s for s in rest if s not in able]
    players = [s for s in able if is_player_side(state.combatant(s).side, data)]
    foes = [s for s in able if s not in players]
    if last:
        players_next = not is_player_side(state.combatant(last).side, data)
    else:
        first = str(state.options.get("first_side", data["order"]["first_side"]))
        players_next = is_player_side(first, data)
    queues = [players, foes] if players_next else [foes, players]
    merged: list[str] = []
    while queues[0] or queues[1]:
        for queue in queues:
            if queue:
                merged.append(queue.pop(0))
    return merged + unable


def initiative(
    rules_data: Data, state: EncounterState, slot: str, dice: DiceLike
) -> tuple[int, tuple[int, ...], str]:
    """(value, dice, words) for one slot: the Initiative attribute, or icons when rolled."""
    fighter = state.combatant(slot)
    attribute = fighter.stats.get("initiative", int(rules_data["defaults"]["initiative"]))
    if mode(state, rules_data) == "chosen":
        return attribute, (), ""
    result = roll_pool(dice, max(1, attribute), 0)
    return (
        result.icons,
        result.faces,
        f"{counted(result.icons, 'icon')} ({attribute}d {list(result.faces)})",
    )


def next_turn(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    """``next [WHO]``: end this turn; WHO (or the suggested next) acts."""
    state = draft.state
    flow.require_running(state)
    chosen = resolve(state, command.args[0], slots=True) if command.args else None
    if chosen is not None:
        chosen = _slot_of(state, chosen)
        _check_can_act(state, rules, chosen)
    flow.end_current(draft, rules, dice)
    if chosen is not None:
        state = draft.state
        done = [s for s in state.order if s in state.acted]
        rest = [s for s in state.order if s not in state.acted and s != chosen]
        if tuple(done + [chosen] + rest) != state.order:
            draft.emit(ev.OrderSet, order=(*done, chosen, *rest))
    flow.begin_next(draft, rules, dice)


def _slot_of(state: EncounterState, token: str) -> str:
    if token in state.order:
        return token
    slots = [s for s in state.order if slot_owner(s) == token and s not in state.acted]
    return slots[0] if slots else token


def _check_can_act(state: EncounterState, rules: Rules, slot: str) -> None:
    name = flow.name_of(state, slot)
    if slot in state.delayed:
        raise RuleError(f"{name} is holding their action — 'act {slot}' or 'interrupt {slot}'")
    if slot not in state.order:
        raise RuleError(f"{name} is not in the turn order")
    if slot == state.current:
        raise RuleError(f"it is {name}'s turn already — 'next' ends it")
    if slot in state.acted:
        waiting = [
            flow.name_of(state, s)
            for s in state.order
            if s not in state.acted and s != state.current and rules.takes_turn(state, s)
        ]
        raise RuleError(
            f"{name} has already acted this round — still to act: {', '.join(waiting) or 'nobody'}"
        )
    if not rules.takes_turn(state, slot):
        raise RuleError(f"{name} cannot take a turn now ({state.combatant(slot).status})")


def hold(draft: Draft, command: Command, dice: DiceLike, rules: Rules, data: Data) -> None:
    """``hold [WHO]``: Hold Action — wait and act later in the round. Holding is an action
    of one's turn (seed 002 "Hold Action"): not for one who can take none (at 0 Wounds, or
    the round given up to Full Defence); and it is one of the text's combat options ("One
    Combat Option", l.2-41), which the Exhausted do not take ("Exhausted", l.279-281)."""
    slot = resolve(draft.state, command.args[0] if command.args else ".", slots=True)
    fighter = draft.state.combatant(slot)
    check_can_act(fighter, data, "Hold Action", draft.state.round)
    if fighter.condition("Exhausted"):
        raise RuleError(
            f"{fighter.name} is Exhausted: only a basic move, a regular action or "
            "Disengage — no Hold Action (a combat option)"
        )
    slot = _slot_of(draft.state, slot)
    made = actions_made(fighter) if slot == draft.state.current else []
    if made:  # one holds the action before making it; a later turn would be a second one
        raise RuleError(
            f"{fighter.name} has made an action this turn ({', '.join(made)}): Hold Action "
            "waits to act later, before acting"
        )
    if slot == draft.state.current:
        held_turn.mark_begun(draft, slot)
    flow.delay(draft, rules, dice, slot, said="holds their action")  # l.35: "hold their action"


def interrupt(draft: Draft, command: Command, dice: DiceLike, rules: Rules, data: Data) -> None:
    """``interrupt WHO``: a holding combatant tries to act before the one acting now."""
    state = draft.state
    flow.require_running(state)
    token = resolve(state, command.arg(0, "who interrupts"), slots=True)
    holder = next((s for s in state.delayed if s == token or slot_owner(s) == token), None)
    if holder is None:
        raise RuleError(f"{flow.name_of(state, token)} is not holding an action — 'hold' first")
    if state.current is None:
        raise RuleError("nobody is acting: there is nothing to interrupt — 'act' brings them in")
    check_can_act(state.combatant(holder), data, "interrupting", state.round)
    actor = state.current
    made = actions_made(state.combatant(actor))
    if made:  # an interrupt comes before the action (l.38-39: "takes their action first")
        raise RuleError(
            f"{flow.name_of(state, actor)} has already made an action this turn "
            f"({', '.join(made)}): too late to interrupt — 'act {slot_owner(holder)}' "
            "acts after this turn"
        )
    # seed 002 "Hold Action": the opposed test is for interrupting an NPC; a Hero lets them in
    hero = is_hero(state.combatant(actor), data)
    mine, theirs = (1, 0) if hero else _opposed(draft, dice, data, holder, actor)
    if mine <= theirs:
        holding = flow.name_of(state, holder)
        draft.say(f"{flow.name_of(state, actor)} acts first; {holding} still holds")
        draft.say(f"{holding} acts after this turn: 'act {slot_owner(holder)}'", gm_only=True)
        return
    before = state.order[: state.order.index(actor)] if actor in state.order else ()
    draft.emit(
        ev.TurnResumed,
        who=holder,
        after=before[-1] if before else "",
        text=f"{flow.name_of(state, holder)} interrupts {flow.name_of(state, actor)}"
        + (" (a player character: no test)" if hero else ""),
    )
    held_turn.mark_interrupted(draft, actor)
    draft.emit(
        ev.TurnStarted, who=holder, text=f"{flow.possessive(flow.name_of(state, holder))} turn"
    )
    rules.on_turn_start(draft, holder, dice)


def _opposed(draft: Draft, dice: DiceLike, data: Data, holder: str, actor: str) -> tuple[int, int]:
    state = draft.state
    results = []
    for slot in (holder, actor):
        fighter = state.combatant(slot)
        size = fighter.stats.get("initiative", int(data["defaults"]["initiative"]))
        result = roll_pool(dice, max(1, size), 0)
        results.append(result)
        record_roll(
            draft,
            fighter.id,
            f"{size}d6",
            result.faces,
            total=result.icons,
            reason="opposed Initiative",
            text=f"{fighter.name}'s Initiative {size}d {result.faces_text()} → "
            + counted(result.icons, "icon"),
        )
        wrath_glory(draft, data, fighter, result)  # a test: a Hero's Wrath 6 adds Glory
    return results[0].icons, results[1].icons


def set_mode(draft: Draft, command: Command, dice: DiceLike, rules: Rules, data: Data) -> None:
    """``order chosen|rolled``: switch the turn order (rolled re-rolls everyone)."""
    wanted = command.arg(0, "chosen or rolled").casefold()
    if wanted not in MODES:
        raise RuleError("the turn order is 'chosen' (the GM picks, sides alternate) or 'rolled'")
    if mode(draft.state, data) == wanted:
        raise RuleError(f"the turn order is already {wanted}")
    draft.emit(ev.OptionSet, key="turn_order", value=wanted, text=f"Turn order: {wanted}")
    fighters = [c.id for c in draft.state.active if not c.out_of_fight]
    if draft.state.initiative or draft.state.phase != "setup":
        rules.roll_initiative(draft, fighters, dice)
        order = rules.sort_order(draft, dice)
        if order != draft.state.order:
            draft.emit(ev.OrderSet, order=order)


def held_actions_lost(draft: Draft) -> None:
    """At the end of the round, anyone still holding loses the turn."""
    state = draft.state
    if not state.delayed:
        return
    for slot in state.delayed:
        draft.say(f"{flow.name_of(state, slot)} never used the held action and loses the turn")
    draft.emit(ev.OrderSet, order=(*state.order, *state.delayed))
