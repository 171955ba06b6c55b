"""A folder of encounter files, summarised without replaying any journal.

Each file's summary comes from its head (title, ruleset, roster: read without a TOML
parser when it is in our writer's plain shape, :mod:`tracker.store.listing_head`, else
parsed and checked in full) and a quick reading of its journal
(:mod:`tracker.store.journal_scan`): status (not started / round N, whose turn /
ended), combatants (the roster plus those added, not undone) and when it was last
played (the last event's time, else the file's mtime). A file our writer left ending in
a standing line (:mod:`tracker.store.standing_line`) is summarised from its first and
last few KB alone: the line says where the fight stood after the last command. Summaries
are cached by file
size, mtime and inode (:mod:`tracker.store.listing_cache`), so listing a folder again
reads only the files that changed. A file that cannot be read is listed with a one-line
problem (``file:line:col`` where known); the others are still listed. Newest first.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tracker.core.errors import TrackerError, one_line
from tracker.core.wording import counted, possessive
from tracker.rules.user_files import read_regular
from tracker.store.errors import JournalError
from tracker.store.file_text import HEAD_FIELDS, check_document
from tracker.store.journal import HEADER_RE, parse_document
from tracker.store.journal_scan import standing
from tracker.store.listing_cache import ListingCache, stat_key
from tracker.store.listing_head import quick_head
from tracker.store.locator import Locator
from tracker.store.other_files import JSON_SAID, looks_like_json, other_kind
from tracker.store.standing_read import StandingRow, read_standing

PHASE_WORDS = {"setup": "not started", "ended": "ended"}


@dataclass(frozen=True)
class EncounterSummary:
    """One encounter file as a list shows it; ``problem`` is set when it cannot be read."""

    path: Path
    title: str = ""
    ruleset: str = ""
    phase: str = "setup"
    """``setup`` (not started), ``running`` or ``ended``."""
    round: int = 0
    acting: str = ""
    """The name of whose turn it is ("" between turns or when not running)."""
    combatants: int = 0
    last_played: float = 0.0
    """When it was last played: a POSIX timestamp (the last event, else the mtime)."""
    problem: str = ""
    damage: str = ""
    """One line naming damage in the middle of its journal: the rest is the fight up to it."""

    @property
    def status(self) -> str:
        """``not started``, ``round 3, Rei's turn``, ``round 3`` or ``ended``."""
        if self.problem:
            return "cannot be read"
        if self.phase in PHASE_WORDS:
            return PHASE_WORDS[self.phase]
        if not self.acting:
            return f"round {self.round}"
        return f"round {self.round}, {possessive(self.acting)} turn"

    @property
    def shown_title(self) -> str:
        """The title, or the file's name when it has none."""
        return self.title or self.path.stem

    @property
    def played(self) -> datetime:
        """When it was last played, local time."""
        return datetime.fromtimestamp(self.last_played, UTC).astimezone()

    def document(self) -> dict[str, Any]:
        """The summary as JSON-ready data (``tracker ls --json``)."""
        return {
            "kind": "encounter",
            "path": str(self.path),
            "title": self.shown_title,
            "ruleset": self.ruleset,
            "status": self.status,
            "phase": self.phase,
            "round": self.round,
            "turn": self.acting,
            "combatants": self.combatants,
            "last_played": self.played.isoformat(timespec="seconds"),
            "problem": self.problem,
        }

    def cached(self) -> tuple[Any, ...]:
        """The summary's fields as the cache keeps them (all but the path, its key)."""
        return (
            self.title,
            self.ruleset,
            self.phase,
            self.round,
            self.acting,
            self.combatants,
            self.last_played,
            self.problem,
            self.damage,
        )


def summarise(path: Path, mtime: float | None = None, where: str = "") -> EncounterSummary:
    """Read one encounter file's head and tail (never its whole journal replayed): from
    its standing line when it ends with one that checks out, else the full way.
    ``where``: the path as a string, if the caller has it (a listing of many files)."""
    if mtime is None:
        try:
            mtime = path.stat().st_mtime
        except OSError:
            mtime = 0.0
    try:
        quick = read_standing(where or path)
        if quick is not None:
            return _standing_summary(path, quick)
        return _summary(path, read_regular(path), mtime)
    except OSError as err:
        problem = f"{path}: cannot read the file: {err.strerror or err}"
    except (TrackerError, ValueError, TypeError, KeyError, OverflowError) as err:
        problem = one_line(err)
    return EncounterSummary(path, last_played=mtime, problem=problem)


def _standing_summary(path: Path, quick: StandingRow) -> EncounterSummary:
    """The summary of a file that ends with a standing line that checks out."""
    return EncounterSummary(
        path,
        quick.title,
        quick.ruleset,
        quick.phase,
        quick.round,
        quick.acting,
        quick.combatants,
        quick.last_at.timestamp(),
    )


def standing_problem(path: Path) -> str:
    """One line if the file ends with a standing line that checks out but says another
    status than its journal (a hand-forged line: ``tracker ls`` would show it), else ""."""
    try:
        quick = read_standing(path)
        if quick is None:
            return ""
        said = _standing_summary(path, quick)
        full = _summary(path, read_regular(path), 0.0)
    except (OSError, TrackerError, ValueError, TypeError, KeyError, OverflowError):
        return ""  # the load names what is wrong with the file
    if said.cached() == full.cached():
        return ""
    return (
        f'{path}: its last "# standing" line says "{said.status}" but the journal says '
        f'"{full.status}" ({counted(full.combatants, "combatant")}): '
        "`tracker ls` shows the line until "
        "the next command writes a new one (or delete the line)"
    )


def _summary(path: Path, data: bytes, mtime: float) -> EncounterSummary:
    start = _first_block(data)
    head = _head(path, data[:start])
    table, roster = _parts(path, head)
    names = {str(e.get("id", "")): str(e.get("name", "")) for e in roster}
    where = standing(path, data, start, head, names)
    played = where.last_at.timestamp() if where.last_at is not None else mtime
    return EncounterSummary(
        path=path,
        title=str(table.get("title", "")),
        ruleset=str(table.get("ruleset", "")),
        phase=where.phase,
        round=where.round,
        acting=where.acting,
        combatants=len(roster) + where.added,
        last_played=played,
        damage=where.damage,
    )


def _head(path: Path, data: bytes) -> Mapping[str, Any]:
    """The file's head as a document that passed the file check: read quickly when it
    is in our writer's plain shape, else parsed and checked the careful way."""
    try:
        quick = quick_head(data.decode("utf-8"))
    except UnicodeDecodeError:
        quick = None
    if quick is not None:
        return quick
    if looks_like_json(data):
        raise JournalError(path, JSON_SAID, 1, 1)
    head = parse_document(path, data)
    check_document(head, Locator(path), HEAD_FIELDS)
    return head


def _first_block(data: bytes) -> int:
    """Where the first ``[[events]]`` line starts (the end of the head): found by one
    ``find`` in our writer's layout, else by the loader's pattern."""
    at = data.find(b"\n[[events]]\n")
    if at >= 0 and not data.startswith(b"[[events]]") and b"\r" not in data[:at]:
        return at + 1
    match = HEADER_RE.search(data)
    return match.start() if match else _torn_header(data)


def _torn_header(data: bytes) -> int:
    """Where an append torn inside the first ``[[events]]`` line starts (else the end)."""
    line_start = data.rfind(b"\n") + 1
    tail = data[line_start:]
    return line_start if tail and b"[[events]]\n".startswith(tail) else len(data)


def _parts(path: Path, head: Mapping[str, Any]) -> tuple[Mapping[str, Any], list[Any]]:
    """The ``[encounter]`` table and the roster, or JournalError if they are not there."""
    table = head.get("encounter")
    if not isinstance(table, dict) or not isinstance(table.get("ruleset"), str):
        other = other_kind(head)
        said = f"this is {other}, not an encounter" if other else '[encounter] needs ruleset = "…"'
        raise JournalError(path, said if head else "the file is empty")
    roster = head.get("combatants", [])
    if not isinstance(roster, list) or not all(isinstance(e, dict) for e in roster):
        raise JournalError(path, "combatants must be [[combatants]] tables")
    return table, roster


def encounter_files(folder: Path) -> list[os.DirEntry[str]]:
    """The ``*.toml`` files in ``folder`` (not hidden ones, not lock or side files)."""
    try:
        with os.scandir(folder) as found:
            return [
                e
                for e in found
                if e.name.endswith(".toml") and not e.name.startswith(".") and e.is_file()
            ]
    except (FileNotFoundError, NotADirectoryError):
        return []


def list_folder(folder: Path, cache: bool = True) -> list[EncounterSummary]:
    """Every encounter file in ``folder``, newest first; unchanged files from the cache."""
    shelf = ListingCache.open(folder) if cache else ListingCache.empty(folder)
    summaries = []
    for entry in encounter_files(folder):
        path = folder / entry.name
        try:
            info = entry.stat()
        except OSError as err:
            summaries.append(EncounterSummary(path, problem=f"{path}: {err.strerror or err}"))
            continue
        key = stat_key(info)
        known = shelf.get(entry.name, key)
        if known is not None:
            summaries.append(EncounterSummary(path, *known))
            continue
        summary = summarise(path, info.st_mtime, entry.path)
        shelf.put(entry.name, key, summary.cached())
        summaries.append(summary)
    if cache:
        shelf.save()
    return newest_first(summaries)


def newest_first(summaries: list[EncounterSummary]) -> list[EncounterSummary]:
    """The summaries sorted by when they were last played, the newest first."""
    return sorted(summaries, key=lambda s: (-s.last_played, s.path.name))
