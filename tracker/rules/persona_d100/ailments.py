"""persona-d100 ailments: four categories (Staggered, Physical, Mental, Spiritual), at most
one ailment in each, a catalogue from the text, a user file and the encounter itself.

The text names only Staggered (its list of the rest is cut off), so the GM defines the
others: ``[encounter.options] ailments = [{ name = "Burn", category = "Physical",
technical = ["wind"] }]`` in the encounter, or ``[[ailments]]`` tables in
``~/.local/share/tracker/tables/persona-d100.toml``. ``technical`` lists the elements that
score a Technical Hit on a combatant suffering the ailment.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, named, who_arg
from tracker.core.model import Combatant, Condition, EncounterState
from tracker.core.protocol import DiceLike
from tracker.paths import user_data_dir
from tracker.rules.common import words_and_options
from tracker.rules.d100 import ConditionSpec, condition_spec, folded, whole

if TYPE_CHECKING:
    from tracker.rules.persona_d100.ruleset import PersonaRules

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
            data = tomllib.loads(self.path.read_bytes().decode("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
            raise RuleError(f"{self.path}: not a readable ailment list ({err})") from None
        return tuple(self.checked(row, str(self.path)) for row in data.get("ailments", []))

    def checked(self, row: Any, where: str) -> ConditionSpec:
        """One entry, its category one of the four (or ``Condition``)."""
        if not isinstance(row, dict):
            raise RuleError(f"{where}: each ailment is a table with name and category")
        spec = condition_spec(row)
        category = self.category(spec.category, where)
        return ConditionSpec(
            spec.name, category, spec.summary, spec.sets, spec.mental, spec.technical, spec.blocks
        )

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


def ail(draft: Draft, command: Command, dice: DiceLike, rules: PersonaRules) -> None:
    """``ail WHO NAME [category=C] [replace] [rounds=N] [by=WHO]``: one per category."""
    from tracker.rules.persona_d100.momentum import stagger

    state = draft.state
    fighter = who_arg(state, command, 0, "who is affected")
    words = [w for w in command.args[1:] if w.casefold() != "replace"]
    flags, values = words_and_options(
        command, len(command.args), ("replace",), ("category", "rounds", "by")
    )
    replace = "replace" in flags or "replace" in {w.casefold() for w in command.args}
    book = rules.ailments
    name = " ".join(words)
    if not name:
        known = ", ".join(s.name for s in book.entries(state))
        raise RuleError(f"'ail' needs an ailment — {known}, or NAME category=…")
    spec = book.lookup(state, name)
    if spec is None and "category" not in values:
        raise RuleError(
            f"'{name}' is not in the catalogue: say its category — "
            f"category={'|'.join(c.casefold() for c in book.categories)}|condition"
        )
    category = (
        book.category(values["category"])
        if "category" in values
        else spec.category
        if spec
        else CONDITION
    )
    canonical = spec.name if spec else name[:1].upper() + name[1:]
    if category == STAGGERED:
        if fighter.condition(STAGGERED) is not None:
            raise RuleError(f"{fighter.name} is already Staggered: it cannot be Staggered again")
        by = named(state, values["by"]) if "by" in values else None
        stagger(draft, fighter, by, "the GM")
        return
    _make_room(draft, fighter, category, canonical, replace)
    rounds = whole(values, "rounds")
    lasting = f" for {rounds} round(s)" if rounds else ""
    kind = f"{category} ailment" if category != CONDITION else "condition"
    draft.emit(
        ev.ConditionApplied,
        who=fighter.id,
        name=canonical,
        category=category,
        rounds=rounds,
        text=f"{fighter.name} suffers {canonical} ({kind}){lasting}",
    )


def _make_room(draft: Draft, fighter: Combatant, category: str, name: str, replace: bool) -> None:
    if fighter.condition(name) is not None:
        raise RuleError(f"{fighter.name} already suffers {name}")
    if category == CONDITION:
        return
    held = fighter.in_category(category)
    if held is None:
        return
    if not replace:
        raise RuleError(
            f"{fighter.name} already has a {category} ailment ({held.name}): one "
            f"per category — add 'replace' to swap it for {name}"
        )
    draft.emit(
        ev.ConditionRemoved,
        who=fighter.id,
        name=held.name,
        text=f"{fighter.name}: {held.name} gives way to {name}",
    )


def cure(draft: Draft, command: Command, dice: DiceLike, rules: PersonaRules) -> None:
    """``cure WHO NAME``: an ailment or condition ends."""
    state = draft.state
    fighter = who_arg(state, command, 0, "who recovers")
    name = " ".join(command.args[1:])
    held = fighter.condition(name) if name else None
    if held is None:
        has = ", ".join(c.name for c in fighter.conditions) or "none"
        raise RuleError(f"{fighter.name} does not suffer {name or '…'} — has: {has}")
    draft.emit(
        ev.ConditionRemoved,
        who=fighter.id,
        name=held.name,
        text=f"{fighter.name} is no longer {held.name}",
    )
