"""One readings mechanism for every ruleset: declared as data, chosen in the file, at
creation or mid-fight with ``reading KEY CHOICE``; older verbs and journals still work."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.d100_helpers import Table
from tests.persona_helpers import RULES as PERSONA
from tests.persona_helpers import shadow, user
from tracker.cli import main
from tracker.core import events as ev
from tracker.core.dice import ScriptedDice
from tracker.core.errors import Answer, RuleError
from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.rules.readings import chosen
from tracker.rules.registry import load_ruleset, ruleset_ids
from tracker.store.encounter_file import load, new_file
from tracker.store.errors import JournalError
from tracker.store.journal import format_event

AT = datetime(2026, 11, 21, 19, 3, 11, tzinfo=UTC)

# What the older verbs wrote (seed and line of each reading in its docs page): the same
# option.set event, with their own log line.
DEFEND = "Defend ends as the next turn starts, before its shake-off"
FATE = "At least one Fate Point: one Fate point or more left now"
FULL_DEFENCE = (
    "Full Defence: only a turn already over counts: in one's own turn Full Defence costs "
    "the rest of this round"
)
ENCUMBRANCE = "Over-encumbered: each move raises the stress level"
OLD_JOURNALS = [
    ("nerv-d100", "defend-reading", "defend", "lapses", DEFEND),
    ("eva-escale", "fate-reading", "fate", "left", FATE),
    ("wrath-glory", "full-defence-reading", "full_defence", "earlier-turn", FULL_DEFENCE),
    ("alien-evolved", "encumbrance-reading", "encumbered_stress", "per-move", ENCUMBRANCE),
]


def _fight(ruleset: str, options: dict[str, str] | None = None) -> Encounter:
    rules = load_ruleset(ruleset)
    state = EncounterState(title="t", ruleset=rules.id, options=options or {})
    return Encounter(state, rules)


def _said(encounter: Encounter, line: str) -> list[str]:
    return [e.text for e in encounter.run(line, ScriptedDice([]), AT)]


def _listed(encounter: Encounter) -> list[str]:
    """What ``reading`` alone shows: an answer, with nothing recorded."""
    count = len(encounter.events)
    with pytest.raises(Answer) as asked:
        encounter.decide("reading", ScriptedDice([]), AT)
    assert len(encounter.events) == count
    return asked.value.lines


def test_every_bundled_reading_names_its_seed_line_and_question() -> None:
    for rid in ruleset_ids():
        for reading in load_ruleset(rid).readings():
            assert reading.seed and reading.line and reading.about, (rid, reading.key)
            assert len(reading.choices) >= 2 and reading.default == reading.choices[0][0]


@pytest.mark.parametrize(("ruleset", "alias", "key", "value", "_text"), OLD_JOURNALS)
def test_a_journal_written_with_an_old_verb_replays_as_it_did(
    tmp_path: Path, ruleset: str, alias: str, key: str, value: str, _text: str
) -> None:
    event = {"seq": 1, "type": "option.set", "at": AT, "text": _text, "key": key, "value": value}
    path = tmp_path / "old.toml"
    head = f'format = 1\n\n[encounter]\ntitle = "Old"\nruleset = "{ruleset}"\n'
    path.write_text(head + format_event(event), encoding="utf-8")
    loaded = load(path)
    state = loaded.encounter.state
    assert chosen(loaded.rules.readings(), state.options, key) == value
    assert [e.text for e in loaded.encounter.events] == [_text]  # the old log line, kept
    # and the old verb, typed today, is the same event as `reading KEY CHOICE`
    typed_old = _fight(ruleset).decide(f"{alias} {value}", ScriptedDice([]), AT)
    typed_new = _fight(ruleset).decide(f"reading {key} {value}", ScriptedDice([]), AT)
    assert [(e.key, e.value) for e in typed_old if isinstance(e, ev.OptionSet)] == [(key, value)]
    assert [e.text for e in typed_old] == [e.text for e in typed_new]


def test_reading_alone_lists_every_reading_with_the_choice_in_force() -> None:
    fight = _fight("wrath-glory", {"full_defence": "earlier-turn"})
    assert _listed(fight) == [
        "Reading full_defence = earlier-turn (or own-turn; seed 002 l.32): only a turn already "
        "over counts: in one's own turn Full Defence costs the rest of this round"
    ]


def test_a_reading_is_an_undoable_event_and_refusals_name_the_choices() -> None:
    fight = _fight("alien-evolved")
    assert _said(fight, "reading encumbered-stress per-move") == [
        "Reading encumbered_stress = per-move: each move raises the stress level"
    ]
    assert fight.state.options == {"encumbered_stress": "per-move"}
    with pytest.raises(RuleError, match="is read as 'per-move' already"):
        fight.decide("reading encumbered_stress per-move", ScriptedDice([]), AT)
    with pytest.raises(RuleError, match=r"^the reading 'encumbered_stress' is per-turn or per-"):
        fight.decide("reading encumbered_stress sometimes", ScriptedDice([]), AT)
    with pytest.raises(RuleError, match="readings: encumbered_stress, dying_on_a_stretch$"):
        fight.decide("reading luck high", ScriptedDice([]), AT)
    fight.run("undo", ScriptedDice([]), AT)
    assert fight.state.options == {}
    _said(fight, "reading dying_on_a_stretch=stays-down")  # as `tracker new --reading` has it
    assert fight.state.options == {"dying_on_a_stretch": "stays-down"}


def test_a_ruleset_without_readings_says_so() -> None:
    with pytest.raises(RuleError, match="no readings"):
        _fight("basic").decide("reading", ScriptedDice([]), AT)


def test_new_writes_the_chosen_readings_and_refuses_unknown_ones(tmp_path: Path) -> None:
    path = tmp_path / "duel.toml"
    chose = ["--reading", "full_defence=earlier-turn"]
    assert main(["new", str(path), "--ruleset", "wrath-glory", *chose]) == 0
    assert load(path).encounter.state.options == {"full_defence": "earlier-turn"}
    with pytest.raises(JournalError, match="own-turn or earlier-turn, not 'never'"):
        new_file(tmp_path / "x.toml", "wrath-glory", "", ["full_defence=never"])
    assert not (tmp_path / "x.toml").exists()


def test_a_file_choice_that_is_no_choice_is_one_line_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'format = 2\n\n[encounter]\ntitle = "B"\nruleset = "alien-evolved"\n\n'
        '[encounter.options]\ndying_on_a_stretch = "maybe"\n',
        encoding="utf-8",
    )
    before = path.read_bytes()
    with pytest.raises(JournalError) as caught:
        load(path)
    assert str(caught.value) == (
        f"{path}:8:1: dying_on_a_stretch must be gets-up or stays-down, not 'maybe'"
    )
    assert path.read_bytes() == before


DOCS = Path(__file__).resolve().parent.parent / "docs" / "rulesets"


@pytest.mark.parametrize("rid", sorted(ruleset_ids()))
def test_every_reading_is_on_its_docs_page_with_seed_and_line(rid: str) -> None:
    readings = load_ruleset(rid).readings()
    if not readings:
        return
    page = (DOCS / f"{rid}.md").read_text(encoding="utf-8")
    for reading in readings:
        assert f"`{reading.key}`" in page, reading.key
        assert f"l.{reading.line.split(',')[0].split('-')[0]}" in page, reading.key
        for name in reading.names:
            assert f"**{name}**" in page, (reading.key, name)


@pytest.mark.parametrize(("choice", "earned"), [("true", 1), ("false", 0)])
def test_persona_one_more_out_of_turn_read_both_ways(choice: str, earned: int) -> None:
    # seed 004 l.122: a One More is "performed at the end of your turn" — a Counter-Attack
    # by Yu in Yosuke's turn earns Yu one (true, the default) or none (false)
    t = Table(PERSONA, user("yu"), user("yosuke"), shadow("mote", affinities={"fire": "weak"}))
    t.do("start", [9, 5, 1])  # Yu, Yosuke, Mote
    t.do("next")  # Yosuke's turn
    if choice != "true":
        assert t.text(f"reading one_more_out_of_turn {choice}") == (
            "Reading one_more_out_of_turn = false: only a hit in one's own turn (or a Baton "
            "Receiver's, l.133) earns a One More"
        )
    t.do("dmg mote 4 element=fire by=yu", [1])
    assert t.track("yu", "one more") == earned


TRIPLES = [
    (rid, reading.key, choice)
    for rid in sorted(ruleset_ids())
    for reading in load_ruleset(rid).readings()
    for choice in reading.names
]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(TRIPLES), min_size=1, max_size=6))
def test_any_run_of_readings_leaves_the_last_choice_in_force_and_undo_goes_back(
    picks: list[tuple[str, str, str]],
) -> None:
    rid = picks[0][0]
    fight = _fight(rid)
    readings = load_ruleset(rid).readings()
    wanted: dict[str, str] = {}
    for _rid, key, choice in (p for p in picks if p[0] == rid):
        if chosen(readings, fight.state.options, key) == choice:
            with pytest.raises(RuleError, match="already"):
                fight.decide(f"reading {key} {choice}", ScriptedDice([]), AT)
            continue
        before = dict(fight.state.options)
        fight.run(f"reading {key} {choice}", ScriptedDice([]), AT)
        assert chosen(readings, fight.state.options, key) == choice
        fight.run("undo", ScriptedDice([]), AT)
        assert dict(fight.state.options) == before
        fight.run("redo", ScriptedDice([]), AT)
        wanted[key] = choice
    listed = "\n".join(_listed(fight))
    for key, choice in wanted.items():
        assert f"Reading {key} = {choice} (" in listed
