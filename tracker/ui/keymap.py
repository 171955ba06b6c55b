"""The user's keymap: ``~/.config/tracker/keymap.toml`` maps binding ids to keys.

    # keymap.toml — binding id = key(s); ids are listed by the help screen (?)
    next-turn = "space"
    damage = "d,x"

A ``[keys]`` table may hold the same entries. Unknown ids, non-text keys and entries a
load would refuse (a control character: ``file:line:col``) are reported once, in one
line each, and ignored; a whole file of another kind (a theme, an encounter) is one line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tracker.core.nearest_word import nearest
from tracker.paths import user_config_dir
from tracker.rules.user_files import read_regular
from tracker.store.errors import JournalError
from tracker.store.file_text import flaw_in
from tracker.store.locator import Locator
from tracker.store.other_files import other_kind
from tracker.store.toml_parse import parse_document


@dataclass
class UserKeymap:
    """Binding id → keys from the user's file, and the complaints about it."""

    keys: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def keymap_path() -> Path:
    """Where the user's keymap lives."""
    return user_config_dir() / "keymap.toml"


def read_keymap(path: Path, known_ids: set[str]) -> UserKeymap:
    """The keymap in ``path`` (empty if there is no file), checked against ``known_ids``."""
    found = UserKeymap()
    if not path.is_file():
        return found
    try:
        table = parse_document(path, read_regular(path))
    except OSError as err:
        found.problems.append(f"{path.name}: {err.strerror or err} — keymap ignored")
        return found
    except JournalError as err:
        found.problems.append(f"{err} — keymap ignored")
        return found
    kind = _other_kind(table, known_ids)
    if kind:
        found.problems.append(f"{path}: this is {kind}, not a keymap — keymap ignored")
        return found
    locator = Locator(path)
    entries = {k: (v, "") for k, v in table.items() if k != "keys"}
    if isinstance(table.get("keys"), dict):
        entries.update({k: (v, "keys") for k, v in table["keys"].items()})
    for binding_id, (keys, section) in entries.items():
        flaw = flaw_in({binding_id: keys})
        if flaw is not None:
            found.problems.append(f"{locator.error(flaw.message, binding_id, section)} — ignored")
        elif binding_id not in known_ids:
            found.problems.append(_unknown_id(path, binding_id, known_ids))
        elif not isinstance(keys, str) or not keys.strip():
            found.problems.append(
                f'{path.name}: {binding_id} must be a key such as "n" or "ctrl+n"'
            )
        else:
            found.keys[binding_id] = keys.replace(" ", "")
    return found


def _unknown_id(path: Path, binding_id: str, known_ids: set[str]) -> str:
    """``keymap.toml: no key binding 'Undo' — did you mean undo?`` (another case, a letter
    off: ``nearest``), else the ids there are."""
    meant = nearest(binding_id, {*known_ids, "keys"})
    if meant is not None:
        return f"{path.name}: no key binding {binding_id!r} — did you mean {meant}? (ignored)"
    return f"{path.name}: no key binding {binding_id!r} — ids: {', '.join(sorted(known_ids))}"


def _other_kind(table: dict[str, object], known_ids: set[str]) -> str:
    """What a file with no binding id in it is instead (a theme, a bestiary, an encounter
    …), or ``""`` when it holds one or looks like no other kind."""
    if "keys" in table or known_ids & table.keys():
        return ""
    if {"format", "encounter", "campaign", "combatants", "events"} & table.keys():
        return "an encounter or campaign file"
    return other_kind(table)
