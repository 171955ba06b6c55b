"""What the players read never tells the GM what to type: a command to type, with a
combatant's id, is the GM's business — a reminder (left out of the players' log, settled
by its choices) or a line for the GM alone, seen at the same moment in the GM's log. The
players read what happened. Every sample is played through a fight that raises each such
moment its ruleset has; the players' log (the players' recap, ``tracker view``, the
phones' page) holds no quoted command and no combatant id."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.player_helpers import copy_sample, play
from tracker.core import events as ev
from tracker.core.dice import Dice
from tracker.core.hidden_names import names_pattern
from tracker.export.player_log import player_log
from tracker.store.encounter_file import EncounterFile, load

QUOTED_COMMAND = re.compile(r"'[a-z][a-z-]*(?: [^']*)?'|\bby=WHO\b")
"""A command quoted for the GM to type: ``'dead sachiel'``, ``'act rei ACTION combo'``."""

FIGHTS: dict[str, tuple[str, ...]] = {
    "basic-bandits-at-the-ford.toml": ("start", "dmg captain 30", "next", "dmg archer 3"),
    "nerv-sachiel.toml": (
        "start",
        "act unit-01 pass off rei combo",
        "injure rei 9 @body",
        "dmg sachiel 40 @core",
        "next",
    ),
    "wrath-ork-boarding.toml": (
        "start",
        "attack amelia nob 8 melee",
        "interact amelia nob 14 hinder dn=1",
        "next",
        "hold nob",
        "next",
        "interrupt nob",
    ),
    "alien-operations-deck.toml": (
        "start",
        "opposed vasquez 1 hudson 6",
        "stress hudson +3",
        "panic hudson",
        "next",
    ),
    "eva-escale-ramiel.toml": (
        "start",
        "dmg unit-01 60 @torso",
        "dmg unit-01 12 @left-arm fury",  # on its own turn: nobody to attack it
        "next",
    ),
    "persona-d100-shadows.toml": (
        "start",
        "dmg yu 1d10",  # on Yu's own turn: nobody named as the attacker
        *("dmg yu 1 special",) * 4,
        "dmg slime 30 element=ice",
        "next",
    ),
}
"""Each sample's fight: the moments its ruleset once wrote a command into a log line."""

GM_LINES: dict[str, tuple[str, ...]] = {
    "nerv-sachiel.toml": ("'act rei ACTION combo'", "'dead rei'"),
    "wrath-ork-boarding.toml": ("'dmg nob DR", "'note TEXT'", "'act nob'"),
    "alien-operations-deck.toml": ("'push vasquez' or 'push hudson'", "look up panic"),
    "eva-escale-ramiel.toml": ("'defeat unit-01'", "by=WHO"),
    "persona-d100-shadows.toml": ("Critical Hit: by=WHO", "by=WHO and test=ws|bs"),
}
"""What the GM's own log says at those moments (the fight did raise them)."""

SEEDS = {"persona-d100-shadows.toml": 287}
"""The dice that bring each moment about (a 10 on the damage and the Special Damage die)."""


def _players_read(path: Path, reveal: bool = False) -> list[str]:
    """The players' log (``reveal``: with every combatant's numbers, as the encounter's
    ``reveal = true`` shows them)."""
    loaded = load(path)
    fight = loaded.encounter
    log = player_log(fight.initial, fight.events, loaded.rules, reveal)
    return [line.text for line in log]


def _leaks(text: str, ids: set[str], names: re.Pattern[str] | None) -> list[str]:
    """The quoted commands and combatant ids in ``text`` (names taken out first: Rei's id
    ``rei`` is a word of her name)."""
    bare = names.sub("", text) if names is not None else text
    found = QUOTED_COMMAND.findall(bare)
    return found + [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", bare)]


@pytest.mark.parametrize("sample", sorted(FIGHTS))
def test_no_players_line_holds_a_command_or_an_id(tmp_path: Path, sample: str) -> None:
    path = copy_sample(sample, tmp_path)
    gm_said = play(path, *FIGHTS[sample], seed=SEEDS.get(sample, 6))
    for wanted in GM_LINES.get(sample, ()):
        assert any(wanted in line for line in gm_said), (wanted, gm_said)
    loaded = load(path)
    fighters = loaded.encounter.state.combatants.values()
    ids = {c.id for c in fighters}
    names = names_pattern(c.name for c in fighters)
    for reveal in (False, True):
        read = _players_read(path, reveal)
        assert read
        assert [(text, _leaks(text, ids, names)) for text in read if _leaks(text, ids, names)] == []


def _last(path: Path, *lines: str, seed: int = 6) -> list[ev.Event]:
    """Play ``lines`` on ``path``; the events of the last one."""
    dice = Dice(seed=seed)
    with EncounterFile(path) as gm:
        for line in lines[:-1]:
            gm.execute(line, dice)
        return list(gm.execute(lines[-1], dice))


def _for_the_gm(events: list[ev.Event]) -> list[str]:
    return [e.text for e in events if ev.gm_only(e) or isinstance(e, ev.ReminderRaised)]


def _for_all(events: list[ev.Event]) -> list[str]:
    return [e.text for e in events if e.text and not _for_the_gm([e])]


def test_nerv_incapacitated_says_dead_to_the_gm_alone(tmp_path: Path) -> None:
    path = copy_sample("nerv-sachiel.toml", tmp_path)
    made = _last(path, "start", "injure rei 9 @body")
    assert "If the blow kills Rei Ayanami (on foot): 'dead rei'" in _for_the_gm(made)
    fell = next(t for t in _for_all(made) if "incapacitated" in t)
    assert fell.startswith("Rei Ayanami (on foot) is incapacitated: ") and "'" not in fell
    assert fell in _players_read(path)
    play(path, "dead rei")  # the GM's line names a command that works
    assert load(path).encounter.state.combatants["rei"].status == "dead"


def test_nerv_pass_off_tells_the_gm_how_the_ally_takes_the_combo(tmp_path: Path) -> None:
    path = copy_sample("nerv-sachiel.toml", tmp_path)
    made = _last(path, "start", "act unit-01 pass off rei combo")
    assert _for_the_gm(made) == ["Rei Ayanami (on foot)'s combo action: 'act rei ACTION combo'"]
    told = (
        "Unit-01 (Shinji) passes the Combo to Rei Ayanami (on foot): Rei Ayanami (on foot) "
        "takes it now, then Unit-01 (Shinji)'s turn goes on"
    )
    assert told in _for_all(made) and told in _players_read(path)


def test_wrath_a_hit_without_damage_tells_the_gm_the_dmg_line(tmp_path: Path) -> None:
    path = copy_sample("wrath-ork-boarding.toml", tmp_path)
    made = _last(path, "start", "attack amelia nob 8 melee")
    assert _for_the_gm(made) == ["Damage to Ork Nob: 'dmg nob DR bd=1'"]
    assert not any("Damage" in text for text in _players_read(path))
    assert "Sister Amelia hits Ork Nob (DN 2: Defence 2); 1 bonus damage die" in _for_all(made)


def test_wrath_a_failed_interrupt_tells_the_gm_when_the_holder_acts(tmp_path: Path) -> None:
    path = copy_sample("wrath-ork-boarding.toml", tmp_path)
    made = _last(path, "start", "next", "hold nob", "next", "interrupt nob")
    assert _for_the_gm(made) == ["Ork Nob acts after this turn: 'act nob'"]
    assert "Ork Boy (1) acts first; Ork Nob still holds" in _players_read(path)


def test_wrath_players_call_reads_without_the_note_command(tmp_path: Path) -> None:
    path = copy_sample("wrath-ork-boarding.toml", tmp_path)
    made = _last(path, "start", "interact amelia nob 14 hinder dn=1", seed=5)
    assert _for_the_gm(made) == ["Agree it at the table, then keep it: 'note TEXT'"]
    read = _players_read(path, reveal=True)  # the Shifts are numbers about an enemy
    assert not any("note" in text for text in read)
    assert "Player's Call: 5 Shifts — something more happens to Ork Nob" in read


def test_alien_a_failed_opposed_roll_names_the_pushes_to_the_gm(tmp_path: Path) -> None:
    path = copy_sample("alien-operations-deck.toml", tmp_path)
    made = _last(path, "start", "opposed vasquez 1 hudson 6")
    assert _for_the_gm(made) == ["A push: 'push vasquez' or 'push hudson'"]
    failed = next(t for t in _players_read(path) if "fails the opposed roll" in t)
    assert failed.endswith("it needs more than Pvt. Hudson — either may push")


def test_alien_a_panic_total_to_look_up_is_a_reminder(tmp_path: Path) -> None:
    path = copy_sample("alien-operations-deck.toml", tmp_path)
    made = _last(path, "start", "stress hudson +3", "panic hudson")
    raised = [e for e in made if isinstance(e, ev.ReminderRaised)]
    assert [(r.who, r.key) for r in raised] == [("hudson", "panic-table")]
    assert raised[0].text.endswith("and enter it — 'panic hudson 10 EFFECT'")
    assert "Pvt. Hudson's panic roll: 1d6 [6] + stress 4 = 10" in _players_read(path)
    play(path, "panic hudson 10 Freeze")  # entering the result settles it
    assert load(path).encounter.state.reminders == ()


def test_eva_critical_damage_that_may_defeat_is_a_reminder_with_a_defeat_choice(
    tmp_path: Path,
) -> None:
    path = copy_sample("eva-escale-ramiel.toml", tmp_path)
    made = _last(path, "start", "dmg unit-01 60 @torso")
    assert not any("defeat" in text for text in _players_read(path))
    loaded = load(path)
    (question,) = [r for r in loaded.encounter.state.reminders if r.key == "defeat"]
    assert question.text in _for_the_gm(made)
    choices = dict(loaded.rules.reminder_actions(question))
    assert choices == {"defeated": "defeat unit-01", "dismiss": "dismiss unit-01 defeat"}
    play(path, choices["defeated"])
    state = load(path).encounter.state
    assert state.combatants["unit-01"].status == "down"
    keys = [r.key for r in state.reminders if r.who == "unit-01"]
    assert "eject" in keys and "defeat" not in keys


def test_eva_fury_with_no_attacker_asks_the_gm_for_by(tmp_path: Path) -> None:
    path = copy_sample("eva-escale-ramiel.toml", tmp_path)
    made = _last(path, "start", "dmg unit-01 12 @left-arm fury")
    assert _for_the_gm(made) == ["Name the attacker for Righteous Fury: by=WHO"]
    said = "A natural maximum on the damage dice, but no attacker is named: no Righteous Fury"
    assert said in _players_read(path)


def test_persona_a_critical_with_no_attacker_asks_the_gm_for_by(tmp_path: Path) -> None:
    path = copy_sample("persona-d100-shadows.toml", tmp_path)
    made = _last(path, "start", "dmg yu 1d10")  # a 10, on Yu's own turn
    assert _for_the_gm(made) == ["Name the attacker for a Critical Hit: by=WHO"]
    said = "A 10 on the damage dice, but no attacker is known: no Critical Hit"
    assert said in _players_read(path, reveal=True)


def test_persona_a_special_damage_ten_leaves_the_ruling_to_the_gm(tmp_path: Path) -> None:
    path = copy_sample("persona-d100-shadows.toml", tmp_path)
    made = _last(path, "start", "dmg yu 5 special")  # its Special Damage die shows a 10
    assert _for_the_gm(made) == ["To confirm it here: by=WHO and test=ws|bs (or confirm=pass|fail)"]
    said = "The Special Damage die shows a 10: a Critical Hit chance — the GM rules"
    assert said in _players_read(path, reveal=True)
