"""Dice: roll expressions, record every face, replay recorded faces; count pool results.

Every roll records each natural die face in rolling order, so a journal can replay a roll
without rolling again. Parsing lives in ``tracker.core.dice_expr``; its public names are
re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from tracker.core.dice_expr import D66 as D66
from tracker.core.dice_expr import MAX_CONSTANT as MAX_CONSTANT
from tracker.core.dice_expr import MAX_DICE as MAX_DICE
from tracker.core.dice_expr import MAX_EXPLOSIONS as MAX_EXPLOSIONS
from tracker.core.dice_expr import MAX_SIDES as MAX_SIDES
from tracker.core.dice_expr import MAX_TERMS as MAX_TERMS
from tracker.core.dice_expr import MAX_TEXT as MAX_TEXT
from tracker.core.dice_expr import MIN_SIDES as MIN_SIDES
from tracker.core.dice_expr import DiceError as DiceError
from tracker.core.dice_expr import DiceExpr as DiceExpr
from tracker.core.dice_expr import DiceTerm as DiceTerm
from tracker.core.dice_expr import Draw, as_expr, check_sides
from tracker.core.dice_expr import parse as parse
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.wording import counted

if TYPE_CHECKING:
    import random

# --------------------------------------------------------------------------- rolling


@frozen_record
class Roll(FrozenRecord):
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
    return _evaluate(as_expr(expr), lambda sides: rng.randint(1, sides))


def replay(expr: str | DiceExpr, dice: Sequence[int]) -> Roll:
    """Recompute a roll of ``expr`` from its recorded faces, without rolling again."""
    parsed = as_expr(expr)
    faces = iter(dice)

    def draw(sides: int) -> int:
        face = next(faces, None)
        if face is None:
            raise DiceError(
                f"the recorded dice do not fit {parsed}: "
                f"{counted(len(dice), 'face')} recorded, not enough"
            )
        return face

    result = _evaluate(parsed, draw)
    if len(result.dice) != len(dice):
        raise DiceError(
            f"the recorded dice do not fit {parsed}: {counted(len(dice), 'face')} recorded "
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
        return _evaluate(as_expr(expr), self._face)

    def d(self, sides: int) -> int:
        """Roll one plain die with ``sides`` sides (use :meth:`d66` for a D66)."""
        check_sides(sides)
        return self._draw(sides)

    def pool(self, n: int, sides: int = 6) -> tuple[int, ...]:
        """Roll a pool of ``n`` dice (0 to 100) and return every face in rolling order."""
        check_sides(sides)
        if not 0 <= n <= MAX_DICE:
            raise DiceError(f"a pool of {n} dice is not possible: roll 0 to {MAX_DICE} dice")
        return tuple(self._draw(sides) for _ in range(n))

    def d66(self) -> int:
        """Roll a D66: two d6 read as tens and ones (11 to 66)."""
        return self._draw(6) * 10 + self._draw(6)


class Dice(_DiceSource):
    """Real dice over an injectable, seedable :class:`random.Random` (made at the first
    roll: ``tracker do FILE next`` rolls nothing, and need not import ``random``)."""

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        if seed is not None and rng is not None:
            raise DiceError("give dice a seed or a random source, not both (e.g. Dice(seed=1))")
        self._seed = seed
        self._rng = rng

    @property
    def rng(self) -> random.Random:
        """The random source the faces come from."""
        if self._rng is None:
            import random

            self._rng = random.Random(self._seed)
        return self._rng

    def _face(self, sides: int) -> int:
        return self.rng.randint(1, sides)


class ScriptedDice(_DiceSource):
    """Dice that hand out given faces in order: for tests and for results rolled at the table."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces: Iterator[int] = iter(faces)
        self._given = 0

    def _face(self, sides: int) -> int:
        face = next(self._faces, None)
        if face is None:
            given = f"{self._given} face{'' if self._given == 1 else 's'} given"
            raise DiceError(
                f"ran out of scripted dice: {given}, and the command rolls a d{sides} more"
                " (give a face for every die it rolls, each target's too)"
            )
        self._given += 1
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
