"""Alien initiative cards: dealt afresh each round, one per point of Speed, lowest first.

A combatant with Speed 2 gets slots ``id`` and ``id@2`` (two turns). Surprise: the
attacker takes card 1. Ambush: the ambushers take the lowest cards and their targets
cannot defend or dodge that round. Holding off: swap cards with anyone, who cannot
refuse — the one given the low card acts at once. Every card dealt is recorded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from tracker.core import events as ev
from tracker.core import flow
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, resolve
from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.core.protocol import DiceLike, Rules

Data = Mapping[str, Any]


def slots_for(fighter: Combatant, data: Data) -> list[str]:
    """The initiative slots a combatant draws for: one per Speed (one while Broken)."""
    if fighter.out_of_fight or fighter.condition("Shut down"):
        return []
    speed = fighter.stats.get("speed", int(data["defaults"]["speed"]))
    if fighter.condition("Broken"):
        speed = 1
    return [fighter.id] + [f"{fighter.id}@{n}" for n in range(2, max(1, speed) + 1)]


def draw(dice: DiceLike, free: Sequence[int], tries: int) -> int:
    """One card from those left: a die the size of the deck, re-drawn if already dealt."""
    if len(free) == 1:
        return free[0]
    top = max(free)
    for _ in range(tries):
        card = dice.d(top)
        if card in free:
            return card
    return min(free)


def deal_round(draft: Draft, rules: Rules, data: Data, dice: DiceLike) -> None:
    """Hand back every card and deal the round afresh (surprise and ambush in round 1)."""
    state = draft.state
    if state.initiative:
        draft.emit(ev.InitiativeCleared, slots=tuple(state.initiative))
    slots = [s for c in state.active for s in slots_for(c, data)]
    if not slots:
        return
    deck = list(range(1, max(int(data["cards"]["deck"]), len(slots)) + 1))
    first = _first_round_cards(draft, data, dice, slots, deck) if state.round == 1 else {}
    dealt = dict(first)
    for slot in slots:
        if slot not in dealt:
            free = [c for c in deck if c not in dealt.values()]
            dealt[slot] = draw(dice, free, int(data["cards"]["draw_tries"]))
    _record(draft, dealt, f"Round {state.round} cards")
    draft.emit(ev.OrderSet, order=rules.sort_order(draft, dice))


def _first_round_cards(
    draft: Draft, data: Data, dice: DiceLike, slots: list[str], deck: list[int]
) -> dict[str, int]:
    options = draft.state.options
    attacker = str(options.get("surprise", ""))
    ambushers = [str(a) for a in options.get("ambush", [])]
    dealt: dict[str, int] = {}
    if attacker and attacker in slots:
        dealt[attacker] = 1
        draft.say(
            f"Surprise: {draft.state.combatant(attacker).name} attacks first and takes card 1"
        )
    ambush_slots = [s for s in slots if slot_owner(s) in ambushers and s not in dealt]
    lowest = [c for c in deck if c not in dealt.values()][: len(ambush_slots)]
    for slot in ambush_slots:
        free = [c for c in lowest if c not in dealt.values()]
        dealt[slot] = draw(dice, free, int(data["cards"]["draw_tries"]))
    if ambushers:
        _ambushed(draft, data, ambushers)
    return dealt


def _ambushed(draft: Draft, data: Data, ambushers: list[str]) -> None:
    state = draft.state
    sides = {state.combatant(a).side for a in ambushers}
    names = ", ".join(state.combatant(a).name for a in ambushers)
    draft.say(
        f"Ambush by {names}: they take the lowest cards and +{data['ambush']['bonus_dice']}"
        " dice to attack; their targets cannot defend or dodge this round"
    )
    for fighter in state.active:
        if fighter.id not in ambushers and fighter.side not in sides:
            draft.emit(
                ev.ConditionApplied,
                who=fighter.id,
                name="Ambushed",
                category="ambush",
                rounds=1,
                text="",
            )


def _record(draft: Draft, dealt: dict[str, int], title: str) -> None:
    for slot, card in dealt.items():
        draft.emit(ev.InitiativeSet, who=slot, value=card, rolls=(card,))
    shown = ", ".join(
        f"{flow.name_of(draft.state, s)} {c}"
        for s, c in sorted(dealt.items(), key=lambda item: item[1])
    )
    draft.say(f"{title}: {shown}")


def deal_to(draft: Draft, data: Data, dice: DiceLike, owners: Sequence[str]) -> None:
    """Mid-round draws (a newcomer, ``roll-init``) from the cards nobody holds."""
    state = draft.state
    wanted = {slot_owner(o) for o in owners}
    old = tuple(s for s in state.initiative if slot_owner(s) in wanted)
    if old:
        draft.emit(ev.InitiativeCleared, slots=old)
    held = set(draft.state.initiative.values())
    slots = [s for c in state.active if c.id in wanted for s in slots_for(c, data)]
    size = max(int(data["cards"]["deck"]), len(held) + len(slots))
    dealt: dict[str, int] = {}
    for slot in slots:
        free = [c for c in range(1, size + 1) if c not in held and c not in dealt.values()]
        dealt[slot] = draw(dice, free, int(data["cards"]["draw_tries"]))
    if dealt:
        _record(draft, dealt, "Cards drawn")


def start(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    """``start [attacker=WHO] [ambush=WHO,WHO]``: the fight begins and round 1 is dealt."""
    if "surprised" in command.options or "surprise" in command.options:
        raise RuleError(
            "in Alien the attacker takes card 1: 'start attacker=WHO' (or 'start ambush=WHO,WHO')"
        )
    state = draft.state
    if state.phase != "setup":
        raise RuleError(f"the fight has already started (round {state.round})")
    if "attacker" in command.options:
        attacker = resolve(state, command.options["attacker"])
        draft.emit(ev.OptionSet, key="surprise", value=attacker)
    if "ambush" in command.options:
        party = [resolve(state, n) for n in command.options["ambush"].split(",") if n]
        draft.emit(ev.OptionSet, key="ambush", value=party)
    flow.start(draft, rules, dice, ())


def pick_slot(state: EncounterState, token: str) -> str:
    """The slot a name means: its first card not yet played this round."""
    slot = resolve(state, token, slots=True)
    if slot in state.initiative and slot not in state.acted:
        return slot
    mine = [s for s in state.order if slot_owner(s) == slot_owner(slot) and s not in state.acted]
    return mine[0] if mine else slot


def swap(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    """``swap A B``: Holding off — A trades cards with B, who cannot refuse."""
    state = draft.state
    flow.require_running(state)
    first = pick_slot(state, command.arg(0, "two combatants, e.g. 'swap ann bishop'"))
    second = pick_slot(state, command.arg(1, "two combatants, e.g. 'swap ann bishop'"))
    if second == state.current:
        first, second = second, first
    for slot in (first, second):
        if slot not in state.initiative:
            raise RuleError(f"{flow.name_of(state, slot)} holds no card this round")
        if slot in state.acted:
            raise RuleError(
                f"{flow.name_of(state, slot)} has already acted this round — "
                "swap with someone still to act"
            )
    if first == second:
        raise RuleError("a swap needs two different cards")
    _not_acted_yet(state, first)
    mine, theirs = state.initiative[first], state.initiative[second]
    draft.emit(ev.InitiativeSet, who=first, value=theirs)
    draft.emit(ev.InitiativeSet, who=second, value=mine)
    draft.emit(
        ev.OrderSet,
        order=rules.sort_order(draft, dice),
        text=_holding_off(state, first, second),
    )
    if first == state.current and theirs > mine:
        draft.emit(
            ev.TurnStarted, who=second, text=f"{flow.possessive(flow.name_of(state, second))} turn"
        )
        rules.on_turn_start(draft, second, dice)


def _not_acted_yet(state: EncounterState, slot: str) -> None:
    """Holding off gives up a card before playing it (seed 003 l.69-70): one who has spent
    actions on the card in play keeps it — a later card would be a second turn."""
    spent = state.combatant(slot).spent if slot == state.current else ()
    if spent:
        made = ", ".join(a.partition(":")[2] or a for a in spent)
        raise RuleError(
            f"{flow.name_of(state, slot)} has acted on this card ({made}): holding off "
            "trades a card before acting on it"
        )


def _holding_off(state: EncounterState, first: str, second: str) -> str:
    """Seed 003 "Holding Off": the one holding the earlier card gives it up for a later
    one, and the other cannot refuse — whichever order the GM typed them in."""
    early, late = sorted((first, second), key=lambda slot: state.initiative[slot])
    name = partial(flow.name_of, state)
    card, later = state.initiative[early], state.initiative[late]
    return (
        f"{name(early)} holds off: card {card:g} goes to {name(late)} (who cannot refuse), "
        f"card {later:g} to {name(early)}"
    )


def deck_size(state: EncounterState, data: Data) -> int:
    """The highest card in play: 10, or one card per slot when more than ten draw."""
    slots = [s for c in state.active for s in slots_for(c, data)]
    return max(int(data["cards"]["deck"]), len(slots), len(state.initiative))


def set_card(draft: Draft, command: Command, dice: DiceLike, rules: Rules, data: Data) -> None:
    """``init WHO N``: the GM hands a card by hand — a card of the deck, 1 to 10 (seed 003
    "Combat Mode": cards are drawn, lowest first), never 0 or below."""
    state = draft.state
    token = command.arg(0, "a combatant, e.g. 'init ripley 3'")
    slot = resolve(state, token, slots=True)
    card = command.number(1, "a card, e.g. 'init ripley 3'")
    top = deck_size(state, data)
    if not 1 <= card <= top:
        raise RuleError(f"initiative cards run from 1 to {top}: 'init {token} N' takes one of them")
    holder = next((s for s, c in state.initiative.items() if c == card and s != slot), None)
    if holder is not None:  # one deck: every card is dealt once
        raise RuleError(
            f"card {card} is {flow.possessive(flow.name_of(state, holder))}: "
            f"'swap {slot_owner(slot)} {holder}' trades their cards"
        )
    name = flow.name_of(state, slot)
    draft.emit(ev.InitiativeSet, who=slot, value=card, rolls=(card,), text=f"{name}: card {card}")
    order = rules.sort_order(draft, dice)
    if order != draft.state.order:
        draft.emit(ev.OrderSet, order=order)


def hold_off(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    """``delay WHO OTHER``: the text's one way to act later is Holding off (seed 003, l.69-70),
    a swap of cards the other cannot refuse; ``delay WHO`` alone names the swap to type."""
    if len(command.args) >= 2:
        swap(draft, command, dice, rules)
        return
    state = draft.state
    flow.require_running(state)
    slot = pick_slot(state, command.args[0] if command.args else ".")
    raise RuleError(_swap_wanted(state, slot))


def _swap_wanted(state: EncounterState, slot: str) -> str:
    """The refusal of a plain delay: who could take the card, and the command to type."""
    name = flow.name_of(state, slot)
    if slot in state.acted or slot not in state.initiative:
        return f"{name} has no card left to hold off this round"
    mine = state.initiative[slot]
    later = sorted(
        (s for s in state.order if s not in state.acted and state.initiative.get(s, 0) > mine),
        key=lambda s: state.initiative[s],
    )
    if not later:
        return f"{name} holds the last card this round: there is nobody later to swap with"
    other = later[0]
    return (
        f"in Alien nobody holds a turn: {name} holds off by swapping cards with someone "
        f"still to act — 'swap {slot_owner(slot)} {other}' "
        f"({flow.name_of(state, other)}, card {state.initiative[other]:g}, cannot refuse)"
    )
