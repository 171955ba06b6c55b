"""The files Foundry VTT writes, read into documents: every shape a GM meets.

- "Export Data" JSON (Foundry 0.8–13): one document per file, its system data under
  ``system`` (10+) or ``data`` (older);
- compendium pack sources unpacked by foundryvtt-cli: one document per file, JSON or
  YAML, with a ``_key`` (``!actors!<id>``, ``!tables!<id>``, ``!folders!<id>``) and the
  embedded items and results inside;
- NeDB packs (``.db``, Foundry 0.8–10): one JSON document per line, appended as edited
  (a later line with the same ``_id`` replaces an earlier one; ``$$deleted`` drops it);
- a folder: every such file in it and its subfolders (a pack's source folder).

Every file is refused in one sentence when it cannot be read: larger than
``SIZE_LIMIT``, not UTF-8, not JSON or YAML, nested deeper than ``DEPTH_LIMIT``, a number
no sheet holds, YAML aliases (which Foundry never writes). LevelDB packs (Foundry 11+)
are binary: they are unpacked with foundryvtt-cli first.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tracker.core.errors import one_line
from tracker.store.file_text import FOREIGN, flaw_in
from tracker.store.foundry.shapes import NotImportable

SIZE_LIMIT = 20 * 1024 * 1024
"""The largest file an import reads (an actor with every item is well under 1 MB)."""

SUFFIXES = (".json", ".yml", ".yaml", ".db")
"""The files a folder is searched for."""

MOST_FILES = 5000
"""Most files one folder may hold (a pack of every adversary is a few hundred)."""


@dataclass(frozen=True)
class Source:
    """One document read from a file: where it came from (``pack.db:3``) and what it is."""

    path: Path
    label: str
    doc: Any

    @property
    def stem(self) -> str:
        """A name to fall back on when the document has none (the file's)."""
        return self.path.stem


def expand(paths: list[Path]) -> tuple[list[Path], list[str]]:
    """The files named, a folder's readable files in their place (sorted); and one
    line for each folder that cannot be used."""
    files: list[Path] = []
    problems: list[str] = []
    for path in paths:
        if not path.is_dir():
            files.append(path)
            continue
        if (path / "CURRENT").is_file() or any(path.glob("*.ldb")):
            problems.append(
                f"{path.name}: a LevelDB pack (Foundry 11+), which is binary: unpack it with "
                "foundryvtt-cli ('fvtt package unpack') and import the folder it writes"
            )
            continue
        found = sorted(p for p in _walk(path) if p.suffix.casefold() in SUFFIXES)
        if not found:
            problems.append(f"{path.name}: a folder with no {', '.join(SUFFIXES)} file in it")
        elif len(found) > MOST_FILES:
            problems.append(f"{path.name}: {len(found):,} files, more than {MOST_FILES:,}")
        files.extend(found)
    return files, problems


def _walk(folder: Path) -> Iterator[Path]:
    """Files under ``folder``, links not followed, hidden ones left out."""
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith("."):
            continue
        if entry.is_dir() and not entry.is_symlink():
            yield from _walk(entry)
        elif entry.is_file():
            yield entry


def read_sources(path: Path) -> list[Source]:
    """The documents of one file; NotImportable (one sentence) when it cannot be read."""
    data = _read_bytes(path)
    text = _text(data)
    suffix = path.suffix.casefold()
    if suffix == ".db":
        return _nedb(path, text)
    doc = _yaml(text) if suffix in (".yml", ".yaml") else _json(text)
    _check(doc)
    return [Source(path, path.name, doc)]


def _read_bytes(path: Path) -> bytes:
    try:
        with path.open("rb") as file:
            data = file.read(SIZE_LIMIT + 1)
    except OSError as err:
        raise NotImportable(f"cannot be read: {err.strerror or err}") from None
    if len(data) > SIZE_LIMIT:
        raise NotImportable(f"larger than {SIZE_LIMIT // 2**20} MB: not a Foundry export")
    return data


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise NotImportable(f"not a Foundry export (not UTF-8 text, byte {err.start})") from None


def _check(doc: Any, where: str = "") -> None:
    flaw = flaw_in(doc, FOREIGN)
    if flaw is not None:
        raise NotImportable(f"{where}not a Foundry export ({flaw.message})")


def _refused_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a sheet holds")  # json.loads passes it on


def _json(text: str, line: int = 0) -> Any:
    where = f"line {line}: " if line else ""
    try:
        return json.loads(text, parse_constant=_refused_constant)
    except json.JSONDecodeError as err:
        at = f"column {err.colno}" if line else f"line {err.lineno}, column {err.colno}"
        raise NotImportable(f"{where}not a Foundry export (not JSON: {err.msg} at {at})") from None
    except ValueError as err:  # Infinity, NaN, a number of thousands of digits
        said = one_line(err) if "sheet" in str(err) else "a number of thousands of digits"
        raise NotImportable(f"{where}not a Foundry export ({said})") from None
    except RecursionError:
        raise NotImportable(f"{where}not a Foundry export (JSON nested too deeply)") from None


def _nedb(path: Path, text: str) -> list[Source]:
    """A NeDB pack: the documents its lines leave standing, in the order first written."""
    docs: dict[str, tuple[int, int, Any]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        doc = _json(line, number)
        _check(doc, f"line {number}: ")
        if not isinstance(doc, dict):
            raise NotImportable(f"line {number}: not a Foundry document (not an object)")
        if "$$indexCreated" in doc:
            continue
        key = str(doc.get("_id") or f"line {number}")
        if doc.get("$$deleted"):
            docs.pop(key, None)
            continue
        first = docs[key][0] if key in docs else number
        docs[key] = (first, number, doc)
    standing = sorted(docs.values(), key=lambda entry: entry[0])
    if not standing:
        raise NotImportable("a NeDB pack with no document in it")
    return [Source(path, f"{path.name}:{line}", doc) for _first, line, doc in standing]


class _PlainLoader(yaml.SafeLoader):
    """YAML's safe loader without aliases (foundryvtt-cli never writes them, and a few
    nested ones make a file of kilobytes a document of gigabytes)."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            line = event.start_mark.line + 1
            raise NotImportable(
                f"not a Foundry export (a YAML alias at line {line}; Foundry never writes them)"
            )
        return super().compose_node(parent, index)


def _yaml(text: str) -> Any:
    try:
        return yaml.load(text, Loader=_PlainLoader)  # noqa: S506 - a safe loader, no aliases
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        place = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = err.problem or err.context or "not YAML"
        raise NotImportable(f"not a Foundry export (not YAML: {problem}{place})") from None
    except yaml.YAMLError as err:
        raise NotImportable(f"not a Foundry export (not YAML: {one_line(err)})") from None
    except RecursionError:
        raise NotImportable("not a Foundry export (YAML nested too deeply)") from None
