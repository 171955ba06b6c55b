"""eva-escale, rules as written round five: what happens to a horde when its team leader
falls or leaves.

Rules from ../shared/seeds/001_4a06b4925a00c8d1.txt ("seed 001"), cited by section.
"""

from __future__ import annotations

from tests.d100_helpers import Table
from tests.eva_helpers import RULES, angel, soldier, table


def led_battery() -> Table:
    """Kaji (initiative 12) leads the JSSDF battery; Misato (8) is its Director; Ramiel 4."""
    battery = {
        "id": "battery",
        "name": "Battery",
        "side": "pc",
        "kind": "horde",
        "director": "misato",
        "leader": "kaji",
        "wounds": 20,
    }
    fight = table(soldier("kaji"), soldier("misato", role="supcom", morale=3), battery, angel())
    fight.do("start", [9, 5, 1])
    assert fight.state.order == ("kaji", "battery", "misato", "ramiel")
    return fight


def test_a_horde_whose_team_leader_leaves_acts_on_its_directors_turn() -> None:
    # seed 001, Hordes: "They act on the initiative of their Director. If they have a team
    # leader (an IC attached to the horde) then they act on the team leader's initiative
    # instead." — with the leader gone, the Director's initiative is the one left.
    fight = led_battery()
    fight.do("remove kaji")
    assert fight.reminders("battery") == {}  # Kaji's turn is over: nothing left to command
    assert "Acts on Misato's turn (Director) — its team leader Kaji has left the fight" in (
        RULES.status_lines(fight.who("battery"), fight.state)
    )
    fight.do("next")
    lines = fight.do("next")
    assert "Battery has no initiative of its own: it acts on Misato's (8)" in lines
    assert fight.state.current == "misato"
    assert fight.state.order == ("misato", "battery", "ramiel")
    assert "Battery acts now, on Misato's turn" in fight.reminders("battery")["command"]
    assert fight.do("act battery standard attack half") == [
        "Battery: Standard [attack] — Half Action (1 Half Action left)"
    ]


def test_a_horde_whose_team_leader_dies_is_commanded_once_that_round() -> None:
    # seed 001, Hordes and Structured Time ("Each character gets one Turn per Round"): the
    # battery acted on Kaji's turn; after his death it waits for Misato's turn next round.
    fight = led_battery()
    fight.do("dmg kaji 30 @body")
    assert fight.who("kaji").status == "dead"
    assert fight.do("next") == ["Misato's turn"]
    assert "command" not in fight.reminders("battery")
    fight.do("next")
    lines = fight.do("next")
    assert lines[-1].startswith("Battery acts now, on Misato's turn: move and attack with it")
    assert fight.state.order == ("kaji", "misato", "battery", "ramiel")


def test_a_team_leader_standing_keeps_the_horde() -> None:
    # seed 001, Hordes: the team leader's initiative, not the Director's, while they lead.
    fight = led_battery()
    assert "command" in fight.reminders("battery")
    fight.do("next")
    assert "command" not in fight.reminders("battery")
    assert "Acts on Kaji's turn (team leader)" in RULES.status_lines(
        fight.who("battery"), fight.state
    )
