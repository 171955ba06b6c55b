"""Which rulesets are installed, by id, loaded on demand.

The bundled rulesets are found, not listed: each is a package under ``tracker/rules/`` with
a ``data.toml`` and a ``RULESET`` class in its ``__init__``, its folder named after its id
(``nerv_d100`` is ``nerv-d100``). Any other comes from an installed Python package that
names it in the ``tracker.rulesets`` entry-point group (``id = "module:Class"``),
so a GM's homebrew is ``pip install`` away (docs/rulesets/authoring.md). A package that
is broken is reported in one line, never a traceback, and the others stay usable.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

from tracker.core.errors import TrackerError
from tracker.rules.base import Ruleset
from tracker.rules.hooks import check_hooks

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "tracker.rulesets"


def _bundled() -> dict[str, str]:
    """The bundled ruleset packages: id -> package name."""
    import tracker.rules

    found = {}
    for root in tracker.rules.__path__:
        for folder in sorted(Path(root).iterdir()):
            if (folder / "data.toml").is_file() and (folder / "__init__.py").is_file():
                found[folder.name.replace("_", "-")] = f"tracker.rules.{folder.name}"
    return found


RULESETS: dict[str, str] = _bundled()
"""The bundled rulesets: id -> package (whose ``RULESET`` is the class)."""


class UnknownRuleset(TrackerError):
    """An encounter names a ruleset that is not installed."""


class BrokenRuleset(TrackerError):
    """An installed ruleset package that cannot be loaded (its sentence says why)."""


@cache
def installed() -> dict[str, EntryPoint]:
    """Rulesets other packages declare in the ``tracker.rulesets`` group, by id (a bundled
    id cannot be taken over). ``importlib.metadata`` is read only now: a bundled ruleset
    never needs it."""
    from importlib.metadata import entry_points

    return {point.name: point for point in entry_points(group=GROUP) if point.name not in RULESETS}


def ruleset_ids() -> list[str]:
    """Ids of the installed rulesets, bundled and from other packages."""
    return sorted({*RULESETS, *installed()})


def load_ruleset(ruleset_id: str) -> Ruleset:
    """A fresh instance of the ruleset ``ruleset_id``."""
    if ruleset_id in RULESETS:
        bundled: type[Ruleset] = import_module(RULESETS[ruleset_id]).RULESET
        check_hooks(bundled, Ruleset)
        rules = bundled()
        rules.check_data()
        return rules
    point = installed().get(ruleset_id)
    if point is None:
        raise UnknownRuleset(
            f"unknown ruleset {ruleset_id!r} — installed: {', '.join(ruleset_ids())}"
        )
    return _from_package(ruleset_id, point)


def _from_package(ruleset_id: str, point: EntryPoint) -> Ruleset:
    try:
        cls = point.load()
    except Exception as err:  # a third-party package may fail in any way
        raise _broken(ruleset_id, point, f"cannot be loaded: {type(err).__name__}: {err}") from None
    if not (isinstance(cls, type) and issubclass(cls, Ruleset)):
        raise _broken(ruleset_id, point, "is not a tracker Ruleset class")
    try:
        check_hooks(cls, Ruleset)
    except TrackerError as err:
        raise _broken(ruleset_id, point, f"is refused: {err}") from None
    from tracker.rules.guarded import guarded  # only for a package's ruleset

    try:
        rules = guarded(cls)()
        rules.check_data()
    except TrackerError as err:  # its data file, a table, a role: the sentence says it
        raise _broken(ruleset_id, point, f"cannot be loaded: {err}") from None
    except Exception as err:  # a third-party package may fail in any way
        raise _broken(ruleset_id, point, f"cannot be loaded: {type(err).__name__}: {err}") from None
    if rules.id != ruleset_id:
        raise _broken(
            ruleset_id,
            point,
            f"has id = {rules.id!r}: the class's id and the entry point's name must be the "
            f"same ({ruleset_id!r} is what encounter files name)",
        )
    return rules


def _broken(ruleset_id: str, point: EntryPoint, why: str) -> BrokenRuleset:
    """``the ruleset 'x' (package module:Class) <why>``, one line."""
    where = f"{point.dist.name} " if point.dist is not None else ""
    return BrokenRuleset(f"the ruleset {ruleset_id!r} ({where}{point.value}) {why}")
