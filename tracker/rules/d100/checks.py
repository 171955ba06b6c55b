"""The d100 test every d100 ruleset rolls the same way (nerv-d100, eva-escale, persona-d100).

Roll 1d100 against a value with its modifiers named, pass on ``roll <= target``, count a
degree per full step of margin (the ruleset's ``[tests] degree_step``), and log the whole
sum: ``Rei shake-off Dizzy: d100 48 vs Physique 30 +2 Advantage = 50: passed with 0 DoS``.
Which value and which modifiers apply is each ruleset's rule; the roll and the words are
these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll


class Numbers(Protocol):
    """Rule tables that answer ``number(section, key)``."""

    def number(self, section: str, key: str) -> int:
        """A whole number from a ``[section]`` table."""
        ...


@frozen_record
class Modifier(FrozenRecord):
    """A modifier to a test's target, with the words the log shows (``+2 Advantage``)."""

    value: int
    words: str = ""

    @property
    def shown(self) -> str:
        """How the log line writes it: the words, else the signed value."""
        return self.words or f"{self.value:+d}"


@frozen_record
class TestResult(FrozenRecord):
    """A d100 test: the roll, the target, pass or fail and the degrees."""

    roll: int
    target: int
    passed: bool
    degrees: int

    @property
    def words(self) -> str:
        """``passed with 2 DoS`` / ``failed by 1 DoF``."""
        return f"passed with {self.degrees} DoS" if self.passed else f"failed by {self.degrees} DoF"


def judge(tables: Numbers, roll: int, target: int) -> TestResult:
    """Pass when ``roll <= target``; one degree per full step of margin (0 is possible)."""
    step = tables.number("tests", "degree_step")
    return TestResult(roll, target, roll <= target, abs(target - roll) // step)


def roll_test(
    draft: Draft,
    dice: DiceLike,
    tables: Numbers,
    fighter: Combatant,
    label: str,
    value: int,
    modifiers: Sequence[Modifier],
    purpose: str,
    keep_worse: str = "",
) -> TestResult:
    """Roll d100 against ``value`` and its ``modifiers``, record the die and explain it.

    With ``keep_worse`` (the reason, e.g. ``Unsettled``) the test is rolled twice and the
    higher die — the worse, as a test passes low — is kept; the log names both dice."""
    rolls: tuple[int, ...] = (dice.d(100), dice.d(100)) if keep_worse else (dice.d(100),)
    roll = max(rolls)
    mods = [m for m in modifiers if m.value]
    target = value + sum(m.value for m in mods)
    result = judge(tables, roll, target)
    sum_words = "".join(f" {m.shown}" for m in mods) + (f" = {target}" if mods else "")
    shown = f"d100 {roll}"
    if keep_worse:
        shown = f"d100 {rolls[0]}, rerolled {rolls[1]} ({keep_worse}: the worse kept) {roll}"
    record_roll(
        draft,
        fighter.id,
        "2d100kh1" if keep_worse else "1d100",
        rolls,
        total=roll,
        reason=purpose,
        text=f"{fighter.name} {purpose}: {shown} vs {label} {value}{sum_words}: {result.words}",
    )
    return result


def pass_or_fail(word: str, usage: str) -> bool:
    """``pass`` → True, ``fail`` → False; anything else a RuleError with the usage."""
    key = word.casefold()
    if key in ("pass", "passed", "p", "ok", "yes"):
        return True
    if key in ("fail", "failed", "f", "no"):
        return False
    raise RuleError(f"'{word}' is not a result — {usage}")
