"""A Foundry Scene's tokens as the actors that fight: each token its own actor.

A GM prepares a fight on a scene: tokens placed on the map, each naming its actor
(``actorId``). A linked token (``actorLink``) is that actor; an unlinked one is a
"synthetic" actor of its own: the base actor with the token's changes on top (``delta``
from Foundry 11: its name, system data, and items and effects replaced or added by
``_id``, one marked ``_tombstone`` taken away; ``actorData`` before: its system data laid
over the actor's, and its ``items`` or ``effects``, when it has them, the token's whole
list — Foundry 10 wrote the whole list there at each change, so an item the token lost
is not in it), named as the token is. A Scene's Export Data holds the tokens but not
the actors, so the actors' files are named with it (``tracker import scene.json
actors/``): each token then becomes one actor to import, the actors its tokens play are
not imported again on their own, the other actors of those files (a world's
``actors.db``) stay out of the fight when the Scene's file is named itself (a module's
folder holding scenes still imports all its actors), and a token whose actor is not
among the files is said skipped.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tracker.core.wording import counted
from tracker.store.foundry.fields import flag
from tracker.store.foundry.plain import plain_line
from tracker.store.foundry.sources import Source

NO_ONE = "no one on it to import"
"""Said of a Scene or Combat that holds no token or combatant."""
DEPTH = 64
"""Deepest a token's changes are merged (the import's own nesting limit)."""


def is_scene(doc: Any) -> bool:
    """A Scene: its ``_key`` says so, or it holds tokens beside a scene's grid or walls."""
    if not isinstance(doc, dict) or not isinstance(doc.get("tokens"), list):
        return False
    key = doc.get("_key")
    if isinstance(key, str) and key.startswith("!scenes!"):
        return True
    return any(k in doc for k in ("grid", "walls", "background", "img")) and "type" not in doc


def scene_actors(
    sources: list[Source], named: frozenset[Path] = frozenset()
) -> tuple[list[Source], list[str]]:
    """``sources`` with each Scene replaced by its tokens' actors (and the actors those
    tokens play left out; with a Scene file of ``named``, the files' other actors too);
    the lines saying what was skipped."""
    scenes = [s for s in sources if is_scene(s.doc)]
    if not scenes:
        return sources, []
    actors = {str(s.doc.get("_id")): s for s in sources if _actor_like(s.doc)}
    played: set[str] = set()
    found: list[Source] = []
    skipped: list[str] = []
    for scene in scenes:
        tokens = _listed(scene.doc.get("tokens"))
        known = [t for t in tokens if str(t.get("actorId")) in actors]
        if not tokens:
            name = plain_line(scene.doc.get("name"), 60)
            skipped.append(
                f"{scene.label}: a Scene{f' ({name})' if name else ''} with no tokens: {NO_ONE}"
            )
            continue
        if not known:
            skipped.append(
                f"{scene.label}: a scene of {counted(len(tokens), 'token')} whose actors are"
                " not among the files named — name their files with it"
            )
            continue
        for n, token in enumerate(tokens, 1):
            label = f"{scene.label} token #{n} ({plain_line(token.get('name'), 60) or '?'})"
            base = actors.get(str(token.get("actorId")))
            if base is None:
                skipped.append(f"{label}: its actor is not among the files named")
                continue
            played.add(str(token.get("actorId")))
            hidden = "on Foundry's scene" if flag(token.get("hidden")) else ""
            found.append(Source(scene.path, label, synthetic(base.doc, token), hidden=hidden))
    for key in sorted(played):
        skipped.append(f"{actors[key].label}: played by the scene's tokens, not on its own")
    rest = [s for s in sources if not is_scene(s.doc) and str(_id(s.doc)) not in played]
    if found and any(s.path in named for s in scenes):  # the files serve that fight
        skipped += left_out([s for s in rest if _actor_like(s.doc)], "with no token on the scene")
        rest = [s for s in rest if not _actor_like(s.doc)]
    return [*rest, *found], skipped


def left_out(actors: list[Source], why: str) -> list[str]:
    """One line per file for the actors named with a Scene or Combat that do not fight."""
    by_file: dict[str, int] = {}
    for source in actors:
        by_file[source.path.name] = by_file.get(source.path.name, 0) + 1
    said = {1: "other actor"}
    return [f"{name}: {n:,} {said.get(n, 'other actors')}, {why}" for name, n in by_file.items()]


def synthetic(actor: Mapping[str, Any], token: Mapping[str, Any]) -> dict[str, Any]:
    """The actor a token stands for: the actor itself when linked, else the actor with
    the token's changes on top (Foundry 10's ``actorData`` lists replace the actor's,
    Foundry 11's ``delta`` lists change them by ``_id``); named and disposed as the
    token is."""
    made = copy.deepcopy(dict(actor))
    before_11 = "delta" not in token  # Foundry 10 and earlier: actorData
    delta = token.get("delta", token.get("actorData"))
    if not flag(token.get("actorLink")) and isinstance(delta, Mapping):
        for key, value in delta.items():
            if key in ("items", "effects") and isinstance(value, list) and before_11:
                made[key] = copy.deepcopy(_listed(value))  # the token's whole list
            elif key in ("items", "effects") and isinstance(value, list):
                made[key] = _embedded(made.get(key), value)
            elif key in ("system", "data") and isinstance(value, Mapping):
                made[key] = _merged(made.get(key), value, 0)
            elif key in ("name", "img", "flags", "ownership"):
                made[key] = copy.deepcopy(value)
    name = plain_line(token.get("name"))
    if name:
        made["name"] = name
    if isinstance(token.get("disposition"), int):
        made["prototypeToken"] = {
            **_mapping(made.get("prototypeToken")),
            "disposition": token["disposition"],
        }
    return made


def _merged(base: Any, change: Mapping[str, Any], depth: int) -> Any:
    """``base`` with ``change`` laid over it, table by table (Foundry's mergeObject)."""
    if not isinstance(base, Mapping) or depth > DEPTH:
        return copy.deepcopy(dict(change))
    made = dict(copy.deepcopy(base))
    for key, value in change.items():
        if isinstance(value, Mapping) and isinstance(made.get(key), Mapping):
            made[key] = _merged(made[key], value, depth + 1)
        else:
            made[key] = copy.deepcopy(value)
    return made


def _embedded(base: Any, changed: list[Any]) -> list[Any]:
    """The actor's items (or effects) with the token's own by ``_id``: replaced, added,
    or taken away (``_tombstone``)."""
    made = [copy.deepcopy(item) for item in _listed(base)]
    for item in _listed(changed):
        made = [m for m in made if m.get("_id") != item.get("_id")]
        if not item.get("_tombstone"):
            made.append(copy.deepcopy(dict(item)))
    return made


def _actor_like(doc: Any) -> bool:
    return isinstance(doc, dict) and isinstance(doc.get("type"), str) and "_id" in doc


def _id(doc: Any) -> Any:
    return doc.get("_id") if isinstance(doc, dict) else None


def _mapping(value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, Mapping) else {}


def _listed(value: Any) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []
