"""A slip in a ruleset's data file is one sentence naming its place, at load where the
ruleset builds typed tables, and never a KeyError in the middle of a fight."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.d100_helpers import Table
from tracker.core.errors import TrackerError
from tracker.rules.base import Ruleset
from tracker.rules.registry import RULESETS, load_ruleset
from tracker.rules.ruledata import RuleDataError, rule_data


def with_data(rid: str, change: Any) -> Ruleset:
    """A fresh ruleset ``rid`` whose data file reads as ``change`` leaves it."""
    rules = load_ruleset(rid)
    raw = copy.deepcopy(dict(rules.data))
    change(raw)
    fresh = type(rules)()
    fresh.__dict__["data"] = rule_data(raw, f"{rid} data.toml")
    return fresh


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_every_bundled_data_file_loads_and_builds_its_tables(rid: str) -> None:
    load_ruleset(rid).check_data()


@pytest.mark.parametrize(
    ("rid", "change", "said"),
    [
        (
            "nerv-d100",
            lambda d: d["locations"][0].pop("chart"),
            "nerv-d100 data.toml: [locations[0]] has no 'chart'",
        ),
        (
            "nerv-d100",
            lambda d: d.pop("ego_fracture"),
            "nerv-d100 data.toml: there is no [ego_fracture] table",
        ),
        (
            "eva-escale",
            lambda d: d["characteristics"].pop("names"),
            "eva-escale data.toml: [characteristics] has no 'names'",
        ),
        (
            "persona-d100",
            lambda d: d.pop("kinds"),
            "persona-d100 data.toml: there is no [kinds] table",
        ),
    ],
)
def test_a_missing_key_is_named_at_load(rid: str, change: Any, said: str) -> None:
    with pytest.raises(RuleDataError) as caught:
        with_data(rid, change).check_data()
    assert str(caught.value) == said


def test_a_word_where_a_number_belongs_is_one_line_at_load() -> None:
    def low_is_a_word(data: dict[str, Any]) -> None:
        data["locations"][0]["low"] = "ten"

    with pytest.raises(RuleDataError) as caught:
        with_data("nerv-d100", low_is_a_word).check_data()
    message = str(caught.value)
    assert message.startswith("nerv-d100 data.toml: a value is missing or of the wrong kind")
    assert "'ten'" in message and "\n" not in message


def test_a_table_read_mid_fight_names_its_place_instead_of_a_key_error() -> None:
    rules = with_data("wrath-glory", lambda d: d.pop("removal"))
    table = Table(rules, {"id": "ann", "name": "Ann", "side": "pc"})
    table.do("start")
    table.do("ail ann poisoned")
    with pytest.raises(TrackerError) as caught:
        table.do("treat ann poisoned toughness", [6, 6, 6])
    assert str(caught.value) == "wrath-glory data.toml: there is no [removal] table"
