"""Round and turn flow, the same for every ruleset: start, next, prev, delay, act, swap.

The four trigger points (start/end of round, start/end of turn) call the ruleset's
hooks inside the same draft, so their reminders and effects join the command's batch.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import EncounterState, evolve, slot_owner
from tracker.core.protocol import DiceLike, Rules
from tracker.core.wording import possessive


def name_of(state: EncounterState, slot: str) -> str:
    """A slot's display name (``Alien (card 2)`` for a second activation)."""
    fighter = state.combatant(slot)
    _, _, extra = slot.partition("@")
    return f"{fighter.name} (#{extra})" if extra else fighter.name


def require_running(state: EncounterState) -> None:
    """RuleError unless the fight is under way."""
    if state.phase == "setup":
        raise RuleError("the fight has not started yet — type 'start'")
    if state.phase == "ended":
        raise RuleError("the fight is over — undo 'end' to go on")


def start(draft: Draft, rules: Rules, dice: DiceLike, surprised: tuple[str, ...]) -> None:
    """Roll missing initiative, sort the order, begin round 1 and the first turn."""
    state = draft.state
    if state.phase != "setup":
        raise RuleError(f"the fight has already started (round {state.round})")
    if not [c for c in state.active if not c.out_of_fight]:
        raise RuleError("nobody to fight yet — add combatants first ('add NAME')")
    missing = [c.id for c in state.active if c.id not in _owners(state)]
    if missing:
        rules.roll_initiative(draft, missing, dice)
    draft.emit(ev.OrderSet, order=rules.sort_order(draft, dice))
    names = ", ".join(draft.state.combatant(s).name for s in surprised)
    text = "The fight begins" + (f"; surprised: {names}" if names else "")
    draft.emit(ev.EncounterStarted, surprised=surprised, text=text)
    draft.emit(ev.RoundStarted, round=1, text="Round 1")
    round_start(draft, rules, dice)
    begin_next(draft, rules, dice)


def _owners(state: EncounterState) -> set[str]:
    return {s.split("@", 1)[0] for s in state.initiative}


def next_turn(draft: Draft, rules: Rules, dice: DiceLike, chosen: str | None = None) -> None:
    """End the current turn and begin the next (ending the round when all have acted);
    ``chosen``: the GM picks who acts next this round, moved up the order to go now."""
    require_running(draft.state)
    if chosen is not None:
        _check_may_go(draft.state, rules, chosen)
    end_current(draft, rules, dice)
    if chosen is not None:
        state = draft.state
        done = [s for s in state.order if s in state.acted]
        rest = [s for s in state.order if s not in state.acted and s != chosen]
        if (*done, chosen, *rest) != state.order:
            draft.emit(ev.OrderSet, order=(*done, chosen, *rest))
    begin_next(draft, rules, dice)


def _check_may_go(state: EncounterState, rules: Rules, slot: str) -> None:
    """``slot`` may be picked to act next: in the order, not acting, not yet acted."""
    if slot == state.current:
        raise RuleError(f"it is already {possessive(name_of(state, slot))} turn")
    name = _yet_to_act(state, slot, f"is delaying — 'act {slot}' brings them in")
    if not rules.takes_turn(state, slot):
        raise RuleError(f"{name} cannot act (down, dead or out of the fight)")


def _yet_to_act(state: EncounterState, slot: str, delaying: str) -> str:
    """``slot``'s name, if it is in the order and yet to act this round (RuleError
    otherwise; ``delaying`` is said of one who is delaying)."""
    name = name_of(state, slot)
    if slot in state.delayed:
        raise RuleError(f"{name} {delaying}")
    if slot not in state.order:
        raise RuleError(f"{name} is not in the initiative order")
    if slot in state.acted:
        raise RuleError(f"{name} has already acted this round")
    return name


def end_current(draft: Draft, rules: Rules, dice: DiceLike) -> None:
    """End the turn in progress, if any, firing the end-of-turn trigger."""
    current = draft.state.current
    if current is None:
        return
    again = _stepped_over(draft.state, current, "end")
    draft.emit(ev.TurnEnded, who=current)
    if not again:
        rules.on_turn_end(draft, current, dice)


def _stepped_over(state: EncounterState, slot: str, edge: str) -> bool:
    """True when ``slot``'s turn ``edge`` (start or end) was crossed before ``prev`` stepped
    back over it: its trigger fired then and fires no more (as a round's, in new_round)."""
    return (state.round, slot, edge) in state.stepped_over


def begin_next(draft: Draft, rules: Rules, dice: DiceLike) -> None:
    """Start the first turn not yet taken this round, rolling into new rounds as needed."""
    for _ in range(3):
        slot = _next_slot(draft, rules)
        while slot is not None:
            state = draft.state
            if slot in state.surprised and state.round == 1:
                text = f"{name_of(state, slot)} is surprised and loses the turn"
                draft.emit(ev.TurnSkipped, who=slot, text=text)
                slot = _next_slot(draft, rules)
                continue
            again = _stepped_over(state, slot, "start")
            draft.emit(ev.TurnStarted, who=slot, text=f"{possessive(name_of(state, slot))} turn")
            if not again:
                rules.on_turn_start(draft, slot, dice)
            return
        new_round(draft, rules, dice)
    raise RuleError("nobody left who can act — add combatants, revive someone, or 'end'")


def new_round(draft: Draft, rules: Rules, dice: DiceLike) -> None:
    """End this round and begin the next, with both triggers — unless the next round was
    begun before and 'prev' stepped back out of it: then it goes on in the order it was
    played in (no cards dealt again) and its triggers, which fired then, fire no more."""
    finished = draft.state.round
    again = finished + 1 in draft.state.rounds
    draft.emit(ev.RoundEnded, round=finished)
    if not again:
        rules.on_round_end(draft, dice)
    draft.emit(ev.RoundStarted, round=finished + 1, text=f"Round {finished + 1}")
    if not again:
        round_start(draft, rules, dice)


def round_start(draft: Draft, rules: Rules, dice: DiceLike) -> None:
    """The start-of-round trigger; initiative it rolls again (cards dealt every round)
    sorts the order again, so the new round is played in the new order (those delaying
    keep waiting for 'act')."""
    before = dict(draft.state.initiative)
    rules.on_round_start(draft, dice)
    if dict(draft.state.initiative) == before:
        return
    waiting = draft.state.delayed
    order = tuple(s for s in rules.sort_order(draft, dice) if s not in waiting)
    if order != draft.state.order:
        draft.emit(ev.OrderSet, order=order)


def _next_slot(draft: Draft, rules: Rules) -> str | None:
    """The first slot yet to act this round; those passed over (the dead, downed
    enemies) are marked as having had their turn, so a revived one waits a round — one
    whose condition takes the turn with a line saying so."""
    for slot in draft.state.order:
        if slot in draft.state.acted:
            continue
        if rules.takes_turn(draft.state, slot):
            return slot
        draft.emit(ev.TurnSkipped, who=slot, text=lost_turn_line(draft.state, rules, slot))
    return None


def lost_turn_line(state: EncounterState, rules: Rules, slot: str) -> str:
    """``Kell loses the turn (Stunned)`` when a condition ``slot`` holds is what takes its
    turn (without it, the turn would be taken); "" for a slot passed over by design — the
    dead, a downed enemy, a horde or a pilot acting with another."""
    fighter = state.combatant(slot)
    if fighter.out_of_fight:
        return ""
    for held in fighter.conditions:
        rest = tuple(c for c in fighter.conditions if c is not held)
        freed = evolve(fighter, conditions=rest)
        if rules.takes_turn(
            evolve(state, combatants={**state.combatants, fighter.id: freed}), slot
        ):
            return f"{name_of(state, slot)} loses the turn ({held.name})"
    return ""


def previous_turn(draft: Draft, rules: Rules) -> None:
    """Step back to the previous turn (a correction: no triggers fire)."""
    state = draft.state
    require_running(state)
    eligible = [s for s in state.order if rules.takes_turn(state, s)]
    if state.current in eligible:
        index = eligible.index(state.current)
    else:
        index = len([s for s in eligible if s in state.acted])
    before = _round_before(state, rules)
    if index > 0:
        slot, round_no = eligible[index - 1], state.round
    elif state.round > 1 and before:
        slot, round_no = before[-1], state.round - 1
    else:
        raise RuleError("this is the first turn of the fight: there is nothing before it")
    text = f"Back to {possessive(name_of(state, slot))} turn (round {round_no})"
    draft.emit(ev.TurnRewound, who=slot, round=round_no, text=text)


def _round_before(state: EncounterState, rules: Rules) -> list[str]:
    """Those who could take a turn in the round before, in the order it was played in."""
    kept = state.order_of_round(state.round - 1)
    order = state.order if kept is None else kept.order
    return [s for s in order if slot_owner(s) in state.combatants and rules.takes_turn(state, s)]


def delay(draft: Draft, rules: Rules, dice: DiceLike, slot: str, said: str = "delays") -> None:
    """``slot`` holds its turn; if it was acting, the next combatant goes (``said``: the
    log's words for it, in the ruleset's terms)."""
    state = draft.state
    require_running(state)
    name = _yet_to_act(state, slot, "is already delaying — 'act' brings them in")
    was_current = state.current == slot
    draft.emit(ev.TurnDelayed, who=slot, text=f"{name} {said}")
    if was_current:
        begin_next(draft, rules, dice)


def act_now(draft: Draft, rules: Rules, dice: DiceLike, slot: str) -> None:
    """A delaying ``slot`` acts now: the current turn ends and theirs begins after it."""
    state = draft.state
    require_running(state)
    if slot not in state.delayed:
        raise RuleError(f"{name_of(state, slot)} is not delaying")
    after = state.current or ""
    end_current(draft, rules, dice)
    draft.emit(ev.TurnResumed, who=slot, after=after, text=f"{name_of(state, slot)} acts now")
    if after in draft.state.initiative:
        draft.emit(ev.InitiativeSet, who=slot, value=draft.state.initiative[after])
    draft.emit(ev.TurnStarted, who=slot, text=f"{possessive(name_of(state, slot))} turn")
    rules.on_turn_start(draft, slot, dice)


def swap(draft: Draft, first: str, second: str) -> None:
    """Two slots trade places (and initiative values) in the order."""
    state = draft.state
    order = list(state.order)
    for slot in (first, second):
        if slot not in order:
            raise RuleError(f"{name_of(state, slot)} is not in the initiative order")
    if first == second:
        raise RuleError("swap needs two different combatants")
    i, j = order.index(first), order.index(second)
    order[i], order[j] = order[j], order[i]
    a, b = state.initiative.get(first, 0), state.initiative.get(second, 0)
    draft.emit(ev.InitiativeSet, who=first, value=b)
    draft.emit(ev.InitiativeSet, who=second, value=a)
    text = f"{name_of(state, first)} and {name_of(state, second)} swap places"
    draft.emit(ev.OrderSet, order=tuple(order), text=text)


def where_words(state: EncounterState, acting: str) -> tuple[str, ...]:
    """``("Round 3", "Wren's turn")``, or "Not started yet" / "Fight over after round 3":
    where the fight stands, in the same words on the GM's header, the players' page and
    the players' view (``acting``: the name of the one acting, as the reader may see it)."""
    if state.phase == "setup":
        return ("Not started yet",)
    if state.phase == "ended":
        return (f"Fight over after round {state.round}",)
    return (f"Round {state.round}", *([f"{possessive(acting)} turn"] if acting else []))
