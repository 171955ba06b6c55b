"""A Foundry Combat (the combat tracker's encounter) as the actors that fight in it.

A GM who set a fight up in Foundry has it as a Combat: its ``combatants``, each naming
its actor (``actorId``) and, on a scene, its token (``tokenId``, ``sceneId``), with a name
of its own when the GM gave one. A Combat holds neither the actors nor the tokens, so
their files are named with it (``tracker import combat.json scene.json actors/``): each
combatant becomes one actor to import — its token's actor (an unlinked token with its
changes on top, as :mod:`.scene` reads it) when the scene is named, else its actor —
and nothing else of those files is imported: the scene's other tokens and (the Combat's
file named itself, not found in a folder) the other actors of a world's ``actors.db``
are not in the fight, and the actors the combatants play are not imported again on
their own. A
combatant marked defeated, or whose actor is not among the files, is said skipped.
Foundry's initiative is not carried: the tracker rolls its own.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from tracker.core.wording import counted
from tracker.store.foundry.fields import flag
from tracker.store.foundry.plain import plain_line
from tracker.store.foundry.scene import NO_ONE, is_scene, left_out, synthetic
from tracker.store.foundry.sources import Source


def is_combat(doc: Any) -> bool:
    """A Combat: its ``_key`` says so, or it lists combatants (and is no actor or scene)."""
    if not isinstance(doc, dict) or not isinstance(doc.get("combatants"), list):
        return False
    key = doc.get("_key")
    if isinstance(key, str) and key.startswith("!combats!"):
        return True
    return not any(k in doc for k in ("items", "tokens", "results"))


def combat_actors(
    sources: list[Source], named: frozenset[Path] = frozenset()
) -> tuple[list[Source], list[str]]:
    """``sources`` with each Combat replaced by its combatants' actors (the scenes and
    actors they draw on left out; with a Combat file of ``named``, the files' other actors
    too); the lines saying what was skipped."""
    combats = [s for s in sources if is_combat(s.doc)]
    if not combats:
        return sources, []
    actors = {str(s.doc["_id"]): s for s in sources if _actor_like(s.doc)}
    scenes = [s for s in sources if is_scene(s.doc)]
    tokens = {str(t.get("_id")): (t, s) for s in scenes for t in _listed(s.doc.get("tokens"))}
    found: list[Source] = []
    skipped: list[str] = []
    used: set[int] = set()  # the sources (actors, scenes) the combatants draw on
    for combat in combats:
        fighting = _combatants(combat, actors, tokens, used)
        if not fighting.lines and not fighting.found:
            skipped.append(f"{combat.label}: a Combat with no combatants: {NO_ONE}")
            continue
        if not fighting.found and not fighting.skipped_defeated:
            skipped.append(
                f"{combat.label}: a combat of {counted(len(fighting.lines), 'combatant')} whose "
                "actors are not among the files named — name their files (and its scene) with it"
            )
            continue
        found += fighting.found
        skipped += fighting.lines
    for source in sources:
        if id(source) in used and _actor_like(source.doc):
            skipped.append(f"{source.label}: fights in the combat, not on its own")
    rest = [s for s in sources if not is_combat(s.doc) and id(s) not in used]
    if found and any(s.path in named for s in combats):  # the files serve that fight
        skipped += left_out([s for s in rest if _actor_like(s.doc)], "not in the combat")
        rest = [s for s in rest if not _actor_like(s.doc)]
    return [*rest, *found], skipped


class _Fighting:
    """One Combat's combatants as actors, and the lines for those skipped."""

    def __init__(self) -> None:
        self.found: list[Source] = []
        self.lines: list[str] = []
        self.skipped_defeated = False


def _combatants(
    combat: Source,
    actors: dict[str, Source],
    tokens: dict[str, tuple[dict[str, Any], Source]],
    used: set[int],
) -> _Fighting:
    fighting = _Fighting()
    for n, fighter in enumerate(_listed(combat.doc.get("combatants")), 1):
        token, scene = tokens.get(str(fighter.get("tokenId")), (None, None))
        actor_id = fighter.get("actorId") or (token or {}).get("actorId")
        base = actors.get(str(actor_id))
        name = plain_line(fighter.get("name")) or plain_line((token or {}).get("name"))
        shown = name or (plain_line(base.doc.get("name")) if base else "") or "?"
        label = f"{combat.label} combatant #{n} ({shown})"
        if base is None:
            fighting.lines.append(f"{label}: its actor is not among the files named")
            continue
        used.add(id(base))
        if scene is not None:
            used.add(id(scene))
        if flag(fighter.get("defeated")):
            fighting.skipped_defeated = True
            fighting.lines.append(f"{label}: defeated in Foundry's combat")
            continue
        doc = synthetic(base.doc, token) if token else copy.deepcopy(dict(base.doc))
        if name:
            doc["name"] = name
        hidden = flag(fighter.get("hidden")) or flag((token or {}).get("hidden"))
        where = "in Foundry's combat tracker" if hidden else ""
        fighting.found.append(Source(combat.path, label, doc, hidden=where))
    return fighting


def _actor_like(doc: Any) -> bool:
    return isinstance(doc, dict) and isinstance(doc.get("type"), str) and "_id" in doc


def _listed(value: Any) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []
