"""The TUI's pickers (the damage and ailment dialogs' target, the dice dialog's "Who
rolls", the add dialog's stat blocks) say a combatant's side in a word after its name, as
the status pane and the players' view do: "Rei Ayanami (on foot) · PC", never
"Rei Ayanami (on foot) (pc)" — a side id in brackets after a name with brackets of its own."""

from __future__ import annotations

from pathlib import Path

from tests.player_helpers import copy_sample
from tracker.store.encounter_file import load
from tracker.ui.modals.add_combatant import block_label
from tracker.ui.modals.dialog import target_options


def test_every_target_reads_name_then_side_word(tmp_path: Path) -> None:
    state = load(copy_sample("nerv-sachiel.toml", tmp_path)).encounter.state
    labels = {who: label for label, who in target_options(state)}
    assert {who: label.plain for who, label in labels.items()} == {
        "unit-01": "Unit-01 (Shinji) · PC",
        "unit-02": "Unit-02 (Asuka) · PC",
        "rei": "Rei Ayanami (on foot) · PC",
        "sachiel": "Sachiel · enemy",
    }
    rei = labels["rei"]
    side = rei.plain.index(" · PC")
    assert [s.style for s in rei.spans if s.start >= side] == ["dim"]  # the word, not the name
    assert not [s for s in rei.spans if s.start < side]


def test_a_stat_block_reads_its_side_as_a_word_too() -> None:
    label = block_label({"id": "vet", "name": "Bandit (veteran)", "side": "neutral", "hp": "2d6"})
    assert label.plain == "vet  Bandit (veteran) · neutral · rolls hp 2d6"
