"""The files Foundry VTT writes, read into documents: every shape a GM meets.

- "Export Data" JSON (Foundry 0.8–13): one document per file, its system data under
  ``system`` (10+) or ``data`` (older);
- compendium pack sources unpacked by foundryvtt-cli: one document per file, JSON or
  YAML, with a ``_key`` (``!actors!<id>``, ``!tables!<id>``, ``!folders!<id>``) and the
  embedded items and results inside;
- NeDB packs (``.db``, Foundry 0.8–10): one JSON document per line, appended as edited
  (a later line with the same ``_id`` replaces an earlier one; ``$$deleted`` drops it);
- a pack dumped to one JSON array of documents (as public module repositories keep
  them), each named ``actors.json #3``;
- an Adventure (Foundry 11+: how modules ship a scenario, its ``_key``
  ``!adventures!<id>``, or its export): the actors and RollTables it holds, each named
  ``adventure.json actors #2``; its items, scenes, journal entries … are said skipped;
- a folder: every such file in it and its subfolders (``folders.expand``).

Every file is refused in one sentence when it cannot be read: larger than
``SIZE_LIMIT`` (a pack of many: ``PACK_SIZE_LIMIT``), not UTF-8, not JSON or YAML, nested
deeper than ``DEPTH_LIMIT``, a number no sheet holds, YAML whose aliases expand past any
actor's size. One document of a pack holding such a number carries it as its ``flaw``:
that document is not imported, the pack's others are.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tracker.core.errors import one_line
from tracker.core.safe_text import describe
from tracker.core.wording import counted
from tracker.rules.file_looks import encoding_said, looks_utf16
from tracker.rules.user_files import read_regular, too_many_digits
from tracker.store.file_text import FOREIGN, flaw_in
from tracker.store.foundry.plain import plain_line
from tracker.store.foundry.shapes import NotImportable
from tracker.store.other_files import not_an_export
from tracker.store.toml_parse import line_col

SIZE_LIMIT = 20 * 1024 * 1024
"""The largest file an import reads (an actor with every item is well under 1 MB)."""

PACK_SIZE_LIMIT = 64 * 1024 * 1024
"""The largest pack an import reads (a NeDB pack, a JSON list of documents): a world's
``actors.db`` of thousands of actors (5,000 threats with their weapons are some 30 MB;
read in one pass, some ten times that in memory)."""

EXPANDED_LIMIT = 1_000_000
"""Most values a YAML document may hold once its aliases are expanded (an actor with
every item holds a few thousand)."""


@dataclass(frozen=True)
class Source:
    """One document read from a file: where it came from (``pack.db:3``) and what it is;
    ``skipped`` (with no document) says what a file held that is no actor or table."""

    path: Path
    label: str
    doc: Any
    skipped: str = ""
    flaw: str = ""
    """Why a document of a pack cannot be read (a number no sheet holds …): that one
    document is not imported, the pack's others are."""
    hidden: str = ""
    """Where Foundry hid it from the players (``on Foundry's scene``: its token; ``in
    Foundry's combat tracker``: its combatant), "" when it was not hidden."""

    @property
    def stem(self) -> str:
        """A name to fall back on when the document has none (the file's)."""
        return self.path.stem


def read_sources(path: Path) -> list[Source]:
    """The documents of one file; NotImportable (one sentence) when it cannot be read."""
    data = _read_bytes(path)
    if other := not_an_export(path, data):
        raise NotImportable(other)
    text = _text(data)
    suffix = path.suffix.casefold()
    if suffix == ".db":
        return _nedb(path, text)
    doc = _yaml(text) if suffix in (".yml", ".yaml") else _json(text)
    if _is_document_list(doc):
        return [_member(path, f"{path.name} #{n}", item) for n, item in enumerate(doc, 1)]
    if _is_adventure(doc):
        _check(doc)
        return _adventure(path, doc)
    return [_member(path, path.name, doc)]


ADVENTURE_PARTS = ("actors", "tables")
"""What an Adventure holds that the importer reads; the rest is said skipped."""
ADVENTURE_WORDS = {
    "items": ("item", "items"),
    "scenes": ("scene", "scenes"),
    "journal": ("journal entry", "journal entries"),
    "macros": ("macro", "macros"),
    "cards": ("card stack", "card stacks"),
    "playlists": ("playlist", "playlists"),
    "combats": ("combat", "combats"),
}
"""An Adventure's other lists, in words (one and more)."""


def _is_adventure(doc: Any) -> bool:
    """An Adventure document: its ``_key`` says so, or it holds lists of actors and
    tables beside scenes or journal entries (its Export Data)."""
    if not isinstance(doc, dict):
        return False
    key = doc.get("_key")
    if isinstance(key, str) and key.startswith("!adventures!"):
        return True
    lists = all(isinstance(doc.get(part), list) for part in ADVENTURE_PARTS)
    return lists and any(isinstance(doc.get(k), list) for k in ("scenes", "journal"))


def _adventure(path: Path, doc: dict[str, Any]) -> list[Source]:
    """The actors and RollTables of an Adventure, and one line for everything else in it."""
    found = []
    for part in ADVENTURE_PARTS:
        listed = doc.get(part)
        for n, item in enumerate(listed if isinstance(listed, list) else [], 1):
            found.append(Source(path, f"{path.name} {part} #{n}", item))
    others = {
        key: len(value)
        for key, value in doc.items()
        if key not in (*ADVENTURE_PARTS, "folders") and isinstance(value, list) and value
    }
    if others:
        held = ", ".join(
            counted(n, *ADVENTURE_WORDS.get(key, (plain_line(key, 30),) * 2))
            for key, n in others.items()
        )
        said = f"{path.name}: an adventure's {held}, no actor or RollTable"
        found.append(Source(path, path.name, None, skipped=said))
    if not any(source.doc is not None for source in found):
        raise NotImportable("an adventure with no actor or RollTable in it")
    return found


def _is_document_list(doc: Any) -> bool:
    """A list of Foundry documents (a pack dumped to one JSON array, as public module
    repositories keep them): objects each with a name and a type or results."""
    return (
        isinstance(doc, list)
        and bool(doc)
        and all(isinstance(item, dict) and "name" in item for item in doc)
        and all("type" in item or "results" in item for item in doc)
    )


def _read_bytes(path: Path) -> bytes:
    try:
        pack = _is_pack_file(path)
        limit = PACK_SIZE_LIMIT if pack else SIZE_LIMIT
        data = read_regular(path, limit)
    except OSError as err:
        raise NotImportable(f"cannot be read: {err.strerror or err}") from None
    if len(data) > limit:
        raise NotImportable(
            f"larger than {limit // 2**20} MB: "
            + (
                "a bigger pack than the tracker reads in one go — import the folder "
                "foundryvtt-cli's 'fvtt package unpack' makes of it"
                if pack
                else "more than a Foundry export of one actor or table holds (a pack of "
                f"many, as a .db or a JSON list, may be up to {PACK_SIZE_LIMIT // 2**20} MB)"
            )
        )
    return data


def _is_pack_file(path: Path) -> bool:
    """A file of many documents: a NeDB pack (``.db``), or JSON that opens a list (a pack
    dumped to one array) — told by its first bytes, before the file is read."""
    suffix = path.suffix.casefold()
    if suffix == ".db":
        return True
    if suffix != ".json":
        return False
    start = read_regular(path, 4096)[:4096]
    return start.removeprefix(b"\xef\xbb\xbf").lstrip(b" \t\r\n").startswith(b"[")


def _text(data: bytes) -> str:
    if data.startswith(b"PK\x03\x04"):  # a module or world as downloaded
        raise NotImportable(
            "a zip archive, not a Foundry export: unzip it and import the folder it holds"
            " (a module's packs/ folder, or its .json files)"
        )
    if looks_utf16(data):  # valid UTF-8, NUL bytes and all
        raise NotImportable(f"not a Foundry export (not UTF-8 text{encoding_said(data)})", (1, 1))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        said = f"not a Foundry export (not UTF-8 text, byte {err.start}{encoding_said(data)})"
        raise NotImportable(said, line_col(data, err.start)) from None


def _check(doc: Any, line: int = 0) -> None:
    flaw = flaw_in(doc, FOREIGN)
    if flaw is not None:
        raise NotImportable(f"not a Foundry export ({flaw.message})", (line, 1) if line else None)


class _Written(float):
    """``Infinity`` or ``NaN`` read from JSON, said as written when it is refused."""

    word: str

    def __new__(cls, word: str) -> _Written:
        made = super().__new__(cls, word)
        made.word = word
        return made

    def __format__(self, spec: str) -> str:
        return self.word


def _member(path: Path, label: str, doc: Any) -> Source:
    """One document of a pack, with the flaw that keeps it out (if any)."""
    flaw = flaw_in(doc, FOREIGN)
    return Source(path, label, doc, flaw=flaw.message if flaw else "")


def _json(text: str, line: int = 0) -> Any:
    """The JSON document ``text`` (line ``line`` of a NeDB pack; 0: a whole file)."""
    whole_line = (line, 1) if line else None
    try:
        return json.loads(text, parse_constant=_Written)  # Infinity, NaN: refused as flaws
    except json.JSONDecodeError as err:
        at = (line or err.lineno, err.colno)
        raise NotImportable(f"not a Foundry export (not JSON: {err.msg})", at) from None
    except ValueError:  # a number of thousands of digits
        said = "not a Foundry export (a number of thousands of digits)"
        raise NotImportable(said, whole_line) from None
    except RecursionError:
        said = "not a Foundry export (JSON nested too deeply)"
        raise NotImportable(said, whole_line) from None


def _nedb(path: Path, text: str) -> list[Source]:
    """A NeDB pack: the documents its lines leave standing, in the order first written."""
    docs: dict[str, tuple[int, int, Any]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        doc = _json(line, number)
        if not isinstance(doc, dict):
            raise NotImportable("not a Foundry document (not an object)", (number, 1))
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
    return [_member(path, f"{path.name}:{line}", doc) for _first, line, doc in standing]


_FastestLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML was built with it (a pack of 600 files reads in
seconds, not a minute), else the pure-Python one: the same nodes, the same errors."""


class _PackLoader(_FastestLoader):
    """YAML's safe loader as foundryvtt-cli's output needs it.

    js-yaml writes an object met twice as an anchor and an alias (``&ref_0`` … ``*ref_0``):
    those are read, but a document whose aliases would expand past ``EXPANDED_LIMIT``
    values (a few nested ones make a file of kilobytes a document of gigabytes) is
    refused before it is built (see ``_yaml``). ``.nan`` and ``.inf`` (which Foundry's
    own JSON writes as ``null``) are read as no number. A date or time (``2026-11-21``,
    which no Foundry sheet holds; JSON has none) is read as the text it is written as, so
    one no calendar has (``0000-01-01``) is not an error.
    """

    def construct_yaml_float(self, node: Any) -> Any:
        number = super().construct_yaml_float(node)
        return number if math.isfinite(number) else None

    def construct_yaml_int(self, node: Any) -> Any:
        try:
            return super().construct_yaml_int(node)
        except ValueError:  # more digits than Python reads
            at = (node.start_mark.line + 1, node.start_mark.column + 1)
            said = too_many_digits(str(node.value))
            raise NotImportable(f"not a Foundry export ({said})", at) from None


_PackLoader.add_constructor("tag:yaml.org,2002:float", _PackLoader.construct_yaml_float)
_PackLoader.add_constructor("tag:yaml.org,2002:int", _PackLoader.construct_yaml_int)
_PackLoader.add_constructor("tag:yaml.org,2002:timestamp", _PackLoader.construct_yaml_str)


def _expanded_size(node: Any, sizes: dict[int, int]) -> int:
    """How many values ``node`` holds once every alias is expanded (shared nodes counted
    once per use, each computed once)."""
    known = sizes.get(id(node))
    if known is not None:
        return known
    size = 1
    if isinstance(node, yaml.SequenceNode):
        size += sum(_expanded_size(child, sizes) for child in node.value)
    elif isinstance(node, yaml.MappingNode):
        size += sum(_expanded_size(k, sizes) + _expanded_size(v, sizes) for k, v in node.value)
    sizes[id(node)] = min(size, EXPANDED_LIMIT + 1)
    return sizes[id(node)]


def _yaml(text: str) -> Any:
    try:
        return _bounded_yaml(text)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        at = (mark.line + 1, mark.column + 1) if mark else None
        problem = err.problem or err.context or "not YAML"
        if "nesting depth" in problem:  # libyaml's own limit
            raise NotImportable("not a Foundry export (YAML nested too deeply)", at) from None
        raise NotImportable(f"not a Foundry export (not YAML: {problem})", at) from None
    except yaml.reader.ReaderError as err:  # a character YAML does not allow
        before = text[: err.position].encode("utf-8")
        at = line_col(before, len(before))
        what = describe(chr(err.character)) if isinstance(err.character, int) else "a byte"
        problem = f"not YAML: it holds {what}, a character YAML does not allow"
        raise NotImportable(f"not a Foundry export ({problem})", at) from None
    except yaml.YAMLError as err:
        raise NotImportable(f"not a Foundry export (not YAML: {one_line(err)})") from None
    except RecursionError:
        raise NotImportable("not a Foundry export (YAML nested too deeply)") from None


def _bounded_yaml(text: str) -> Any:
    """The one document of ``text``, its aliases' expanded size checked before it is built."""
    loader = _PackLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if _expanded_size(node, {}) > EXPANDED_LIMIT:
            raise NotImportable(
                f"not a Foundry export (its YAML aliases expand to more than "
                f"{EXPANDED_LIMIT:,} values)"
            )
        return loader.construct_document(node)
    finally:
        loader.dispose()
