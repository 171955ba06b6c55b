"""eva-escale forces: pilots aboard their constructs, hordes and their Directors, the
Supreme Commander's Morale.

A construct names its pilot (``pilot = "shinji"``); while aboard, the pilot has no turn of
their own, lends the construct their scores and Fate, and takes its mental effects.
A horde names its Director (``director = "misato"``) or team leader (``leader = …``) and
acts on that combatant's turn, listed right under it in the order. The Supreme Commander
(``role = "supcom"``) may three times per battle spend a Morale point to restore a Fate
point spent by themselves or a subordinate.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.core.wording import counted
from tracker.rules.common import words_and_options
from tracker.rules.d100 import D100Tables
from tracker.rules.readings import chosen

ON_FOOT = "On Foot"
DIRECTOR_ROLES = ("director", "supcom")
SUPCOM = "supcom"
FALLEN = ("down", "dead", "removed")
COMMANDED = "commanded"  # the round a horde was last commanded in


# --- pilots -------------------------------------------------------------------------------


def pilot_id(construct: Combatant) -> str:
    """The id the construct names as its pilot (empty: none, e.g. an Angel)."""
    return str(construct.extras.get("pilot", ""))


def pilot_of(state: EncounterState, construct: Combatant) -> Combatant | None:
    """The pilot's own roster entry, if the encounter has one."""
    return state.combatants.get(pilot_id(construct)) if pilot_id(construct) else None


def construct_of(state: EncounterState, pilot: Combatant) -> Combatant | None:
    """The construct this combatant pilots, if any."""
    return next(
        (c for c in state.combatants.values() if c.id != pilot.id and pilot_id(c) == pilot.id), None
    )


def aboard(state: EncounterState, pilot: Combatant) -> bool:
    """In the cockpit: named as a pilot, not on foot, not gone from the battle."""
    return (
        construct_of(state, pilot) is not None
        and pilot.condition(ON_FOOT) is None
        and pilot.status != "removed"
    )


def pilot_aboard(state: EncounterState, construct: Combatant) -> Combatant | None:
    """The pilot entry still inside ``construct``."""
    pilot = pilot_of(state, construct)
    return pilot if pilot is not None and aboard(state, pilot) else None


def fate_holder(state: EncounterState, fighter: Combatant) -> Combatant:
    """Whose Fate counts for ``fighter``: its own pool, else its pilot's (while aboard)."""
    if fighter.limits.get("fate", 0) > 0:
        return fighter
    pilot = pilot_aboard(state, fighter)
    if pilot is not None and pilot.limits.get("fate", 0) > 0:
        return pilot
    return fighter


def has_fate(state: EncounterState, fighter: Combatant, tables: D100Tables) -> bool:
    """A Fate holder: only they trigger Righteous Fury and take Critical Damage past 0.
    Seed 001 l.96 "at least one Fate Point", read as the encounter says: a Fate pool at
    all ("possessed", the data's default) or a point left right now ("left")."""
    holder = fate_holder(state, fighter)
    if fate_reading(state, tables) == "left":
        return holder.track("fate") > 0
    return holder.limits.get("fate", 0) > 0


def fate_reading(state: EncounterState, tables: D100Tables) -> str:
    """How this encounter reads "at least one Fate Point" (``possessed`` or ``left``)."""
    return chosen(tables.readings, state.options, "fate")


# --- hordes and directors ---------------------------------------------------------------


def commander_id(horde: Combatant) -> str:
    """The team leader if the horde's roster names one, else its Director."""
    return str(horde.extras.get("leader") or horde.extras.get("director") or "")


def leading_id(state: EncounterState, horde: Combatant) -> str:
    """Whose initiative the horde acts on now (seed 001 l.169): its team leader while
    the leader is in the fight and standing, else its Director — a leader dead, down or
    gone no longer leads it."""
    leader = str(horde.extras.get("leader") or "")
    standing = state.combatants.get(leader)
    if standing is not None and standing.status not in FALLEN:
        return leader
    return str(horde.extras.get("director") or leader)


def turn_owner(state: EncounterState, cid: str) -> str:
    """Whose turn a combatant acts in: a pilot aboard acts in its construct's."""
    fighter = state.combatants.get(cid)
    if fighter is None:
        return cid
    construct = construct_of(state, fighter)
    return construct.id if construct is not None and aboard(state, fighter) else cid


def hordes_under(state: EncounterState, cid: str) -> list[Combatant]:
    """Hordes that act on ``cid``'s turn (commanded by it, or by a pilot aboard it)."""
    return [
        h
        for h in state.combatants.values()
        if h.kind == "horde"
        and not h.out_of_fight
        and leading_id(state, h)
        and turn_owner(state, leading_id(state, h)) == cid
    ]


def horde_moves_now(state: EncounterState, horde: Combatant) -> bool:
    """A horde may take turn actions while its commander's turn is under way."""
    return (
        state.current is not None
        and bool(leading_id(state, horde))
        and slot_owner(state.current) == turn_owner(state, leading_id(state, horde))
    )


def is_director(fighter: Combatant) -> bool:
    """Directors (the Supreme Commander is one too)."""
    return str(fighter.extras.get("role", "")).casefold() in DIRECTOR_ROLES


def is_supcom(fighter: Combatant) -> bool:
    """The Supreme Commander."""
    return str(fighter.extras.get("role", "")).casefold() == SUPCOM


def place_hordes(
    state: EncounterState, order: tuple[str, ...], hordes: list[str]
) -> tuple[str, ...]:
    """Each horde right after its commander's slot (in roster order); a horde whose
    commander has no slot goes last (it will not act until one is found)."""
    placed = list(order)
    stray: list[str] = []
    for hid in hordes:
        owner = turn_owner(state, leading_id(state, state.combatant(hid)))
        if owner not in placed:
            stray.append(hid)
            continue
        at = placed.index(owner) + 1
        while at < len(placed) and placed[at] in hordes:
            at += 1
        placed.insert(at, hid)
    return (*placed, *stray)


def mirror_initiative(draft: Draft, hordes: list[str]) -> None:
    """Hordes show their commander's initiative (they have none of their own)."""
    state = draft.state
    for hid in hordes:
        horde = state.combatant(hid)
        owner = turn_owner(state, leading_id(state, horde))
        value = state.initiative.get(owner)
        if value is None or state.initiative.get(hid) == value:
            continue
        commander = state.combatants.get(leading_id(state, horde))
        whose = commander.name if commander is not None else leading_id(state, horde)
        draft.emit(
            ev.InitiativeSet,
            who=hid,
            value=value,
            text=f"{horde.name} has no initiative of its own: it acts on {whose}'s ({value:g})",
        )


def command_reminders(draft: Draft, cid: str) -> list[str]:
    """Start of a commander's turn: each of its hordes is to be commanded now — once a
    round: a horde its fallen team leader commanded this round waits for the next."""
    state = draft.state
    raised = []
    for horde in hordes_under(state, cid):
        if horde.track(COMMANDED) == state.round:
            _close_command(draft, horde)
            continue
        whose = state.combatant(cid).name
        draft.emit(ev.TrackSet, who=horde.id, track=COMMANDED, value=state.round)
        draft.emit(
            ev.ReminderRaised,
            who=horde.id,
            key="command",
            text=f"{horde.name} acts now, on {whose}'s turn: move and attack with it "
            f"('act {horde.id} …')",
        )
        raised.append(horde.id)
    return raised


def close_command_reminders(draft: Draft, cid: str) -> None:
    """End of the commander's turn: the hordes' reminders close."""
    for horde in hordes_under(draft.state, cid):
        _close_command(draft, horde)


def _close_command(draft: Draft, horde: Combatant) -> None:
    if any(r.who == horde.id and r.key == "command" for r in draft.state.reminders):
        draft.emit(ev.ReminderResolved, who=horde.id, key="command")


# --- the Supreme Commander ----------------------------------------------------------------


def restore(draft: Draft, tables: D100Tables, command: Command) -> None:
    """``restore SUPCOM WHO``: 1 Morale restores one Fate point WHO has spent (3 per battle)."""
    state = draft.state
    supcom = who_arg(state, command, 0, "the Supreme Commander")
    who = who_arg(state, command, 1, "whose Fate to restore")
    words_and_options(command, 2, (), ())
    if not is_supcom(supcom):
        raise RuleError(f'{supcom.name} is not the Supreme Commander (role = "supcom")')
    if supcom.status in FALLEN:
        gone = "has left the fight" if supcom.status == "removed" else f"is {supcom.status}"
        raise RuleError(f"{supcom.name} {gone}: a fallen Supreme Commander restores no Fate")
    if who.side != supcom.side:
        raise RuleError(f"{who.name} is not under {supcom.name}'s command")
    holder = fate_holder(state, who)
    if supcom.track("restores") <= 0:
        raise RuleError(
            f"{supcom.name} has restored Fate {tables.number('supcom', 'restores')} "
            f"times this battle already — no more"
        )
    if supcom.track("morale") <= 0:
        raise RuleError(f"{supcom.name} has no Morale left to spend")
    top, fate = holder.limits.get("fate", 0), holder.track("fate")
    if fate >= top:
        raise RuleError(f"{holder.name} has spent no Fate ({fate}/{top}): nothing to restore")
    morale, left = supcom.track("morale"), supcom.track("restores") - 1
    draft.emit(
        ev.TrackSet,
        who=supcom.id,
        track="morale",
        value=morale - 1,
        text=f"{supcom.name} (Supreme Commander) spends a Morale point: Morale "
        f"{morale} → {morale - 1}",
    )
    draft.emit(
        ev.TrackSet,
        who=supcom.id,
        track="restores",
        value=left,
        text=f"{supcom.name}: {counted(left, 'Fate restore')} left this battle",
    )
    draft.emit(
        ev.TrackSet,
        who=holder.id,
        track="fate",
        value=fate + 1,
        text=f"{holder.name} regains a spent Fate point: Fate {fate} → {fate + 1}",
    )
