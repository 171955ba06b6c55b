"""Words as a GM reads them.

A list of choices reads ``a, b or c`` (never Python's ``['a', 'b']``); a value read from
a file or typed is shown as the GM wrote it (``'zzz'`` for text, ``true``, ``12``) or,
when it is not a single word or number, named by what it is (``a list``, ``a table``);
counts read ``1 fight``, ``2 fights``, ``2 injuries`` (never ``1 fight(s)``), and whose turn it is
``Wren's``, ``Boss'``.
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


def counted(count: int, word: str, plural: str = "") -> str:
    """``count`` and ``word``, the word in the plural unless the count is one: ``plural``
    when given (``injuries``, ``successes``), else the word and an ``s``."""
    if count == 1:
        return f"{count} {word}"
    return f"{count} {plural or word + 's'}"


def with_article(word: str) -> str:
    """``a construct``, ``an angel``: the word after the article its first letter asks for
    (a vowel sound is guessed from a vowel letter, as the games' kinds all allow)."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def possessive(name: str) -> str:
    """``Wren's``, but ``Archer in the reeds'``: a name ending in s takes the apostrophe alone."""
    return f"{name}'" if name[-1:] in ("s", "S") else f"{name}'s"


def track_label(track: str) -> str:
    """A track as a GM reads it: ``Stress``, ``Death timer``, ``Wounds @left arm``; a name
    of one or two letters is an abbreviation (``HP``, not ``Hp``)."""
    name, _, where = track.partition("@")
    word = name.replace("_", " ")
    word = word.upper() if len(word) <= 2 else word.capitalize()
    return f"{word} @{where}" if where else word
