"""The players' log leaves out the reminders the GM is to resolve: a reminder is the GM's
to-do, often with the command to type ("look up critical injury 61 and enter it —
'crit hudson 61 NAME …'"); the players read what comes of it."""

from __future__ import annotations

from pathlib import Path

from tests.player_helpers import copy_sample, play
from tracker.core import events as ev
from tracker.export.player_log import player_log
from tracker.store.encounter_file import load


def test_a_critical_to_look_up_reaches_the_gm_and_not_the_players(tmp_path: Path) -> None:
    path = copy_sample("alien-operations-deck.toml", tmp_path)
    play(path, "start", "dmg hudson 9")  # seed 003: Broken at 0 Health, a critical rolled
    loaded = load(path)
    fight = loaded.encounter
    raised = [e.text for e in fight.events if isinstance(e, ev.ReminderRaised)]
    assert raised and "enter it — 'crit hudson" in raised[0]  # the GM's own line
    seen = [line.text for line in player_log(fight.initial, fight.events, loaded.rules)]
    assert not any("enter it" in text or "'crit" in text for text in seen), seen
    assert any("rolls critical injury" in text for text in seen), seen  # what came of it


def test_a_dismissed_reminder_says_what_it_was_to_the_gm_and_nothing_to_the_players(
    tmp_path: Path,
) -> None:
    # the log said "Pvt. Hudson: critical dismissed" (its key); the players read it too
    path = copy_sample("alien-operations-deck.toml", tmp_path)
    play(path, "start", "dmg hudson 9", "dismiss hudson")
    loaded = load(path)
    fight = loaded.encounter
    raised = next(e.text for e in fight.events if isinstance(e, ev.ReminderRaised))
    dismissed = [e.text for e in fight.events if isinstance(e, ev.ReminderResolved)]
    assert dismissed[-1] == f"Dismissed: {raised}"
    seen = [line.text for line in player_log(fight.initial, fight.events, loaded.rules)]
    assert not any("ismissed" in text for text in seen), seen
