"""The side an imported Alien RPG actor takes (issue 28; the official modules' NPCs).

The alienrpg system marks an NPC with ``header.npc`` (module/data/actor-character.mjs; the
sheet's NPC box, whose tokens enter a scene hostile) and gives every new character and
synthetic a friendly token (module/documents/actor.mjs ``_preCreate``); Foundry marks a
player character by ownership. The official modules ship their NPCs with ``npc = false``,
friendly tokens and no player owning them, and keep pregens in packs named ``…-pcs`` beside
``…-npcs`` (an actor copied into a world says so in ``_stats.compendiumSource``). A GM
expects those NPCs on the enemy side and the pregens on the party's, as a Wrath & Glory
threat is an enemy and an agent a PC. The fixtures are actors of our own in that shape.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.foundry_helpers import FIXTURES, NPC, alien_fight, block_of, run
from tracker.cli import main
from tracker.store.foundry.alien import alien_block
from tracker.store.foundry.importing import plan
from tracker.store.foundry.shapes import actor_export

CAST = FIXTURES / "alien-adventure-cast"
"""An adventure's cast copied from its compendium packs into a world, then exported: an
NPC, a group ticked NPC, a pregen from the player-character pack."""


def npc_doc(**token: Any) -> dict[str, Any]:
    """The official NPC fixture as a document, its prototype token changed by ``token``."""
    doc: dict[str, Any] = json.loads(NPC.read_text(encoding="utf-8"))
    doc["prototypeToken"].update(token)
    return doc


def side_and_reason(doc: dict[str, Any]) -> tuple[str, str]:
    converted = alien_block(actor_export(doc, ""), "actor")
    return converted.block["side"], converted.remarks[-1]


def test_an_official_npc_no_user_owns_is_an_enemy_and_an_owned_character_a_pc(
    tmp_path: Path,
) -> None:
    # header.npc false, a friendly token, ownership {default: 0}: as the modules ship it
    assert block_of(NPC)["side"] == "enemy"
    assert block_of(FIXTURES / "alien-character.json")["side"] == "pc"  # a player owns her
    doc = json.loads((FIXTURES / "alien-synthetic.json").read_text(encoding="utf-8"))
    doc["system"]["header"]["npc"] = False
    path = tmp_path / "synthetic.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert block_of(path)["side"] == "enemy"
    doc["ownership"] = {"default": 0, "player0000000001": 3}
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert block_of(path)["side"] == "pc"


def test_an_adventures_cast_comes_in_npcs_as_enemies_and_the_pregen_as_a_pc(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = alien_fight(tmp_path)
    code, out, err = run(capsys, str(CAST), "--into", str(fight))
    assert code == 0, err
    reasons = [line.split("; ", 1)[1] for line in out.splitlines() if "; side " in line]
    assert reasons == [
        "side enemy: an NPC: no user owns it (ownership); import with --side to change",
        "side enemy: header.npc is set",
        "side pc: copied from a module's player-character pack (compendiumSource); "
        "import with --side to change",
    ]
    assert main(["state", str(fight), "--json"]) == 0
    fighters = {f["id"]: f["side"] for f in json.loads(capsys.readouterr().out)["combatants"]}
    assert fighters["harbour-master-quill"] == "enemy"
    assert fighters["picket-line-strikers"] == "enemy"
    assert fighters["sable-okonkwo"] == "pc"


@pytest.mark.parametrize(
    ("source", "side"),
    [
        ("Compendium.example-adventure.example-adventure-pcs.cAsTpC0000000001", "pc"),
        ("Compendium.example-adventure.example-adventure-npcs.cAsTnPc000000001", "enemy"),
        ("Compendium.example-adventure.pregen_pcs.Actor.cAsTpC0000000001", "pc"),
        ("Actor.cAsTpC0000000001", "enemy"),  # copied inside a world: says nothing
    ],
)
def test_the_pack_an_actor_was_copied_from_tells_a_pregen_from_an_npc(
    source: str, side: str
) -> None:
    doc = npc_doc()
    doc["_stats"]["compendiumSource"] = source
    assert side_and_reason(doc)[0] == side
    del doc["_stats"]["compendiumSource"]
    doc["flags"]["core"]["sourceId"] = source  # where Foundry 11 and before kept it
    assert side_and_reason(doc)[0] == side


def test_the_npc_box_outweighs_a_player_character_pack() -> None:
    doc = npc_doc()
    doc["_stats"]["compendiumSource"] = "Compendium.example-adventure.crew-pcs.cAsTpC00000001"
    doc["system"]["header"]["npc"] = True
    assert side_and_reason(doc) == ("enemy", "side enemy: header.npc is set")


@given(
    kind=st.sampled_from(["character", "synthetic"]),
    disposition=st.one_of(st.none(), st.integers(-2, 1)),
)
def test_an_npc_no_player_owns_is_an_enemy_unless_the_gm_set_its_token_neutral(
    kind: str, disposition: int | None
) -> None:
    # the system gives every new character a friendly token: friendly says nothing
    doc = npc_doc()
    doc["type"] = kind
    if disposition is None:
        del doc["prototypeToken"]["disposition"]
    else:
        doc["prototypeToken"]["disposition"] = disposition
    side, reason = side_and_reason(doc)
    assert side == ("neutral" if disposition == 0 else "enemy")
    assert reason.startswith(f"side {side}: an NPC: no user owns it (ownership)")
    assert reason.endswith("; import with --side to change")


def test_a_module_pack_owned_by_its_authors_brings_its_npcs_in_as_npcs() -> None:
    # the official modules' actors (real data) are owned by the authors' users, creatures
    # and ships too: Foundry makes whoever creates an actor its owner. Only a pregen a
    # further (player's) user owns is a PC; the friendly-token NPC is an enemy
    actors = plan([FIXTURES / "alien-module-pack"]).actors
    sides = {a.converted.name: a.converted.block["side"] for a in actors}
    assert sides == {"Dock Boss": "enemy", "Rook": "pc", "Tunnel Hound": "enemy"}
    (boss,) = (a.converted for a in actors if a.converted.name == "Dock Boss")
    assert boss.remarks[-1] == (
        "side enemy: an NPC: its owners own the creatures too: the GM's (ownership); "
        "import with --side to change"
    )


def test_one_owned_character_alone_is_still_a_pc() -> None:
    # with no creature and no second actor, nothing shows the owner to be the GM
    (rook,) = plan([FIXTURES / "alien-module-pack" / "Pregen_Rook.json"]).actors
    assert rook.converted.block["side"] == "pc"


def test_side_puts_every_actor_on_the_side_the_gm_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = alien_fight(tmp_path)
    code, out, err = run(capsys, str(NPC), "--side", "ally", "--into", str(fight))
    assert code == 0, err
    assert out.splitlines()[3].endswith("; side ally: set by --side")
    assert main(["state", str(fight), "--json"]) == 0
    fighters = json.loads(capsys.readouterr().out)["combatants"]
    assert [f["side"] for f in fighters if f["id"] == "dock-foreman-okafor"] == ["ally"]
    assert main(["import", str(NPC), "--side", "boss"]) == 2  # a misused command line


def test_a_synthetic_no_player_owns_is_an_enemy_whatever_its_token_says() -> None:
    """Issue 28: creatures and synthetics that no player owns default to enemy (a
    friendly token in an official module is the system's default, not the GM's word)."""
    doc = json.loads((FIXTURES / "alien-synthetic.json").read_text(encoding="utf-8"))
    doc["prototypeToken"] = {"disposition": 1}
    doc["system"]["header"]["npc"] = False  # as the official modules write them
    block = alien_block(actor_export(doc, ""), "synthetic").block
    assert block["side"] == "enemy"
    doc["ownership"] = {"default": 0, "player1": 3}
    assert alien_block(actor_export(doc, ""), "synthetic").block["side"] == "pc"
