"""The contract every registered ruleset keeps, run on the six bundled ones through the
same clauses ``tracker rulesets check ID`` and a plugin's own tests run
(``tracker.contract``, ``tracker.testing``): its data loads, every verb has a usage line,
a summary and a row in its docs page (which names each reading), its theme is shipped,
its bestiary's blocks load, its sample plays start / next / damage / undo /
redo and replays to the state in play, hostile names stay data, errors are one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.contract import CLAUSES, Clause
from tracker.core.errors import TrackerError
from tracker.rules.registry import RULESETS
from tracker.rules.shipped import sample_files
from tracker.store.encounter_file import load
from tracker.testing import check_clause


@pytest.mark.parametrize("clause", CLAUSES, ids=lambda clause: clause.name)
@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_the_bundled_rulesets_keep_the_contract(rid: str, clause: Clause, tmp_path: Path) -> None:
    check_clause(rid, clause, tmp_path)


def test_every_bundled_ruleset_has_a_sample() -> None:
    assert {load(path).rules.id for path in sample_files()} >= set(RULESETS)


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
