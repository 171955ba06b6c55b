"""nerv-d100 Fear: ``fear WHO pass | dof=N | roll``, read once from the first roll's
Degrees of Failure on the Fear table (its effect, Trauma, Helpless)."""

from __future__ import annotations

from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.protocol import DiceLike
from tracker.rules.common import words_and_options
from tracker.rules.nerv_d100 import visions
from tracker.rules.nerv_d100.afflictions import add_trauma
from tracker.rules.nerv_d100.stats import fear_of, put_on, resolve_reminder, roll_stat, whole
from tracker.rules.nerv_d100.tables import FEAR, NervTables


def fear(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``fear WHO pass | dof=N | roll [adv=N] [source=…]``: the Fear table, read once."""
    fighter = who_arg(draft.state, command)
    words, values = words_and_options(
        command, 1, ("pass", "fail", "roll"), ("dof", "adv", "source")
    )
    if not words and "dof" not in values:
        raise RuleError(
            f"'fear' needs a result: 'fear {fighter.id} pass', "
            f"'fear {fighter.id} dof=N' or 'fear {fighter.id} roll'"
        )
    current = fear_of(fighter)
    if current is not None:
        raise RuleError(
            f"{fighter.name} is already in Fear ({current.name}); it stays that of "
            "the first roll — shake it off first"
        )
    passed, dof = "pass" in words, whole(values, "dof")
    if "roll" in words:
        result = roll_stat(
            draft,
            dice,
            tables,
            fighter,
            tuple(tables.raw["fear"]["stats"]),
            whole(values, "adv"),
            "Fear test",
            "fear",
            visions.fear_modifiers(draft, tables, fighter),
        )
        passed, dof = result.passed, result.degrees
    for reminder in draft.state.reminders_for(fighter.id):
        if reminder.key.startswith("fear:"):
            resolve_reminder(draft, fighter.id, reminder.key)
    if passed:
        draft.say(f"{fighter.name} stands firm: Fear negated")
        return
    frighten(draft, tables, fighter.id, dof, values.get("source", ""))


def frighten(draft: Draft, tables: NervTables, who: str, dof: int, source: str) -> None:
    """Apply the Fear table row for ``dof``: the effect, Trauma, Helpless."""
    fighter = draft.state.combatant(who)
    band = tables.fear_result(dof)
    put_on(
        draft,
        who,
        band.name,
        FEAR,
        f"{fighter.name} fails a Fear test by {dof} DoF: {band.name} — {band.text}",
        source=source,
    )
    add_trauma(draft, tables, who, band.trauma, band.name)
    if band.helpless and fighter.condition("Helpless") is None:
        put_on(
            draft,
            who,
            "Helpless",
            "Condition",
            f"{fighter.name} is Helpless ({band.name})",
            source=band.name,
        )
