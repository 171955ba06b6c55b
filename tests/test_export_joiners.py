"""Who joins mid-fight reads in the game's words in a recap: ``Kaji joins the fight
(PC)``, not ``(pc)``, the file's code for the side."""

from __future__ import annotations

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
