"""Readings: the rules a text leaves open, read one way per encounter or campaign.

Every ruleset declares its readings as data, one ``[readings.KEY]`` table of its data
file each::

    [readings.defend]
    about = "Defend lasts until the start of the next turn: does it cover that shake-off?"
    seed = "000"
    line = "102, 270"
    default = "counts"
    alias = "defend-reading"          # an older verb that set this reading (optional)
    [readings.defend.choices]
    counts = "Defend covers the shake-off at the start of the next turn"
    lapses = "Defend ends as the next turn starts, before its shake-off"

An encounter picks one in its file (``[encounter.options] KEY = "CHOICE"``), at creation
(``tracker new … --reading KEY=CHOICE``), from its campaign, or mid-fight with
``reading KEY CHOICE`` (an ``option.set`` event, undoable); ``reading`` alone lists them.
Rules ask ``chosen``. The key is the option's name in the file and the journal, so older
journals (and their ``option.set`` events) replay as they always did.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import Answer, RuleError
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.grammar import Command
from tracker.core.protocol import DiceLike, Verb
from tracker.core.wording import given

USAGE = "reading [KEY CHOICE]"
SUMMARY = "how this encounter reads a rule the text leaves open (alone: list them)"


@frozen_record
class Reading(FrozenRecord):
    """One open rule: its key, what it asks, where the text says it, and its choices
    (``choices[0]`` is the default), each with what it means at the table."""

    key: str
    about: str
    seed: str
    line: str
    choices: tuple[tuple[str, str], ...]
    alias: str = ""

    @property
    def default(self) -> str:
        """The choice an encounter reads without being told."""
        return self.choices[0][0]

    @property
    def names(self) -> tuple[str, ...]:
        """The choices' names, the default first."""
        return tuple(name for name, _ in self.choices)

    def meaning(self, choice: str) -> str:
        """What ``choice`` means, in a sentence."""
        return dict(self.choices)[choice]

    def chosen(self, options: Mapping[str, Any]) -> str:
        """The choice ``options`` hold (the default when unset or not a choice)."""
        picked = _word(options.get(self.key, ""))
        return picked if picked in self.names else self.default

    def where(self) -> str:
        """``seed 000 l.402``: where the open text is."""
        return f"seed {self.seed} l.{self.line}"


def readings_from(data: Mapping[str, Any], where: str = "data") -> tuple[Reading, ...]:
    """The readings declared in a data file's ``[readings]`` tables (ValueError naming the
    table when one is malformed: a slip in a ruleset's data, found at load)."""
    return tuple(_reading(key, table, where) for key, table in data.get("readings", {}).items())


def _reading(key: str, table: Mapping[str, Any], where: str) -> Reading:
    choices = table.get("choices")
    default = table.get("default")
    if not isinstance(choices, Mapping) or default not in choices:
        raise ValueError(f"{where} [readings.{key}] needs choices and a default among them")
    ordered = [(str(default), str(choices[default]))]
    ordered += [(str(k), str(v)) for k, v in choices.items() if k != default]
    return Reading(
        key=key,
        about=str(table.get("about", "")),
        seed=str(table.get("seed", "")),
        line=str(table.get("line", "")),
        choices=tuple(ordered),
        alias=str(table.get("alias", "")),
    )


def _word(value: object) -> str:
    """An option's value as a choice's name (a TOML ``true``/``false`` as ``"true"``/
    ``"false"``, for a yes-or-no reading)."""
    return str(value).casefold() if isinstance(value, bool) else str(value)


def _folded(key: str) -> str:
    return key.casefold().replace("_", "-")


def find(readings: Iterable[Reading], key: str) -> Reading:
    """The reading ``key`` names (``-`` and ``_`` alike); RuleError naming the keys."""
    listed = tuple(readings)
    for reading in listed:
        if _folded(reading.key) == _folded(key):
            return reading
    if not listed:
        raise RuleError("this ruleset has no readings to choose")
    raise RuleError(f"no reading '{key}' — readings: {', '.join(r.key for r in listed)}")


def chosen(readings: Iterable[Reading], options: Mapping[str, Any], key: str) -> str:
    """The choice ``options`` make for the reading ``key`` (its default when unset)."""
    return find(readings, key).chosen(options)


def option_problem(readings: Iterable[Reading], key: str, value: object) -> str:
    """Why ``key = value`` in a file's options is not one of a reading's choices ("" when
    it is, or when ``key`` is no reading: other options are the ruleset's business)."""
    for reading in readings:
        if reading.key == key:
            if isinstance(value, str | bool) and _word(value) in reading.names:
                return ""
            return f"{key} must be {_or(reading.names)}, not {given(value)}"
    return ""


def parse_choice(readings: Iterable[Reading], text: str) -> tuple[str, str]:
    """``KEY=CHOICE`` (a command line's ``--reading``) as (key, choice); RuleError if the
    reading or the choice is not one there is."""
    key, sep, choice = text.partition("=")
    if not sep:
        raise RuleError(f"a reading is KEY=CHOICE, not {text!r}")
    reading = find(readings, key.strip())
    return reading.key, _checked(reading, choice.strip().casefold())


def _checked(reading: Reading, wanted: str) -> str:
    if wanted not in reading.names:
        raise RuleError(f"the reading '{reading.key}' is {_or(reading.names)}, not '{wanted}'")
    return wanted


def _or(names: Iterable[str]) -> str:
    return " or ".join(names)


def listing(readings: Iterable[Reading], options: Mapping[str, Any]) -> list[str]:
    """One line per reading: key, the choice in force, the others, where the text is."""
    lines = []
    for reading in readings:
        now = reading.chosen(options)
        others = [n for n in reading.names if n != now]
        lines.append(
            f"Reading {reading.key} = {now} (or {_or(others)}; {reading.where()}): "
            f"{reading.meaning(now)}"
        )
    return lines


def decide(draft: Draft, command: Command, readings: tuple[Reading, ...], key: str = "") -> None:
    """``reading KEY CHOICE`` (or ``reading KEY=CHOICE``): read an open rule this way from
    now on (one event); ``reading`` alone: the readings and their choices (an Answer:
    shown, not recorded, so undo still takes back the GM's last change)."""
    if not key and not command.args and len(command.options) == 1:
        command = replace(command, args=next(iter(command.options.items())), options={})
    if not key and not command.args:
        if not readings:
            raise RuleError("this ruleset has no readings to choose")
        raise Answer(listing(readings, draft.state.options))  # asked: nothing recorded
    rest = command.args if key else command.args[1:]
    reading = find(readings, key or command.args[0])
    if not rest:
        raise RuleError(f"reading {reading.key} takes a choice — {_or(reading.names)}")
    wanted = _checked(reading, rest[0].casefold())
    if reading.chosen(draft.state.options) == wanted:
        raise RuleError(f"'{reading.key}' is read as '{wanted}' already")
    text = f"Reading {reading.key} = {wanted}: {reading.meaning(wanted)}"
    draft.emit(ev.OptionSet, key=reading.key, value=wanted, text=text)


def reading_verbs(readings: tuple[Reading, ...]) -> dict[str, Verb]:
    """``reading`` and each older verb a reading names as its ``alias`` (``defend-reading
    lapses`` is ``reading defend lapses``), bound to ``readings``."""

    def any_reading(draft: Draft, command: Command, dice: DiceLike) -> None:
        decide(draft, command, readings)

    keys = tuple(reading.key for reading in readings)
    verbs = {"reading": Verb("reading", USAGE, SUMMARY, any_reading, options=keys)}
    for reading in readings:
        if reading.alias:
            verbs[reading.alias] = _alias_verb(reading, readings)
    return verbs


def _alias_verb(reading: Reading, readings: tuple[Reading, ...]) -> Verb:
    def one_reading(draft: Draft, command: Command, dice: DiceLike) -> None:
        decide(draft, command, readings, reading.key)

    usage = f"{reading.alias} {'|'.join(reading.names)}"
    said = f"the same as 'reading {reading.key} CHOICE'"
    return Verb(reading.alias, usage, said, one_reading, options=())
