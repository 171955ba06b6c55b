"""The options a verb reads, checked where every command line is decided.

A verb declares the ``key=value`` options (and bare flag words) it reads (``Verb.options``);
any other is refused in one sentence naming the verb, the option, a near miss
(``pierc`` → ``pierce``) and what it takes — as argparse refuses an unknown flag, so a
typo'd option is never dropped in silence. A verb that declared nothing (``None``) is
handed every option, as before the declaration existed.
"""

from __future__ import annotations

from collections.abc import Sequence

from tracker.core.errors import RuleError
from tracker.core.grammar import Command
from tracker.core.protocol import Verb

PREFIX_MARK = "."
"""A declared name ending so takes every key starting with it (``armour.`` takes
``armour.head``)."""


def takes(declared: tuple[str, ...], key: str) -> bool:
    """Whether an option ``key`` is one of ``declared`` (or starts a declared prefix)."""
    if key in declared:
        return True
    return any(name.endswith(PREFIX_MARK) and key.startswith(name) for name in declared)


def refuse_unknown(command: Command, verb: Verb) -> None:
    """RuleError for the first option of ``command`` that ``verb`` does not read."""
    declared = verb.options
    if declared is None:
        return
    for key, value in command.options.items():
        if not takes(declared, key):
            raise RuleError(refusal(command.verb, key, value, declared, verb.usage))


def refusal(name: str, key: str, value: str, declared: tuple[str, ...], usage: str = "") -> str:
    """One line: ``'dmg' has no option 'pierc=2' (did you mean 'pierce'?) — it takes:
    pierce=…, soak`` (``key=…`` where the verb's ``usage`` writes one)."""
    typed = f"{key}={value}" if value else key
    words = [n for n in declared if not n.endswith(PREFIX_MARK)]
    from difflib import get_close_matches  # only for an option refused

    near = get_close_matches(key, words, 1, 0.6)
    hint = f" (did you mean '{near[0]}'?)" if near else ""
    listed = ", ".join(shown(n, usage) for n in declared)
    takes = f"it takes: {listed}" if declared else "it takes no options"
    return f"'{name}' has no option '{typed}'{hint} — {takes}"


def shown(name: str, usage: str = "") -> str:
    """A declared option as a refusal lists it: ``pen=…`` where ``usage`` writes
    ``pen=``, ``armour.…`` for a prefix, the bare flag word otherwise."""
    if name.endswith(PREFIX_MARK):
        return f"{name}…"
    return f"{name}=…" if f"{name}=" in usage else name


def option_words(verb: Verb) -> list[str]:
    """The options ``verb`` declares as completion offers them: ``pen=`` where its usage
    writes ``pen=…``, a bare flag word (``soak``) otherwise; none if it declared none."""
    return [
        f"{name}=" if f"{name}=" in verb.usage or name.endswith(PREFIX_MARK) else name
        for name in verb.options or ()
    ]


def unused_options(offers: list[str], given: Sequence[str]) -> list[str]:
    """The ``offers`` (``option_words``) a line's ``given`` words have not used yet: an
    option or a flag once given is not offered again (one ending ``.`` always is)."""
    used = {word.partition("=")[0].casefold() for word in given}
    return [
        offer
        for offer in offers
        if offer.rstrip("=").endswith(PREFIX_MARK) or offer.rstrip("=").casefold() not in used
    ]
