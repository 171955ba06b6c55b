"""Who joins mid-fight reads in the game's words in a recap: ``Kaji joins the fight
(PC)``, not ``(pc)``, the file's code for the side; the JSON log names the joiner as
whom the line is about."""

from __future__ import annotations

import json
from pathlib import Path

from tests.player_helpers import copy_sample, play
from tracker.export.formats import export_file, format_named
from tracker.export.recap import ExportOptions


def test_a_pc_joining_mid_fight_is_a_pc_in_the_recap(tmp_path: Path) -> None:
    path = copy_sample("nerv-sachiel.toml", tmp_path)
    play(path, "start", "add Kaji side=pc", "add Toji side=ally")
    recap = export_file(path, format_named("md"), ExportOptions())
    assert "- Kaji joins the fight (PC)" in recap.splitlines()
    assert "- Toji joins the fight (ally)" in recap.splitlines()
    assert "(pc)" not in recap


def test_the_json_log_names_whom_a_joining_line_is_about(tmp_path: Path) -> None:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    play(path, "start", "add Kaji side=pc hp=9")
    events = json.loads(export_file(path, format_named("json"), ExportOptions()))["events"]
    joined = next(e for e in events if e["type"] == "combatant.added")
    assert (joined["target"], joined["target_id"]) == ("Kaji", "kaji")
