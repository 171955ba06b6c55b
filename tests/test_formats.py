"""Every journal ever written loads forever: fixtures of each past format, and the upcasters
that turn an old event into today's (tracker/store/upgrade.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.store import upgrade
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.journal import read_journal, write_document

FIXTURES = Path(__file__).parent / "fixtures"
# (file, events, round, whose turn): read off each fight when it was written
FORMAT_2 = {
    "nerv-sachiel.toml": (34, 1, "unit-01"),
    "wrath-ork-boarding.toml": (17, 1, "boy-1"),
    "alien-operations-deck.toml": (21, 1, "hudson"),
    "basic-bandits-at-the-ford.toml": (20, 1, "bandit-2"),
}


@pytest.mark.parametrize("name", sorted(FORMAT_2))
def test_a_format_2_fight_loads_as_it_was_played(name: str) -> None:
    events, round_no, current = FORMAT_2[name]
    loaded = load(FIXTURES / "format-2" / name)
    state = loaded.encounter.state
    assert (len(loaded.encounter.events), state.round, state.current) == (events, round_no, current)
    assert loaded.torn is None


def test_the_format_1_fixture_still_loads_whole() -> None:
    loaded = load(FIXTURES / "bridge-at-kell.toml")
    assert loaded.head["format"] == upgrade.CURRENT_FORMAT  # upgraded in memory
    assert read_journal(FIXTURES / "bridge-at-kell.toml").head["format"] == 1  # not on disk
    assert loaded.encounter.state.phase == "ended" and loaded.torn is None


def test_a_format_1_file_played_on_keeps_its_old_events(tmp_path: Path) -> None:
    path = tmp_path / "old.toml"
    path.write_bytes((FIXTURES / "bridge-at-kell.toml").read_bytes())
    before = len(load(path).encounter.events)
    with EncounterFile(path) as gm:
        from tracker.core.dice import Dice

        gm.execute("note after the fight, the bridge burns", Dice(seed=1))
    assert len(load(path).encounter.events) == before + 1


def test_an_upcaster_turns_a_renamed_field_into_todays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tomorrow's format 3 calls a note's sentence `sentence`: a format-2 file must still
    # load once the step 2 -> 3 is registered. Here, the other way round: today's reader
    # is taught that format 2's `sentence` is now `text`.
    path = tmp_path / "renamed.toml"
    read = read_journal(FIXTURES / "format-2" / "basic-bandits-at-the-ford.toml")
    for table in read.events:
        if table["type"] == "note.added" or "text" in table:
            table["sentence"] = table.pop("text", "")
    write_document(path, read.head, read.events)
    with pytest.raises(Exception, match="sentence"):
        load(path)  # without the step, the old field is refused (one line)

    def step(table: dict[str, object]) -> dict[str, object]:
        renamed = dict(table)
        renamed["text"] = renamed.pop("sentence", "")
        return renamed

    monkeypatch.setattr(upgrade, "CURRENT_FORMAT", 3)
    monkeypatch.setitem(upgrade.UPGRADES, 2, lambda head: head)
    monkeypatch.setitem(upgrade.UPCASTERS, 2, step)
    loaded = load(path)
    assert len(loaded.encounter.events) == FORMAT_2["basic-bandits-at-the-ford.toml"][0]
    assert any(e.text for e in loaded.encounter.events)
