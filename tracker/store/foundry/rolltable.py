"""Foundry RollTable exports as the tracker's roll tables and as the Alien GM tables.

A RollTable export holds ``name``, ``formula`` and ``results``; each result a ``range``
[low, high] and its words: ``text`` (HTML) in Foundry up to 12, ``name`` and
``description`` in Foundry 13. Results that point at a document carry the document's
name as their text. Everything is reduced to one line of plain text per result.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tracker.core.dice import DiceError, parse
from tracker.core.library import RollTable, TableRow
from tracker.core.safe_text import NAME_LIMIT, NOTE_LIMIT
from tracker.store.foundry.plain import cut, plain_line, plain_lines
from tracker.store.foundry.shapes import NotImportable


@dataclass(frozen=True)
class Result:
    """One Foundry result: the totals it covers, its title (Foundry 13) and its words."""

    low: int
    high: int
    title: str
    body: str

    @property
    def line(self) -> str:
        """Title and words as one line (``Spooked. Stress level +1 for you.``)."""
        body = " ".join(self.body.split())
        if self.title and body:
            joiner = " " if self.title[-1] in ".:!?" else ": "
            return self.title + joiner + body
        return self.title or body


@dataclass(frozen=True)
class FoundryTable:
    """A RollTable export read: its name, formula (as written) and results."""

    name: str
    formula: str
    results: tuple[Result, ...]


def read_table(doc: Mapping[str, Any], fallback: str) -> FoundryTable:
    """The table in a RollTable export; NotImportable when a result cannot be read."""
    results = []
    for index, raw in enumerate(doc.get("results") or []):
        if not isinstance(raw, Mapping):
            raise NotImportable(f"RollTable result {index + 1} is not an object")
        low, high = _range(raw.get("range"), index)
        title = plain_line(raw.get("name"), NAME_LIMIT) if "description" in raw else ""
        words = raw.get("description") if "description" in raw else raw.get("text")
        if "description" in raw and not title and not words:
            words = raw.get("text")
        results.append(Result(low, high, title, plain_lines(words)))
    if not results:
        raise NotImportable("a RollTable with no results")
    name = plain_line(doc.get("name"), NAME_LIMIT) or plain_line(fallback, NAME_LIMIT)
    formula = str(doc.get("formula") or "").strip()
    return FoundryTable(name or "Table", formula, tuple(sorted(results, key=lambda r: r.low)))


def _range(value: Any, index: int) -> tuple[int, int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return value, value
    ok = (
        isinstance(value, Sequence)
        and not isinstance(value, str)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )
    if not ok:
        raise NotImportable(f"RollTable result {index + 1} has no range [low, high]")
    low, high = int(value[0]), int(value[1])
    if low > high:
        raise NotImportable(f"RollTable result {index + 1}: range [{low}, {high}] runs backwards")
    return low, high


def generic_table(table: FoundryTable) -> tuple[RollTable, list[str]]:
    """The tracker's roll table (``roll table NAME``), with remarks for the summary."""
    remarks: list[str] = []
    formula = table.formula
    try:
        parse(formula)
    except DiceError:
        top = max(r.high for r in table.results)
        replaced = f"1d{max(2, top)}"
        said = f"formula {formula!r}" if formula else "no formula"
        remarks.append(f"{said}: rolled as {replaced}")
        formula = replaced
    rows = tuple(TableRow(r.low, r.high, cut(r.line, NOTE_LIMIT)) for r in table.results)
    empty = [str(r.low) for r in table.results if not r.line]
    if empty:
        remarks.append(f"results with no text: {', '.join(empty)}")
    return RollTable(table.name, formula, rows), remarks


# --- the Alien tables ----------------------------------------------------------------

_LABEL = re.compile(
    r"\b(injury|name|fatal|lethal|time limit|timer|effects?|healing time|healing)\s*:",
    re.IGNORECASE,
)
_CANON = {
    "injury": "name",
    "fatal": "lethal",
    "time limit": "timer",
    "effects": "effect",
    "healing time": "healing",
}
_TIMER = re.compile(r"\b(round|stretch|shift)s?\b", re.IGNORECASE)
_SAYS_LETHAL = re.compile(r"\b(lethal|fatal)\b", re.IGNORECASE)
_NOT_LETHAL = re.compile(r"\b(not|non)[\s-]+(lethal|fatal)\b", re.IGNORECASE)


def labelled(text: str) -> dict[str, str]:
    """``INJURY: Winded FATAL: No EFFECTS: …`` as {name, lethal, timer, effect, healing}."""
    marks = list(_LABEL.finditer(text))
    fields: dict[str, str] = {}
    for mark, following in zip(marks, [*marks[1:], None], strict=False):
        end = following.start() if following else len(text)
        label = mark.group(1).casefold()
        fields[_CANON.get(label, label)] = " ".join(text[mark.end() : end].split()).strip(" ;")
    return fields


def critical_rows(table: FoundryTable, synthetic: bool) -> tuple[list[dict[str, Any]], list[str]]:
    """``[[critical_injuries]]`` (or ``[[critical_systems]]``) rows, and remarks: which
    lethal rows had a timer the text names, which had none (left empty)."""
    rows: list[dict[str, Any]] = []
    timed: list[str] = []
    untimed: list[str] = []
    skipped: list[str] = []
    for result in table.results:
        numbers = [n for n in range(result.low, result.high + 1) if _fits(n, synthetic)]
        if not numbers:
            skipped.append(f"{result.low}-{result.high}")
            continue
        row, lethal = _critical(result)
        row = {"roll": numbers[0] if len(numbers) == 1 else numbers, **row}
        if lethal and row.get("lethal"):
            timed.append(f"{numbers[0]} ({row['lethal']})")
        elif lethal:
            untimed.append(str(numbers[0]))
        rows.append(row)
    return rows, _critical_remarks(timed, untimed, skipped, synthetic)


def _fits(number: int, synthetic: bool) -> bool:
    if synthetic:
        return 1 <= number <= 6
    return 11 <= number <= 66 and 1 <= number % 10 <= 6


def _critical(result: Result) -> tuple[dict[str, Any], bool]:
    fields = labelled(result.body)
    first = result.body.split("\n", 1)[0]
    name = fields.get("name") or result.title or first
    if fields:
        effect = fields.get("effect", "")
    else:
        effect = result.body if result.title else result.body[len(first) :]
    healing = fields.get("healing", "")
    if healing.strip(" .").casefold() not in ("", "-", "blank", "none"):
        effect = effect.strip()
        effect += ("" if not effect or effect[-1] in ".!?" else ".") + f" Healing time: {healing}"
    if "lethal" in fields:
        lethal = (
            fields["lethal"].strip(" .").casefold().startswith(("y", "true", "lethal", "fatal"))
        )
        said = fields.get("timer", "") or (fields["lethal"] if lethal else "")
    else:
        whole = f"{result.title} {result.body}"
        lethal = bool(_SAYS_LETHAL.search(whole)) and not _NOT_LETHAL.search(whole)
        said = whole if lethal else ""
    timer = _TIMER.search(said)
    row: dict[str, Any] = {"name": cut(plain_line(name), NAME_LIMIT) or "Critical"}
    effect = " ".join(effect.split())
    if effect:
        row["effect"] = cut(effect, NOTE_LIMIT)
    if lethal and timer:
        row["lethal"] = timer.group(1).casefold()
    return row, lethal


def _critical_remarks(
    timed: list[str], untimed: list[str], skipped: list[str], synthetic: bool
) -> list[str]:
    remarks = []
    if timed:
        remarks.append(f"lethal timers from the text: {', '.join(timed)}")
    if untimed:
        remarks.append(
            f"lethal with no round/stretch/shift in the text: {', '.join(untimed)} — "
            "timer left empty (enter it with crit WHO N … lethal=…)"
        )
    if not timed and not untimed:
        remarks.append("no result says it is lethal: no death-roll timers")
    if skipped:
        die = "a d6" if synthetic else "a D66"
        remarks.append(f"left out, not {die} result: {', '.join(skipped)}")
    return remarks


def panic_rows(table: FoundryTable) -> tuple[list[dict[str, Any]], list[str]]:
    """``[[panic]]`` rows: the highest row covers everything above it (``13+``); rows
    that say "keeping cool" or "no effect" are marked calm (no Panicking condition)."""
    top = max(r.high for r in table.results)
    rows: list[dict[str, Any]] = []
    calm: list[str] = []
    for result in table.results:
        if result.high == top:
            roll: int | str = f"{result.low}+"
        elif result.low == result.high:
            roll = result.low
        else:
            roll = f"{result.low}-{result.high}"
        name, effect = _panic_words(result)
        row: dict[str, Any] = {"roll": roll}
        if name:
            row["name"] = name
        row["effect"] = effect or name
        words = f"{name} {effect}".casefold()
        if "keeping cool" in words or effect.casefold().strip(" .") in ("no effect", "nothing"):
            row["calm"] = True
            calm.append(str(roll))
        rows.append(row)
    remarks = [f"the top result covers {rows[-1]['roll']}" if rows else ""]
    if calm:
        remarks.append(f"calm (no Panicking): {', '.join(calm)}")
    return rows, [r for r in remarks if r]


def _panic_words(result: Result) -> tuple[str, str]:
    body = " ".join(result.body.split())
    if result.title:
        return cut(result.title.rstrip(". "), NAME_LIMIT), cut(body, NOTE_LIMIT)
    head = re.match(r"\s*([^.:!—]{1,40})[.:!—]\s*(.*)", body)
    if head and head.group(2):
        return head.group(1).strip(), cut(head.group(2).strip(), NOTE_LIMIT)
    return "", cut(body, NOTE_LIMIT)
