"""Counts read as words wherever a GM or a player reads them: ``1 round``, ``2 rounds``,
``3 successes`` — never ``round(s)`` or ``success(es)`` (the log, ``tracker state``, the
status pane, every export). Journals already played keep the words they were played with.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.midfight import MIDFIGHT
from tracker.cli import main
from tracker.core.dice import Dice
from tracker.core.wording import counted
from tracker.export.formats import FORMATS, recap_of
from tracker.export.html_recap import render_html
from tracker.export.recap import ExportOptions
from tracker.export.theme import DARK
from tracker.store.encounter_file import EncounterFile, load

SAMPLES = Path(__file__).resolve().parents[1] / "encounters"
OLD_FIXTURE = Path(__file__).parent / "fixtures" / "bridge-at-kell.toml"
HEDGED = re.compile(r"\w\((s|es)\)")
"""A plural left to the reader: ``round(s)``, ``success(es)``."""

# Commands that print counts, with a count of 1 and of 2 where the ruleset lets the GM
# choose it, played after the sample's middle of round 2; "end" then says how many rounds.
COUNTS: dict[str, tuple[str, ...]] = {
    "basic-bandits-at-the-ford.toml": (
        "ail mara Frightened rounds=1",
        "ail tobin Frightened rounds=2",
    ),
    "nerv-sachiel.toml": ("wound sachiel 1", "wound sachiel 2 @core"),
    "wrath-ork-boarding.toml": ("test amelia 1 dn=1", "test kell 2 dn=1"),
    "alien-operations-deck.toml": ("skill vasquez 1", "skill hudson 2"),
    "eva-escale-ramiel.toml": (
        "wound unit-02 1",
        "wound shinji 2",
        "ail shinji Stunned rounds=1",
    ),
    "persona-d100-shadows.toml": (
        "ail yu Burn category=Physical rounds=1",
        "ail yukiko Burn category=Physical rounds=2",
    ),
}


def played(tmp_path: Path, sample: str) -> tuple[Path, list[str]]:
    """A copy of ``sample`` played to mid-fight, through the counting commands, to its end;
    the log lines each command printed."""
    path = tmp_path / sample
    shutil.copyfile(SAMPLES / sample, path)
    dice, said = Dice(seed=11), []
    with EncounterFile(path) as play:
        for line in MIDFIGHT[sample]:
            play.execute(line, dice)
        for line in (*COUNTS[sample], "end"):
            said += [event.text for event in play.execute(line, dice)]
    return path, said


def shown(path: Path) -> list[str]:
    """Every text a GM reads about the file: the event texts, the status pane's lines of
    each fighter, and the recap in every format, the GM's copy and the players'."""
    loaded = load(path)
    state = loaded.encounter.state
    texts = [event.text for event in loaded.encounter.events]
    for fighter in state.combatants.values():
        texts += loaded.rules.status_lines(fighter, state)
    for options in (ExportOptions(gm=True, with_undone=True), ExportOptions()):
        recap = recap_of(loaded, options)
        texts += [FORMATS[fmt].render(recap) for fmt in sorted(FORMATS) if fmt != "html"]
        texts.append(render_html(recap, DARK))
    return texts


@pytest.mark.parametrize("sample", sorted(COUNTS))
def test_every_sample_says_its_counts_in_words(
    tmp_path: Path, sample: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path, said = played(tmp_path, sample)
    assert main(["state", str(path)]) == 0
    assert main(["state", "--json", str(path)]) == 0
    hedged = [t for t in (*said, *shown(path), capsys.readouterr().out) if HEDGED.search(t)]
    assert hedged == []
    assert said[-1].startswith("The fight ends after 2 rounds")  # and what is still owed


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("ail mara Frightened rounds=1", "Mara is Frightened for 1 round"),
        ("ail mara Frightened rounds=2", "Mara is Frightened for 2 rounds"),
        ("end", "The fight ends after 1 round"),
    ],
)
def test_a_count_of_one_reads_singular_and_more_plural(
    tmp_path: Path, line: str, says: str
) -> None:
    path = tmp_path / "ford.toml"
    shutil.copyfile(SAMPLES / "basic-bandits-at-the-ford.toml", path)
    with EncounterFile(path) as play:
        play.execute("start", Dice(seed=1))
        assert [event.text for event in play.execute(line, Dice(seed=1))] == [says]


def test_a_journal_played_before_keeps_its_words() -> None:
    # events are what happened: the old text is replayed as written, never rewritten
    texts = [event.text for event in load(OLD_FIXTURE).encounter.events]
    assert "The fight ends after 3 round(s)" in texts


@given(st.integers(min_value=0, max_value=10_000))
def test_counted_is_singular_only_for_one(count: int) -> None:
    assert counted(count, "round") == (f"{count} round" + ("" if count == 1 else "s"))
    assert counted(count, "injury", "injuries") == (
        "1 injury" if count == 1 else f"{count} injuries"
    )
    assert not HEDGED.search(counted(count, "success", "successes"))


@pytest.mark.parametrize(("bonus", "says"), [(1, "+ 1 bonus die ["), (2, "+ 2 bonus dice [")])
def test_wrath_bonus_dice_are_counted_as_words(tmp_path: Path, bonus: int, says: str) -> None:
    """`dmg nob 9 bd=1` read "DR 9 + 1 bonus dice [5] = 10 vs Resilience 9"."""
    path = tmp_path / "ork.toml"
    shutil.copyfile(SAMPLES / "wrath-ork-boarding.toml", path)
    with EncounterFile(path) as play:
        play.execute("start", Dice(seed=1))
        [hit, *_] = [event.text for event in play.execute(f"dmg nob 9 bd={bonus}", Dice(seed=1))]
    assert says in hit and hit.startswith("Ork Nob is hit: DR 9 ")
