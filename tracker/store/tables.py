"""The GM's roll tables: ``tables/NAME.toml`` in the user data folder (docs/bestiary.md).

A table file holds ``name`` (else the file's name), ``formula`` (any dice expression;
else ``1d`` the highest result) and ``[[results]]``, each a ``range`` (``[low, high]``
inclusive, or one number) and one line of ``text``. Reading gives
:class:`tracker.core.library.RollTable`; a file that cannot be used is one problem line,
``file:line:col: what``, and the other tables still load. A ruleset's own tables file
(``alien-evolved.toml``) is not a roll table and is passed over. Writing is atomic.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from tracker.core.dice import DiceError, parse
from tracker.core.errors import TrackerError
from tracker.core.joining import slug
from tracker.core.library import RollTable, TableRow
from tracker.core.nearest_word import meant_or_listed
from tracker.core.safe_text import NAME_LIMIT, NOTE_LIMIT, text_problem
from tracker.paths import user_data_dir
from tracker.rules.registry import ruleset_ids
from tracker.rules.user_files import loads_toml, read_regular
from tracker.store.errors import JournalError
from tracker.store.file_text import TABLE_FIELDS, check_document
from tracker.store.journal import _toml_error
from tracker.store.locator import Locator
from tracker.store.other_files import what_it_is
from tracker.store.rewrite_lock import rewrite
from tracker.store.toml_line import array_table, toml_line
from tracker.store.toml_parse import utf8_text

KEYS = ("name", "formula", "results")
SECTION = "results"


def tables_dir() -> Path:
    """The folder of the GM's roll tables."""
    return user_data_dir() / "tables"


def table_files(folder: Path | None = None) -> list[Path]:
    """The roll-table files in ``folder`` (default: the GM's), sorted; rulesets' own
    table files are left out, and empty ones (a save cut short leaves one: it is made
    empty to be locked, see :mod:`tracker.store.rewrite_lock`)."""
    where = folder if folder is not None else tables_dir()
    own = set(ruleset_ids())
    found = [p for p in where.glob("*.toml") if p.is_file() and p.stem not in own]
    return sorted(p for p in found if _has_bytes(p))


def _has_bytes(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def load_tables(folder: Path | None = None) -> tuple[list[RollTable], list[str]]:
    """Every readable roll table, and one problem line for each file that is not."""
    tables: list[RollTable] = []
    problems: list[str] = []
    for path in table_files(folder):
        try:
            tables.append(read_table(path))
        except TrackerError as err:
            problems.append(str(err))
    return tables, problems


def read_table(path: Path) -> RollTable:
    """One table file as a RollTable; JournalError (``file:line:col: what``) if it is not one."""
    try:
        text = utf8_text(path, read_regular(path))
    except OSError as err:
        raise JournalError(path, f"cannot be read: {err.strerror or err}") from None
    try:
        data = loads_toml(text)
    except tomllib.TOMLDecodeError as err:
        raise _toml_error(path, text, err) from None
    locator = Locator(path)
    check_document(data, locator, TABLE_FIELDS)
    kind = what_it_is(data)
    if SECTION not in data and kind and not kind.startswith("a roll table"):
        raise locator.error(f"this is {kind}, not a roll table", "")
    for key in data:
        if key not in KEYS:
            said = meant_or_listed(key, KEYS, "a table has ")
            raise locator.error(f"unknown key {key!r} — {said}", key)
    rows = _rows(data.get(SECTION), locator)
    return RollTable(_name(data, path, locator), _formula(data, rows, locator), rows)


def _name(data: dict[str, Any], path: Path, locator: Locator) -> str:
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not name.strip():
        raise locator.error("name must be the table's name (text)", "name")
    problem = text_problem(name, "the name", NAME_LIMIT)
    if problem:
        raise locator.error(problem, "name")
    return name.strip()


def _formula(data: dict[str, Any], rows: tuple[TableRow, ...], locator: Locator) -> str:
    formula = data.get("formula", f"1d{max(2, max(r.high for r in rows))}")
    if not isinstance(formula, str):
        raise locator.error('formula must be dice as text, e.g. formula = "1d6"', "formula")
    try:
        parse(formula)
    except DiceError as err:
        raise locator.error(str(err), "formula") from None
    return formula.strip()


def _rows(value: Any, locator: Locator) -> tuple[TableRow, ...]:
    if not isinstance(value, list) or not value:
        raise locator.error("a table needs [[results]], each with range and text", SECTION)
    return tuple(_row(row, index, locator) for index, row in enumerate(value))


def _row(row: Any, index: int, locator: Locator) -> TableRow:
    if not isinstance(row, dict):
        raise locator.error("each result must be a [[results]] table", SECTION)
    where = f"result {index + 1}"
    for key in row:
        if key not in ("range", "text"):
            said = meant_or_listed(key, ("range", "text"), "a row has ")
            raise locator.error(f"{where}: unknown key {key!r} — {said}", key, SECTION, index)
    low, high = _span(row.get("range"))
    if low is None or high is None or low > high:
        raise locator.error(
            f"{where}: range must be [low, high] (low ≤ high) or one number",
            "range",
            SECTION,
            index,
        )
    text = row.get("text")
    if not isinstance(text, str) or not text.strip():
        raise locator.error(f"{where} needs text", "text", SECTION, index)
    problem = text_problem(text, f"{where}'s text", NOTE_LIMIT)
    if problem:
        raise locator.error(problem, "text", SECTION, index)
    return TableRow(low, high, text.strip())


def _span(value: Any) -> tuple[int | None, int | None]:
    """(low, high) of ``range = [low, high]`` or ``range = n``; (None, None) if neither."""
    if isinstance(value, list) and len(value) == 2:
        low, high = value
    else:
        low = high = value
    if any(not isinstance(v, int) or isinstance(v, bool) for v in (low, high)):
        return None, None
    return int(low), int(high)


# --- writing --------------------------------------------------------------------------


def table_path(name: str, folder: Path | None = None) -> Path:
    """The file a table called ``name`` is written to (``Wandering horrors`` →
    ``wandering-horrors.toml``; never a ruleset's own tables file)."""
    stem = slug(name)[:NAME_LIMIT].strip("-") or "table"
    if stem in set(ruleset_ids()):
        stem += "-table"
    return (folder if folder is not None else tables_dir()) / f"{stem}.toml"


def table_text(table: RollTable) -> str:
    """A table as the TOML of docs/bestiary.md (``[[results]]`` blocks), checked to read back."""
    head = toml_line("name", table.name) + "\n" + toml_line("formula", table.formula) + "\n"
    rows = [array_table(SECTION, {"range": [r.low, r.high], "text": r.text}) for r in table.rows]
    text = "\n".join([head, *rows])
    back = loads_toml(text)
    if len(back[SECTION]) != len(table.rows) or back["name"] != table.name:
        raise TrackerError(f"table {table.name!r} would not read back as written")
    return text


def save_table(table: RollTable, path: Path | None = None) -> Path:
    """Write ``table`` to its file (replacing one of the same name) atomically, under the
    file's writer lock."""
    target = path if path is not None else table_path(table.name)
    data = table_text(table).encode("utf-8")
    rewrite(target, lambda _old: data)
    return target
