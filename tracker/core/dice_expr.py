"""Dice expressions: ``2d10-1``, ``4d6kh3``, ``1d10!``, ``d66`` parsed into terms.

No ``eval``: expressions go through a small tokenizer and a recursive-descent parser,
and every refusal is a :class:`DiceError` with a one-line message. Rolling them is
``tracker.core.dice``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tracker.core.errors import TrackerError
from tracker.core.frozen_record import FrozenRecord, frozen_record

MAX_DICE = 100
"""Most dice one term may roll (``100d6``)."""
MIN_SIDES = 2
MAX_SIDES = 1000
MAX_TERMS = 10
MAX_EXPLOSIONS = 20
"""Most extra dice an exploding term may add."""
MAX_CONSTANT = 10_000
MAX_TEXT = 200
D66 = 66
"""``d66`` is the Alien/Mutant D66: two d6 read as tens and ones, never a 66-sided die."""

_MAX_DIGITS = 7
_TOKEN = re.compile(r"\s*([0-9]+|kh|kl|d|!|\+|-)", re.IGNORECASE)

Draw = Callable[[int], int]
"""A source of faces: given a number of sides, returns one natural face."""


class DiceError(TrackerError, ValueError):
    """A dice expression, roll or record that cannot be used; its text is one line."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))


# --------------------------------------------------------------------------- terms


@frozen_record
class DiceTerm(FrozenRecord):
    """One unsigned term: ``count`` dice of ``sides`` (with keep/explode), or a constant.

    ``keep`` keeps that many highest dice (lowest when ``keep_low``); ``explode`` rolls
    one more die on each natural maximum and adds it.  ``sides == 66`` is a D66.
    A constant has ``constant`` set and ``count == sides == 0``.
    """

    count: int = 0
    sides: int = 0
    keep: int | None = None
    keep_low: bool = False
    explode: bool = False
    constant: int | None = None

    def __post_init__(self) -> None:
        if self.constant is not None:
            _check_constant(self)
        else:
            _check_dice(self)

    @classmethod
    def const(cls, value: int) -> DiceTerm:
        """A constant term such as the ``4`` in ``1d10+4``."""
        return cls(constant=value)

    @property
    def is_constant(self) -> bool:
        """True for a plain number rather than dice."""
        return self.constant is not None

    @property
    def is_d66(self) -> bool:
        """True for the Alien/Mutant D66 (two d6 read as tens and ones)."""
        return self.constant is None and self.sides == D66

    @property
    def minimum(self) -> int:
        """The lowest total this term can give."""
        if self.constant is not None:
            return self.constant
        if self.is_d66:
            return 11
        return self.keep if self.keep is not None else self.count

    @property
    def maximum(self) -> int:
        """The highest total this term can give."""
        if self.constant is not None:
            return self.constant
        if self.is_d66:
            return D66
        dice = self.keep if self.keep is not None else self.count
        extra = MAX_EXPLOSIONS if self.explode else 0
        return (dice + extra) * self.sides

    def __str__(self) -> str:
        if self.constant is not None:
            return str(self.constant)
        if self.is_d66:
            return "d66"
        keep = "" if self.keep is None else f"k{'l' if self.keep_low else 'h'}{self.keep}"
        return f"{self.count}d{self.sides}{keep}{'!' if self.explode else ''}"


def _check_constant(term: DiceTerm) -> None:
    """Refuse a constant that is out of range or also carries dice."""
    value = term.constant
    assert value is not None
    if term.count or term.sides or term.keep is not None or term.explode:
        raise DiceError(f"{value} is a plain number: it cannot also roll dice (e.g. 1d10+{value})")
    if not 0 <= value <= MAX_CONSTANT:
        raise DiceError(
            f"{value} is out of range: plain numbers run 0 to {MAX_CONSTANT} (e.g. 1d10+4)"
        )


def _check_dice(term: DiceTerm) -> None:
    """Refuse dice a table could not roll."""
    _check_count(term.count, term.sides)
    check_sides(term.sides)
    if term.is_d66:
        _check_d66(term)
    elif term.keep is not None:
        _check_keep(term)


def check_sides(sides: int) -> None:
    """Refuse dice with fewer than 2 or more than 1000 sides."""
    if sides < 1:
        raise DiceError(f"d{sides} has no sides: dice need at least {MIN_SIDES} sides (e.g. d6)")
    if sides < MIN_SIDES:
        raise DiceError(f"d{sides} has one side: dice need at least {MIN_SIDES} sides (e.g. d6)")
    if sides > MAX_SIDES:
        raise DiceError(
            f"d{sides} has too many sides: dice have at most {MAX_SIDES} sides (e.g. d100)"
        )


def _check_count(count: int, sides: int) -> None:
    """Refuse pools of no dice or more than 100 dice."""
    if count > MAX_DICE:
        raise DiceError(
            f"{count}d{sides} is too many dice: at most {MAX_DICE} dice "
            f"of at most {MAX_SIDES} sides (e.g. {MAX_DICE}d6)"
        )
    if count < 1:
        raise DiceError(f"{count}d{sides} rolls no dice: roll at least 1 die (e.g. 1d6)")


def _check_d66(term: DiceTerm) -> None:
    """Refuse a D66 with a count, keep or explode."""
    if term.count != 1 or term.keep is not None or term.explode:
        raise DiceError(
            f"{term.count}d66 cannot be pooled, kept or exploded: "
            "a D66 is rolled on its own (e.g. d66 or d66+d66)"
        )


def _check_keep(term: DiceTerm) -> None:
    """Refuse keeping no dice, more dice than rolled, or keeping with exploding."""
    keep, base = term.keep, f"{term.count}d{term.sides}"
    assert keep is not None
    kind = "kl" if term.keep_low else "kh"
    if keep < 1:
        raise DiceError(f"{base}{kind}{keep} keeps no dice: keep at least 1 (e.g. 4d6kh3)")
    if keep > term.count:
        raise DiceError(
            f"{base}{kind}{keep} keeps more dice than it rolls: "
            f"keep at most {term.count} (e.g. 4d6kh3)"
        )
    if term.explode:
        raise DiceError(
            f"{base}{kind}{keep}! both keeps and explodes: use one or the other "
            "(e.g. 4d6kh3 or 1d10!)"
        )


# --------------------------------------------------------------------------- expressions


@frozen_record
class DiceExpr(FrozenRecord):
    """A sum of 1 to 10 signed terms; ``terms`` holds ``(sign, term)`` with sign +1 or -1."""

    terms: tuple[tuple[int, DiceTerm], ...]

    def __post_init__(self) -> None:
        if not self.terms:
            raise DiceError("no dice expression given: type something like 1d10+4")
        if len(self.terms) > MAX_TERMS:
            raise DiceError(
                f"{len(self.terms)} terms is too many: at most {MAX_TERMS} terms (e.g. 1d10+1d5+3)"
            )
        if any(sign not in (1, -1) for sign, _ in self.terms):
            raise DiceError("a term's sign must be +1 or -1 (e.g. 2d10-1)")

    @property
    def minimum(self) -> int:
        """The lowest total this expression can give."""
        return sum(t.minimum if s > 0 else -t.maximum for s, t in self.terms)

    @property
    def maximum(self) -> int:
        """The highest total this expression can give."""
        return sum(t.maximum if s > 0 else -t.minimum for s, t in self.terms)

    def __str__(self) -> str:
        parts = [("-" if sign < 0 else "+") + str(term) for sign, term in self.terms]
        text = "".join(parts)
        return text[1:] if text.startswith("+") else text


def _shown(text: str) -> str:
    """The user's text on one line, shortened for a message."""
    flat = " ".join(text.split())
    return flat if len(flat) <= 40 else flat[:39] + "…"


def _tokenize(text: str) -> list[str]:
    """Split ``text`` into lower-case tokens, refusing any character that is not dice."""
    tokens: list[str] = []
    pos = 0
    while text[pos:].strip():
        match = _TOKEN.match(text, pos)
        if match is None:
            bad = text[pos:].strip()[0]
            raise _syntax(text, f"'{bad}' has no meaning in dice", "1d10+4")
        tokens.append(match.group(1).lower())
        pos = match.end()
    return tokens


def _syntax(text: str, reason: str, example: str) -> DiceError:
    """A DiceError for text that does not read as a dice expression."""
    return DiceError(f"'{_shown(text)}' is not a dice expression: {reason} (e.g. {example})")


class _Parser:
    """Recursive descent over the tokens of one expression."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokenize(text)
        self.pos = 0

    def peek(self) -> str | None:
        """The next token, or None at the end."""
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, *kinds: str) -> str | None:
        """Consume and return the next token if it is one of ``kinds``."""
        token = self.peek()
        if token is not None and token in kinds:
            self.pos += 1
            return token
        return None

    def number(self) -> int | None:
        """Consume a number token if there is one."""
        token = self.peek()
        if token is None or not token.isdigit():
            return None
        self.pos += 1
        if len(token.lstrip("0")) > _MAX_DIGITS:
            raise _syntax(self.text, f"{token[:10]}… is too large a number", "1d10+4")
        return int(token)

    def expression(self) -> DiceExpr:
        """expression := [sign] term (sign term)*"""
        terms = [(-1 if self.take("+", "-") == "-" else 1, self.term())]
        while self.peek() is not None:
            terms.append((self.sign(), self.term()))
            if len(terms) > MAX_TERMS:
                break
        return DiceExpr(tuple(terms))

    def sign(self) -> int:
        """Consume the '+' or '-' between two terms."""
        op = self.take("+", "-")
        if op is None:
            raise self.misplaced(str(self.peek()))
        if self.peek() is None:
            raise _syntax(self.text, f"a term must follow '{op}'", "2d6+1")
        return -1 if op == "-" else 1

    def misplaced(self, token: str) -> DiceError:
        """The error for a token found where '+' or '-' was expected."""
        if token in ("kh", "kl", "!"):
            return _syntax(self.text, f"'{token}' must follow dice such as 4d6", "4d6kh3 or 1d10!")
        return _syntax(self.text, f"expected '+' or '-' before '{token}'", "1d6+2")

    def term(self) -> DiceTerm:
        """term := number | [number] 'd' number [('kh'|'kl') number] ['!']"""
        count = self.number()
        if self.take("d") is None:
            if count is None:
                raise self.missing_term()
            return DiceTerm.const(count)
        sides = self.number()
        if sides is None:
            raise _syntax(self.text, "a number of sides must follow 'd'", "1d10")
        keep, low = self.keep()
        explode = self.take("!") is not None
        return DiceTerm(1 if count is None else count, sides, keep, low, explode)

    def missing_term(self) -> DiceError:
        """The error for a token found where a term was expected."""
        token = self.peek()
        if token is None:
            return _syntax(self.text, "a term must follow the sign", "2d6+1")
        return _syntax(self.text, f"expected a number or dice before '{token}'", "1d10+4")

    def keep(self) -> tuple[int | None, bool]:
        """Consume an optional ``kh<n>`` / ``kl<n>``."""
        kind = self.take("kh", "kl")
        if kind is None:
            return None, False
        keep = self.number()
        if keep is None:
            raise _syntax(self.text, f"a number of dice to keep must follow '{kind}'", "4d6kh3")
        return keep, kind == "kl"


def parse(text: str) -> DiceExpr:
    """Parse dice text such as ``d100``, ``2d10-1``, ``4d6kh3``, ``1d10!`` or ``d66``."""
    if not text.strip():
        raise DiceError("no dice expression given: type something like 1d10+4")
    if len(text) > MAX_TEXT:
        raise DiceError(
            f"'{_shown(text)}' is too long: at most {MAX_TEXT} characters (e.g. 1d10+1d5+3)"
        )
    return _Parser(text).expression()


def as_expr(expr: str | DiceExpr) -> DiceExpr:
    """Parse text, or pass an already parsed expression through."""
    return expr if isinstance(expr, DiceExpr) else parse(expr)
