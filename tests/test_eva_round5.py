"""eva-escale, rules as written round five: what happens to a horde when its team leader
falls or leaves; what a campaign carries.

Rules from ../shared/seeds/001_4a06b4925a00c8d1.txt ("seed 001"), cited by section.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import cli, fighter, member, ok
from tests.d100_helpers import Table
from tests.eva_helpers import RULES, angel, eva, pilot, soldier, table

EVA_SAMPLE = Path(__file__).resolve().parents[1] / "encounters" / "eva-escale-ramiel.toml"


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


def test_a_level_of_fatigue_outlasts_the_fight(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 001, Unarmed Attacks: "If the damage dealt is equal to or higher than the
    # target's TB, they suffer a level of fatigue" — the text ends it nowhere, so a
    # campaign carries it to the next fight, as it carries spent Fate and Critical Damage
    # (persona-d100 carries its fatigue the same way).
    path = tmp_path / "nerv.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "eva-escale")
    for who in ("shinji", "unit-01"):
        ok(capsys, "campaign", "add-pc", path, "--from", EVA_SAMPLE, who)
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", path, fight)
    for line in ("start --seed 1", "dmg unit-01 6 @body unarmed", "end"):
        ok(capsys, "do", fight, *line.split())
    assert fighter(fight, "unit-01").track("fatigue") == 1
    said = ok(capsys, "campaign", "writeback", path, fight, "--yes")
    assert "Fatigue — → 1" in said
    assert member(path, "unit-01").lasting.tracks["fatigue"] == 1
    fight2 = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", path, fight2)
    assert fighter(fight2, "unit-01").track("fatigue") == 1


def test_the_dead_and_the_downed_take_no_action() -> None:
    # seed 001, Attacking, Step Seven: "Most characters perish if they are dropped to 0
    # wounds" — Maya, dead, dodges nothing; Kaji, downed by the GM, neither acts nor moves
    # until the GM forces it.
    fight = table(soldier("kaji"), soldier("maya"), angel())
    fight.do("start", [9, 5, 1])
    fight.do("dmg maya 20 @body")
    assert fight.who("maya").status == "dead"
    assert fight.refused("act maya dodge reaction") == (
        "Maya is dead: no actions or reactions (add 'force' to allow)"
    )
    fight.do("down kaji")
    assert fight.refused("act kaji standard attack half") == (
        "Kaji is down: no actions or reactions (add 'force' to allow)"
    )
    assert fight.do("act kaji move half force") == [
        "Kaji: Move [movement] — Half Action (1 Half Action left) (forced)"
    ]


def test_a_pilot_is_held_no_longer_once_no_angel_stands() -> None:
    # seed 001, Pilots on Foot: "the pilot promptly takes 1d10 Ego damage for every round
    # in which they are held by the Angel" — with Ramiel gone from the fight, nobody holds
    # Kaji: the hold ends at the round's end, and no more Ego damage is rolled.
    fight = table(soldier("kaji"), soldier("ryo", stats={"ag": 20, "t": 35}), angel())
    fight.do("start", [5, 5, 5])
    fight.do("ail kaji held by an angel")
    fight.do("remove ramiel")
    lines = [line for n in range(4) for line in fight.do("next", [7])]
    assert "Kaji is no longer Held by an Angel: no Angel stands in the fight to hold them" in lines
    assert not [line for line in lines if "Ego damage" in line]
    assert fight.who("kaji").condition("Held by an Angel") is None


def test_a_destroyed_angel_holds_nobody() -> None:
    # seed 001, Pilots on Foot, and Step Seven ("perish if they are dropped to 0 wounds"):
    # an Angel destroyed lets go of the pilot it held.
    fight = table(soldier("kaji"), soldier("ryo", stats={"ag": 20, "t": 35}), angel())
    fight.do("start", [5, 5, 5])
    fight.do("ail kaji held by an angel")
    fight.do("dmg ramiel 40 @head")
    assert fight.who("ramiel").status == "dead"
    lines = [line for n in range(4) for line in fight.do("next", [7])]
    assert not [line for line in lines if "Ego damage" in line]


@pytest.mark.parametrize("ruleset", ["eva-escale", "persona-d100", "nerv-d100"])
@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("armour = { body = -2 }", "armour.body of Rei must be 0 or more, not -2"),
        ("stats = { t = -5 }", "stats.t of Rei must be 0 or more, not -5"),
    ],
)
def test_negative_armour_or_scores_are_refused_at_load(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str, line: str, said: str
) -> None:
    # seeds 001/004, Step Six: "Soak Value, which is their TB, plus AP" — Armour Points
    # and characteristics count up from 0 (seed 000's Defense is "Physique Bonus plus
    # Armour"): a negative one lowered Soak and Defense. Bad input: one line with
    # file:line:col, exit 1, the file as it was.
    stat = "physique" if ruleset == "nerv-d100" else "t"
    fight = tmp_path / "bad.toml"
    entry = line.replace("t =", f"{stat} =")
    fight.write_text(
        f'format = 2\n\n[encounter]\ntitle = "x"\nruleset = "{ruleset}"\n\n'
        f'[[combatants]]\nid = "rei"\nname = "Rei"\nside = "pc"\n{entry}\n',
        encoding="utf-8",
    )
    before = fight.read_bytes()
    code, _, err = cli(capsys, "check", fight)
    assert code == 1
    assert err.strip() == f"tracker: {fight}:11:1: {said.replace('stats.t', 'stats.' + stat)}"
    assert fight.read_bytes() == before


def test_a_fallen_supreme_commander_restores_no_fate() -> None:
    # seed 001, Directors: "SupComs may also, three times per battle, spend a point of
    # Morale to restore any one Fate Point" — a Supreme Commander dead, down or gone
    # spends nothing (the fallen take no action).
    fight = table(eva(), pilot(), soldier("misato", role="supcom", morale=3), angel())
    fight.do("start", [9, 5, 3])
    fight.do("spend shinji fate")
    fight.do("dead misato")
    assert fight.refused("restore misato shinji") == (
        "Misato is dead: a fallen Supreme Commander restores no Fate"
    )
    fight.do("revive misato")
    assert fight.do("restore misato shinji")[-1] == (
        "Shinji regains a spent Fate point: Fate 1 → 2"
    )
