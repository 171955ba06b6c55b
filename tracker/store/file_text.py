"""One check for every value that enters from a file: text, numbers and nesting.

Encounter and campaign files, their appended blocks, bestiary blocks, roll tables,
settings, themes, keymaps and imports are all parsed into plain data (dicts, lists,
strings, numbers). :func:`flaw_in` walks such data (without recursion, to a bounded
depth) and finds the first value a GM's own typing could not have produced: a string
with a control or direction character (a line break only under a key that is
multi-line by design, like ``notes``), a string longer than its key allows, a table key
that is not plain, a number that is ``inf``, ``nan`` or beyond ``NUMBER_LIMIT``, data
nested deeper than ``DEPTH_LIMIT``. The sentences come from ``tracker.core.safe_text``,
the one text check typed input goes through too; :func:`check_table` places the
problem at ``file:line:col`` with the file's :class:`~tracker.store.locator.Locator`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from datetime import date, datetime, time

from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.safe_text import (
    LINE_LIMIT,
    NAME_LIMIT,
    NOTE_LIMIT,
    NUMBER_LIMIT,
    TITLE_LIMIT,
    TRAIT_LIMIT,
    UNSAFE,
    WORD_LIMIT,
    number_problem,
    text_problem,
)
from tracker.store.errors import JournalError
from tracker.store.locator import Locator

DEPTH_LIMIT = 64
"""How deeply tables and lists may nest in anything read from a file."""


@frozen_record
class Fields(FrozenRecord):
    """How long a text may be, by the key it sits under, and which keys may hold lines.

    A text inside a table or list under a ``lined`` key may hold line breaks and tabs
    (a saved stat block's notes); every other text is one line.
    """

    default: int = LINE_LIMIT
    limits: Mapping[str, int] = field(default_factory=dict)
    lined: frozenset[str] = frozenset()
    key_limit: int = WORD_LIMIT
    """How long a table's key may be (settings key themes by a file's path)."""
    texts: bool = True
    """False: texts are left to the reader (an importer that cleans them itself); only
    numbers and nesting are checked."""

    def limit(self, key: str) -> int:
        """The most characters a text under ``key`` may have."""
        return self.limits.get(key, self.default)

    def limit_at(self, path: tuple[str, ...]) -> int:
        """The most characters a text at ``path`` may have: ``parent.key`` (a trait's
        ``traits.text``) before ``key`` alone."""
        if not path:
            return self.default
        if len(path) > 1:
            inner = self.limits.get(f"{path[-2]}.{path[-1]}")
            if inner is not None:
                return inner
        return self.limit(path[-1])


TRAIT_TEXT = "traits.text"
"""A trait's text (``traits = [{ name, text, kind }]``): long, and over lines."""

PLAIN = Fields()
"""Any text one line of at most ``LINE_LIMIT`` characters."""

HEAD_FIELDS = Fields(
    limits={"title": TITLE_LIMIT, "name": NAME_LIMIT, "notes": NOTE_LIMIT, TRAIT_TEXT: TRAIT_LIMIT},
    lined=frozenset({"notes", TRAIT_TEXT}),
)
"""The head of an encounter or campaign file: titles, names, a multi-line notes."""

EVENT_FIELDS = Fields(
    limits={"name": NAME_LIMIT, "notes": NOTE_LIMIT, TRAIT_TEXT: TRAIT_LIMIT},
    lined=frozenset({"notes", "block", TRAIT_TEXT}),
)
"""An event block: a combatant's notes and a saved stat block may run over lines."""


TABLE_FIELDS = Fields(limits={"name": NAME_LIMIT, "text": NOTE_LIMIT})
"""A roll table: its name, and one line of text per result."""


FOREIGN = Fields(texts=False)
"""Another tool's export: its texts are cleaned by the importer (``foundry/plain.py``)."""

SETTINGS_FIELDS = Fields(key_limit=LINE_LIMIT)
"""The settings: folders and files by their path (the ``[themes]`` keys are paths too)."""


@frozen_record
class Flaw(FrozenRecord):
    """What is wrong with a value read from a file, and the keys leading to it."""

    message: str
    path: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The top-level key the value sits under ("" for the value itself)."""
        return self.path[0] if self.path else ""


_Item = tuple[object, tuple[str, ...], bool, int]
"""A value still to check: itself, the keys leading to it, lines allowed, its depth."""


def flaw_in(value: object, fields: Fields = PLAIN, what: str = "") -> Flaw | None:
    """The first flaw in ``value`` (a parsed TOML or JSON document or part of one)."""
    if isinstance(value, dict) and fields.texts and _plainly_fine(value, fields):
        return None
    stack: list[_Item] = [(value, (), False, 0)]
    while stack:
        item, path, lined, depth = stack.pop()
        if isinstance(item, str):
            limit = fields.limit_at(path)
            problem = (
                text_problem(item, _name(what, path), limit, lines=lined) if fields.texts else None
            )
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            problem = number_problem(item, _name(what, path))
        elif isinstance(item, (Mapping, list, tuple)) and depth >= DEPTH_LIMIT:
            problem = f"{_name(what, path[:3])}… is nested more than {DEPTH_LIMIT} levels deep"
        else:
            problem = _push(stack, (item, path, lined, depth), fields, what)
        if problem:
            return Flaw(problem, path)
    return None


def _plainly_fine(table: dict[str, object], fields: Fields) -> bool:
    """True for a flat table of short one-line texts, ordinary numbers, flags, times
    and lists of those: the usual event, checked at a glance (one search over all its
    texts). False: walk it."""
    texts: list[str] = []
    for key, value in table.items():
        if len(key) > fields.key_limit or key in fields.lined:
            return False
        texts.append(key)
        limit = fields.limits.get(key, fields.default)
        for item in value if type(value) is list else (value,):
            if isinstance(item, str):
                if len(item) > limit:
                    return False
                texts.append(item)
            elif type(item) is int:
                if not -NUMBER_LIMIT <= item <= NUMBER_LIMIT:
                    return False
            elif type(item) is float:
                if number_problem(item, "") is not None:  # inf, nan, too large
                    return False
            elif not isinstance(item, (bool, datetime, date, time)):
                return False
    return UNSAFE.search(" ".join(texts)) is None


def _push(stack: list[_Item], entry: _Item, fields: Fields, what: str) -> str | None:
    """Put the members of a table or list on the stack (last first, so the first is
    checked first); a table key that is not plain is the problem."""
    item, path, lined, depth = entry
    members: list[_Item] = []
    if isinstance(item, Mapping):
        for key, member in item.items():
            text = str(key)
            if fields.texts and (
                problem := text_problem(text, f"a key in {_name(what, path)}", fields.key_limit)
            ):
                return problem
            inner = (
                lined
                or text in fields.lined
                or f"{path[-1] if path else ''}.{text}" in fields.lined
            )
            members.append((member, (*path, text), inner, depth + 1))
    elif isinstance(item, (list, tuple)):
        members = [(member, path, lined, depth + 1) for member in item]
    stack.extend(reversed(members))
    return None


def _name(what: str, path: tuple[str, ...]) -> str:
    dotted = ".".join(path)
    return f"{what} {dotted}".strip() if path else what or "the value"


def check_table(
    table: Mapping[str, object],
    locator: Locator,
    fields: Fields = PLAIN,
    section: str = "",
    index: int = 0,
    what: str = "",
) -> None:
    """JournalError at ``file:line:col`` for the first flaw in ``table``, the ``index``-th
    ``section`` block of the file (the top level when ``section`` is "")."""
    flaw = flaw_in(table, fields, what)
    if flaw is not None:
        raise locator.error(flaw.message, flaw.key, section, index)


def check_document(document: Mapping[str, object], locator: Locator, fields: Fields) -> None:
    """The same check over a whole document, each array of tables block by block (so the
    line found is the block's own)."""
    for key, value in document.items():
        if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
            for index, block in enumerate(value):
                check_table(block, locator, fields, key, index)
        else:
            _check_top(key, value, locator, fields)


def _check_top(key: str, value: object, locator: Locator, fields: Fields) -> None:
    """Check one top-level value; a flaw inside a ``[key]`` table is placed at its own
    line in that table when it can be found there."""
    flaw = flaw_in({key: value}, fields)
    if flaw is None:
        return
    if isinstance(value, Mapping) and len(flaw.path) > 1:
        line, col = locator.find(flaw.path[1], key, 0)
        if line is not None:
            raise JournalError(locator.path, flaw.message, line, col)
    raise locator.error(flaw.message, key)


def check_events(tables: Sequence[Mapping[str, object]], locator: Locator) -> None:
    """Every text and number in every event is one a GM could have typed: a control or
    direction character, a text too long, ``inf`` or a huge number is an error (a line
    break too, but in a combatant's notes and a saved block, which keep them)."""
    for index, table in enumerate(tables):
        check_table(table, locator, EVENT_FIELDS, "events", index, f"event {index + 1}'s")
