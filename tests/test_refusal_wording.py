"""Every refusal a GM reads is a sentence: choices as ``a, b or c``, a value as typed,
never Python's ``['a', 'b']``, ``{'a': 1}``, ``None`` or ``True``, and never a bare ``…``
or ``''`` standing for what the GM left out."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.ui_helpers import ROOT
from tracker.cli import main
from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError, TrackerError
from tracker.core.wording import either, given
from tracker.store.encounter_file import load

SAMPLES = sorted((ROOT / "encounters").glob("*.toml"))
PYTHON = re.compile(r"\['|\[\"|\{'|\bNone\b|\bTrue\b|\bFalse\b|''|'…'| … —")
"""What only Python's own wording (or a placeholder for a missing word) looks like."""


def started(tmp_path: Path, sample: Path) -> Path:
    path = tmp_path / sample.name
    shutil.copyfile(sample, path)
    assert main(["do", str(path), "start"]) == 0
    return path


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_every_verb_refuses_wrong_arguments_in_words(
    tmp_path: Path, sample: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`cure WHO` with no name said "Mara is not … — conditions: none" (basic), "has no
    condition '' to end" (alien), "has no which one to end" (nerv); the others likewise."""
    encounter = load(started(tmp_path, sample)).encounter
    who = next(iter(encounter.state.combatants))
    refusals = []
    for verb in encounter.rules.verbs():
        for rest in ("", who, f"{who} zzz", f"{who} 1.5 zzz=1", "nobody"):
            try:
                encounter.decide(f"{verb} {rest}".strip(), ScriptedDice([3] * 50))
            except TrackerError as err:
                refusals.append(f"{verb} {rest}: {err}")
    assert refusals
    assert [r for r in refusals if PYTHON.search(r.partition(": ")[2])] == []


@pytest.mark.parametrize(
    ("sample", "who", "noun"),
    [
        ("basic-bandits-at-the-ford", "mara", "condition"),
        ("alien-operations-deck", "vasquez", "condition"),
        ("nerv-sachiel", "unit01", "ailment or condition"),
        ("eva-escale-ramiel", "misato", "effect"),
        ("persona-d100-shadows", "yu", "ailment"),
        ("wrath-ork-boarding", "amelia", "effect"),
    ],
)
def test_cure_without_a_name_says_what_there_is_to_end(
    tmp_path: Path, sample: str, who: str, noun: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = started(tmp_path, ROOT / "encounters" / f"{sample}.toml")
    encounter = load(path).encounter
    with pytest.raises(RuleError) as none:
        encounter.decide(f"cure {who}", ScriptedDice([]))
    assert str(none.value).endswith(f"has no {noun} to end"), none.value
    if sample.startswith("basic"):
        assert main(["do", str(path), f"ail {who} Prone"]) == 0
        with pytest.raises(RuleError, match=r"'cure' needs the condition to end — Mara has: Prone"):
            load(path).encounter.decide(f"cure {who}", ScriptedDice([]))


def test_dismiss_with_nothing_open_says_so(tmp_path: Path) -> None:
    encounter = load(started(tmp_path, ROOT / "encounters" / "basic-bandits-at-the-ford.toml"))
    with pytest.raises(RuleError, match=r"^Mara has no open reminder$"):
        encounter.encounter.decide("dismiss mara", ScriptedDice([]))


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ('["a", "b"]', "must be character, construct or angel, not a list"),
        ("{ a = 1 }", "must be character, construct or angel, not a table"),
        ("true", "must be character, construct or angel, not true"),
        ('"robot"', "kind 'robot' of Zed must be character, construct or angel"),
    ],
)
def test_a_d100_kind_that_is_not_one_is_said_in_words(
    tmp_path: Path, value: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A list for `kind` was shown as `kind "['a', 'b']" of Zed must be character,
    construct, angel`."""
    text = (ROOT / "encounters" / "nerv-sachiel.toml").read_text(encoding="utf-8")
    head = text.split("[[events]]")[0]
    path = tmp_path / "n.toml"
    path.write_text(f'{head}\n[[combatants]]\nid = "zed"\nname = "Zed"\nkind = {value}\n')
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and not PYTHON.search(err), err


def test_a_number_refused_keeps_its_example_at_the_end(tmp_path: Path) -> None:
    """ "an amount of damage, e.g. 'dmg sachiel 12 @core' must be a whole number" put the
    example in the middle of the sentence."""
    path = started(tmp_path, ROOT / "encounters" / "nerv-sachiel.toml")
    with pytest.raises(RuleError) as refused:
        load(path).encounter.decide("dmg sachiel lots", ScriptedDice([]))
    assert str(refused.value) == (
        "an amount of damage must be a whole number, not 'lots', e.g. 'dmg sachiel 12 @core'"
    )


def test_either_and_given_read_as_words() -> None:
    assert [either([]), either(["a"]), either(["a", "b"]), either("abc")] == [
        "nothing",
        "a",
        "a or b",
        "a, b or c",
    ]
    assert [given("x"), given(True), given(3), given([1]), given({})] == [
        "'x'",
        "true",
        "3",
        "a list",
        "a table",
    ]


def test_a_slip_in_a_rulesets_data_is_said_without_python_words() -> None:
    """It said "(ValueError: invalid literal for int() with base 10: 'ten')"."""
    from tests.test_rule_data import with_data
    from tracker.rules.ruledata import RuleDataError

    def low_is_a_word(data: dict[str, object]) -> None:
        data["locations"][0]["low"] = "ten"  # type: ignore[index]

    def no_locations(data: dict[str, object]) -> None:
        data["locations"] = [{}]

    said = []
    for change in (low_is_a_word, no_locations):
        with pytest.raises(RuleDataError) as caught:
            with_data("nerv-d100", change).check_data()
        said.append(str(caught.value))
    assert said[0].endswith("— 'ten' is not a whole number"), said
    assert "Error" not in " ".join(said) and "int()" not in " ".join(said), said


def test_alien_heal_says_which_of_its_two_refusals_it_is(tmp_path: Path) -> None:
    """It said "Pvt. Vasquez's Health is full or the amount is not 1 or more"."""
    path = started(tmp_path, ROOT / "encounters" / "alien-operations-deck.toml")
    encounter = load(path).encounter
    with pytest.raises(RuleError, match=r"^heal 1 or more, not 0$"):
        encounter.decide("heal vasquez 0", ScriptedDice([]))
    with pytest.raises(RuleError, match=r"^Pvt\. Vasquez's Health is full already \(5\)$"):
        encounter.decide("heal vasquez 2", ScriptedDice([]))
