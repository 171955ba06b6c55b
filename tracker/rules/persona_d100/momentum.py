"""persona-d100 momentum: Staggered, One More, Baton Pass and the All-Out Attack.

Staggering an enemy earns a One More — one per action, never from an enemy already
Staggered. A One More is one extra Full or Half action (any action, even a repeat) at the
end of the turn; or it is handed to an ally with a Social Link rank of at least 1 (Baton
Pass: +rank to damage or healing, Assisted; the chain goes on, but nobody gives or
receives twice in it); or traded for a charge of Stamina; or, when every enemy is
Staggered, spent on an All-Out Attack (at least two contributors without ailments,
1d10 + contributors exploding on 10s, Almighty, ignoring armour and Toughness; the enemies
hit lose Staggered). Unused One Mores lapse when the turn ends.

Tracks: ``one more`` (held), ``acts`` (actions declared), ``one more@act`` (the action that
earned the last one), ``baton`` (the live Baton rank), ``baton armed`` (the passed action
not yet begun); the chain is the encounter-wide ``baton@ID`` tracks (1, 2, 3 … in order).
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, named, who_arg
from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.core.protocol import DiceLike
from tracker.rules.common import words_and_options
from tracker.rules.d100 import turns
from tracker.rules.d100.damage import exploding_d10, lose_wounds
from tracker.rules.persona_d100.book import STAGGERED, PersonaBase, ailments

ONE_MORE, ACTS, EARNED, BATON, ARMED = "one more", "acts", "one more@act", "baton", "baton armed"
CHAIN = "baton@"
FRIENDS = ("pc", "ally")


def set_track(draft: Draft, who: str, track: str, value: int, text: str = "") -> None:
    """Set a track (silently when ``text`` is empty)."""
    draft.emit(ev.TrackSet, who=who, track=track, value=value, text=text)


def foes(a: Combatant, b: Combatant) -> bool:
    """Opposite sides (party and allies against enemies; neutrals are nobody's foes)."""
    sides = {a.side, b.side}
    return "enemy" in sides and bool(sides & set(FRIENDS))


def friends(a: Combatant, b: Combatant) -> bool:
    """The same camp (party and allies together, or enemies together)."""
    return a.id != b.id and (a.side == b.side or {a.side, b.side} <= set(FRIENDS))


def stagger_words(
    state: EncounterState, target: Combatant, attacker: Combatant | None, earn: bool = True
) -> str:
    """What Staggering ``target`` would bring, in words (``Staggered, One More``)."""
    if target.condition(STAGGERED) is not None:
        return "already Staggered: no One More"
    if attacker is None or not earn or not foes(attacker, target):
        return "Staggered"
    fighter = state.combatant(attacker.id)
    if fighter.track(EARNED) == fighter.track(ACTS) + 1:
        return "Staggered, no second One More from the same action"
    return "Staggered, One More"


def stagger(
    draft: Draft, target: Combatant, attacker: Combatant | None, why: str, earn: bool = True
) -> str:
    """Stagger ``target``; a foe newly Staggered earns ``attacker`` a One More (one per
    action). Returns the outcome in words."""
    words = stagger_words(draft.state, target, attacker, earn)
    if words.startswith("already"):
        draft.say(f"{target.name} is already Staggered: it cannot be Staggered again, no One More")
        return words
    draft.emit(
        ev.ConditionApplied,
        who=target.id,
        name=STAGGERED,
        category=STAGGERED,
        source=attacker.id if attacker else "",
        text=f"{target.name} is Staggered ({why})",
    )
    if words.endswith("One More") and attacker is not None:
        earn_one_more(draft, attacker)
    return words


def earn_one_more(draft: Draft, who: Combatant) -> None:
    """One More for ``who``, marked with the action that earned it."""
    fighter = draft.state.combatant(who.id)
    action = fighter.track(ACTS) + 1
    held = fighter.track(ONE_MORE) + 1
    set_track(draft, fighter.id, EARNED, action)
    set_track(
        draft,
        fighter.id,
        ONE_MORE,
        held,
        f"{fighter.name} gains a One More (one extra action at the end of the turn, a "
        f"Baton Pass, a Stamina charge, or an All-Out Attack)",
    )


def spend_one_more(draft: Draft, fighter: Combatant, what: str) -> None:
    """Use a held One More; the first one a Baton Receiver uses carries the rank bonus."""
    fighter = draft.state.combatant(fighter.id)
    if fighter.track(ONE_MORE) <= 0:
        raise RuleError(
            f"{fighter.name} holds no One More — it comes from Staggering an enemy "
            f"(or a Baton Pass)"
        )
    set_track(
        draft,
        fighter.id,
        ONE_MORE,
        fighter.track(ONE_MORE) - 1,
        f"{fighter.name} spends a One More on {what}",
    )
    set_track(draft, fighter.id, ACTS, fighter.track(ACTS) + 1)
    if fighter.track(ARMED):
        set_track(draft, fighter.id, ARMED, 0)
    elif fighter.track(BATON):
        set_track(draft, fighter.id, BATON, 0)


def baton_bonus(draft: Draft, fighter: Combatant | None) -> int:
    """The live Baton Pass rank of ``fighter`` (a Receiver acting on the passed One More);
    a Receiver who acts without saying so spends the passed One More here."""
    if fighter is None:
        return 0
    fighter = draft.state.combatant(fighter.id)
    if fighter.track(ARMED) and fighter.track(ONE_MORE):
        spend_one_more(draft, fighter, "the passed action")
    return draft.state.combatant(fighter.id).track(BATON)


def link_rank(giver: Combatant, receiver: Combatant) -> int:
    """The Social Link rank between two combatants (either roster may list it)."""
    one = giver.extras.get("links", {}).get(receiver.id, 0)
    two = receiver.extras.get("links", {}).get(giver.id, 0)
    return max(int(one), int(two))


def chain(state: EncounterState) -> list[str]:
    """Ids in the current Baton Pass chain, in order."""
    links = [(v, k[len(CHAIN) :]) for k, v in state.tracks.items() if k.startswith(CHAIN) and v]
    return [cid for _, cid in sorted(links)]


def baton(draft: Draft, command: Command, dice: DiceLike, rules: PersonaBase) -> None:
    """``baton GIVER RECEIVER``: hand the One More to an ally with a Social Link."""
    state = draft.state
    giver = who_arg(state, command, 0, "who passes the baton")
    receiver = who_arg(state, command, 1, "who receives it")
    words_and_options(command, 2, (), ())
    if giver.track(ONE_MORE) <= 0:
        raise RuleError(f"{giver.name} holds no One More to pass")
    if not friends(giver, receiver) or receiver.out_of_fight or receiver.status != "active":
        raise RuleError(
            f"{receiver.name} is not an ally in the fight: a Baton Pass goes to an ally"
        )
    if receiver.id in chain(state):
        raise RuleError(
            f"{receiver.name} has already given or received a Baton Pass in this "
            f"chain: nobody receives twice"
        )
    rank = link_rank(giver, receiver)
    need = rules.tables.number("baton", "min_rank")
    if rank < need:
        raise RuleError(
            f"{receiver.name} needs a Social Link rank of {need}+ with "
            f"{giver.name} (has {rank}) — links = {{ {giver.id} = N }}"
        )
    _join_chain(draft, giver, receiver)
    set_track(draft, giver.id, ONE_MORE, giver.track(ONE_MORE) - 1)
    for track in (BATON, ARMED):
        if giver.track(track):
            set_track(draft, giver.id, track, 0)
    held = receiver.track(ONE_MORE) + 1
    set_track(draft, receiver.id, BATON, rank)
    set_track(draft, receiver.id, ARMED, 1)
    set_track(
        draft,
        receiver.id,
        ONE_MORE,
        held,
        f"Baton Pass: {giver.name} → {receiver.name} (S-Link {rank}): {receiver.name} "
        f"takes the One More, +{rank} to damage or healing, Assisted "
        f"(+{rules.tables.number('baton', 'assisted')})",
    )


def _join_chain(draft: Draft, giver: Combatant, receiver: Combatant) -> None:
    links = chain(draft.state)
    for who in (giver, receiver):
        if who.id not in links:
            links.append(who.id)
            draft.emit(ev.TrackSet, who="", track=CHAIN + who.id, value=len(links))


def one_more(draft: Draft, command: Command, dice: DiceLike, rules: PersonaBase) -> None:
    """``onemore WHO stamina`` (a Stamina charge) or ``onemore WHO ACTION …`` (the action)."""
    state = draft.state
    fighter = who_arg(state, command, 0, "who spends the One More")
    what = command.arg(1, "'stamina' or the action, e.g. 'onemore . standard attack'")
    if what.casefold() == "stamina" and len(command.args) == 2:
        spend_one_more(draft, fighter, "a charge of Stamina")
        set_track(
            draft,
            fighter.id,
            "stamina",
            fighter.track("stamina") + 1,
            f"{fighter.name}: Stamina {fighter.track('stamina')} → {fighter.track('stamina') + 1}",
        )
        return
    act(rules, draft, command, dice, extra=True)


def _once_until_next_turn(rules: PersonaBase, fighter: Combatant, action: turns.Declared) -> None:
    """Seed 004 l.197: "After performing a single Counter-Attack, you may not perform
    another until the start of your next turn" (the actions listed in the data)."""
    if action.name in rules.data["once_until_next_turn"]["actions"] and action.name in (
        fighter.spent
    ):
        raise RuleError(
            f"{fighter.name} has made a {action.name.title()} already: the next one waits "
            "for the start of their next turn"
        )


def act(
    rules: PersonaBase, draft: Draft, command: Command, dice: DiceLike, extra: bool = False
) -> None:
    """``act WHO ACTION … [onemore]``: the economy, no repeats without a One More."""
    state = draft.state
    fighter = who_arg(state, command)
    action = turns.declare(rules.actions, command, ("onemore",))
    _once_until_next_turn(rules, fighter, action)
    extra = extra or action.extra
    own = rules.acts_now(state, fighter)
    note = ""
    if extra:
        if action.kind not in ("full", "half"):
            raise RuleError("a One More is one extra Full or Half action")
        action = turns.Declared(
            action.name, action.kind, action.subtypes, action.forced, True, action.values
        )
        assisted = fighter.track(ARMED)
        spend_one_more(draft, fighter, action.name)
        if assisted:
            note = (
                f"; Baton Pass: +{fighter.track(BATON)} to damage or healing, Assisted "
                f"(+{rules.tables.number('baton', 'assisted')})"
            )
    elif own and action.kind in ("full", "half") and not action.forced:
        _no_repeat(rules, fighter, action.name)
    how = turns.spend(draft, rules.tables, fighter, action, own)
    if action.kind not in ("free", "reaction") and not extra:
        set_track(draft, fighter.id, ACTS, draft.state.combatant(fighter.id).track(ACTS) + 1)
    turns.record(draft, fighter, action, how, note)


def _no_repeat(rules: PersonaBase, fighter: Combatant, name: str) -> None:
    if rules.data["economy"].get("no_repeat") and name in fighter.spent:
        raise RuleError(
            f"{fighter.name} has used {name} this turn: the same action twice only "
            f"with a One More ('act {fighter.id} {name} onemore')"
        )


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
    draft.emit(
        ev.DiceRolled,
        who=leader.id,
        expr="1d10",
        rolls=faces,
        total=total,
        purpose="All-Out Attack",
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


def new_turn(draft: Draft, slot: str) -> None:
    """Start of a turn: the new acting combatant's action count starts over."""
    fighter = draft.state.combatant(slot_owner(slot))
    for track in (ACTS, EARNED):
        if fighter.track(track):
            set_track(draft, fighter.id, track, 0)


def turn_over(draft: Draft) -> None:
    """End of a turn: unused One Mores lapse, Baton bonuses end, the chain is over."""
    for fighter in draft.state.combatants.values():
        if fighter.track(ONE_MORE):
            set_track(draft, fighter.id, ONE_MORE, 0, f"{fighter.name}'s unused One More lapses")
        for track in (BATON, ARMED):
            if fighter.track(track):
                set_track(draft, fighter.id, track, 0)
    for cid in chain(draft.state):
        draft.emit(ev.TrackSet, who="", track=CHAIN + cid, value=0)
