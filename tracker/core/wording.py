"""How a refusal names the choices there are and the value the GM gave, in words.

A list of choices reads ``a, b or c`` (never Python's ``['a', 'b']``); a value read from
a file or typed is shown as the GM wrote it (``'zzz'`` for text, ``true``, ``12``) or,
when it is not a single word or number, named by what it is (``a list``, ``a table``).
"""

from __future__ import annotations

from collections.abc import Iterable


def either(choices: Iterable[object], word: str = "or") -> str:
    """``a``, ``a or b``, ``a, b or c`` (``nothing`` when there are none); ``word``
    ``and`` for ``a, b and c``."""
    names = [str(choice) for choice in choices]
    if len(names) < 2:
        return names[0] if names else "nothing"
    return f"{', '.join(names[:-1])} {word} {names[-1]}"


def given(value: object) -> str:
    """A value the GM gave, as a refusal shows it: text in quotes, ``true``/``false``,
    a number as written, ``a list`` or ``a table`` for anything bigger."""
    if isinstance(value, str):
        return f"'{value}'"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list | tuple):
        return "a list"
    return "a value of another kind"


def unnamed(verb: str, who: str, held: Iterable[str], noun: str) -> str:
    """The refusal of ``VERB WHO`` typed without the name of what to end (a condition,
    an effect, a reminder): what ``who`` has, or that there is nothing."""
    names = list(held)
    if not names:
        return f"{who} has no {noun} to end"
    return f"'{verb}' needs the {noun} to end — {who} has: {', '.join(names)}"
