"""The contract every registered ruleset keeps (bundled ones and any installed): its data
loads, its sample plays start / next / damage / undo, every verb has a usage line and a row
in its docs page, and its catalogue names are unique."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tracker.core.dice import Dice
from tracker.core.errors import TrackerError
from tracker.paths import sample_encounters
from tracker.rules.registry import RULESETS, load_ruleset
from tracker.store.encounter_file import EncounterFile, load

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rulesets"
SAMPLES = {load(path).rules.id: path for path in sample_encounters()}
CORE = {
    "start",
    "next",
    "prev",
    "end",
    "init",
    "roll-init",
    "delay",
    "act",
    "swap",
    "add",
    "remove",
    "down",
    "dead",
    "revive",
    "hide",
    "reveal",
    "note",
    "gm-note",
    "roll",
    "dismiss",
}


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_its_data_loads_and_its_catalogue_names_are_unique(rid: str) -> None:
    rules = load_ruleset(rid)
    assert rules.id == rid and rules.title
    assert isinstance(rules.data, dict)
    names = [spec.name.casefold() for spec in rules.catalogue()]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_its_sample_plays_start_next_damage_and_undo(rid: str, tmp_path: Path) -> None:
    assert rid in SAMPLES, f"no bundled sample encounter for {rid}"
    path = tmp_path / "sample.toml"
    shutil.copyfile(SAMPLES[rid], path)
    dice = Dice(seed=12)
    with EncounterFile(path) as gm:
        gm.execute("start", dice)
        state = gm.encounter.state
        foe = next(c for c in state.combatants.values() if c.side == "enemy")
        gm.execute("next", dice)
        before = len(gm.encounter.events)
        try:
            gm.execute(f"dmg {foe.id} 3", dice)
        except TrackerError as err:  # a ruleset may want more words: one line, nothing kept
            assert "\n" not in str(err) and len(gm.encounter.events) == before
        gm.execute("undo", dice)
        played = gm.encounter.state
    assert load(path).encounter.state == played


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_every_verb_has_a_usage_line_and_a_doc_row(rid: str) -> None:
    rules = load_ruleset(rid)
    verbs = rules.verbs()
    for name, verb in verbs.items():
        assert verb.usage.split()[0] == name, verb.usage
        assert verb.summary, name
    if rid == "basic":
        return  # its six verbs are the README's command table
    page = (DOCS / f"{rid}.md").read_text(encoding="utf-8")
    first_cells = [row.split(" | ")[0] for row in page.splitlines() if row.startswith("| `")]
    documented = {verb for cell in first_cells for verb in re.findall(r"`([a-z][a-z0-9-]*)", cell)}
    missing = sorted(set(verbs) - documented - CORE)
    assert not missing, f"docs/rulesets/{rid}.md has no row for {missing}"


@pytest.mark.parametrize("rid", ["nerv-d100", "eva-escale", "persona-d100"])
def test_a_roster_wound_pool_that_is_not_a_number_is_one_line(rid: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        f'format = 2\n[encounter]\ntitle = "T"\nruleset = "{rid}"\n\n'
        '[[combatants]]\nid = "x"\nname = "X"\nwounds = "lots"\n',
        encoding="utf-8",
    )
    with pytest.raises(TrackerError) as caught:
        load(path)
    assert str(caught.value).startswith(f"{path}:9:1: wounds of X must be a whole number")
