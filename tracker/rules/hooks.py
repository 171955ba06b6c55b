"""What a ruleset class must and may define, checked when it is loaded.

The required hooks are abstract on ``Ruleset``: a ruleset without one cannot play a fight
(no tracks, no commands, nothing on the initiative row). Every other hook has a default.
A public name on a ruleset class that is not a hook but is close to one is a misspelt
hook (``summery_parts``): the tracker would silently use the default, so it is refused.
A class attribute of the wrong shape (``roster_keys = ("zone",)``, ``end_options =
("outcome")``: a text, not a tuple) is refused the same way, before it fails inside a fight.
"""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Mapping
from functools import cache

from tracker.core.errors import TrackerError

REQUIRED = ("starting_tracks", "verbs", "summary_parts", "track_views")
"""The hooks every ruleset defines (abstract on ``Ruleset``)."""

CLOSE = 0.85
"""How alike a name and a hook must be for the name to count as a misspelling."""


MACHINERY = {
    "prepare": "it makes a combatant of a roster entry",
    "check_keys": "it checks a roster entry's keys",
    "check_data": "it checks the data file when the ruleset loads",
    "int_table": "it reads a roster's table of numbers",
    "summary": "it joins your summary_parts for the exports",
    "order_key": "it sorts the initiative order",
}
"""The base class's own public methods that are not hooks: a helper of that name with
another signature would be called by the tracker, and fail in the middle of a fight."""

NAME_TUPLES = ("stat_names", "damage_tracks", "rising_damage_tracks", "end_options")
"""Class attributes that list names: a tuple (or list) of texts."""


class HookError(TrackerError):
    """A ruleset class misses a required hook or misspells one."""


@cache
def hook_problem(cls: type, base: type) -> str:
    """One sentence on what is wrong with ``cls``'s hooks (empty: nothing); a misspelt
    hook first, as it explains a required one missing."""
    hooks = [name for name in dir(base) if not name.startswith("_")]
    for name in own_public_names(cls, base):
        if name in hooks or not _may_be_close(name, hooks):
            continue
        import difflib  # only for a name like a hook's: a good ruleset needs no guess

        close = difflib.get_close_matches(name, hooks, n=1, cutoff=CLOSE)
        if close:
            return f"{cls.__name__}.`{name}` is not a hook; did you mean `{close[0]}`?"
    shape = shape_problem(cls) or machinery_problem(cls, base)
    if shape:
        return shape
    missing = sorted(getattr(cls, "__abstractmethods__", ()))
    if missing:
        names = ", ".join(f"`{name}`" for name in missing)
        word = "hook" if len(missing) == 1 else "hooks"
        return f"{cls.__name__} does not define the required {word} {names}"
    return ""


def machinery_problem(cls: type, base: type) -> str:
    """One sentence on a helper that takes the name of the tracker's own method with
    another signature (an override with the same parameters is the ruleset's choice)."""
    for name in own_public_names(cls, base):
        if name in MACHINERY and _parameters(getattr(cls, name)) != _parameters(
            getattr(base, name)
        ):
            return (
                f"{cls.__name__}.{name} is the tracker's own, not a hook ({MACHINERY[name]}): "
                f"give your {name} another name, or start it with _"
            )
    return ""


def _parameters(function: object) -> list[str]:
    try:
        return list(inspect.signature(function).parameters)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return []


def shape_problem(cls: type) -> str:
    """One sentence on a class attribute of the wrong shape (empty: none)."""
    keys = getattr(cls, "roster_keys", {})
    if not isinstance(keys, Mapping) or not all(
        isinstance(k, str) and isinstance(v, type) for k, v in keys.items()
    ):
        return (
            f"{cls.__name__}.roster_keys must be a table of each extra roster key and its "
            f'type, such as {{"zone": str}}, not {keys!r}'
        )
    for name in NAME_TUPLES:
        value = getattr(cls, name, ())
        if isinstance(value, str):
            return (
                f"{cls.__name__}.{name} must be a tuple of names: ({value!r},) with its "
                f"comma, not the text {value!r}"
            )
        if not isinstance(value, (tuple, list)):
            return f"{cls.__name__}.{name} must be a tuple of names, not {value!r}"
        if not all(isinstance(item, str) for item in value):
            return f"{cls.__name__}.{name} must hold names (texts) only, not {value!r}"
    return ""


def _may_be_close(name: str, hooks: list[str]) -> bool:
    """Whether ``difflib.get_close_matches`` could find a hook like ``name``: one of them
    passes the bounds it checks before the ratio (the lengths, then the letters in
    common), computed as it computes them. Most helper names are far from every hook,
    and ``difflib`` costs a ``tracker do``'s start a millisecond (issue 32)."""
    letters = Counter(name).items()
    for hook in hooks:
        size = len(name) + len(hook)
        if 2.0 * min(len(name), len(hook)) / size < CLOSE:
            continue
        counts = _letters(hook)
        common = sum(min(n, counts.get(letter, 0)) for letter, n in letters)
        if 2.0 * common / size >= CLOSE:
            return True
    return False


@cache
def _letters(word: str) -> dict[str, int]:
    return Counter(word)


def own_public_names(cls: type, base: type) -> list[str]:
    """Public names the classes between ``cls`` and ``base`` define themselves."""
    names: list[str] = []
    for klass in inspect.getmro(cls):
        if klass is base or issubclass(base, klass):
            continue
        names += [name for name in vars(klass) if not name.startswith("_") and name not in names]
    return names


def check_hooks(cls: type, base: type) -> None:
    """Raise ``HookError`` with one sentence when ``cls``'s hooks are not right."""
    problem = hook_problem(cls, base)
    if problem:
        raise HookError(problem)
