"""The ailment catalogue the GM picks from includes the encounter's own entries."""

from __future__ import annotations

from tracker.paths import bundled_dir
from tracker.store.encounter_file import load


def test_persona_sample_lists_its_own_ailments_for_the_picker() -> None:
    # seed 004 stops mid-list: the encounter file supplies the rest (docs/rulesets/persona-d100.md)
    loaded = load(bundled_dir("encounters") / "persona-d100-shadows.toml")
    state = loaded.encounter.state
    own = {row["name"] for row in state.options["ailments"]}
    offered = {spec.name for spec in loaded.rules.catalogue_for(state)}
    assert own and own <= offered
    assert not own <= {spec.name for spec in loaded.rules.catalogue()}


def test_other_rulesets_offer_their_fixed_catalogue() -> None:
    loaded = load(bundled_dir("encounters") / "nerv-sachiel.toml")
    state = loaded.encounter.state
    assert loaded.rules.catalogue_for(state) == loaded.rules.catalogue()
