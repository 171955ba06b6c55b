"""The GM's own Alien tables (criticals and panic), read from a TOML file in the user data
folder.

The text's critical-injury, critical-systems and panic tables are pictures (seed 003,
l.13 and l.169), so none ship with the tracker. A GM who owns them can write
``tables/alien-evolved.toml`` in the user data folder (``~/.local/share/tracker``), by
hand or with ``tracker import TABLE.json --tables alien-critical-injuries`` (…
``alien-critical-systems``, ``alien-panic``) from a Foundry VTT RollTable export::

    [[critical_injuries]]
    roll = 11                 # a D66 result (or a list: roll = [11, 12], or "11-13")
    name = "…"
    effect = "…"
    lethal = "round"          # round | stretch | shift, or "instant" (dies at once);
                              # leave out when not lethal

    [[critical_systems]]
    roll = 6                  # a d6 result
    name = "…"

    [[panic]]
    roll = "7-9"              # the panic total (1d6 + stress): 7, [7, 8], "7-9" or "13+"
    name = "…"                # optional
    effect = "…"
    calm = true               # optional: the character keeps cool (no Panicking)

Without a critical row the tracker rolls the number and the GM enters the rest; without
a panic row it rolls the total and the GM enters the effect.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from tracker.core.errors import RuleError
from tracker.paths import user_data_dir
from tracker.rules.ruledata import unreadable
from tracker.rules.user_files import loads_toml, read_regular

TIMERS = ("round", "stretch", "shift")
INSTANT = "instant"
"""``lethal = "instant"``: a critical that kills at once, with no time limit (no death roll)."""
SECTIONS = {"critical_injuries": "injuries", "critical_systems": "systems"}
PANIC = "panic"
_SPAN = re.compile(r"\s*(\d+)\s*(?:(\+)|-\s*(\d+))?\s*")


@dataclass(frozen=True)
class Critical:
    """One critical result: its number, name, effect and death-roll timer (empty: not lethal;
    ``instant``: dies at once)."""

    number: int
    name: str
    effect: str = ""
    timer: str = ""


@dataclass(frozen=True)
class PanicResult:
    """One row of the panic table: the spans of totals it covers (``(13, None)``: 13 and
    above), its name and effect, and whether the character keeps cool."""

    spans: tuple[tuple[int, int | None], ...]
    name: str
    effect: str
    calm: bool = False

    def covers(self, total: int) -> bool:
        """True when ``total`` falls in this row."""
        return any(low <= total and (high is None or total <= high) for low, high in self.spans)

    @property
    def text(self) -> str:
        """``Scream — you scream your lungs out …`` (or just one of them)."""
        if self.name and self.effect and self.effect != self.name:
            return f"{self.name} — {self.effect}"
        return self.name or self.effect


def default_table_path() -> Path:
    """Where the GM's table file is looked for."""
    return user_data_dir() / "tables" / "alien-evolved.toml"


class CriticalTable:
    """The GM's tables from ``path``: criticals and panic (empty when there is no file)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else default_table_path()

    @cached_property
    def document(self) -> dict[str, Any]:
        """The file's tables; read once (an empty table when there is no file)."""
        if not self.path.is_file():
            return {}
        try:
            raw = read_regular(self.path)
            return loads_toml(raw.decode("utf-8"))
        except OSError as err:
            raise RuleError(f"{self.path}: not a readable table ({err})") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
            where = unreadable(str(self.path), raw, err)
            raise RuleError(f"{where} — not a readable table") from None

    @cached_property
    def entries(self) -> dict[tuple[str, int], Critical]:
        """(``injuries`` | ``systems``, number) → the critical."""
        table: dict[tuple[str, int], Critical] = {}
        for key, kind in SECTIONS.items():
            for index, row in enumerate(self._rows(key)):
                where = f"{self.path}: {key}[{index}]"
                for number in numbers(row, where):
                    table[(kind, number)] = _critical(row, number, where)
        return table

    @cached_property
    def panic(self) -> list[PanicResult]:
        """The panic table's rows, in the file's order."""
        return [_panic(row, f"{self.path}: panic[{i}]") for i, row in enumerate(self._rows(PANIC))]

    def _rows(self, key: str) -> list[Any]:
        rows = self.document.get(key, [])
        if not isinstance(rows, list):
            raise RuleError(f"{self.path}: {key} must be [[{key}]] tables")
        return rows

    @property
    def loaded(self) -> bool:
        """True when a table file with critical entries was found."""
        return bool(self.entries)

    def find(self, number: int, synthetic: bool) -> Critical | None:
        """The entry for a rolled number, if the GM's table has one."""
        return self.entries.get(("systems" if synthetic else "injuries", number))

    def find_panic(self, total: int) -> PanicResult | None:
        """The panic row for a total (the first that covers it), if the GM's table has one."""
        return next((row for row in self.panic if row.covers(total)), None)


def spans(row: Any, where: str) -> list[tuple[int, int | None]]:
    """The totals a row's ``roll`` covers: ``7``, ``[7, 8]``, ``"7-9"``, ``"13+"``."""
    if not isinstance(row, dict):
        raise RuleError(f"{where} must be a table with roll and name")
    roll = row.get("roll")
    found: list[tuple[int, int | None]] = []
    for item in roll if isinstance(roll, list) else [roll]:
        if isinstance(item, int) and not isinstance(item, bool):
            found.append((item, item))
            continue
        match = _SPAN.fullmatch(item) if isinstance(item, str) else None
        if match is None:
            raise RuleError(f'{where} needs roll = a whole number, a list, "7-9" or "13+"')
        low = int(match.group(1))
        high = None if match.group(2) else int(match.group(3) or low)
        if high is not None and high < low:
            raise RuleError(f"{where}: roll {item!r} runs backwards")
        found.append((low, high))
    if not found:
        raise RuleError(f"{where} needs roll = a whole number (or a list of them)")
    return found


def numbers(row: Any, where: str) -> list[int]:
    """Every number a critical row's ``roll`` names (an open ``13+`` is refused)."""
    result: list[int] = []
    for low, high in spans(row, where):
        if high is None:
            raise RuleError(f'{where}: "{low}+" is for the panic table; name the numbers')
        result.extend(range(low, high + 1))
    return result


def _critical(row: dict[str, Any], number: int, where: str) -> Critical:
    name, effect, lethal = row.get("name"), row.get("effect", ""), row.get("lethal", "")
    if not isinstance(name, str) or not name:
        raise RuleError(f"{where} needs a name")
    if not isinstance(effect, str) or lethal not in ("", *TIMERS, INSTANT):
        raise RuleError(f"{where}: effect is text, lethal is round, stretch, shift or instant")
    return Critical(number, name, effect, lethal)


def _panic(row: Any, where: str) -> PanicResult:
    covered = spans(row, where)
    name, effect, calm = row.get("name", ""), row.get("effect", ""), row.get("calm", False)
    if not isinstance(name, str) or not isinstance(effect, str) or not (name or effect):
        raise RuleError(f"{where} needs an effect (text), and may have a name")
    if not isinstance(calm, bool):
        raise RuleError(f"{where}: calm is true or false")
    return PanicResult(tuple(covered), name, effect, calm)
