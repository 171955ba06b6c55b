"""eva-escale command: hordes on their Director's turn, the Supreme Commander's restores."""

from __future__ import annotations

from typing import Any

import pytest

from tests.d100_helpers import Table
from tests.eva_helpers import RULES, angel, eva, pilot, soldier, table
from tracker.core import events as ev
from tracker.rules.base import RosterError


def misato(**extra: Any) -> dict[str, Any]:
    """The Supreme Commander: Agility 36, 3 Morale, 1 Fate."""
    entry: dict[str, Any] = {
        "id": "misato",
        "name": "Misato",
        "side": "pc",
        "role": "supcom",
        "morale": 3,
        "fate": 1,
        "stats": {"ag": 36, "t": 32},
        "wounds": 11,
    }
    entry.update(extra)
    return entry


def artillery(**extra: Any) -> dict[str, Any]:
    """A horde under Misato: Toughness 40, armour 3, 20 wounds."""
    entry: dict[str, Any] = {
        "id": "artillery",
        "name": "Artillery",
        "side": "ally",
        "kind": "horde",
        "director": "misato",
        "stats": {"t": 40, "ag": 25, "bs": 35},
        "armour": {"all": 3},
        "wounds": 20,
    }
    entry.update(extra)
    return entry


def command_table() -> Table:
    """Misato and her artillery, Unit-01 with Shinji, Ramiel; the fight started."""
    t = table(eva(), pilot(), misato(), artillery(), angel())
    t.do("start", [5, 9, 2])  # Unit01 8, Misato 12, Ramiel 5; the horde takes Misato's
    return t


def test_a_horde_has_no_initiative_and_is_listed_under_its_director() -> None:
    # seed 001, "Hordes": "Hordes do not have their own initiative. They act on the
    # initiative of their Director."
    t = command_table()
    assert t.state.order == ("misato", "artillery", "unit01", "ramiel")
    assert t.state.initiative["artillery"] == 12
    assert not RULES.takes_turn(t.state, "artillery")
    assert "Acts on Misato's turn (Director)" in RULES.status_lines(t.who("artillery"), t.state)
    assert any(
        line.startswith("Commands: Artillery (W 20/20)")
        for line in RULES.status_lines(t.who("misato"), t.state)
    )


def test_a_horde_acts_on_its_directors_turn_and_only_then() -> None:
    # seed 001 l.169, "Hordes": "They act on the initiative of their Director" — on that
    # turn only, never a turn of their own.
    t = command_table()
    assert t.state.current == "misato"
    assert "Artillery acts now, on Misato's turn" in t.reminders("artillery")["command"]
    assert "Half Action" in t.text("act artillery volley half attack")
    assert "one per turn" in t.refused("act artillery second volley half attack")
    t.do("next")
    assert t.state.current == "unit01"
    assert t.reminders("artillery") == {}
    assert "not Artillery's turn" in t.refused("act artillery volley half attack")
    started = [e.who for e in t.encounter.events if isinstance(e, ev.TurnStarted)]
    assert "artillery" not in started


def test_a_hordes_timed_effects_count_down_with_its_directors_turn() -> None:
    # seed 001 l.169: the horde's turn is its Director's, so its timed effects end there.
    t = command_table()
    t.do("ail artillery Pinned rounds=1")
    assert "Artillery: Pinned ends" in t.text("next")


def test_a_horde_follows_its_director_when_the_order_changes() -> None:
    # seed 001 l.169: "They act on the initiative of their Director", whatever it becomes.
    t = command_table()
    t.do("init misato 3")
    assert t.state.order == ("unit01", "ramiel", "misato", "artillery")
    assert t.state.initiative["artillery"] == 3


def test_a_team_leader_takes_the_horde_on_their_turn() -> None:
    # seed 001, "Hordes": "If they have a team leader … they act on the team leader's
    # initiative instead."
    t = table(misato(), artillery(leader="kaji"), soldier(), angel())
    t.do("start", [9, 1, 2])  # Misato 12, Kaji 4, Ramiel 5
    assert t.state.order == ("misato", "ramiel", "kaji", "artillery")
    assert t.reminders("artillery") == {}  # Misato's turn: not the horde's
    t.do("next")
    t.do("next")
    assert "on Kaji's turn" in t.reminders("artillery")["command"]


def test_a_director_riding_a_construct_commands_on_its_turn() -> None:
    # seed 001, "Directors": "a Director may be a pilot riding a Construct".
    t = table(eva(), pilot(role="director"), artillery(director="shinji"), angel())
    t.do("start", [5, 2])
    assert t.state.order == ("unit01", "artillery", "ramiel")
    assert "on Unit01's turn" in t.reminders("artillery")["command"]


def test_a_horde_has_one_wound_pool_and_breaks_at_zero() -> None:
    # seed 001 l.127: only Constructs have a pool per location; l.65: without Fate, 0 wounds
    # ends it — docs/rulesets/eva-escale.md ("0 wounds"): "a horde is destroyed".
    t = command_table()
    assert "vs Soak 7 (TB 4 + AP 3): 3 wounds" in t.text("dmg artillery 10")
    assert "no locations" in t.refused("dmg artillery 10 @head")
    assert "Artillery is destroyed at 0 wounds (no Fate)" in t.text("dmg artillery 40")
    assert "nothing left to damage" in t.refused("dmg artillery 10")


def test_a_horde_needs_a_commander() -> None:
    # seed 001 l.169: a horde has no initiative of its own, only its Director's.
    with pytest.raises(RosterError, match="director"):
        RULES.prepare(artillery(director=""))


def test_the_supreme_commander_restores_fate_three_times_a_battle() -> None:
    # seed 001, "Directors": "SupComs may also, three times per battle, spend a point of
    # Morale to restore any one Fate Point spent by themselves or a subordinate."
    t = table(eva(), pilot(fate=4), misato(morale=5), angel())
    t.do("spend shinji fate 4")
    for left in ("2 Fate restores", "1 Fate restore", "0 Fate restores"):
        text = t.text("restore misato unit01")
        assert f"Misato: {left} left this battle" in text
    assert t.track("shinji", "fate") == 3
    assert t.track("misato", "morale") == 2
    assert "restored Fate 3 times this battle already" in t.refused("restore misato shinji")


def test_a_restore_needs_morale_a_spent_point_and_a_subordinate() -> None:
    # seed 001 l.105: the SupCom spends "a point of Morale to restore any one Fate Point
    # spent by themselves or a subordinate".
    t = table(pilot(), misato(morale=1), soldier("gendo", side="enemy", fate=1), angel())
    assert "has spent no Fate" in t.refused("restore misato shinji")
    t.do("spend misato fate")
    t.do("restore misato misato")
    t.do("spend shinji fate")
    assert "no Morale left" in t.refused("restore misato shinji")
    assert "not under Misato's command" in t.refused("restore misato gendo")
    assert "not the Supreme Commander" in t.refused("restore shinji misato")
