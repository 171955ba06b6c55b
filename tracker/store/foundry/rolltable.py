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
from tracker.rules.alien_evolved.tables import INSTANT
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
        linked = _linked_table(raw)
        if linked:
            results.append(Result(low, high, "", f"Roll on {linked}: 'roll table {linked}'."))
            continue
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


def _linked_table(raw: Mapping[str, Any]) -> str:
    """The name of the RollTable a result draws from (Foundry 13 ``documentUuid``
    ``RollTable.…`` or ``Compendium.….RollTable.…``; before, ``documentCollection`` or
    ``collection`` ``RollTable``), "" when it is a text result."""
    uuid = raw.get("documentUuid")
    collection = raw.get("documentCollection") or raw.get("collection")
    if not (isinstance(uuid, str) and "RollTable." in uuid) and collection != "RollTable":
        return ""
    return plain_line(raw.get("name") or raw.get("text"), NAME_LIMIT)


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
_TIMER = re.compile(r"\b(round|turn|stretch|shift|day)s?\b", re.IGNORECASE)
_TIMERS = {"round": "round", "turn": "stretch", "stretch": "stretch", "shift": "shift"}
"""Time-limit words → the ruleset's timers: the core rules' "One Turn" is Evolved's stretch
(5-10 minutes); "One Day" has no timer of its own and becomes the longest, shift."""
_NO_LIMIT = re.compile(
    r"\s*(?:[-–—]+|none|no|n/?a|instant(?:ly)?|immediate(?:ly)?|at once)?\s*\.?\s*",
    re.IGNORECASE,
)
_SAYS_DEATH = re.compile(
    r"instant death|\bdies?\b.{0,12}\b(?:immediately|instantly|at once|on the spot)|"
    r"story ends here|beats? for the last time|\bkilled outright\b",
    re.IGNORECASE,
)
_SAYS_LETHAL = re.compile(r"\b(lethal|fatal)\b", re.IGNORECASE)
_NOT_LETHAL = re.compile(r"\b(not|non)[\s-]+(lethal|fatal)\b", re.IGNORECASE)
_DEATH_MODIFIER = re.compile(r"^y\w*\W+([-–−]\s*\d+)\b", re.IGNORECASE)
"""``FATAL: Yes, –1``: the core rules' lethal column gives the death roll a modifier."""
_HEAD = re.compile(r"\s*([^.:!?\n]{1,60}?)\s*[:—–]\s+(\S.*)", re.DOTALL)
"""``SYSTEM SHUTDOWN: the synthetic …`` — a name and its effect in one string."""


def labelled(text: str) -> dict[str, str]:
    """``INJURY: Winded FATAL: No EFFECTS: …`` as {name, lethal, timer, effect, healing}."""
    marks = list(_LABEL.finditer(text))
    fields: dict[str, str] = {}
    for mark, following in zip(marks, [*marks[1:], None], strict=False):
        end = following.start() if following else len(text)
        label = mark.group(1).casefold()
        fields[_CANON.get(label, label)] = " ".join(text[mark.end() : end].split()).strip(" ;")
    return fields


@dataclass(frozen=True)
class Lethality:
    """How a critical row kills: ``timed`` (a timer), ``instant``, ``untimed`` (lethal, but
    the text names no time limit the tracker knows) or "" (not lethal); ``said`` is the
    time limit's own words."""

    kind: str = ""
    timer: str = ""
    said: str = ""


def critical_rows(table: FoundryTable, synthetic: bool) -> tuple[list[dict[str, Any]], list[str]]:
    """``[[critical_injuries]]`` (or ``[[critical_systems]]``) rows, and remarks: which
    lethal rows had a timer the text names, which kill at once, which had none."""
    rows: list[dict[str, Any]] = []
    found: dict[str, list[str]] = {"timed": [], "instant": [], "untimed": [], "skipped": []}
    counted = not synthetic and _counted_d66(table)
    for result in table.results:
        numbers = [n for n in range(result.low, result.high + 1) if _fits(n, synthetic)]
        if counted:
            numbers = [_d66(n) for n in range(result.low, result.high + 1)]
        if not numbers:
            found["skipped"].append(f"{result.low}-{result.high}")
            continue
        row, lethal = _critical(result)
        rows.append({"roll": numbers[0] if len(numbers) == 1 else numbers, **row})
        if lethal.kind == "timed":
            said = "" if lethal.said.casefold().endswith(lethal.timer) else f": {lethal.said}"
            found["timed"].append(f"{numbers[0]} ({lethal.timer}{said})")
        elif lethal.kind:
            found[lethal.kind].append(str(numbers[0]))
    remarks = _critical_remarks(found, synthetic)
    if counted:
        remarks.insert(
            0,
            f"numbered 1-36 (formula {table.formula or 'none'}): "
            "read in D66 order, 1 → 11 … 36 → 66",
        )
    return rows, remarks


def _counted_d66(table: FoundryTable) -> bool:
    """A D66 table numbered 1-36 (the system's first critical-injuries table rolled
    ``1d36``): its results cover 1 to 36 exactly, the 7th being D66 21."""
    covered = sorted(n for r in table.results for n in range(r.low, r.high + 1))
    return covered == list(range(1, 37))


def _d66(count: int) -> int:
    """The ``count``-th D66 result (1 → 11, 6 → 16, 7 → 21 … 36 → 66)."""
    return 10 * ((count - 1) // 6 + 1) + (count - 1) % 6 + 1


def _fits(number: int, synthetic: bool) -> bool:
    if synthetic:
        return 1 <= number <= 6
    return 11 <= number <= 66 and 1 <= number % 10 <= 6


def _critical(result: Result) -> tuple[dict[str, Any], Lethality]:
    fields = labelled(result.body)
    name, effect = _name_effect(result, fields)
    modifier = _DEATH_MODIFIER.match(fields.get("lethal", "").strip())
    if modifier:
        effect = _sentence(effect, f"Death rolls {''.join(modifier.group(1).split())}.")
    healing = fields.get("healing", "")
    if healing.strip(" .").casefold() not in ("", "-", "–", "blank", "none"):
        effect = _sentence(effect, f"Healing time: {healing}")
    lethal = _lethality(result, fields)
    row: dict[str, Any] = {"name": cut(plain_line(name), NAME_LIMIT) or "Critical"}
    effect = " ".join(effect.split())
    if effect:
        row["effect"] = cut(effect, NOTE_LIMIT)
    if lethal.kind in ("timed", "instant"):
        row["lethal"] = lethal.timer
    return row, lethal


def _sentence(effect: str, more: str) -> str:
    """``effect`` with one more sentence after it."""
    effect = effect.strip()
    return f"{effect}{'' if not effect or effect[-1] in '.!?' else '.'} {more}".strip()


def _name_effect(result: Result, fields: dict[str, str]) -> tuple[str, str]:
    """The row's name and effect: labelled fields, a Foundry 13 title, ``NAME: effect`` in
    one string, or the first line and the rest (a first line too long for a name is kept
    whole as the effect as well)."""
    if fields:
        return fields.get("name") or result.title or "Critical", fields.get("effect", "")
    if result.title:
        return result.title, result.body
    first, _, rest = result.body.partition("\n")
    head = _HEAD.fullmatch(first)
    if head:
        return head.group(1), f"{head.group(2)} {rest}"
    if len(first) > NAME_LIMIT:
        return first, result.body
    return first, rest


def _lethality(result: Result, fields: dict[str, str]) -> Lethality:
    """Whether (and how soon) the row kills, from its FATAL and TIME LIMIT fields or, with
    no labels, from its words ("Lethal … One Round", "Your heart beats for the last time")."""
    words = f"{result.title} {result.body}"
    if "lethal" in fields:
        answer = fields["lethal"].strip(" .").casefold()
        lethal = answer.startswith(("y", "true", "lethal", "fatal"))
        said = fields.get("timer", "") or (fields["lethal"] if lethal else "")
        no_limit = "timer" not in fields and _SAYS_DEATH.search(words) is not None
        no_limit = no_limit or _NO_LIMIT.fullmatch(fields.get("timer", "x")) is not None
    else:
        lethal = bool(_SAYS_LETHAL.search(words)) and not _NOT_LETHAL.search(words)
        lethal = lethal or _SAYS_DEATH.search(words) is not None
        said = words if lethal else ""
        no_limit = _SAYS_DEATH.search(words) is not None
    if not lethal:
        return Lethality()
    timer = _TIMER.search(said)
    if timer:
        word = timer.group(1).casefold()
        return Lethality("timed", _TIMERS.get(word, "shift"), " ".join(said.split()))
    if no_limit:
        return Lethality("instant", INSTANT)
    return Lethality("untimed")


def _critical_remarks(found: dict[str, list[str]], synthetic: bool) -> list[str]:
    remarks = []
    if found["timed"]:
        remarks.append(f"lethal timers from the text: {', '.join(found['timed'])}")
    if found["instant"]:
        remarks.append(f"lethal with no time limit (dies at once): {', '.join(found['instant'])}")
    if found["untimed"]:
        remarks.append(
            f"lethal with no round/stretch/shift in the text: {', '.join(found['untimed'])} — "
            "timer left empty (enter it with crit WHO N … lethal=…)"
        )
    if not found["timed"] and not found["instant"] and not found["untimed"]:
        remarks.append("no result says it is lethal: no death-roll timers")
    if found["skipped"]:
        die = "a d6" if synthetic else "a D66"
        remarks.append(f"left out, not {die} result: {', '.join(found['skipped'])}")
    return remarks


def panic_rows(table: FoundryTable) -> tuple[list[dict[str, Any]], list[str]]:
    """``[[panic]]`` rows: the highest row covers everything above it (``13+``); rows
    that keep the character in control (``_calm``) are marked calm (no Panicking)."""
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
        if _calm(name, effect):
            row["calm"] = True
            calm.append(str(roll))
        rows.append(row)
    remarks = [f"the top result covers {rows[-1]['roll']}" if rows else ""]
    if calm:
        remarks.append(f"calm (no Panicking): {', '.join(calm)}")
    return rows, [r for r in remarks if r]


_CALM = ("keeping cool", "keeping it together", "keep your cool", "keep your nerves in check")


def _calm(name: str, effect: str) -> bool:
    """A panic row that leaves the character in control: "Keeping Cool", the v0.7 table's
    "KEEPING IT TOGETHER", or an effect of "no effect"."""
    words = " ".join(f"{name} {effect}".casefold().split())
    return any(w in words for w in _CALM) or effect.casefold().strip(" .") in (
        "no effect",
        "nothing",
    )


def _panic_words(result: Result) -> tuple[str, str]:
    body = " ".join(result.body.split())
    if result.title:
        return cut(result.title.rstrip(". "), NAME_LIMIT), cut(body, NOTE_LIMIT)
    head = re.match(r"\s*([^.:!—]{1,40})[.:!—]\s*(.*)", body)
    if head and head.group(2):
        return head.group(1).strip(), cut(head.group(2).strip(), NOTE_LIMIT)
    return "", cut(body, NOTE_LIMIT)
