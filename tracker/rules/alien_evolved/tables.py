"""The GM's own Alien critical tables, read from a TOML file in the user data folder.

The text's critical-injury and critical-systems tables are pictures, so none ship with
the tracker. A GM who owns them can write ``tables/alien-evolved.toml`` in the user data
folder (``~/.local/share/tracker``)::

    [[critical_injuries]]
    roll = 11                 # a D66 result (or a list: roll = [11, 12])
    name = "…"
    effect = "…"
    lethal = "round"          # round | stretch | shift; leave out when not lethal

    [[critical_systems]]
    roll = 6                  # a d6 result
    name = "…"

Without the file the tracker rolls the number and the GM enters the rest.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from tracker.core.errors import RuleError
from tracker.paths import user_data_dir

TIMERS = ("round", "stretch", "shift")


@dataclass(frozen=True)
class Critical:
    """One critical result: its number, name, effect and death-roll timer (empty: not lethal)."""

    number: int
    name: str
    effect: str = ""
    timer: str = ""


def default_table_path() -> Path:
    """Where the GM's table file is looked for."""
    return user_data_dir() / "tables" / "alien-evolved.toml"


class CriticalTable:
    """The critical tables from ``path`` (empty when the file does not exist)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else default_table_path()

    @cached_property
    def entries(self) -> dict[tuple[str, int], Critical]:
        """(``injuries`` | ``systems``, number) → the critical; read once."""
        if not self.path.is_file():
            return {}
        try:
            data = tomllib.loads(self.path.read_bytes().decode("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
            raise RuleError(f"{self.path}: not a readable table ({err})") from None
        table: dict[tuple[str, int], Critical] = {}
        for key, kind in (("critical_injuries", "injuries"), ("critical_systems", "systems")):
            for index, row in enumerate(data.get(key, [])):
                for number in _numbers(row, f"{self.path}: {key}[{index}]"):
                    table[(kind, number)] = _critical(row, number, f"{self.path}: {key}[{index}]")
        return table

    @property
    def loaded(self) -> bool:
        """True when a table file with entries was found."""
        return bool(self.entries)

    def find(self, number: int, synthetic: bool) -> Critical | None:
        """The entry for a rolled number, if the GM's table has one."""
        return self.entries.get(("systems" if synthetic else "injuries", number))


def _numbers(row: Any, where: str) -> list[int]:
    if not isinstance(row, dict):
        raise RuleError(f"{where} must be a table with roll and name")
    roll = row.get("roll")
    numbers = roll if isinstance(roll, list) else [roll]
    if not numbers or not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
        raise RuleError(f"{where} needs roll = a whole number (or a list of them)")
    return list(numbers)


def _critical(row: dict[str, Any], number: int, where: str) -> Critical:
    name, effect, lethal = row.get("name"), row.get("effect", ""), row.get("lethal", "")
    if not isinstance(name, str) or not name:
        raise RuleError(f"{where} needs a name")
    if not isinstance(effect, str) or lethal not in ("", *TIMERS):
        raise RuleError(f"{where}: effect is text, lethal is round, stretch or shift")
    return Critical(number, name, effect, lethal)
