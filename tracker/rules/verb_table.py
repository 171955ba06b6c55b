"""A ruleset's commands written as a table (rules as data): one row a verb, bound to the
parts of the ruleset its function is given after ``(draft, command, dice)``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tracker.core.protocol import ONE, SEVERAL, Asks, Verb
from tracker.core.roles import CONDITION, CURE, DAMAGE, HEAL
from tracker.rules.base import by_name, verb

VerbRow = tuple[Any, ...]
"""``(name, usage, summary, decide, context)``, ``(…, context, flags)`` or ``(…, flags,
options)``: ``context`` names the ruleset's parts ``decide`` takes (``"data"``, ``"core"``
…; a word that names no part is given as it stands), ``flags`` the bare words read as
options, ``options`` the ``key=value`` options it reads (``verb(…, options=…)``; left out,
none: any option is refused)."""

Roles = Mapping[str, tuple[str, Asks]]
"""The table action a verb plays (``tracker.core.roles``) and what its dialog asks, by
verb name; a verb not named plays none and takes one target."""

USUAL_ROLES: Roles = {
    "dmg": (DAMAGE, SEVERAL),
    "heal": (HEAL, SEVERAL),
    "ail": (CONDITION, SEVERAL),
    "cure": (CURE, SEVERAL),
}
"""The roles of a ruleset whose verbs are named ``dmg``, ``heal``, ``ail`` and ``cure``,
each taking several targets on the command line (``dmg orc,goblin 5``)."""


def bound_table(
    rows: Sequence[VerbRow], parts: Mapping[Any, object], roles: Roles
) -> dict[str, Verb]:
    """Every command of ``rows``, given the ruleset's ``parts`` and the verbs' ``roles``."""
    return by_name(*(_bound(row, parts, roles) for row in rows))


def _bound(row: VerbRow, parts: Mapping[Any, object], roles: Roles) -> Verb:
    name, usage, summary, decide, context = row[:5]
    flags: tuple[str, ...] = row[5] if len(row) > 5 else ()
    options: tuple[str, ...] = row[6] if len(row) > 6 else ()
    role, asks = roles.get(name, ("", ONE))
    given = (parts.get(word, word) for word in context)
    handler: Callable[..., None] = decide
    return verb(
        name, usage, summary, handler, *given, flags=flags, role=role, asks=asks, options=options
    )
