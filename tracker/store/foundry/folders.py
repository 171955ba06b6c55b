"""The files a folder names for an import: a pack's source folder, a module as installed.

Every ``.json``, ``.yml``, ``.yaml`` and ``.db`` file in a folder and its subfolders, in
order, links not followed and hidden files left out; each file once, however it was named.
A LevelDB pack (Foundry 11+: a folder with ``CURRENT`` and ``.ldb`` files) is binary: named
itself it is refused with how to unpack it; met inside a folder (a module's ``packs/``) it
is named and skipped, so a module that also keeps its unpacked sources imports them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

SUFFIXES = (".json", ".yml", ".yaml", ".db")
"""The files a folder is searched for."""

MOST_FILES = 5000
"""Most files one folder may hold (a pack of every adversary is a few hundred)."""


def expand(paths: list[Path]) -> tuple[list[Path], list[str], list[str]]:
    """The files named, a folder's readable files in their place (sorted); one line for
    each folder that cannot be used; and one for each LevelDB pack found inside a folder
    (a Foundry 11+ module's ``packs/``: skipped, with how to unpack it)."""
    files: list[Path] = []
    problems: list[str] = []
    binary: list[Path] = []
    for path in paths:
        if not path.is_dir():
            files.append(path)
            continue
        try:
            leveldb = _is_leveldb(path)
            found = [] if leveldb else sorted(_walk(path, binary))
        except OSError as err:  # said of the folder named, not of a file inside it
            problems.append(f"{path.name}: the folder cannot be read: {err.strerror or err}")
            continue
        if leveldb:
            problems.append(f"{path.name}: {LEVELDB}")
        elif not found and binary:
            continue  # said below, pack by pack
        elif not found:
            problems.append(f"{path.name}: a folder with no {', '.join(SUFFIXES)} file in it")
        elif len(found) > MOST_FILES:
            problems.append(f"{path.name}: {len(found):,} files, more than {MOST_FILES:,}")
        files.extend(found)
    packs = [f"{p.relative_to(_named(p, paths))}: {LEVELDB}" for p in binary]
    return _once(files), problems, packs


LEVELDB = (
    "a LevelDB pack (Foundry 11+), which is binary: unpack it with foundryvtt-cli "
    "('fvtt package unpack') and import the folder it writes"
)


def _is_leveldb(folder: Path) -> bool:
    """A LevelDB pack: its ``CURRENT`` file or ``.ldb`` tables."""
    return (folder / "CURRENT").is_file() or any(folder.glob("*.ldb"))


def _named(pack: Path, paths: list[Path]) -> Path:
    """The folder named that ``pack`` was found in (a problem line names what is in a
    folder from there, as ``journal/intro.json``)."""
    return next(p for p in paths if pack.is_relative_to(p))


def _once(files: list[Path]) -> list[Path]:
    """Each file once, where first named (``pack/`` and ``pack/ork.json`` named together,
    or a file named twice, is one actor, not two)."""
    seen: set[Path] = set()
    kept = []
    for path in files:
        try:
            key = path.resolve()
        except (OSError, RuntimeError):  # a link loop: named as it is, refused when read
            key = path
        if key not in seen:
            seen.add(key)
            kept.append(path)
    return kept


def _walk(folder: Path, binary: list[Path]) -> Iterator[Path]:
    """Files under ``folder``, links not followed, hidden ones left out; the LevelDB packs
    met go to ``binary``."""
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith("."):
            continue
        if entry.is_dir() and not entry.is_symlink() and _is_leveldb(entry):
            binary.append(entry)
        elif entry.is_dir() and not entry.is_symlink():
            yield from _walk(entry, binary)
        elif entry.is_file() and entry.suffix.casefold() in SUFFIXES:
            yield entry
