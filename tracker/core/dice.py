"""Dice: parse expressions like ``2d10-1`` or ``4d6kh3``, roll them, record and replay the faces.

Every roll records each natural die face in rolling order, so a journal can replay a roll
without rolling again.  No ``eval``: expressions go through a small tokenizer and a
recursive-descent parser.  Every refusal is a :class:`DiceError` with a one-line message.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from tracker.core.errors import TrackerError

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


@dataclass(frozen=True)
class DiceTerm:
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
    _check_sides(term.sides)
    if term.is_d66:
        _check_d66(term)
    elif term.keep is not None:
        _check_keep(term)


def _check_sides(sides: int) -> None:
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


@dataclass(frozen=True)
class DiceExpr:
    """A sum of 1 to 10 signed terms; ``terms`` holds ``(sign, term)`` with sign +1 or -1."""

    terms: tuple[tuple[int, DiceTerm], ...]

    def __post_init__(self) -> None:
        if not self.terms:
            raise DiceError("no dice expression given: type something like 1d10+4")
        if len(self.terms) > MAX_TERMS:
            raise DiceError(
                f"{len(self.terms)} terms is too many: "
                f"at most {MAX_TERMS} terms (e.g. 1d10+1d5+3)"
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


def _as_expr(expr: str | DiceExpr) -> DiceExpr:
    """Parse text, or pass an already parsed expression through."""
    return expr if isinstance(expr, DiceExpr) else parse(expr)


# --------------------------------------------------------------------------- rolling


@dataclass(frozen=True)
class Roll:
    """A finished roll: canonical expression, every natural face in rolling order, total."""

    expr: str
    dice: tuple[int, ...]
    total: int

    def __str__(self) -> str:
        faces = f" [{', '.join(map(str, self.dice))}]" if self.dice else ""
        return f"{self.expr}{faces} = {self.total}"


def _fit(face: int, sides: int) -> int:
    """Return ``face`` if a d``sides`` can show it, else refuse it."""
    if not 1 <= face <= sides:
        raise DiceError(f"a face of {face} does not fit a d{sides}: faces run 1 to {sides}")
    return face


class _Recorder:
    """Wraps a face source, checks each face fits its die, and records it."""

    def __init__(self, draw: Draw) -> None:
        self._draw = draw
        self.faces: list[int] = []

    def __call__(self, sides: int) -> int:
        face = _fit(self._draw(sides), sides)
        self.faces.append(face)
        return face


def _term_total(term: DiceTerm, draw: Draw) -> int:
    """Roll one unsigned term with ``draw`` and return its total."""
    if term.constant is not None:
        return term.constant
    if term.is_d66:
        return draw(6) * 10 + draw(6)
    if term.explode:
        return _exploding_total(term, draw)
    faces = [draw(term.sides) for _ in range(term.count)]
    if term.keep is None:
        return sum(faces)
    kept = keep_lowest(faces, term.keep) if term.keep_low else keep_highest(faces, term.keep)
    return sum(kept)


def _exploding_total(term: DiceTerm, draw: Draw) -> int:
    """Roll exploding dice: each natural maximum adds one more die, at most 20 extra."""
    total, extra = 0, 0
    for _ in range(term.count):
        face = draw(term.sides)
        total += face
        while face == term.sides and extra < MAX_EXPLOSIONS:
            face = draw(term.sides)
            total += face
            extra += 1
    return total


def _evaluate(expr: DiceExpr, draw: Draw) -> Roll:
    """Roll every term of ``expr`` with ``draw`` and record the faces."""
    recorder = _Recorder(draw)
    total = sum(sign * _term_total(term, recorder) for sign, term in expr.terms)
    return Roll(str(expr), tuple(recorder.faces), total)


def roll(expr: str | DiceExpr, rng: random.Random) -> Roll:
    """Roll ``expr`` with ``rng`` and record every face."""
    return _evaluate(_as_expr(expr), lambda sides: rng.randint(1, sides))


def replay(expr: str | DiceExpr, dice: Sequence[int]) -> Roll:
    """Recompute a roll of ``expr`` from its recorded faces, without rolling again."""
    parsed = _as_expr(expr)
    faces = iter(dice)

    def draw(sides: int) -> int:
        face = next(faces, None)
        if face is None:
            raise DiceError(
                f"the recorded dice do not fit {parsed}: {len(dice)} faces are not enough"
            )
        return face

    result = _evaluate(parsed, draw)
    if len(result.dice) != len(dice):
        raise DiceError(
            f"the recorded dice do not fit {parsed}: {len(dice)} faces recorded "
            f"but only {len(result.dice)} rolled"
        )
    return result


class _DiceSource:
    """Shared interface of :class:`Dice` and :class:`ScriptedDice`."""

    def _face(self, sides: int) -> int:
        raise NotImplementedError

    def _draw(self, sides: int) -> int:
        return _fit(self._face(sides), sides)

    def roll(self, expr: str | DiceExpr) -> Roll:
        """Roll a dice expression and record every face."""
        return _evaluate(_as_expr(expr), self._face)

    def d(self, sides: int) -> int:
        """Roll one plain die with ``sides`` sides (use :meth:`d66` for a D66)."""
        _check_sides(sides)
        return self._draw(sides)

    def pool(self, n: int, sides: int = 6) -> tuple[int, ...]:
        """Roll a pool of ``n`` dice (0 to 100) and return every face in rolling order."""
        _check_sides(sides)
        if not 0 <= n <= MAX_DICE:
            raise DiceError(f"a pool of {n} dice is not possible: roll 0 to {MAX_DICE} dice")
        return tuple(self._draw(sides) for _ in range(n))

    def d66(self) -> int:
        """Roll a D66: two d6 read as tens and ones (11 to 66)."""
        return self._draw(6) * 10 + self._draw(6)


class Dice(_DiceSource):
    """Real dice over an injectable, seedable :class:`random.Random`."""

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        if seed is not None and rng is not None:
            raise DiceError("give dice a seed or a random source, not both (e.g. Dice(seed=1))")
        self.rng = rng if rng is not None else random.Random(seed)

    def _face(self, sides: int) -> int:
        return self.rng.randint(1, sides)


class ScriptedDice(_DiceSource):
    """Dice that hand out given faces in order: for tests and for results rolled at the table."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces: Iterator[int] = iter(faces)

    def _face(self, sides: int) -> int:
        face = next(self._faces, None)
        if face is None:
            raise DiceError("ran out of scripted dice")
        return face


# --------------------------------------------------------------------------- counting


def icons(faces: Iterable[int]) -> int:
    """Wrath & Glory icons: a 4 or 5 is one icon, a 6 is two."""
    return sum(2 if face == 6 else 1 if face in (4, 5) else 0 for face in faces)


def exalted(faces: Iterable[int]) -> int:
    """Wrath & Glory exalted icons: the number of 6s."""
    return count(faces, 6)


def successes(faces: Iterable[int], target: int = 6) -> int:
    """Faces at or above ``target`` (Alien: successes on 6)."""
    return sum(1 for face in faces if face >= target)


def count(faces: Iterable[int], value: int) -> int:
    """How many faces show ``value`` (e.g. ones on Alien stress dice)."""
    return sum(1 for face in faces if face == value)


def _check_keep_n(n: int) -> None:
    """Refuse a negative number of dice to keep."""
    if n < 0:
        raise DiceError(f"cannot keep {n} dice: keep 0 or more (e.g. keep the highest 3)")


def keep_highest(faces: Iterable[int], n: int) -> tuple[int, ...]:
    """The ``n`` highest faces, highest first (all faces if there are fewer)."""
    _check_keep_n(n)
    return tuple(sorted(faces, reverse=True)[:n])


def keep_lowest(faces: Iterable[int], n: int) -> tuple[int, ...]:
    """The ``n`` lowest faces, lowest first (all faces if there are fewer)."""
    _check_keep_n(n)
    return tuple(sorted(faces)[:n])
