"""A package's views, guarded: a Python error in a ruleset's view hook (the initiative
row, the tracks, the status lines, the header …) must not take the GM's table down.

A ruleset from another package is loaded as a subclass of its own class whose view hooks
catch the error, keep a one-line account of it in ``view_faults`` and draw a fallback:
``⚠`` on the row, no tracks, the base class's default for an optional hook. The status
pane then says what failed and where (its ``status_lines`` add the latest account), and
``tracker rulesets check`` reports every account as a broken clause. Commands are guarded
in the session (``RulesetFault``); the bundled rulesets are not wrapped.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from tracker.core.errors import failure
from tracker.core.model import Condition, EncounterState
from tracker.rules.base import AilmentSpec, Ruleset
from tracker.rules.display import SummaryPart

FALLBACKS: dict[str, Callable[..., Any]] = {
    "summary_parts": lambda self, fighter: [SummaryPart("⚠", "⚠ (the ruleset failed)")],
    "track_views": lambda self, fighter: [],
}
"""What a required view hook draws when it fails (optional ones fall back on the base's)."""

VIEWS = (
    "summary_parts",
    "track_views",
    "body",
    "location_names",
    "status_lines",
    "header_parts",
    "player_summary",
    "level_words",
    "initiative_words",
    "reminder_actions",
)
"""The hooks a screen, a view or an export calls to draw the fight."""


def guarded(cls: type[Ruleset]) -> type[Ruleset]:
    """``cls`` with its view hooks guarded (same module, name and data file)."""
    body: dict[str, Any] = {"__module__": cls.__module__, "__doc__": cls.__doc__}
    for name in VIEWS:
        fallback = FALLBACKS.get(name) or getattr(Ruleset, name)
        body[name] = _guard(name, getattr(cls, name), fallback)
    meta: Any = type(cls)  # ABCMeta, as Ruleset's
    made: type[Ruleset] = meta(cls.__name__, (cls,), body)
    made.__qualname__ = cls.__qualname__
    return made


def view_faults(rules: Ruleset) -> list[str]:
    """The accounts of the view hooks that failed on ``rules`` (none for a bundled one)."""
    return list(rules.__dict__.get("view_faults", ()))


def _guard(name: str, hook: Callable[..., Any], fallback: Callable[..., Any]) -> Any:
    @functools.wraps(hook)
    def drawn(self: Ruleset, *args: Any) -> Any:
        try:
            result = hook(self, *args)
        except Exception as err:  # a package's code may fail in any way: draw on
            _record(self, name, err)
            result = fallback(self, *args)
        if name == "status_lines" and view_faults(self):
            return [*result, view_faults(self)[-1]]
        return result

    return drawn


def _record(rules: Ruleset, hook: str, err: Exception) -> None:
    account = f"⚠ the ruleset's {hook} failed ({failure(err)}) — tell its author"
    faults: list[str] = rules.__dict__.setdefault("view_faults", [])
    if account not in faults:
        faults.append(account)


def draw_views(rules: Ruleset, state: EncounterState) -> list[str]:
    """Draw every view a screen, a page or an export draws of ``state`` (each combatant's
    row, tracks, body and status, the header, each condition's level in words, an
    initiative in words) and return the accounts of those that failed."""
    for spec in [*rules.catalogue_for(state), AilmentSpec("Dazed")]:
        rules.level_words(Condition(spec.name, spec.category, rounds=1, level=2))
    for value in (1, 10, 20):
        rules.initiative_words(value)
    rules.header_parts(state)
    for fighter in state.combatants.values():
        rules.summary_parts(fighter)
        rules.summary(fighter)
        rules.track_views(fighter)
        rules.body(fighter)
        rules.status_lines(fighter, state)
        rules.player_summary(fighter)
    return view_faults(rules)
