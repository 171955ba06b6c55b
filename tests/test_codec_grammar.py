"""Events to tables and back; the command grammar; combatant names."""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime

import pytest

from tracker.core import events as ev
from tracker.core.codec import from_table, to_table
from tracker.core.dice import ScriptedDice
from tracker.core.errors import EventFormatError, RuleError
from tracker.core.grammar import parse_command, resolve
from tracker.core.session import Encounter
from tracker.store.journal import format_event

AT = datetime(2026, 11, 21, 19, 3, 11, tzinfo=UTC)


def test_every_event_of_a_fight_round_trips_through_toml(fight: Encounter) -> None:
    fight.run("start surprised=orc", ScriptedDice([10, 18, 2, 9]))
    for line in (
        "dmg gob 3",
        "ail gob Prone rounds=2",
        "next",
        "note ruling: cover",
        "gm-note the orc is a spy",
        "roll 2d6+1",
        "delay .",
        "undo",
        "redo",
    ):
        fight.run(line, ScriptedDice([4, 5]))
    for event in fight.events:
        table = to_table(event)
        parsed = tomllib.loads(format_event(table))["events"][0]
        parsed.pop("crc")
        assert from_table(parsed) == event


def test_unknown_type_and_unknown_key_name_the_key() -> None:
    with pytest.raises(EventFormatError, match="unknown event type 'damage.exploded'"):
        from_table({"seq": 1, "type": "damage.exploded", "at": AT})
    with pytest.raises(EventFormatError) as caught:
        from_table(
            {
                "seq": 1,
                "type": "track.set",
                "at": AT,
                "who": "a",
                "track": "hp",
                "value": 3,
                "colour": "red",
            }
        )
    assert caught.value.key == "colour"
    with pytest.raises(EventFormatError, match="must be a whole number"):
        from_table(
            {"seq": 1, "type": "track.set", "at": AT, "who": "a", "track": "hp", "value": "3"}
        )
    with pytest.raises(EventFormatError, match="needs 'who'"):
        from_table({"seq": 1, "type": "track.set", "at": AT, "track": "hp", "value": 3})


def test_defaults_are_left_out_of_the_table() -> None:
    table = to_table(ev.TurnStarted(seq=4, at=AT, batch=4, who="ann"))
    assert table == {"seq": 4, "type": "turn.started", "at": AT, "who": "ann"}


def test_grammar_splits_location_options_and_quoted_words() -> None:
    command = parse_command(':dmg "Unit 01" 12 @left-arm pen=2 +exploit')
    assert command.verb == "dmg"
    assert command.args == ("Unit 01", "12")
    assert command.location == "left arm"
    assert command.options == {"pen": "2", "exploit": ""}
    assert command.flag("exploit")
    assert parse_command("note the bridge collapses @ dawn").args == (
        "the bridge collapses @ dawn",
    )


def test_grammar_refuses_unbalanced_quotes_in_one_line() -> None:
    with pytest.raises(RuleError, match="cannot read"):
        parse_command('dmg "Unit 12')


def test_names_resolve_by_unique_prefix_and_dot(fight: Encounter) -> None:
    state = fight.state
    assert resolve(state, "go") == "gob"
    assert resolve(state, "ORC") == "orc"
    with pytest.raises(RuleError, match="no combatant 'zed' — in this fight: Ann, Bo"):
        resolve(state, "zed")
    with pytest.raises(RuleError, match="needs a current turn"):
        resolve(state, ".")
    fight.run("start", ScriptedDice([10, 18, 2, 9]))
    assert resolve(fight.state, ".") == "bo"


def test_ambiguous_prefix_names_both() -> None:
    from tests.conftest import basic_encounter

    pair = basic_encounter([{"id": "g1", "name": "Gaghiel"}, {"id": "g2", "name": "Gabriel"}])
    with pytest.raises(RuleError, match="could be Gaghiel and Gabriel"):
        resolve(pair.state, "ga")
