"""nerv-d100, rules as written round five: what outlasts a fight, and interactions.

Rules from ../shared/seeds/000_fee90f6e2d7410c1.txt ("seed 000"), cited by section.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import ASUKA, cli, fighter, member, ok, tokyo
from tests.nerv_helpers import Table, angel, pilot, started, to_carols_next_turn


def test_an_ego_fracture_carried_to_the_next_fight_has_no_grace_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 000, Ego Fracture: "Once you are Ego Fractured, you remain so until the start of
    # the next Downtime … if you suffer an Ego Fracture again whilst already Ego Fractured,
    # your AT Field loses its coherency and your ego collapses" and "you do have a grace
    # period of WPB turns where you can't collapse". The grace is turns of the fight it
    # began in; the next fight (no Downtime between) finds Asuka fractured, without it.
    path = tokyo(tmp_path, capsys, ASUKA)
    first, second = tmp_path / "f1.toml", tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", path, first, "--title", "Sachiel")
    for line in ("add Sachiel physique=60 grace=40", "start", "fracture asuka", "end"):
        ok(capsys, "do", first, *line.split())
    ok(capsys, "campaign", "writeback", path, first, "--yes")
    assert [c.name for c in member(path, "asuka").lasting.conditions] == ["Ego Fracture"]

    ok(capsys, "campaign", "fight", path, second, "--title", "Ramiel")
    for line in ("add Ramiel physique=60 grace=40", "start"):
        ok(capsys, "do", second, *line.split())
    said = ok(capsys, "do", second, "fracture", "asuka")
    assert "Asuka's ego collapses into LCL: a second Ego Fracture" in said
    assert fighter(second, "asuka").status == "down"


def test_the_grace_period_still_holds_within_the_fight(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 000, Ego Fracture: the grace period of WPB (4) turns holds in the fight itself.
    path = tokyo(tmp_path, capsys, ASUKA)
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", path, fight, "--title", "Sachiel")
    for line in ("add Sachiel physique=60 grace=40", "start", "fracture asuka"):
        ok(capsys, "do", fight, *line.split())
    said = ok(capsys, "do", fight, "fracture", "asuka")
    assert "within the grace period (4 turns left): the ego holds" in said
    assert fighter(fight, "asuka").status == "active"


def test_a_combatant_who_leaves_the_fight_takes_their_reminders_along() -> None:
    # seed 000, Fear: "Witnessing an important ally … be defeated" calls for Carol's Fear
    # test; Combat Structure, Step Six: the fight goes on without whoever leaves it. Carol
    # leaving (she flees the field) leaves no Fear test of hers open; undo brings it back.
    table = started(pilot("carol"), pilot("dan", fate=1, stats={"grace": 25}), angel())
    table.do("dmg dan 30 @body savage")
    assert "fear:ally" in table.reminders("carol")
    lines = table.do("remove carol")
    assert lines[:2] == [
        "Carol leaves the fight",
        "Closed (Carol left the fight): Carol sees Dan, an important ally, fall — a Fear "
        "trigger: Will or Fortitude (Courage) test",
    ]
    assert table.reminders("carol") == {}
    assert "fear:injury" in table.reminders("dan")  # another's reminders stay
    table.do("undo")
    assert "fear:ally" in table.reminders("carol")


def test_physique_decayed_below_the_injuries_incapacitates() -> None:
    # seed 000, Wounds and Injury: "You keep taking Injuries until you have more Injury
    # points than your Physique Bonus. When this happens, you are incapacitated"; Score
    # Decay: "The score itself is reduced … This changes your Bonuses accordingly."
    # Carol (Physique 30: PB 3) holds 3 Injuries; a decay to 25 leaves PB 2 < 3.
    table = started()
    table.do("wound carol 3")
    table.do("injure carol 3 @body")
    assert table.who("carol").status == "active"
    lines = table.do("decay carol physique 5")
    assert lines[1] == "Carol is incapacitated: 3 injuries > Physique Bonus 2"
    assert table.who("carol").status == "down"


def test_blood_loss_decay_below_the_injuries_incapacitates() -> None:
    # seed 000, Blood Loss: "If they are out of Wounds, then instead of suffering Injuries,
    # they suffer 1 Physique decay, +1 per DoF" — Physique 30 → 29 is PB 2, under the 3
    # Injuries Carol holds.
    table = started()
    table.do("wound carol 3")
    table.do("injure carol 3 @body")
    table.do("ail carol blood loss")
    table.do("next")
    table.do("next")
    assert "test:bleeding" in table.reminders("carol")
    lines = table.do("test carol bleeding fail dof=0")
    assert lines[:2] == [
        "Carol: Physique 30 → 29 (Blood Loss, 0 DoF)",
        "Carol is incapacitated: 3 injuries > Physique Bonus 2",
    ]
    assert table.who("carol").status == "down"


def test_a_falling_flyer_cannot_fly_out_of_its_fall() -> None:
    # seed 000, altitude bands: "If a character in the air begins to fall (either due to
    # its flight systems being knocked out etc) it falls one band at the end of each round;
    # once it moves from Low to Ground, it crashes". Sachiel, falling from Low, may not fly
    # up to High (nor land) while it falls; once the GM rules it flies again, it may.
    table = started(pilot("carol"), angel(altitude="low"))
    table.do("fall sachiel")
    assert table.refused("fly sachiel high") == (
        "Sachiel is falling: 'cure sachiel Falling' once it can fly again"
    )
    assert table.refused("fly sachiel ground") == (
        "Sachiel is falling: 'cure sachiel Falling' once it can fly again"
    )
    table.do("next")
    assert "Sachiel crashes into the ground from Low: Damage 20, armour ignored" in (
        table.do("next", [50])
    )
    table.do("undo")
    table.do("cure sachiel falling")
    assert table.do("fly sachiel high") == ["Sachiel flies up to High"]


def test_who_may_take_no_action_makes_no_chance_attack() -> None:
    # seed 000, Chance Attacks: "Chance Attacks act exactly like a standard attack"; Fear
    # 4 DoF Frozen: "They cannot move, nor take actions"; Helpless: "unconscious or
    # incapacitated targets". A Frozen or unconscious Carol strikes no one leaving melee.
    table = started()
    table.do("fear carol dof=4")
    assert table.refused("act carol chance") == (
        "Carol is Frozen in Fear: no actions (add 'force' to allow it)"
    )
    table.do("cure carol fear")
    table.do("ail carol unconscious")
    assert table.refused("act carol chance") == (
        "Carol is Unconscious: no actions (add 'force' to allow it)"
    )
    assert table.do("act carol chance force") == ["Carol makes a Chance Attack"]


def test_an_incapacitated_fighter_takes_no_action() -> None:
    # seed 000, Wounds and Injury: more Injury points than Physique Bonus and "you are
    # incapacitated or killed" — Carol, down on her turn, neither moves, acts, exerts nor
    # makes a Chance Attack unless the GM forces it.
    table = started()
    table.do("wound carol 3")
    table.do("injure carol 4 @body")
    assert table.who("carol").status == "down"
    for line, what in (
        ("act carol move", "moves"),
        ("act carol defend", "actions"),
        ("exert carol", "actions"),
        ("act carol chance", "actions"),
    ):
        assert table.refused(line) == f"Carol is incapacitated: no {what} (add 'force' to allow it)"
    assert table.do("act carol defend force")[0] == "Carol: Defend ★★ (0 actions left)"


def test_under_the_helpless_reading_the_surprised_are_helpless_in_the_surprise_round() -> None:
    # seed 000, Combat Structure, Step Two: "Surprised characters lose their first turn
    # and may not oppose any tests in the surprise round"; Helpless: "Attacks against them
    # become Savage". The reading no-opposing=helpless makes a target that cannot oppose
    # attacks Helpless (Stunned, Hypnotised …); the surprised cannot oppose any test.
    table = Table(pilot("carol"), angel())
    table.do("reading no-opposing helpless")
    table.do("start surprised=sachiel")
    line = table.do("dmg sachiel 8 @body")[0]
    assert line.endswith("Savage ×1 (helpless (surprised: may not oppose any tests this round))")
    table.do("undo")
    table.do("next")
    table.do("next")  # round 2: the surprise is over
    assert "Savage" not in table.do("dmg sachiel 8 @body")[0]


def test_by_default_the_surprised_are_not_helpless() -> None:
    # seed 000, Helpless: the default reading (not-helpless) keeps Savage for the Helpless.
    table = Table(pilot("carol"), angel())
    table.do("start surprised=sachiel")
    assert "Savage" not in table.do("dmg sachiel 8 @body")[0]


def test_an_addicted_pc_starts_each_fight_fatigued_until_the_substance_is_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 000, Trauma, Unsettled and Dysfunctional — the Addiction Disorder: "you start
    # each Crisis and Downtime in a permanent Fatigued state until you take the substance"
    # (the tracker already honours its sibling, Depression).
    path = tokyo(tmp_path, capsys, ASUKA)
    ok(capsys, "campaign", "set", path, "asuka", "drawback", "Addiction: cigarettes")
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", path, fight, "--title", "Sachiel")
    asuka = fighter(fight, "asuka")
    assert asuka.condition("Addiction") is not None and asuka.condition("Fatigued") is not None
    for line in ("add Sachiel physique=60 grace=40", "start"):
        ok(capsys, "do", fight, *line.split())
    ok(capsys, "do", fight, "gain", "asuka", "stress", "5")
    ok(capsys, "do", fight, "spend", "asuka", "stress", "5")
    assert fighter(fight, "asuka").condition("Fatigued") is not None  # Stress 0: still
    said = ok(capsys, "do", fight, "cure", "asuka", "addiction")
    assert "Asuka is no longer Fatigued" in said
    assert fighter(fight, "asuka").condition("Fatigued") is None


def test_a_pc_without_the_disorder_starts_rested(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 000: only the Addiction Disorder makes a fresh Crisis start Fatigued.
    path = tokyo(tmp_path, capsys, ASUKA)
    ok(capsys, "campaign", "set", path, "asuka", "drawback", "Phobia: lifts")
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", path, fight, "--title", "Sachiel")
    assert fighter(fight, "asuka").condition("Fatigued") is None


def test_a_negative_starting_advantage_is_refused_at_load(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 000, Combat Structure, Step Three: initiative "is equal to Grace Bonus, plus 1
    # per starting Advantage" — a count of Advantages; -1 read as Grace Bonus 3 "+-1"
    # before. Bad input: one line with file:line:col, exit 1, the file left as it was.
    fight = tmp_path / "bad.toml"
    fight.write_text(
        'format = 2\n\n[encounter]\ntitle = "x"\nruleset = "nerv-d100"\n\n'
        '[[combatants]]\nid = "rei"\nname = "Rei"\nside = "pc"\n'
        "stats = { grace = 40 }\nadvantage = -1\n",
        encoding="utf-8",
    )
    before = fight.read_bytes()
    code, out, err = cli(capsys, "check", fight)
    assert code == 1
    assert err.strip() == (
        f"tracker: {fight}:12:1: advantage of Rei must be 0 or more: it counts starting "
        "Advantages, each +1 initiative"
    )
    assert fight.read_bytes() == before
    assert Table(pilot("carol", advantage=2), angel()).do("start")[0] == (
        "Carol initiative 5 (Grace Bonus 3 +2 Advantage)"
    )


def test_no_fear_test_for_an_injury_suffered_while_already_in_fear() -> None:
    # seed 000, Fear: "Suffering an injury" is a trigger, but the effects "[are] determined
    # off the original roll only" until shaken off — Carol, in Fear (Avoidance), cannot
    # take another Fear test ('fear' refuses it), so her first injury asks for none, as a
    # fallen ally asks none of one in Fear already (round four).
    table = started(pilot("carol", stats={"physique": 50}), angel())
    table.do("fear carol dof=2")
    table.do("wound carol 5")
    lines = table.do("wound carol 1 @body")
    assert not [line for line in lines if "Fear trigger" in line]
    assert "fear:injury" not in table.reminders("carol")


def test_an_angel_in_fear_is_asked_no_existential_crisis_test() -> None:
    # seed 000, injury chart (Core 4+ Existential Crisis): "must make a Fear test" — not
    # while the Angel is in Fear already.
    table = started(pilot("carol"), angel())
    table.do("fear sachiel dof=1")
    table.do("wound sachiel 4 @core")
    table.do("injure sachiel 4 @core")
    assert "fear:injury" not in table.reminders("sachiel")


def test_fate_spent_to_restore_wounds_is_refused_with_every_wound_left() -> None:
    # seed 000, Fate Points: "Restore Wounds. You can spend a Fate Point to restore a number
    # of Wounds equal to your maximum Fate Pool size" — with every Wound left there is
    # nothing to restore, and the point is not thrown away.
    table = started(pilot("carol", fate=2, stats={"physique": 50}), angel())
    assert table.refused("spend carol fate use=wounds") == (
        "Carol has every Wound (5/5): nothing to restore"
    )
    assert table.track("carol", "fate") == 2
    table.do("wound carol 1")
    table.do("spend carol fate use=wounds")
    assert (table.track("carol", "wounds"), table.track("carol", "fate")) == (5, 1)


def test_no_surge_for_one_who_may_take_no_action() -> None:
    # seed 000, Fate Points: "Surge. You can spend a Fate Point to gain an immediate Surge
    # action" — an action a Stunned ("You may make no actions", l.279) or incapacitated
    # Carol cannot take, so the Fate point is not spent on it (an Exert is refused alike).
    table = started(pilot("carol", fate=2), angel())
    table.do("ail carol stunned")
    assert table.refused("spend carol fate use=surge") == "Carol is Stunned: no Surge action"
    assert table.refused("exert carol") == "Carol is Stunned: no actions (add 'force' to allow it)"
    table.do("cure carol stunned")
    table.do("down carol")
    assert table.refused("spend carol fate use=surge") == "Carol is incapacitated: no Surge action"
    assert table.track("carol", "fate") == 2


def test_a_temporary_blindness_an_injury_then_keeps_is_no_longer_shaken_off() -> None:
    # seed 000, Blinded: "Temporary Blindness can be removed … by a free Endurance
    # (Injury) test at the start of your turn"; Head 4+ (l.214): "Until you heal, you are
    # unable to see". Carol, blinded for a while (a flash), then takes Head 4: the two do
    # not stack, but the injury's blindness is no temporary one — only healing ends it.
    table = started(pilot("carol", stats={"physique": 60}), angel())
    table.do("ail carol blinded")
    table.do("wound carol 6")
    lines = table.do("injure carol 4 @head")
    assert lines[-1] == "Carol is already Blinded: the injury keeps it on until healed"
    to_carols_next_turn(table)
    assert "shake:Blinded" not in table.reminders("carol")
    assert table.refused("shake carol pass blinded") == (
        "Carol has no 'blinded' to shake off — Confused"
    )
    assert table.do("heal carol 1 @head")[-1] == "Carol: Blinded ends, the injury healed"
