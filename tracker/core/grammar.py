"""The command grammar shared by the TUI command bar, the palette and ``tracker do``.

``VERB ARG … [@LOCATION] [key=value …]``; ``WHO`` is an id, a name or any unique part
of one (case-insensitive: the whole name or id as typed, then its start as typed, then the
same with punctuation dropped, then the start of a word, then anywhere in it), or ``.``
for the combatant whose turn it is.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import field, replace

from tracker.core.errors import RuleError
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.core.name_match import matching
from tracker.core.safe_text import LINE_LIMIT, check_text

NUMBER_LIMIT = 999_999
"""The largest whole number a command takes (no rule text needs more)."""
_OPTION_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_.+-]*=")

FREE_TEXT_VERBS = ("note", "gm-note", "ruling")
WHO_THEN_TEXT_VERBS = ("notes",)
"""Verbs whose first word is a combatant and the rest free text (``notes orc has the key``)."""


@frozen_record
class Command(FrozenRecord):
    """One parsed command line."""

    verb: str
    args: tuple[str, ...] = ()
    options: dict[str, str] = field(default_factory=dict)
    location: str | None = None
    line: str = ""
    anyway: bool = False
    """``!`` on the verb: send a public line even though it names a hidden combatant."""
    target: int = 0
    """This target's place in a command naming several (``dmg a,b 5``: 0 for ``a``, 1 for
    ``b``); 0 for a command naming one."""

    def arg(self, index: int, what: str) -> str:
        """The positional argument at ``index``; RuleError naming ``what`` if missing."""
        if index >= len(self.args):
            raise RuleError(f"'{self.verb}' needs {what}")
        return self.args[index]

    def number(self, index: int, what: str, default: int | None = None, example: str = "") -> int:
        """A whole-number argument (``default`` when absent and allowed); a refusal ends
        with ``example`` (``e.g. 'dmg ork 10'``) when one is given."""
        shown = f", e.g. '{example}'" if example else ""
        if index >= len(self.args):
            if default is not None:
                return default
            raise RuleError(f"'{self.verb}' needs {what}{shown}")
        try:
            return parse_int(self.args[index], what)
        except RuleError as err:
            raise RuleError(f"{err}{shown}") from None

    def flag(self, key: str) -> bool:
        """True when ``key`` was given as ``key``, ``key=yes`` or ``key=1``."""
        value = self.options.get(key)
        return value is not None and value.casefold() in ("", "1", "yes", "y", "true", "on")

    def option_int(self, key: str, default: int = 0) -> int:
        """A whole-number option such as ``pen=2``."""
        if key not in self.options:
            return default
        return parse_int(self.options[key], key)


def parse_int(text: str, what: str) -> int:
    """A whole number typed by the GM, or a RuleError saying what was expected."""
    try:
        value = int(text)
    except ValueError:
        raise RuleError(f"{what} must be a whole number, not {text!r}") from None
    return bounded(value, what)


def bounded(value: int, what: str) -> int:
    """``value`` if it is within what any rule can use, else a RuleError."""
    if not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
        raise RuleError(
            f"{what} must be between {-NUMBER_LIMIT:,} and {NUMBER_LIMIT:,}, not {value:,}"
            if abs(value) < 10**30
            else f"{what} must be between {-NUMBER_LIMIT:,} and {NUMBER_LIMIT:,}"
        )
    return value


def parse_command(line: str) -> Command:
    """Split a command line into verb, arguments, ``@location`` and ``key=value`` options."""
    check_text(line, "the command", LINE_LIMIT)
    stripped = line.strip().lstrip(":").strip()
    if not stripped:
        raise RuleError("type a command, e.g. 'next' or 'dmg goblin 5' ('help' lists them)")
    verb, _, rest = stripped.partition(" ")
    verb = verb.casefold()
    anyway = len(verb) > 1 and verb.endswith("!")
    verb = verb.removesuffix("!") if anyway else verb
    if verb in FREE_TEXT_VERBS:
        args = (rest.strip(),) if rest.strip() else ()
        return Command(verb=verb, args=args, line=stripped, anyway=anyway)
    if verb in WHO_THEN_TEXT_VERBS:
        return Command(verb=verb, args=_who_then_text(rest), line=stripped, anyway=anyway)
    try:
        words = shlex.split(rest)
    except ValueError as err:
        raise RuleError(f"cannot read that command: {err}") from None
    return replace(_assemble(verb, words, stripped), anyway=anyway)


def _who_then_text(rest: str) -> tuple[str, ...]:
    """``orc has the key`` → ``("orc", "has the key")``; the first word may be quoted
    (``"Ork Boy (1)" leads the charge``)."""
    rest = rest.strip()
    if rest[:1] in ("'", '"'):
        close = rest.find(rest[0], 1)
        if close < 0:
            raise RuleError("cannot read that command: No closing quotation")
        who, text = rest[1:close], rest[close + 1 :]
    else:
        who, _, text = rest.partition(" ")
    return tuple(word for word in (who, text.strip()) if word)


def _assemble(verb: str, words: list[str], line: str) -> Command:
    args: list[str] = []
    options: dict[str, str] = {}
    location: str | None = None
    for word in words:
        if word.startswith("@") and len(word) > 1:
            location = word[1:].casefold().replace("_", " ").replace("-", " ")
        elif _OPTION_KEY.match(word):
            key, _, value = word.partition("=")
            options[key.casefold()] = value
        elif word.startswith("+") and word[1:].isalpha():
            options[word[1:].casefold()] = ""
        else:
            args.append(word)
    return Command(verb=verb, args=tuple(args), options=options, location=location, line=line)


def resolve(state: EncounterState, token: str, *, slots: bool = False) -> str:
    """The combatant id (or initiative slot, with ``slots``) that ``token`` names."""
    if token == ".":
        if state.current is None:
            raise RuleError("nobody is acting now: '.' needs a current turn")
        return state.current if slots else slot_owner(state.current)
    if slots and token in state.initiative:
        return token
    found = matching({c.id: c.name for c in state.combatants.values()}, token)
    if len(found) == 1:
        return found[0]
    if found:
        listed = _listed([state.combatants[i] for i in found])
        raise RuleError(f"'{token}' could be {listed} — type more of the name")
    names = ", ".join(c.name for c in state.combatants.values()) or "nobody yet"
    raise RuleError(f"no combatant '{token}' — in this fight: {names}")


def _listed(found: list[Combatant]) -> str:
    """``Bob and Bo's Dog``, ``A, B and C``, ``A, B, C and 2 more``."""
    names = [c.name for c in found]
    if len(names) > 3:
        return f"{', '.join(names[:3])} and {len(names) - 3} more"
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]


def each_target(
    state: EncounterState, command: Command, several: bool
) -> list[tuple[str, Command]]:
    """``dmg a,b,c 5`` as one command per target, each with its combatant's name (one
    command, unnamed, when WHO names one or the verb takes one: ``several`` is the verb's
    ``Asks.takes_several``). A name missing between commas or given twice is a RuleError."""
    args = list(command.args)
    while len(args) > 1 and (args[0].endswith(",") or "," in args[1]):
        args[:2] = [f"{args[0]} {args[1]}"]  # ``dmg orc, goblin 5``, ``dmg gale harpy,orc 5``
    first = args[0] if args else ""
    if not several or "," not in first:
        return [("", command)]
    tokens = [token.strip() for token in first.split(",")]
    if not all(tokens):
        raise RuleError(f"'{first}': a name is missing between the commas")
    names: dict[str, str] = {}
    for token in tokens:
        fighter = named(state, token)
        if fighter.id in names:
            raise RuleError(f"{fighter.name} is named twice in '{first}'")
        names[fighter.id] = fighter.name
    return [
        (name, replace(command, args=(token, *args[1:]), target=place))
        for place, (token, name) in enumerate(zip(tokens, names.values(), strict=True))
    ]


def named(state: EncounterState, token: str) -> Combatant:
    """The combatant ``token`` names: an id, a name or its start, ``.`` for the one acting."""
    return state.combatant(resolve(state, token))


def who_arg(
    state: EncounterState, command: Command, index: int = 0, asked: str = "a combatant"
) -> Combatant:
    """The combatant argument ``index`` names. The first, left out, is the one acting;
    with nobody acting (or a later argument left out) the refusal asks for ``asked``."""
    if index >= len(command.args) and (index > 0 or state.current is None):
        command.arg(index, asked)
    return named(state, command.args[index] if index < len(command.args) else ".")


def with_flags(command: Command, *words: str) -> Command:
    """The command with bare flag words (``wrath``, ``soak`` …) moved into its options."""
    wanted = set(words)
    options = dict(command.options)
    args = []
    for arg in command.args:
        if arg.casefold() in wanted and arg.casefold() not in options:
            options[arg.casefold()] = ""
        else:
            args.append(arg)
    return replace(command, args=tuple(args), options=options)
