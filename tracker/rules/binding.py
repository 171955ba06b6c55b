"""How a ruleset binds its commands: :func:`verb` makes one, :func:`by_name` keys them as
``Ruleset.verbs`` returns them. The one way every ruleset binds a verb (``base`` and
``tracker.api`` give both names too)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tracker.core.draft import Draft
from tracker.core.grammar import Command, with_flags
from tracker.core.protocol import ONE, Asks, DiceLike, Verb


def verb(
    name: str,
    usage: str,
    summary: str,
    decide: Callable[..., None],
    *context: Any,
    flags: tuple[str, ...] = (),
    role: str = "",
    asks: Asks = ONE,
    options: tuple[str, ...] | None = None,
) -> Verb:
    """One command of a ruleset, bound the one way every ruleset binds them: ``decide`` is
    called as ``decide(draft, command, dice, *context)`` (``context``: the ruleset's tables,
    data or core, in the order its module asks for them); ``flags`` are bare words read as
    ``key=yes`` options (``dmg ann 12 soak``). ``role`` is the table action it plays
    (``tracker.core.roles``: damage, heal, condition, cure …) and ``asks`` what its dialog
    asks (one target or several, one amount or the highest of several dice). ``options``
    names every ``key=value`` option it reads (``("pen", "by")``; its ``flags`` count too):
    any other is refused in one line before ``decide`` runs, with a "did you mean" for a
    near miss. Left out, ``decide`` is handed every option, unchecked."""

    def handler(draft: Draft, command: Command, dice: DiceLike) -> None:
        decide(draft, with_flags(command, *flags) if flags else command, dice, *context)

    declared = None if options is None else tuple(dict.fromkeys((*options, *flags)))
    return Verb(name, usage, summary, handler, role, asks, declared)


def by_name(*verbs: Verb | Mapping[str, Verb]) -> dict[str, Verb]:
    """Verbs keyed by their name, as ``Ruleset.verbs`` returns them; a mapping of verbs
    joins whole: ``by_name(verb(…), condition_verbs(self))``. Anything else is a
    TypeError saying what ``by_name`` takes."""
    found: dict[str, Verb] = {}
    for item in verbs:
        given = item.values() if isinstance(item, Mapping) else [item]
        if not all(isinstance(v, Verb) for v in given):
            star = " (pass condition_verbs(self), not *condition_verbs(self))"
            raise TypeError(
                "by_name takes verbs made with verb(…) and mappings of them such as "
                f"condition_verbs(self), not {type(item).__name__} {str(item)[:40]!r}"
                + (star if isinstance(item, str) else "")
            )
        found.update((v.name, v) for v in given)
    return found
