"""Stats written as dice at ``add`` (``add Goblin hp=1d6``): rolled once, as the
combatant joins, and recorded — the rolled number is what the ``combatant.added`` event
holds, and the roll is in its log line, so undo and replay never roll again."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from tracker.core.dice_expr import DiceError, parse
from tracker.core.errors import RuleError
from tracker.core.protocol import DiceLike

LOOKS_LIKE_DICE = re.compile(r"\s*\d*\s*d\s*\d", re.IGNORECASE)
"""A value that starts as dice do (``1d6``, ``d8``, ``2d6+2``, ``4d6kh3``)."""

NEVER_DICE = frozenset({"id", "name", "side", "kind", "hidden", "notes", "source", "ruleset"})
"""Option keys whose values are words, never dice."""


def roll_options(
    options: Mapping[str, str],
    dice: DiceLike,
    rolled: list[str],
    words: Collection[str] = (),
) -> dict[str, str]:
    """``options`` with every value written as dice rolled now (``hp=1d6`` → ``hp=4``);
    each roll is appended to ``rolled`` as ``hp 1d6 = 4 [4]``. ``words`` are the
    ruleset's keys that hold text. A dice value that cannot be rolled is a RuleError."""
    result = dict(options)
    for key, value in options.items():
        if key in NEVER_DICE or key in words or not LOOKS_LIKE_DICE.match(value):
            continue
        try:
            expr = parse(value)
        except DiceError as err:
            raise RuleError(f"{key}={value}: {err}") from None
        roll = dice.roll(str(expr))
        rolled.append(f"{key.replace('_', ' ')} {roll.expr} = {roll.total} {list(roll.dice)}")
        result[key] = str(roll.total)
    return result


def text_keys(rules: object) -> set[str]:
    """The ruleset's ``add`` keys that hold text (its roster keys of type ``str`` and
    its ``text_keys``): never rolled as dice."""
    roster = getattr(rules, "roster_keys", {})
    return {k for k, kind in roster.items() if kind is str} | set(getattr(rules, "text_keys", ()))
