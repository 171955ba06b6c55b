"""The bestiary: stat blocks per ruleset, bundled starters and the GM's own files.

Blocks are read from ``bestiary/RULESET.toml`` and ``bestiary/RULESET/*.toml``, first
in the tracker's bundled data, then in the user data folder; a later block with the
same id takes the place of an earlier one (the GM's over the starters). Each block is
checked by building it with the ruleset, so a slip is one line, ``file:line:col: what``,
and the other blocks still load. See docs/bestiary.md for the format.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from tracker.core.dice import Dice
from tracker.core.errors import TrackerError
from tracker.core.events import Event, TemplateSaved
from tracker.core.joining import rolled_entry, slug
from tracker.core.library import Block, RollTable
from tracker.paths import bundled_dir, user_data_dir
from tracker.rules.base import RosterError, Ruleset
from tracker.rules.shipped import shipped
from tracker.rules.user_files import loads_toml, read_regular
from tracker.store.errors import JournalError
from tracker.store.file_text import HEAD_FIELDS, check_table, flaw_in
from tracker.store.journal import _toml_error
from tracker.store.locator import Locator
from tracker.store.other_files import what_it_is
from tracker.store.toml_parse import utf8_text

SECTION = "blocks"


@dataclass
class Entry:
    """One block as found: the block, the file it came from, bundled or the GM's."""

    block: Block
    path: Path
    bundled: bool


@dataclass
class Bestiary:
    """The blocks one ruleset can ``add``, with the problems found reading them."""

    ruleset: str
    entries: dict[str, Entry] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    tables: list[RollTable] = field(default_factory=list)
    table_files_broken: list[str] = field(default_factory=list)
    """One line (``file:line:col: what``) for each of the GM's table files not read."""
    broken: dict[str, str] = field(default_factory=dict)
    """The problem of each block that has an id but cannot be used, by id (case folded):
    ``add`` refuses it saying why, never adds a bare name in its place."""

    # --- tracker.core.library.Library -------------------------------------------------

    def block(self, name: str) -> Block | None:
        """The block with id ``name`` (case-insensitive)."""
        entry = self.entries.get(name.casefold())
        return entry.block if entry else None

    def block_ids(self) -> Sequence[str]:
        """Every block's id, sorted."""
        return sorted(self.entries)

    def unusable(self, name: str) -> str:
        """Why the block with id ``name`` cannot be used (``""``: none is broken)."""
        return self.broken.get(name.casefold(), "")

    def table(self, name: str) -> RollTable | None:
        """The GM's roll table called ``name`` (its title, or the title as one word:
        ``wandering-horrors``)."""
        wanted = slug(name)
        return next((t for t in self.tables if slug(t.name) == wanted), None)

    def table_names(self) -> Sequence[str]:
        """Every roll table's name, sorted."""
        return sorted(t.name for t in self.tables)

    def table_problems(self) -> Sequence[str]:
        """One line for each of the GM's table files that cannot be read."""
        return list(self.table_files_broken)


def user_bestiary_file(ruleset: str) -> Path:
    """The file the GM's own blocks for ``ruleset`` are saved to."""
    return user_data_dir() / "bestiary" / f"{ruleset}.toml"


def bestiary_files(ruleset: str) -> list[tuple[Path, bool]]:
    """Every file that may hold blocks for ``ruleset``, starters first, with ``bundled``."""
    found: list[tuple[Path, bool]] = []
    for folder, bundled in ((bundled_dir("bestiary"), True), (user_data_dir() / "bestiary", False)):
        single = folder / f"{ruleset}.toml"
        if os.path.lexists(single):  # a pipe, a folder or a dangling link there is said
            found.append((single, bundled))
        found.extend((path, bundled) for path in sorted((folder / ruleset).glob("*.toml")))
        if bundled:  # the ruleset's own package's blocks come with the starters
            found.extend((path, True) for path in shipped(ruleset, "bestiary"))
    return found


def load_bestiary(
    rules: Ruleset, tables: Sequence[RollTable] = (), table_problems: Sequence[str] = ()
) -> Bestiary:
    """Every block ``rules`` can use; bad blocks are left out and named in ``problems``
    (``tables`` and the problem of each table file not read, as :func:`load_tables`
    gives them, ride along)."""
    bestiary = Bestiary(rules.id, tables=list(tables), table_files_broken=list(table_problems))
    for path, bundled in bestiary_files(rules.id):
        try:
            blocks = read_blocks(path, rules)
        except TrackerError as err:
            bestiary.problems.append(str(err))
            continue
        for block, problem in blocks:
            key = block.get("id") if isinstance(block, dict) else None
            if problem:
                bestiary.problems.append(problem)
                if isinstance(key, str) and key:  # it takes an earlier block's place
                    bestiary.entries.pop(key.casefold(), None)
                    bestiary.broken[key.casefold()] = problem
            else:
                bestiary.entries[str(key).casefold()] = Entry(block, path, bundled)
                bestiary.broken.pop(str(key).casefold(), None)
    return bestiary


def read_blocks(path: Path, rules: Ruleset) -> list[tuple[Block, str]]:
    """The blocks of one file, each with its problem (``""`` when it is fine).

    A file that is not TOML, or names another ruleset, is a JournalError."""
    locator = Locator(path)
    text = _text(path)
    try:
        data = loads_toml(text)
    except tomllib.TOMLDecodeError as err:
        raise _toml_error(path, text, err) from None
    kind = what_it_is(data)
    if SECTION not in data and kind and not kind.startswith("a bestiary"):
        raise locator.error(f"this is {kind}, not a bestiary file", "")
    _misspelt(data, locator)
    check_table({k: v for k, v in data.items() if k != SECTION}, locator, HEAD_FIELDS)
    other = _other_ruleset(data, rules.id)
    if other:
        raise locator.error(other, "ruleset")
    blocks = data.get(SECTION, [])
    if not isinstance(blocks, list):
        raise locator.error("blocks must be [[blocks]] tables", SECTION)
    return [(block, _problem(block, index, rules, locator)) for index, block in enumerate(blocks)]


def _misspelt(data: dict[str, Any], locator: Locator) -> None:
    """A JournalError for a top-level key close to ``ruleset`` or ``blocks`` (``[[block]]``,
    ``Ruleset``), which would leave the file's blocks or ruleset unread in silence."""
    from tracker.core.nearest_word import nearest

    for key in data:
        meant = None if key in ("ruleset", SECTION) else nearest(key, ("ruleset", SECTION))
        if meant is not None:
            raise locator.error(f"unknown key {key!r} — did you mean {meant}?", key)


def _other_ruleset(data: dict[str, Any], ruleset: str) -> str:
    """Why a bestiary file's blocks are not ``ruleset``'s (``""``: they are), in words."""
    named = data.get("ruleset", ruleset)
    if not isinstance(named, str):
        return f"ruleset must be a ruleset's id in quotes, such as {ruleset!r}"
    return "" if named == ruleset else f"holds {named!r} blocks, not {ruleset!r}"


def _text(path: Path) -> str:
    try:
        return utf8_text(path, read_regular(path))
    except OSError as err:
        raise JournalError(path, f"cannot be read: {err.strerror or err}") from None


def _problem(block: Any, index: int, rules: Ruleset, locator: Locator) -> str:
    """Why the ``index``-th block cannot be used (``""``: it can)."""
    if not isinstance(block, dict):
        return str(locator.error("a block must be a table", SECTION))
    flaw = flaw_in(block, HEAD_FIELDS, f"block {index + 1}'s")
    if flaw is not None:
        return str(locator.error(flaw.message, flaw.key, SECTION, index))
    key = block.get("id")
    if not isinstance(key, str) or not key or slug(key) != key.casefold():
        where = locator.error("a block needs an id of letters, digits and -", "id", SECTION, index)
        return str(where)
    if "name" in block and not (isinstance(block["name"], str) and block["name"].strip()):
        # as a roster's combatant: a name of 5 is a mistake, not the name "5"
        said = f"block {key!r}: a name is text in quotes"
        return str(locator.error(said, "name", SECTION, index))
    try:
        entry = rolled_entry(block, Dice(seed=0), [])
        rules.prepare({**entry, "id": key, "name": str(entry.get("name") or key)})
    except RosterError as err:
        head = err.key.split(".")[0]
        if head and head not in block and err.key not in block:
            return ""  # a key given when adding (a horde's director=); "a.b" is one key
        return str(locator.error(f"block {key!r}: {err}", err.key, SECTION, index))
    except TrackerError as err:
        return str(locator.error(f"block {key!r}: {err}", "", SECTION, index))
    return ""


# --- saving -------------------------------------------------------------------------


def block_homes(ruleset: str, ids: Sequence[str]) -> dict[str, Path]:
    """For each of ``ids`` (lower case) that a file of the GM's already holds, the file
    whose block of that id ``add`` uses (the last one read: ``RULESET/*.toml`` after
    ``RULESET.toml``), so a new block of that id takes its place there instead of lying
    shadowed in another file. A file that cannot be read is passed over."""
    wanted = set(ids)
    homes: dict[str, Path] = {}
    for path, bundled in bestiary_files(ruleset):
        if bundled:
            continue
        try:
            held = _ids(read_regular(path).decode("utf-8"))
        except (OSError, UnicodeDecodeError, TrackerError, tomllib.TOMLDecodeError):
            continue
        homes.update((i, path) for i in held if i in wanted)
    return homes


def block_home(ruleset: str, block: Mapping[str, Any]) -> Path:
    """The GM's file a saved ``block`` goes to: the one that already holds its id
    (:func:`block_homes`), else ``bestiary/RULESET.toml``."""
    key = str(block.get("id", "")).casefold()
    return block_homes(ruleset, [key]).get(key) or user_bestiary_file(ruleset)


def save_block(ruleset: str, block: Mapping[str, Any], path: Path | None = None) -> Path:
    """Keep ``block`` in the GM's bestiary file (``save-template``): in the file that
    holds its id already, if one does (:func:`block_home`); see :func:`save_blocks`."""
    return save_blocks(ruleset, [block], path if path is not None else block_home(ruleset, block))


def save_blocks(
    ruleset: str,
    blocks: Sequence[Block],
    path: Path | None = None,
    replacing: set[str] | None = None,
) -> Path:
    """Write ``blocks`` into the GM's bestiary file of ``ruleset`` (created if missing): a
    block with the same id is replaced (its id added to ``replacing``, when given), every
    other block and every comment kept. The file is read and rewritten under its writer
    lock (two trackers saving at once both keep their blocks), atomically and only once it
    reads back as expected."""
    from tracker.store.toml_rewrite import update  # only a write needs the rewriter

    target = path if path is not None else user_bestiary_file(ruleset)
    found = replacing if replacing is not None else set()
    update(target, lambda text: _with_blocks(target, text, ruleset, blocks, found))
    return target


def _with_blocks(
    target: Path, text: str, ruleset: str, blocks: Sequence[Block], replacing: set[str]
) -> str:
    """The bestiary file's ``text`` with ``blocks`` in it (checked to read back); the ids
    of the blocks it replaces go into ``replacing``."""
    from tracker.store.toml_rewrite import check_rows, replaced, row_text

    if text:
        other = _other_ruleset(loads_toml(text), ruleset)
        if other:
            raise JournalError(target, f"{other}: nothing written")
    else:
        text = f'ruleset = "{ruleset}"\n'
    ids = {str(b["id"]).casefold() for b in blocks}
    kept = [i for i in _ids(text) if i not in ids]
    replacing.clear()
    replacing.update(i for i in _ids(text) if i in ids)
    new = replaced(
        text,
        SECTION,
        lambda row: str(row.get("id", "")).casefold() in ids,
        [row_text(SECTION, b) for b in blocks],
    )
    wanted = kept + [str(b["id"]).casefold() for b in blocks]
    check_rows(target, new, SECTION, lambda rows: [_id(r) for r in rows] == wanted)
    return new


def saves_cut_short(batch: Sequence[Event], ruleset: str) -> list[TemplateSaved]:
    """The stat blocks a command's ``batch`` saved (``save-template``) that never reached
    the GM's bestiary: a crash came between the journal and the bestiary."""
    saves = [e for e in batch if isinstance(e, TemplateSaved)]
    return [e for e in saves if not block_kept(ruleset, e.block, e.at)]


def block_kept(ruleset: str, block: Block, since: datetime, path: Path | None = None) -> bool:
    """Whether the GM's bestiary file holds ``block`` as it is, or was written (not left
    empty) after ``since`` (the GM's own edits then stand): False when a save of
    ``block`` at ``since`` never reached the file (a crash between the journal and the
    bestiary)."""
    target = path if path is not None else block_home(ruleset, block)
    try:
        data = read_regular(target)
        rows = loads_toml(data.decode("utf-8")).get(SECTION, [])
        edited = data and target.stat().st_mtime >= since.timestamp() + 1
    except FileNotFoundError:
        return False
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return True  # a file the GM has to fix is not written over
    # an empty file is what a save cut short leaves (made only to be locked)
    return bool(edited) or isinstance(rows, list) and any(row == block for row in rows)


def _ids(text: str) -> list[str]:
    rows = loads_toml(text).get(SECTION, [])
    return [_id(r) for r in rows] if isinstance(rows, list) else []


def _id(row: Any) -> str:
    return str(row.get("id", "")).casefold() if isinstance(row, Mapping) else ""
