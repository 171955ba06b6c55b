"""persona-d100 momentum: Staggered, One More, Baton Pass and the All-Out Attack.

Staggering an enemy earns a One More — one per action, never from an enemy already
Staggered. A One More is one extra Full or Half action (any action, even a repeat) at the
end of the turn; or it is handed to an ally with a Social Link rank of at least 1 (Baton
Pass: +rank to damage or healing, Assisted; the chain goes on, but nobody gives or
receives twice in it); or traded for a charge of Stamina; or, when every enemy is
Staggered, spent on an All-Out Attack (``all_out.py``). Unused One Mores lapse when the
turn ends.

An action, for One More, is what the GM declares (``act``, a One More spent); without a
declaration every attack command is an action of its own (``same`` joins it to the one
before: an area spell, a Burst's further targets). Counts start over at every turn, so a
hit made out of one's own turn (a Counter-Attack, an Attack of Opportunity) is an action of
its own, never the attacker's last one.

Tracks: ``one more`` (held), ``acts`` (the number of the actor's current action this
turn), ``act declared`` (1 when that action was declared), ``one more@act`` (the action
that earned the last one), ``baton`` (the live Baton rank), ``baton armed`` (the passed
action not yet begun); the chain is the encounter-wide ``baton@ID`` tracks (1, 2, 3 … in
order).
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import DiceLike
from tracker.rules.common import words_and_options
from tracker.rules.d100 import turns
from tracker.rules.persona_d100 import readied
from tracker.rules.persona_d100.book import STAGGERED, PersonaBase

ONE_MORE, ACTS, EARNED, BATON, ARMED = "one more", "acts", "one more@act", "baton", "baton armed"
DECLARED = "act declared"
OUT_OF_TURN = "one_more_out_of_turn"
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
    if fighter.track(EARNED) and fighter.track(EARNED) == fighter.track(ACTS):
        return "Staggered, no second One More from the same action"
    if not out_of_turn_earns(state, fighter):
        return "Staggered, no One More out of one's own turn (encounter option)"
    return "Staggered, One More"


def out_of_turn_earns(state: EncounterState, fighter: Combatant) -> bool:
    """Whether ``fighter`` may earn a One More now: always in its own turn or acting on a
    Baton Pass; outside it unless the encounter reads ``one_more_out_of_turn`` as ``false``
    (seed 004 l.122; docs/rulesets/persona-d100.md, "One More")."""
    acting = state.acting
    own = acting is not None and acting.id == fighter.id
    reading = str(state.options.get(OUT_OF_TURN, True)).casefold()
    return own or bool(fighter.track(BATON)) or reading != "false"


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
    action = max(1, fighter.track(ACTS))
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
    declare_action(draft, fighter)
    if fighter.track(ARMED):
        set_track(draft, fighter.id, ARMED, 0)
    elif fighter.track(BATON):
        set_track(draft, fighter.id, BATON, 0)


def declare_action(draft: Draft, fighter: Combatant) -> None:
    """A declared action (``act``, a One More spent) starts: every hit until the next
    declaration belongs to it."""
    fighter = draft.state.combatant(fighter.id)
    set_track(draft, fighter.id, ACTS, fighter.track(ACTS) + 1)
    if not fighter.track(DECLARED):
        set_track(draft, fighter.id, DECLARED, 1)


def begin_attack(draft: Draft, attacker: Combatant | None, same: bool = False) -> None:
    """An attack by ``attacker``: part of the action declared last, of the one before
    (``same``: an area spell, a Burst's further targets; also every target after the
    first of one command, ``dmg a,b 8``), else an action of its own."""
    if attacker is None:
        return
    fighter = draft.state.combatant(attacker.id)
    if fighter.track(DECLARED) or (same and fighter.track(ACTS)):
        return
    if _begun_in_this_command(draft, fighter.id):
        return
    set_track(draft, fighter.id, ACTS, fighter.track(ACTS) + 1)


def _begun_in_this_command(draft: Draft, who: str) -> bool:
    """Whether this command already began an attack by ``who`` (an earlier target of
    ``dmg a,b 8``): seed 004 l.120, "No matter how many enemies you Stagger with a single
    action, you only gain a single One More action"."""
    return any(
        isinstance(e, ev.TrackSet) and e.who == who and e.track == ACTS for e in draft.events
    )


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
    giver = standing(who_arg(state, command, 0, "who passes the baton"))
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


def standing(fighter: Combatant) -> Combatant:
    """``fighter``, unless down or dead: the fallen pass no baton and spend no One More
    (seed 004 Step Seven; ``turns`` refuses their actions the same way)."""
    if fighter.status in turns.FALLEN:
        raise RuleError(f"{fighter.name} is {fighter.status}: the One More goes unused")
    return fighter


def one_more(draft: Draft, command: Command, dice: DiceLike, rules: PersonaBase) -> None:
    """``onemore WHO stamina`` (a Stamina charge) or ``onemore WHO ACTION …`` (the action)."""
    state = draft.state
    fighter = standing(who_arg(state, command, 0, "who spends the One More"))
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
    rules: PersonaBase,
    draft: Draft,
    command: Command,
    dice: DiceLike,
    extra: bool = False,
    result: str = "",
) -> None:
    """``act WHO ACTION … [onemore] [pass|fail]``: the economy, no repeats without a One
    More; what an Aim, Feint or Overwatch taken earlier spends or loses, and what this one
    readies (``readied``)."""
    state = draft.state
    fighter = who_arg(state, command)
    action = turns.declare(rules.actions, command, ("onemore",))
    readied.check(draft, fighter, action, result)
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
    if not extra:
        declare_action(draft, fighter)
    note += readied.before(draft, fighter, action) + _told(rules, action)
    turns.record(draft, fighter, action, how, note)
    readied.after(draft, fighter, action, result, rules.data["readied"]["aim"])


def _told(rules: PersonaBase, action: turns.Declared) -> str:
    """The summary a ``[told_on_log]`` action's log line carries (``; …``): what follows
    the opposed test the GM rolls at the table (seed 004 l.206, Knock Down)."""
    if action.name not in rules.data["told_on_log"]["actions"]:
        return ""
    spec = turns.find_action(rules.actions, action.name)
    return f"; {spec.summary}" if spec is not None and spec.summary else ""


def _no_repeat(rules: PersonaBase, fighter: Combatant, name: str) -> None:
    if rules.data["economy"].get("no_repeat") and name in fighter.spent:
        raise RuleError(
            f"{fighter.name} has used {name} this turn: the same action twice only "
            f"with a One More ('act {fighter.id} {name} onemore')"
        )


def new_turn(draft: Draft) -> None:
    """Start of a turn: everybody's action count starts over, so a hit out of one's own
    turn is an action of its own (seed 004 l.120-123, docs/rulesets/persona-d100.md)."""
    for fighter in draft.state.combatants.values():
        for track in (ACTS, DECLARED, EARNED):
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
