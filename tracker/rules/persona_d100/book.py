"""The persona-d100 ruleset's base: the d100 kit's ruleset with its ailment catalogue.

The catalogue (four categories, at most one ailment in each) comes from the text's data
file, the GM's own list in ``~/.local/share/tracker/tables/persona-d100.toml`` and the
encounter's ``[encounter.options] ailments``. The persona modules take the ruleset as
``PersonaBase``, so none of them imports the ruleset class back.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import Any

from tracker.core.errors import RuleError
from tracker.core.model import Combatant, Condition, EncounterState
from tracker.paths import user_data_dir
from tracker.rules.d100 import ConditionSpec, condition_spec, folded
from tracker.rules.d100.ruleset import D100Ruleset
from tracker.rules.ruledata import unreadable
from tracker.rules.user_files import loads_toml, read_regular

STAGGERED = "Staggered"
CONDITION = "Condition"


def default_user_file() -> Path:
    """Where the GM's own ailment list is looked for."""
    return user_data_dir() / "tables" / "persona-d100.toml"


class AilmentBook:
    """The ailment catalogue: the data file's entries, the user file's, the encounter's."""

    def __init__(
        self,
        categories: tuple[str, ...],
        builtin: Mapping[str, ConditionSpec],
        path: Path | None = None,
    ) -> None:
        self.categories = categories
        self.builtin = builtin
        self.path = path if path is not None else default_user_file()

    @cached_property
    def user_entries(self) -> tuple[ConditionSpec, ...]:
        """``[[ailments]]`` from the user file (none when it does not exist)."""
        if not self.path.is_file():
            return ()
        try:
            raw = read_regular(self.path)
            data = loads_toml(raw.decode("utf-8"))
        except OSError as err:
            raise RuleError(f"{self.path}: not a readable ailment list ({err})") from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
            where = unreadable(str(self.path), raw, err)
            raise RuleError(f"{where} — not a readable ailment list") from None
        return tuple(self.checked(row, str(self.path)) for row in data.get("ailments", []))

    def checked(self, row: Any, where: str) -> ConditionSpec:
        """One entry, its category one of the four (or ``Condition``)."""
        if not isinstance(row, dict):
            raise RuleError(f"{where}: each ailment is a table with name and category")
        spec = condition_spec(row)
        category = self.category(spec.category, where)
        return replace(spec, category=category)

    def category(self, word: str, where: str = "") -> str:
        """The canonical category ``word`` names; RuleError listing them."""
        for name in (*self.categories, CONDITION):
            if folded(word) == folded(name):
                return name
        place = f"{where}: " if where else ""
        raise RuleError(f"{place}category '{word}' — {', '.join(self.categories)} (or condition)")

    def entries(self, state: EncounterState | None = None) -> list[ConditionSpec]:
        """Every known entry: the encounter's first, then the user file's, then the text's."""
        found: dict[str, ConditionSpec] = {}
        rows = state.options.get("ailments", []) if state is not None else []
        for row in rows if isinstance(rows, list) else []:
            spec = self.checked(row, "encounter options")
            found.setdefault(folded(spec.name), spec)
        for spec in (*self.user_entries, *self.builtin.values()):
            found.setdefault(folded(spec.name), spec)
        return list(found.values())

    def lookup(self, state: EncounterState, name: str) -> ConditionSpec | None:
        """The entry called ``name``, if any."""
        return next((s for s in self.entries(state) if folded(s.name) == folded(name)), None)


def ailments(book: AilmentBook, fighter: Combatant) -> tuple[Condition, ...]:
    """The ailments held (conditions in one of the four categories)."""
    return tuple(c for c in fighter.conditions if c.category in book.categories)


def technical_for(
    book: AilmentBook, state: EncounterState, fighter: Combatant, element: str
) -> Condition | None:
    """The ailment that makes ``element`` a Technical Hit on ``fighter``, if any."""
    for held in ailments(book, fighter):
        spec = book.lookup(state, held.name)
        if spec is not None and element in spec.technical:
            return held
    return None


class PersonaBase(D100Ruleset):
    """The d100 ruleset with persona-d100's ailment catalogue (see ``PersonaRules``)."""

    @cached_property
    def ailments(self) -> AilmentBook:
        """The ailment catalogue (the text's, the user file's, the encounter's)."""
        return AilmentBook(tuple(self.data["ailments"]["categories"]), self.tables.conditions)
