"""What a Foundry VTT export is: an actor of a system the tracker knows, or a RollTable.

Foundry's "Export Data" writes one document as JSON. Actors carry their system's data
under ``system`` (Foundry 10 and later) or ``data`` (Foundry 9 and earlier), a ``type``
(``character``, ``threat`` …) and ``items``; the system that made them is named in
``_stats.systemId`` or ``_stats.exportSource.systemId`` (Foundry 11+) or
``flags.exportSource.system`` (Foundry 0.8-10). RollTables carry ``results`` with a
``range`` each. Anything else is refused with one sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tracker.core.errors import TrackerError
from tracker.store.foundry.documents import TAKES, an_item, other_document
from tracker.store.foundry.effects import Status, apply_effects

SYSTEMS = {"alienrpg": "alien-evolved", "wrath-and-glory": "wrath-glory"}
"""Foundry system id → the tracker ruleset its actors become."""

ACTOR_TYPES = {
    "alienrpg": ("character", "synthetic", "creature"),
    "wrath-and-glory": ("agent", "threat"),
}
"""The actor types each system's importer reads."""

OTHER_TYPES = {
    "alienrpg": ("vehicles", "spacecraft", "territory", "colony", "planet"),
    "wrath-and-glory": ("vehicle",),
}
"""Actor types the systems also have that are no combatant (a pack holds them among its
threats: a folder's import skips them)."""


class NotImportable(TrackerError):
    """A file the importer cannot use; the message says why, in one sentence, and ``at``
    where in the file (line, column; None when it is the whole file)."""

    def __init__(self, message: str, at: tuple[int, int] | None = None) -> None:
        super().__init__(message)
        self.at = at

    def where(self, name: str) -> str:
        """``NAME:LINE:COL`` (or ``NAME``) for the one line naming the file."""
        return f"{name}:{self.at[0]}:{self.at[1]}" if self.at else name


class NotAnActor(NotImportable):
    """A Foundry document that is no actor nor RollTable (an item, a journal entry, a
    scene, a module's manifest): a pack or folder holding it skips it and says so, a file
    of it named alone is refused; ``what`` names it for the skipped line."""

    def __init__(self, message: str, what: str) -> None:
        super().__init__(message)
        self.what = what


class NotACombatant(NotImportable):
    """An actor of a system the tracker knows that is no combatant (a vehicle …);
    ``what`` names it (``a 'vehicle' actor of wrath-and-glory``)."""

    def __init__(self, what: str, wanted: str) -> None:
        super().__init__(f"{what}: the tracker imports {wanted}")
        self.what = what


@dataclass(frozen=True)
class ActorExport:
    """A Foundry actor: its system id, type, name, system data and embedded items."""

    system: str
    type: str
    name: str
    data: Mapping[str, Any]
    items: tuple[Mapping[str, Any], ...]
    doc: Mapping[str, Any]
    effects: tuple[str, ...] = ()
    """What the actor's active effects changed (``Blessed: combat.resilience.bonus +1``)."""
    conditions: tuple[Status, ...] = ()
    """Status effects on the sheet (``Prone``): conditions a copy joining a fight has on."""
    effects_left_out: tuple[str, ...] = ()
    """Effects or changes not applied, and why."""

    @property
    def ruleset(self) -> str:
        """The tracker ruleset this actor becomes."""
        return SYSTEMS[self.system]


def system_data(doc: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The document's system data: ``system`` (current) or ``data`` (older Foundry)."""
    for key in ("system", "data"):
        value = doc.get(key)
        if isinstance(value, Mapping):
            return value
    return None


def named_system(doc: Mapping[str, Any]) -> str:
    """The system id the export names (lower case), or "" when it names none."""
    stats, flags = _table(doc.get("_stats")), _table(doc.get("flags"))
    source, old = _table(stats.get("exportSource")), _table(flags.get("exportSource"))
    for value in (stats.get("systemId"), source.get("systemId"), old.get("system")):
        if isinstance(value, str) and value:
            return value.casefold()
    return ""


def _table(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def is_roll_table(doc: Mapping[str, Any]) -> bool:
    """A RollTable export: ``results`` holding ranged results, and no actor type."""
    results = doc.get("results")
    if not isinstance(results, list) or "type" in doc and "items" in doc:
        return False
    return any(isinstance(r, Mapping) and "range" in r for r in results) or not results


def guess_system(doc: Mapping[str, Any], data: Mapping[str, Any]) -> str:
    """The system an actor without a system id was made by, read from its fields."""
    kind = doc.get("type")
    alien = (*ACTOR_TYPES["alienrpg"], *OTHER_TYPES["alienrpg"])
    wrath = (*ACTOR_TYPES["wrath-and-glory"], *OTHER_TYPES["wrath-and-glory"])
    if kind in alien and isinstance(data.get("header"), Mapping):
        return "alienrpg"
    if kind in wrath and isinstance(data.get("combat"), Mapping):
        return "wrath-and-glory"
    return ""


def actor_export(doc: Any, forced: str = "") -> ActorExport:
    """Read ``doc`` as an actor; ``forced`` (a Foundry system id) overrides what it names.

    NotImportable says why it is not an actor the tracker can read."""
    if not isinstance(doc, Mapping):
        raise NotImportable(f"not a Foundry export ({_not_a_document(doc)})")
    other = "" if _actor_shaped(doc) else other_document(doc)
    if other:
        raise NotAnActor(f"{other}, not an actor: {TAKES}", f"{other}, not an actor")
    data = system_data(doc)
    if (data is None or not isinstance(doc.get("type"), str)) and _actor_shaped(doc):
        if data is None:
            raise NotImportable("an actor with no system data: its sheet's numbers are not here")
        raise NotImportable("an actor with no type (agent, threat, character …): no sheet to read")
    if data is None or not isinstance(doc.get("type"), str):
        raise NotAnActor(
            "not a Foundry actor or RollTable export (no type with system data, no results)",
            "no Foundry actor or RollTable",
        )
    system = forced or named_system(doc) or guess_system(doc, data)
    if _an_item(doc, system):
        item = an_item(doc, named_system(doc))
        raise NotAnActor(f"{item}, not an actor: {TAKES}", f"{item}, not an actor")
    if system not in SYSTEMS:
        known = " and ".join(SYSTEMS)
        said = f"a {system!r} actor" if system else "an actor of a system it cannot tell"
        raise NotImportable(f"{said}: the tracker imports {known} actors (or pass --ruleset)")
    kind = str(doc["type"])
    if kind not in ACTOR_TYPES[system]:
        wanted = ", ".join(ACTOR_TYPES[system])
        if kind in OTHER_TYPES[system]:
            raise NotACombatant(f"a {kind!r} actor of {system}", wanted)
        raise NotAnActor(
            f"a {kind!r} actor of {system}: the tracker imports {wanted}",
            f"a {kind!r} actor of {system}, not one the tracker imports",
        )
    items = _items(doc.get("items"))
    applied = apply_effects(doc, data)
    return ActorExport(
        system,
        kind,
        name if isinstance(name := doc.get("name"), str) else "",  # else: the file's name
        applied.data,
        items,
        doc,
        tuple(applied.changed),
        tuple(applied.conditions),
        tuple(applied.left_out),
    )


def _an_item(doc: Mapping[str, Any], system: str) -> bool:
    """An Item: its ``_key`` says so (``!items!…``), or it names a type its system has no
    actor of, with no prototype token nor items of its own (an actor's marks)."""
    key = doc.get("_key")
    if isinstance(key, str) and key.startswith("!items!"):
        return True
    actors = (*ACTOR_TYPES.get(system, ()), *OTHER_TYPES.get(system, ()))
    return bool(actors) and doc.get("type") not in actors and not _actor_shaped(doc)


def _actor_shaped(doc: Mapping[str, Any]) -> bool:
    """An Actor document by its shape: its ``_key`` (``!actors!…``), its prototype token
    (``token`` before Foundry 10) or its embedded items — no item, scene or journal has
    them."""
    key = doc.get("_key")
    if isinstance(key, str) and key.startswith("!actors!"):
        return True
    token = doc.get("prototypeToken", doc.get("token"))
    return isinstance(token, Mapping) or isinstance(doc.get("items"), list)


def _items(value: Any) -> tuple[Mapping[str, Any], ...]:
    """An actor's embedded items: the tables in a list whose ``type``, if any, is a word
    (an export edited into another shape keeps the rest of its items)."""
    if not isinstance(value, list):
        return ()
    return tuple(i for i in value if isinstance(i, Mapping) and isinstance(i.get("type", ""), str))


def _not_a_document(doc: Any) -> str:
    """Why ``doc``, which is not an object, is no Foundry document."""
    if doc == []:
        return "an empty list: no actors or tables in it"
    if isinstance(doc, list):
        return "a list, but not of Foundry documents (objects each with a name and a type)"
    return f"the JSON is a {_kind(doc)}, not an object"


def _kind(value: Any) -> str:
    return {list: "list", str: "string", int: "number", float: "number", bool: "boolean"}.get(
        type(value), "null" if value is None else type(value).__name__
    )


# --- reading fields -----------------------------------------------------------------


def at(data: Any, path: str) -> Any:
    """The value at a dotted ``path`` in nested mappings (None when any step is missing)."""
    for key in path.split("."):
        if not isinstance(data, Mapping):
            return None
        data = data.get(key)
    return data


def whole(value: Any) -> int | None:
    """``value`` as a whole number (numbers and numeric text; ``{value: n}`` too), else None."""
    if isinstance(value, Mapping):
        value = value.get("value")
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip().lstrip("+")
        if text.isascii() and text.lstrip("-").isdigit():
            return int(text)
    return None


def item_system(item: Mapping[str, Any]) -> Mapping[str, Any]:
    """An embedded item's system data (either shape), empty when it has none."""
    return system_data(item) or {}
