"""nerv-d100 resources: Fate, Stress and Trauma — ``spend``, ``gain`` and the in-fight
``downtime``. Fate points have seven uses (seed 000 l.262-270); a Surge is an Exert
bought with Fate.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.wording import counted
from tracker.rules.common import words_and_options
from tracker.rules.nerv_d100 import fate_tests
from tracker.rules.nerv_d100.afflictions import (
    add_stress,
    add_trauma,
    end_condition,
    sync_thresholds,
)
from tracker.rules.nerv_d100.economy import SURGE, unable
from tracker.rules.nerv_d100.stats import (
    ailments,
    bonus,
    injury_rows,
    put_on,
    set_value,
    shift,
)
from tracker.rules.nerv_d100.tables import NervTables

RESOURCES = ("fate", "stress", "trauma")


def _resource(fighter: Combatant, word: str) -> str:
    key = word.casefold()
    if key not in RESOURCES:
        raise RuleError(f"{fighter.name} has no '{word}' to spend or gain — {', '.join(RESOURCES)}")
    return key


def _amount_and_name(command: Command) -> tuple[int, str]:
    rest = list(command.args[2:])
    amount = 1
    if rest and rest[0].isascii() and rest[0].lstrip("-").isdigit():
        amount = int(rest.pop(0))
    if amount < 1:
        raise RuleError(f"the amount must be 1 or more, not {amount}")
    return amount, " ".join(rest)


def gain(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``gain WHO fate|stress|trauma [N]``."""
    fighter = who_arg(draft.state, command)
    track = _resource(fighter, command.arg(1, f"what to gain — {', '.join(RESOURCES)}"))
    amount, extra = _amount_and_name(command)
    why = extra or "the GM"
    if track == "stress":
        add_stress(draft, tables, fighter.id, amount, why)
    elif track == "trauma":
        add_trauma(draft, tables, fighter.id, amount, why)
    else:
        shift(draft, fighter.id, "fate", amount, "Fate", why)


def spend(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``spend WHO fate [N] use=USE [NAME]`` or ``spend WHO stress|trauma N`` (to lower it)."""
    fighter = who_arg(draft.state, command)
    track = _resource(fighter, command.arg(1, f"what to spend — {', '.join(RESOURCES)}"))
    amount, name = _amount_and_name(command)
    if track != "fate":
        words_and_options(command, len(command.args), (), ())
        label = track.capitalize()
        if fighter.track(track) < amount:
            raise RuleError(f"{fighter.name} has only {fighter.track(track)} {label}")
        shift(draft, fighter.id, track, -amount, label, "relieved")
        sync_thresholds(draft, tables, fighter.id)
        return
    _, values = words_and_options(command, len(command.args), (), ("use",))
    spend_fate(draft, tables, fighter, values.get("use", ""), amount, name)


def spend_fate(
    draft: Draft, tables: NervTables, fighter: Combatant, use: str, amount: int, name: str
) -> None:
    """Spend Fate on one of its seven uses; the pool and the use are logged."""
    uses = ", ".join(tables.fate_uses)
    if use not in tables.fate_uses:
        what = f"'{use}' is not a Fate use" if use else "say what the Fate point is for"
        raise RuleError(f"{what} — use={uses.replace(', ', '|')}")
    if amount > 1 and use != "block":
        raise RuleError(f"one Fate point per {use}: only 'block' takes several")
    if fighter.track("fate") < amount:
        raise RuleError(f"{fighter.name} has {fighter.track('fate')} Fate left")
    shift(draft, fighter.id, "fate", -amount, "Fate", tables.fate_uses[use])
    if use in ("advantage", "reroll"):
        _for_test(draft, tables, fighter, use)
        return
    FATE_USES.get(use, _said)(draft, tables, fighter, amount, name)


def _for_test(draft: Draft, tables: NervTables, fighter: Combatant, use: str) -> None:
    """Advantage or a reroll: held for the next test the tracker rolls (``fate_tests``)."""
    fate_tests.hold(draft, tables, draft.state.combatant(fighter.id), use)


def _said(draft: Draft, tables: NervTables, fighter: Combatant, amount: int, name: str) -> None:
    """Uses the GM resolves at the table: the log line is the record."""


def _restore(draft: Draft, tables: NervTables, fighter: Combatant, amount: int, name: str) -> None:
    pool = fighter.limits.get("fate", 0)
    wounds, top = fighter.track("wounds"), fighter.limits.get("wounds", 0)
    if wounds >= top:  # refused before the point is spent (the whole command is)
        raise RuleError(f"{fighter.name} has every Wound ({wounds}/{top}): nothing to restore")
    shift(draft, fighter.id, "wounds", pool, "Wounds", f"Fate restores {pool}")


def _cure(draft: Draft, tables: NervTables, fighter: Combatant, amount: int, name: str) -> None:
    held = [a for a in ailments(fighter) if not name or a.name.casefold() == name.casefold()]
    if len(held) != 1:
        has = ", ".join(a.name for a in ailments(fighter)) or "no ailment"
        raise RuleError(
            f"which ailment? {fighter.name} has: {has} — 'spend {fighter.id} fate use=ailment NAME'"
        )
    text = f"{fighter.name} throws off {held[0].name} (Fate)"
    end_condition(draft, fighter.id, held[0].name, text, tables)


def _unblock(draft: Draft, tables: NervTables, fighter: Combatant, amount: int, name: str) -> None:
    if len(fighter.injuries) < amount:
        raise RuleError(
            f"{fighter.name} has {counted(len(fighter.injuries), 'injury point')} to block"
        )
    for injury in list(reversed(fighter.injuries))[:amount]:
        draft.emit(
            ev.InjuryRemoved,
            who=fighter.id,
            location=injury.location,
            name=injury.name,
            text=f"{fighter.name}: Fate blocks the injury {injury.name} "
            f"({injury.location}); effects already applied stay until cured",
        )
        shift(draft, fighter.id, "injuries", -1, "Injuries")
    if fighter.status == "down" and draft.state.combatant(fighter.id).track("injuries") <= _pb(
        fighter
    ):
        draft.emit(
            ev.StatusChanged,
            who=fighter.id,
            status="active",
            text=f"{fighter.name} is back in the fight",
        )


def _pb(fighter: Combatant) -> int:
    return bonus(fighter, "physique")


def _ignore(draft: Draft, tables: NervTables, fighter: Combatant, amount: int, name: str) -> None:
    known = [c.name for c in fighter.conditions] + [r.name for r in injury_rows(fighter, tables)]
    match = next((k for k in known if k.casefold() == name.casefold()), None)
    if match is None:
        raise RuleError(f"ignore what? {fighter.name} has: {', '.join(known) or 'nothing'}")
    put_on(
        draft,
        fighter.id,
        f"Ignoring {match}",
        "Fate",
        f"{fighter.name} ignores {match} until the end of the round",
    )


def _surge(draft: Draft, tables: NervTables, fighter: Combatant, amount: int, name: str) -> None:
    why = unable(tables, fighter, "actions")  # as an Exert is refused (Stunned, down …)
    if why:
        raise RuleError(f"{why}: no Surge action")
    set_value(draft, fighter.id, "actions", fighter.track("actions") + 1)
    draft.emit(
        ev.ActionUsed,
        who=fighter.id,
        action=SURGE,
        text=f"{fighter.name} surges: +1 action, no Stress",
    )


FATE_USES = {
    "wounds": _restore,
    "ailment": _cure,
    "block": _unblock,
    "ignore": _ignore,
    "surge": _surge,
}


# --- downtime ----------------------------------------------------------------------------


def downtime(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``downtime [short|long]``: Stress and Trauma ease, Fate refills, Exerts reset."""
    length = (command.args[0] if command.args else "short").casefold()
    if length not in tables.raw["downtime"]:
        raise RuleError(f"no downtime '{length}' — short, long")
    rest = tables.raw["downtime"][length]
    draft.say(
        f"{length.capitalize()} Downtime: Stress -{rest['stress']}, "
        f"Trauma -{rest['trauma']}, Fate refilled, Exert costs reset"
    )
    for fighter in draft.state.active:
        _rest(draft, tables, fighter, int(rest["stress"]), int(rest["trauma"]))


def _rest(draft: Draft, tables: NervTables, fighter: Combatant, stress: int, trauma: int) -> None:
    for track, amount in (("stress", stress), ("trauma", trauma)):
        if amount and fighter.track(track):
            shift(draft, fighter.id, track, -amount, track.capitalize(), "downtime")
    top = fighter.limits.get("fate", 0)
    if fighter.track("fate") < top:
        set_value(draft, fighter.id, "fate", top, f"{fighter.name}: Fate refilled to {top}")
    if fighter.track("exerts"):
        set_value(draft, fighter.id, "exerts", 0)
    fate_tests.lapse(draft, tables, fighter.id)
    if fighter.condition("Ego Fracture") is not None:
        end_condition(
            draft,
            fighter.id,
            "Ego Fracture",
            f"{fighter.name}'s AT Field mends (Ego Fracture ends)",
        )
    sync_thresholds(draft, tables, fighter.id)
