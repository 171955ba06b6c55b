"""The listing's memory: each file's summary, kept while the file is unchanged.

One JSON file per folder listed, in the user cache folder. An entry (a list: size,
mtime, inode, then the summary's fields) is trusted only while the file has the same
size, modification time (ns) and inode: an encounter file only grows (appends) or is
replaced whole (rewrites), and either changes those. The cache is only an optimisation:
anything odd about it (missing, damaged, from another version) is an empty cache, and
failing to write it is silent.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tracker.core.errors import TrackerError
from tracker.paths import user_cache_dir
from tracker.rules.user_files import read_regular
from tracker.store.durable import write_file_atomically
from tracker.store.file_text import flaw_in

VERSION = 5
"""Bumped when a summary would read differently (3: damage noted; 4: a renamed
combatant's new name; 5: a theme, a bestiary, JSON or an empty file named as such)."""
NAMES = ("title", "ruleset", "phase", "round", "acting", "combatants", "at", "problem", "damage")
TYPES = (str, str, str, int, str, int, float, str, str)
"""The type of each field of a cached summary, in the order of ``NAMES``; a summary the
file check would refuse (a text with a control character, ``inf``) is not trusted."""

Key = list[int]


def stat_key(info: os.stat_result) -> Key:
    """What must not change for a cached summary to hold: size, mtime (ns), inode."""
    return [info.st_size, info.st_mtime_ns, info.st_ino]


def cache_file(folder: Path) -> Path:
    """The cache file for ``folder`` (named by a hash of its absolute path)."""
    name = hashlib.sha1(str(folder.absolute()).encode("utf-8", "surrogateescape"))
    return user_cache_dir() / "listing" / f"{name.hexdigest()[:16]}.json"


@dataclass
class ListingCache:
    """The summaries known for one folder, by file name."""

    path: Path
    entries: dict[str, Any] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)
    changed: bool = False

    @classmethod
    def empty(cls, folder: Path) -> ListingCache:
        """A cache that knows nothing (it is not read; saving it writes it)."""
        return cls(cache_file(folder))

    @classmethod
    def open(cls, folder: Path) -> ListingCache:
        """The cache for ``folder`` as last saved (empty if missing or unusable)."""
        path = cache_file(folder)
        try:
            table = json.loads(read_regular(path))  # a pipe there is never waited on
        except (OSError, ValueError):
            return cls(path)
        if not isinstance(table, dict) or table.get("version") != VERSION:
            return cls(path)
        entries = table.get("files")
        return cls(path, entries if isinstance(entries, dict) else {})

    def get(self, name: str, key: Key) -> list[Any] | None:
        """The cached summary fields of ``name`` if the file is unchanged, else None."""
        self.seen.add(name)
        entry = self.entries.get(name)
        if type(entry) is not list or entry[:3] != key:
            return None
        fields = entry[3:]
        if tuple(map(type, fields)) != TYPES:
            return None  # edited: read the file again
        if flaw_in(dict(zip(NAMES, fields, strict=True))) is not None:
            return None  # a text or number no file may hold: read the file again
        return fields

    def put(self, name: str, key: Key, fields: Sequence[Any]) -> None:
        """Remember the summary ``fields`` for ``name`` as it is now."""
        self.entries[name] = [*key, *fields]
        self.changed = True

    def save(self) -> None:
        """Write the cache if anything changed, forgetting files that are gone (quietly)."""
        gone = set(self.entries) - self.seen
        if not (self.changed or gone):
            return
        for name in gone:
            del self.entries[name]
        data = json.dumps({"version": VERSION, "files": self.entries})
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_file_atomically(self.path, data.encode("ascii"))
        except (OSError, TrackerError):
            pass
