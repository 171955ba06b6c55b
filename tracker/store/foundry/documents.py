"""What a Foundry file holds when it is no actor nor RollTable, in the GM's words.

A GM exports whatever the right-click menu offers: an Item, a JournalEntry, a Macro, a
Playlist, a card stack; a world's ``folders.db``; a module's ``module.json``. Each is told
by its shape (Foundry writes no document class into an export): the ``_key`` of a pack's
source (``!items!…``), else the fields only that kind of document has (a journal entry's
``pages``, a macro's ``command``, a playlist's ``sounds`` …). Told apart, the import says
what the file is and what it takes, in one sentence, instead of "no type with system data".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.store.foundry.plain import plain_line

TAKES = (
    "import takes actors and RollTables (their Export Data, a pack, an Adventure, "
    "or a Scene or Combat named with its actors' files)"
)
"""What ``tracker import`` reads, said after what a file is not."""

KEYS = {
    "items": "an Item",
    "journal": "a JournalEntry",
    "macros": "a Macro",
    "playlists": "a Playlist",
    "cards": "a card stack",
    "messages": "a chat message",
    "users": "a user account",
    "settings": "a world setting",
}
"""A pack source's ``_key`` collection (``!items!<id>``) → the document it holds."""

FOLDER_TYPES = {
    "Actor": "actors",
    "Item": "items",
    "Scene": "scenes",
    "JournalEntry": "journal entries",
    "RollTable": "roll tables",
    "Macro": "macros",
    "Playlist": "playlists",
    "Cards": "card stacks",
    "Adventure": "adventures",
    "Compendium": "compendium packs",
}
"""A Folder's ``type`` → what it holds, in words."""


def other_document(doc: Any) -> str:
    """What ``doc`` is when it is a Foundry document or manifest that holds no actor
    (``a JournalEntry (Session notes)``), or "" when its shape says nothing."""
    if not isinstance(doc, Mapping):
        return ""
    key = doc.get("_key")
    collection = key.split("!")[1] if isinstance(key, str) and key.count("!") >= 2 else ""
    kind = KEYS.get(collection) or _manifest(doc) or _by_fields(doc)
    if not kind:
        return ""
    name = plain_line(doc.get("name") or doc.get("title"), 60)
    return f"{kind} ({name})" if name else kind


def _manifest(doc: Mapping[str, Any]) -> str:
    """A package's manifest: ``module.json``, ``system.json`` or ``world.json``."""
    marks = ("compatibility", "relationships", "esmodules", "scripts", "packs", "manifest")
    named = isinstance(doc.get("id"), str) and isinstance(doc.get("title"), str)
    if "type" in doc or not (named or any(mark in doc for mark in marks)):
        return ""
    if isinstance(doc.get("system"), str) or "coreVersion" in doc:
        return "a world's manifest"
    if "documentTypes" in doc or "gridDistance" in doc:
        return "a Foundry system's manifest"
    return "a Foundry module's manifest"


def _by_fields(doc: Mapping[str, Any]) -> str:
    """The kind of document only its fields tell."""
    kind = doc.get("type")
    if isinstance(doc.get("pages"), list) or isinstance(doc.get("content"), str) and not kind:
        return "a JournalEntry"
    if isinstance(doc.get("command"), str) and kind in ("script", "chat"):
        return "a Macro"
    if isinstance(doc.get("sounds"), list):
        return "a Playlist"
    if isinstance(doc.get("cards"), list):
        return "a card stack"
    if isinstance(kind, str) and kind in FOLDER_TYPES and "system" not in doc:
        return f"a folder of {FOLDER_TYPES[kind]}"
    if isinstance(doc.get("speaker"), Mapping):
        return "a chat message"
    if isinstance(doc.get("role"), int) and "system" not in doc:
        return "a user account"
    return ""


def an_item(doc: Mapping[str, Any], system: str) -> str:
    """``an Item (Las Pistol, a 'weapon' of wrath-and-glory)``."""
    name = plain_line(doc.get("name"), 60)
    kind = f"a '{plain_line(doc.get('type'), 30)}'" + (f" of {system}" if system else "")
    return f"an Item ({name}, {kind})" if name else f"an Item ({kind})"
