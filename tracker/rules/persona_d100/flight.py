"""persona-d100 flight (seed 004 l.80-88): the Ground, Low and High bands, and falling.

A flyer (roster ``altitude = "low"``) moves one band as part of a Half Move, two as part
of a Full Move, Charge or Run (``fly WHO BAND``). Ground attackers cannot melee attack a
Low flyer and take -20 on other attacks against it (shown in its status); nobody attacks
across High and a lower band without a specially long-ranged weapon (``longshot``, the
GM's approval). A faller (``fall WHO``) drops one band at the end of each round and
crashes on reaching the Ground: 60 m of falling damage from Low, 200 m from High. The text
gives no damage per metre, so the crash is a reminder, or the encounter's own
``fall_damage = { low = "…", high = "…" }`` is rolled against Soak on the body.
"""

from __future__ import annotations

from collections.abc import Mapping

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import DiceLike
from tracker.core.wording import counted
from tracker.rules.common import words_and_options
from tracker.rules.d100 import altitude
from tracker.rules.d100.altitude import ALTITUDE, band_name, band_of
from tracker.rules.d100.damage import lose_wounds, roll_damage, soak_of
from tracker.rules.persona_d100.book import CONDITION, PersonaBase

MOVES = ("half", "full", "charge", "run")


def fly(draft: Draft, command: Command, dice: DiceLike, rules: PersonaBase) -> None:
    """``fly WHO ground|low|high [half|full|charge|run]``: seed 004 l.86 — one band up or
    down as part of a Half Move, two as part of a Full Move, Charge or Run."""
    fighter = who_arg(draft.state, command, 0, "who flies")
    names = altitude.bands(rules.tables)
    wanted = command.arg(1, f"a band — {', '.join(names)}")
    flags, _ = words_and_options(command, 2, MOVES, ())
    if len(flags) > 1:
        raise RuleError(f"one move at a time — {', '.join(MOVES)}")
    table = rules.data["altitude"]
    half, full = int(table["half_move"]), int(table["full_move"])
    move = next(iter(flags), "")
    if not move:
        key = wanted.casefold()
        far = abs(names.index(key) - band_of(fighter)) if key in names else 0
        move = "half" if far <= half else "full"
    how = " (part of a Half Move)" if move == "half" else " (part of a Full Move, Charge or Run)"
    if move not in ("half", "full"):
        how = f" (part of a {move.capitalize()})"
    altitude.fly(draft, rules.tables, fighter, wanted, half if move == "half" else full, how)


def fall(draft: Draft, command: Command, dice: DiceLike, rules: PersonaBase) -> None:
    """``fall WHO``: a flyer begins to fall (its flight knocked out), seed 004 l.88."""
    fighter = who_arg(draft.state, command, 0, "who falls")
    words_and_options(command, 1, (), ())
    altitude.start_falling(draft, rules.tables, fighter, CONDITION)


def end_of_round(
    rules: PersonaBase, draft: Draft, dice: DiceLike, *, to_ground: bool = False
) -> None:
    """Every faller drops one band; one reaching the Ground crashes. At the fight's end
    (``to_ground``) a fall under way runs its course: it lands now (seed 004 l.88)."""
    for fighter in list(draft.state.combatants.values()):
        if fighter.status == "removed":
            continue
        start = altitude.drop(draft, rules.tables, fighter, to_ground=to_ground)
        if start:
            crash(rules, draft, dice, draft.state.combatant(fighter.id), start)


def crash(rules: PersonaBase, draft: Draft, dice: DiceLike, fighter: Combatant, start: str) -> None:
    """Falling damage for a fall begun at ``start``: the encounter's ``fall_damage`` for
    that band against Soak on the body, else a reminder for the GM's ruling."""
    metres = int(rules.data["altitude"]["fall_metres"][start])
    head = (
        f"{fighter.name} crashes into the ground from {start.capitalize()}: "
        f"{metres} m of falling damage"
    )
    table = draft.state.options.get("fall_damage")
    expr = table.get(start) if isinstance(table, Mapping) else None
    if expr is None:
        draft.emit(
            ev.ReminderRaised,
            who=fighter.id,
            key="fall",
            text=f"{head} — the text gives no damage per metre: 'dmg {fighter.id} N' "
            "with your ruling (or fall_damage in the encounter options)",
        )
        return
    rolled = roll_damage(str(expr), dice)
    soak = soak_of(rules.tables, fighter, "body", 0)
    lost = max(0, rolled.total - soak.value)
    draft.say(f"{head} — {rolled.shown} vs {soak.shown}: {counted(lost, 'wound')}")
    lose_wounds(draft, rules.tables, fighter, lost, fighter.limits.get("fate", 0) > 0, "body")


def check_reach(
    rules: PersonaBase, attacker: Combatant | None, target: Combatant, melee: bool, longshot: bool
) -> None:
    """Seed 004 l.83-84: no melee from the Ground at a Low flyer; nothing across High and
    a lower band unless a specially long-ranged weapon (``longshot``) is approved."""
    if attacker is None:
        return
    refusal = altitude.reach_refusal(
        altitude.bands(rules.tables), attacker, target, melee, longshot
    )
    if refusal:
        raise RuleError(refusal)


def ground_note(rules: PersonaBase, attacker: Combatant | None, target: Combatant) -> str:
    """`` (from the Ground at a Low flyer: the attack test took -20)`` on an attack line
    when the attacker stands on the Ground and the target flies Low (seed 004 l.83)."""
    if attacker is None or band_of(attacker) != 0 or band_of(target) != 1:
        return ""
    penalty = int(rules.data["altitude"]["low_from_ground"])
    return f" (from the Ground at a Low flyer: the attack test took {penalty:+d})"


def status_line(rules: PersonaBase, fighter: Combatant, state: EncounterState) -> str:
    """``Altitude: Low — Ground attackers: no melee, -20 to other attacks`` (flyers only)."""
    if ALTITUDE not in fighter.tracks:
        return ""
    band = band_of(fighter)
    top = len(altitude.bands(rules.tables)) - 1
    line = f"Altitude: {band_name(rules.tables, band)}"
    if fighter.condition(altitude.FALLING) is not None:
        line += " — falling one band at the end of each round"
    elif band == top:
        line += " — no attacks to or from lower bands ('longshot': GM's approval)"
    elif band == 1:
        penalty = int(rules.data["altitude"]["low_from_ground"])
        line += f" — Ground attackers: no melee, {penalty:+d} to other attacks"
    return line
