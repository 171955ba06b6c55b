"""What lasts between fights, by category: harm the GM names as it falls (``Broken
ribs``) cannot be listed by name in the ruleset's ``[campaign]`` table, so a category
of conditions lasts whole."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import pytest

from tests.harm_ruleset import HarmOnly
from tracker.api import (
    Combatant,
    Condition,
    Downtime,
    Lasting,
    RuleDataError,
)
from tracker.core.model import evolve


class Harmed(HarmOnly):
    """Harm counts up; named harm and traumas are conditions."""

    id: ClassVar[str] = "harmed"
    rising_damage_tracks: ClassVar[tuple[str, ...]] = ("harm",)


def downtime(campaign: Mapping[str, object]) -> Downtime:
    """The downtime of ``Harmed`` with ``campaign`` as its data's ``[campaign]`` table."""
    rules = Harmed()
    rules.__dict__["data"] = {"campaign": campaign}  # as if read from its data.toml
    return Downtime(rules)


def vey_after_the_fight() -> Combatant:
    """Vey leaves the docks with two named harms, a trauma and a stance."""
    vey = Harmed().prepare({"id": "vey", "name": "Vey", "side": "pc"})
    held = (
        Condition("Broken ribs", "harm", level=2),
        Condition("Cut cheek", "Harm", level=1),
        Condition("Cold", "trauma"),
        Condition("Hidden", "stance"),
    )
    return evolve(vey, tracks={"harm": 2}, conditions=held)


def test_every_condition_of_a_lasting_category_outlives_the_fight_with_its_level() -> None:
    rest = downtime({"tracks": ["harm"], "categories": ["harm"], "conditions": ["Cold"]})
    kept = rest.carry_out(vey_after_the_fight(), Lasting()).conditions
    assert [(c.name, c.category, c.level) for c in kept] == [
        ("Broken ribs", "harm", 2),
        ("Cut cheek", "Harm", 1),
        ("Cold", "trauma", 0),
    ]


def test_without_categories_only_the_named_conditions_last() -> None:
    kept = downtime({"conditions": ["Cold"]}).carry_out(vey_after_the_fight(), Lasting())
    assert [c.name for c in kept.conditions] == ["Cold"]
    assert kept.tracks == {"harm": 2}  # a rising damage track lasts by default


def test_a_misspelt_campaign_key_is_refused_at_load_saying_which_it_meant() -> None:
    rules = Harmed()
    rules.__dict__["data"] = {"campaign": {"tracks": ["harm"], "categorys": ["harm"]}}
    with pytest.raises(RuleDataError, match="has 'categorys'; did you mean 'categories'"):
        rules.check_data()
    rules = Harmed()
    rules.__dict__["data"] = {"campaign": {"tracks": ["harm"], "rest_hp": 3}}
    rules.check_data()  # a key of the ruleset's own, for its own Downtime
