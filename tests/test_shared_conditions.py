"""The shared ``ail``/``cure`` a ruleset opts into (issue 31): one implementation, with
one ailment per category as the ruleset's choice, not a rule the picker applies to all."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import pytest

from tracker.core.dice import Dice
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import Verb
from tracker.core.roles import CONDITION, CURE, role_verb
from tracker.core.session import Encounter
from tracker.rules.base import AilmentSpec, Ruleset, TrackView
from tracker.rules.conditions import condition_verbs
from tracker.rules.display import SummaryPart
from tracker.ui.modals.ailment import conflict


class Elemental(Ruleset):
    """Burning and Freezing share a category; Prone has none."""

    id: ClassVar[str] = "elemental-test"

    def verbs(self) -> Mapping[str, Verb]:
        """Only the shared ail and cure, with no free names."""
        return condition_verbs(self, free_names=False)

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """No tracks: only conditions are tested here."""
        return {}, {}

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """Nothing to sum up."""
        return []

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """No tracks."""
        return []

    def catalogue(self) -> list[AilmentSpec]:
        """Three conditions."""
        return [
            AilmentSpec("Burning", "Elemental"),
            AilmentSpec("Freezing", "Elemental"),
            AilmentSpec("Prone"),
        ]


class OnePerCategory(Elemental):
    """The same catalogue, one ailment per category."""

    one_per_category: ClassVar[bool] = True


def _fight(rules: Ruleset) -> Encounter:
    fight = Encounter(EncounterState(title="t", ruleset=rules.id), rules)
    fight.run("add Ann side=pc", Dice(seed=1))
    return fight


def _held(fight: Encounter) -> list[str]:
    return [c.name for c in fight.state.combatant("ann").conditions]


def test_the_shared_verbs_play_the_condition_and_cure_roles() -> None:
    verbs = condition_verbs(Elemental())
    assert (role_verb(verbs, CONDITION), role_verb(verbs, CURE)) == (verbs["ail"], verbs["cure"])


def test_without_the_rule_a_combatant_holds_two_of_a_category() -> None:
    fight = _fight(Elemental())
    fight.run("ail ann burning rounds=2", Dice(seed=1))
    fight.run("ail ann Freezing", Dice(seed=1))
    assert _held(fight) == ["Burning", "Freezing"]
    assert fight.state.combatant("ann").condition("Burning").rounds == 2  # type: ignore[union-attr]
    assert conflict(fight.state.combatant("ann"), Elemental().catalogue()[1], Elemental()) == ""


def test_with_the_rule_a_second_is_refused_until_replace() -> None:
    rules = OnePerCategory()
    fight = _fight(rules)
    fight.run("ail ann Burning", Dice(seed=1))
    with pytest.raises(RuleError, match="already has Burning .Elemental.*'replace'"):
        fight.run("ail ann Freezing", Dice(seed=1))
    assert conflict(fight.state.combatant("ann"), rules.catalogue()[1], rules) == "Burning"
    fight.run("ail ann Prone", Dice(seed=1))  # no category: no limit
    events = fight.run("ail ann Freezing replace", Dice(seed=1))
    assert _held(fight) == ["Prone", "Freezing"]
    assert events[0].text == "Ann: Freezing replaces Burning"
    fight.run("undo", Dice(seed=1))
    assert _held(fight) == ["Burning", "Prone"]


def test_names_outside_the_catalogue_and_unknown_cures_are_refused() -> None:
    fight = _fight(Elemental())
    with pytest.raises(RuleError, match="no condition 'Dizzy'.*Burning, Freezing, Prone"):
        fight.run("ail ann Dizzy", Dice(seed=1))
    with pytest.raises(RuleError, match="Ann has no condition to end"):
        fight.run("cure ann Prone", Dice(seed=1))
    fight.run("ail ann prone", Dice(seed=1))
    assert fight.run("cure ann prone", Dice(seed=1))[0].text == "Ann is no longer Prone"


def test_a_free_name_is_taken_when_the_ruleset_allows_it() -> None:
    class Free(Elemental):
        def verbs(self) -> Mapping[str, Verb]:
            return condition_verbs(self)

    fight = _fight(Free())
    fight.run("ail ann dizzy", Dice(seed=1))
    assert _held(fight) == ["Dizzy"]
