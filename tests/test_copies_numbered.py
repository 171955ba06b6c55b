"""When a second copy joins, the first one is numbered too (issue 27): ``add bandit`` twice
gives Bandit (1) and Bandit (2) — numbered as the samples number copies (Ork Boy (1)) —
never a plain Bandit beside Bandit (2). The renaming is part of
the command that adds, so one undo puts the plain name back; ids never change."""

from __future__ import annotations

from pathlib import Path

from tests.ui_helpers import nerv_file
from tracker.core.dice import Dice
from tracker.core.joining import slug
from tracker.core.session import Encounter
from tracker.store.encounter_file import EncounterFile, load, new_file

DICE = Dice(seed=3)


def names(encounter: Encounter) -> dict[str, str]:
    return {c.id: c.name for c in encounter.state.combatants.values()}


def test_the_first_bandit_becomes_bandit_1_when_the_second_joins(tmp_path: Path) -> None:
    path = tmp_path / "ford.toml"
    new_file(path, "basic")
    with EncounterFile(path) as play:
        play.execute("add bandit", DICE)
        assert names(play.encounter) == {"bandit": "Bandit"}
        events = play.execute("add bandit", DICE)
        assert names(play.encounter) == {"bandit": "Bandit (1)", "bandit-2": "Bandit (2)"}
        assert [e.text for e in events if e.text][0] == "Bandit is now Bandit (1)"
        play.execute("undo", DICE)
        assert names(play.encounter) == {"bandit": "Bandit"}
        play.execute("add 2 bandit", DICE)
    again = load(path).encounter  # the renaming is in the file, not only in memory
    assert names(again) == {
        "bandit": "Bandit (1)",
        "bandit-2": "Bandit (2)",
        "bandit-3": "Bandit (3)",
    }


def test_three_more_sachiels_number_the_first(tmp_path: Path) -> None:
    with EncounterFile(nerv_file(tmp_path)) as play:
        play.execute("start", DICE)
        play.execute("add 3 sachiel", DICE)
        sachiels = sorted(n for n in names(play.encounter).values() if "Sachiel" in n)
        assert sachiels == ["Sachiel (1)", "Sachiel (2)", "Sachiel (3)", "Sachiel (4)"]
        assert play.encounter.state.combatant("sachiel").name == "Sachiel (1)"
        play.execute("dmg sachiel-2 1", DICE)  # ids stay as they were


def test_a_name_typed_twice_is_numbered_like_copies(tmp_path: Path) -> None:
    path = tmp_path / "alley.toml"
    new_file(path, "basic")
    with EncounterFile(path) as play:
        play.execute("add Goblin hp=3", DICE)
        play.execute("add goblin hp=4", DICE)
        assert names(play.encounter) == {"goblin": "Goblin (1)", "goblin-2": "Goblin (2)"}


def test_a_first_batch_of_copies_is_numbered_from_one(tmp_path: Path) -> None:
    path = tmp_path / "ford.toml"
    new_file(path, "basic")
    with EncounterFile(path) as play:
        events = play.execute("add 2 bandit", DICE)
        assert sorted(names(play.encounter).values()) == ["Bandit (1)", "Bandit (2)"]
        assert not any("is now" in e.text for e in events)


def test_an_accented_name_makes_an_id_a_gm_can_type() -> None:
    """``add Pflüger`` is ``pfluger`` (typed on any keyboard), not ``pfl-ger``."""
    assert slug("Dock Foreman Pflüger") == "dock-foreman-pfluger"
    assert slug("Señora Núñez") == "senora-nunez"
    assert slug("Ork Boy") == "ork-boy"


def test_a_journal_written_before_keeps_its_names_and_numbering(tmp_path: Path) -> None:
    """Copies named ``Bandit 1``/``Bandit 2`` (an older version, the basic sample) stay so,
    and the next one is numbered in their form: ``Bandit 3``, not ``Bandit (3)``."""
    path = tmp_path / "ford.toml"
    new_file(path, "basic")
    with EncounterFile(path) as play:
        play.execute("add Bandit 1", DICE)
        play.execute("add Bandit 2", DICE)
        play.execute("add bandit", DICE)
    assert sorted(names(load(path).encounter).values()) == ["Bandit 1", "Bandit 2", "Bandit 3"]
