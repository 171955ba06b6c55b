"""Which side an Alien RPG actor (Foundry system ``alienrpg``) takes in a fight.

The system marks an NPC with ``header.npc`` (the sheet's NPC box: its tokens enter the
scene hostile), and Foundry marks a player character by ownership: a user who is not the
GM owns it. Every new character and synthetic gets a friendly token (the system's
``Actor._preCreate``), so a friendly token says nothing about the actor; the official
modules ship their NPCs that way, ``header.npc = false``, and no player owns them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from tracker.store.foundry.shapes import ActorExport, at, whole

OWNER = 3
"""Foundry's OWNER permission level."""
NEUTRAL = 0
"""Foundry's neutral token disposition (1 friendly, 0 neutral, -1 hostile, -2 secret): the
system never gives a character one, so it is the GM's word that the NPC stands aside."""
PLAYER_PACK = re.compile(r"(?:^|[-_])pcs$", re.IGNORECASE)
"""A compendium pack of player characters, as the official modules name them
(``alienrpg-cotg-pcs`` beside ``alienrpg-cotg-npcs``)."""
CHANGE = "; import with --side to change"


def side_of(actor: ActorExport, game_masters: frozenset[str] = frozenset()) -> tuple[str, str]:
    """The actor's side and the report's reason. A creature or an actor with ``header.npc``
    is an ``enemy``; an actor a player owns (a user other than ``game_masters``), or one
    copied from a module's player-character pack, is a ``pc``; any other character or
    synthetic is an NPC no player plays: an ``enemy`` (``neutral`` when its token is)."""
    if actor.type == "creature":
        return "enemy", "a creature"
    if at(actor.data, "header.npc") is True:
        return "enemy", "header.npc is set"
    owners = owned_by(actor)
    if owners - game_masters:
        return "pc", "a user owns it (ownership)"
    if PLAYER_PACK.search(source_pack(actor.doc)):
        return "pc", f"copied from a module's player-character pack (compendiumSource){CHANGE}"
    nobody = "its owners own the creatures too: the GM's" if owners else "no user owns it"
    token = actor.doc.get("prototypeToken", actor.doc.get("token"))
    if whole(at(token, "disposition")) == NEUTRAL:
        return "neutral", f"an NPC: {nobody} (ownership), its token is neutral{CHANGE}"
    return "enemy", f"an NPC: {nobody} (ownership){CHANGE}"


def source_pack(doc: Mapping[str, Any]) -> str:
    """The compendium pack the actor was copied from, '' when none or unknown:
    ``_stats.compendiumSource`` (``flags.core.sourceId`` before Foundry 12) reads
    ``Compendium.<module>.<pack>.[Actor.]<id>``."""
    for path in ("_stats.compendiumSource", "flags.core.sourceId"):
        source = at(doc, path)
        if isinstance(source, str) and source.startswith("Compendium."):
            parts = source.split(".")
            return parts[2] if len(parts) > 3 else ""
    return ""


def owned_by(actor: ActorExport) -> frozenset[str]:
    """The users who own ``actor`` (``default``: every user)."""
    owners = actor.doc.get("ownership", actor.doc.get("permission"))
    if not isinstance(owners, Mapping):
        return frozenset()
    return frozenset(str(user) for user, level in owners.items() if whole(level) == OWNER)


def gm_accounts(actors: Sequence[ActorExport]) -> frozenset[str]:
    """The users an import shows to be the GM's. Foundry makes whoever creates an actor
    its owner, so a GM owns every NPC they made: the owners of a creature (no player
    plays one) and, among two actors or more, the users who own every one of them."""
    owners = [owned_by(actor) for actor in actors]
    found = {
        user
        for actor, users in zip(actors, owners, strict=True)
        if actor.type == "creature"
        for user in users
    }
    if len(owners) >= 2:
        found |= frozenset.intersection(*owners)
    return frozenset(found - {"default"})
