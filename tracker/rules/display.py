"""How a combatant's row reads at any width: its summary and its badges, each in a long
and a short form, and which of them matter most.

A row never cuts a number: the widget takes the long forms when they fit, else the short
ones, else leaves out whole pieces (the least urgent first) and says how many it left
out. Rulesets describe their summary as ``SummaryPart``s; badges come from conditions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.model import Condition

URGENT_FIRST = (
    "dead",
    "dying",
    "ego collapse",
    "broken",
    "shut down",
    "unconscious",
    "incapacitated",
    "helpless",
    "staggered",
    "stunned",
    "bleeding",
    "burning",
    "frozen",
    "shocked",
    "exhausted",
    "fear",
    "panic",
    "prone",
    "grappled",
    "blinded",
    "poisoned",
)
"""Badges in this order come first (a name starting with one of these); the rest follow
in the order they were given. A ruleset's data may list its own: ``[display] urgent``."""


@frozen_record
class SummaryPart(FrozenRecord):
    """One piece of a row's summary: ``W 2/4`` short, ``Wounds 2/4`` long. A narrow row
    leaves out the parts of highest ``rank`` first (0: kept as long as anything is)."""

    short: str
    long: str = ""
    rank: int = 0

    @property
    def wide(self) -> str:
        """The long form (the short one when there is no other)."""
        return self.long or self.short


def joined(parts: Sequence[SummaryPart]) -> str:
    """The short summary: every part's short form, in order."""
    return " ".join(part.short for part in parts if part.short)


def initiative_line(name: str, value: int | str, how: str) -> str:
    """The log line of an initiative: ``Bryn initiative 14 (1d20 [14])`` when ``how``
    starts with the value, else the value and then ``how`` in brackets (``Vey initiative
    1 (the crew)``), so a ruleset's words never stand where the number should; ``value``
    is as a row shows it (a card: ``Jack initiative K♦``)."""
    if how.split(" ", 1)[0] == str(value):
        return f"{name} initiative {how}"
    return f"{name} initiative {value}" + (f" ({how})" if how.strip() else "")


@frozen_record
class Badge(FrozenRecord):
    """A condition on a row: ``Burning 2 · 3 rounds`` long, ``Burn2·3`` short."""

    long: str
    short: str
    rank: int


INITIATIVE_CELLS = 3
"""The most characters an initiative value takes on a row (``100``, ``K♦``, ``10♠``)."""


def initiative_number(value: float) -> str:
    """An initiative value as a number: ``12``, ``12.5`` kept."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def initiative_shown(words: Callable[[float], str], value: float) -> str:
    """The value in the ruleset's ``words`` (a card: ``K♦``); the number when the words
    are empty, longer than a row's column or hold a control byte."""
    said = words(value)
    if said and len(said) <= INITIATIVE_CELLS and said.isprintable():
        return said
    return initiative_number(value)


def level_words(condition: Condition) -> tuple[str, str]:
    """A condition's level as a badge says it after the name, long and short (`` 2``,
    ``2``: ``Burning 2``, ``Burn2``); a ruleset whose levels count something says what
    (``Ruleset.level_words``)."""
    level = f"{condition.level}" if condition.level else ""
    return (f" {level}" if level else "", level)


def spoken_level(
    condition: Condition, words: Callable[[Condition], tuple[str, str]] = level_words
) -> tuple[str, str]:
    """The ruleset's ``words`` for a condition's level as they follow its name: the long
    form after a space (`` ×1 failed``), the short one as given (``✗1``). Words that
    repeat the name (``Burning 2`` for Burning) say it once (the name is already there)."""
    long, short = words(condition)
    long, short = _unnamed(long, condition.name), _unnamed(short, condition.name).lstrip()
    if long.strip() and not long.startswith(" "):
        long = " " + long
    return long.rstrip(), short


def _unnamed(words: str, name: str) -> str:
    """``words`` without ``name`` at their start (a whole word: ``Bleeding 2`` keeps its
    ``Bleeding`` for a condition named Bleed)."""
    folded, named = words.casefold(), name.casefold()
    if folded == named or folded.startswith(named + " "):
        return words[len(name) :]
    return words


def badge_of(
    condition: Condition,
    urgent: Sequence[str] = URGENT_FIRST,
    words: Callable[[Condition], tuple[str, str]] = level_words,
) -> Badge:
    """The badge for a condition: its level and the rounds it has left, in both forms."""
    level, short_level = spoken_level(condition, words)
    rounds = condition.rounds
    long = condition.name + level + (f" · {rounds} rd" if rounds else "")
    short = condition.name.replace(" ", "")[:4] + short_level + (f"·{rounds}" if rounds else "")
    return Badge(long, short, urgency(condition.name, urgent))


def urgency(name: str, urgent: Sequence[str] = URGENT_FIRST) -> int:
    """Where ``name`` stands in the urgent list (lower first); the rest after it."""
    folded = name.casefold()
    for index, word in enumerate(urgent):
        if folded.startswith(word):
            return index
    return len(urgent)


def badges(
    conditions: Sequence[Condition],
    urgent: Sequence[str] = URGENT_FIRST,
    words: Callable[[Condition], tuple[str, str]] = level_words,
) -> list[Badge]:
    """A combatant's badges, most urgent first (ties in the order they were given)."""
    made = [badge_of(condition, urgent, words) for condition in conditions]
    return sorted(made, key=lambda b: b.rank)


@frozen_record
class TrackView(FrozenRecord):
    """A track as the UI shows it: ``Wounds 2/4``, ``Stress 3/5 (Fatigued at 3)``."""

    label: str
    value: int
    limit: int = -1
    severity: str = "ok"
    note: str = ""


@frozen_record
class LocationView(FrozenRecord):
    """One body location on the body chart."""

    key: str
    label: str
    armour: int = 0
    value: int = -1
    limit: int = -1
    injuries: tuple[str, ...] = ()
    severity: str = "ok"


@frozen_record
class AilmentSpec(FrozenRecord):
    """One entry of a ruleset's ailment catalogue."""

    name: str
    category: str = ""
    summary: str = ""
