"""Verbs that use the GM's library: ``roll table NAME`` and ``save-template WHO [as ID]``
(``add`` with a stat block is :mod:`tracker.core.joining`)."""

from __future__ import annotations

import re
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.joining import slug
from tracker.core.library import Library
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike, Rules
from tracker.core.records import record_roll_of
from tracker.core.safe_text import NAME_LIMIT, check_text
from tracker.core.traits import trait_tables

ADD_USAGE = "add [N] NAME|BLOCK [hidden] [side=enemy] [stat=N …] | add party [PC …]"
ROLL_USAGE = "roll DICE [WHO] [for=WHAT] | roll table NAME"
GM_ROLL_USAGE = "gm-roll DICE [WHO] [for=WHAT] | gm-roll table NAME"
SAVE_USAGE = "save-template WHO [as ID]"


def roll_table(
    draft: Draft, command: Command, dice: DiceLike, library: Library, gm_only: bool = False
) -> None:
    """``roll table NAME``: roll the table's formula and log the result's text (behind
    the screen with ``gm_only``)."""
    name = " ".join(command.args[1:]).strip()
    if not name:
        raise RuleError(f"'{command.verb} table' needs a table's name — {_tables(library)}")
    table = library.table(name) or library.table(slug(name))
    if table is None:
        raise RuleError(f"no roll table '{name}' — {_tables(library)}")
    roll = dice.roll(table.formula)
    row = table.find(roll.total)
    result = row.text if row else "no result on the table for that total"
    record_roll_of(
        draft,
        "",
        roll,
        reason=f"table {table.name}",
        text=f"{table.name}: {roll.expr} {list(roll.dice)} = {roll.total} — {result}",
        gm_only=gm_only,
    )


def _tables(library: Library) -> str:
    """The tables there are, and the first table file that cannot be read (with how
    many more): ``tables: a, b; not read: FILE:LINE:COL: what``."""
    names, problems = list(library.table_names()), list(library.table_problems())
    if names:
        listed = ", ".join(names[:10]) + (f" … ({len(names)} in all)" if len(names) > 10 else "")
    elif problems:
        listed = "none that can be read"
    else:
        listed = "none yet (see `tracker bestiary --help` for where tables go)"
    if not problems:
        return f"tables: {listed}"
    more = f" (and {len(problems) - 1} more table files)" if len(problems) > 1 else ""
    return f"tables: {listed}; not read: {problems[0]}{more}"


def save_template(
    draft: Draft, command: Command, dice: DiceLike, rules: Rules, library: Library
) -> None:
    """``save-template WHO [as ID]``: the combatant as a stat block, kept in the bestiary."""
    fighter = who_arg(draft.state, command)
    rest = [w for w in command.args[1:]]
    if rest and rest[0].casefold() == "as":
        rest = rest[1:]
        if not rest:
            raise RuleError("'save-template WHO as ID' needs the id after 'as'")
    base = base_name(fighter.name)
    key = slug(check_text(" ".join(rest), "the id", NAME_LIMIT)) if rest else slug(base)
    if not key:
        raise RuleError("a stat block's id needs a letter or a digit")
    block = template_of(fighter, key, base)
    replaced = " (replacing the block of that id)" if library.block(key) else ""
    draft.emit(
        ev.TemplateSaved,
        who=fighter.id,
        key=key,
        block=block,
        text=f"{fighter.name} saved to the bestiary as '{key}'{replaced}: add it with 'add {key}'",
    )


def base_name(name: str) -> str:
    """A copy's name without its number: ``Ork Boy 3``, ``Ork Boy (3)`` → ``Ork Boy``."""
    return re.sub(r"\s+(\d+|\(\d+\))$", "", name) or name


def template_of(fighter: Combatant, key: str, name: str) -> dict[str, Any]:
    """The roster entry a combatant was made from, as a block: its maximums, never its
    damage, conditions or place in the fight."""
    block: dict[str, Any] = {"id": key, "name": name, "side": fighter.side}
    block["kind"] = fighter.kind
    if fighter.stats:
        block["stats"] = {k.replace(" ", "_"): v for k, v in fighter.stats.items()}
    if fighter.armour:
        block["armour"] = dict(fighter.armour)
    block.update({k: v for k, v in fighter.extras.items() if k not in ("id", "name")})
    if fighter.notes:
        block["notes"] = fighter.notes
    if fighter.traits:
        block["traits"] = trait_tables(fighter.traits)
    return block
