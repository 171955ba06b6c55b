"""The ruleset contract for a ruleset's own test suite: a pytest plugin.

Installed with the tracker (entry point ``pytest11``), it gives every test the fixture
``ruleset_contract``::

    def test_cairn_keeps_the_contract(ruleset_contract):
        ruleset_contract("cairn")

or, a test per clause (each named, each failing on its own)::

    import pytest
    from tracker.testing import CLAUSES, check_clause

    @pytest.mark.parametrize("clause", CLAUSES, ids=lambda clause: clause.name)
    def test_contract(clause, tmp_path):
        check_clause("cairn", clause, tmp_path)

These are the clauses ``tracker rulesets check ID`` runs (:mod:`tracker.contract`).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path

import pytest

from tracker.contract import CLAUSES, Clause, run_clause, run_contract

__all__ = ["CLAUSES", "Clause", "check_clause", "check_contract", "ruleset_contract"]


def check_clause(ruleset_id: str, clause: Clause, work: Path) -> None:
    """Fail the test (or skip it, saying why) unless ``clause`` holds for the ruleset."""
    verdict = run_clause(ruleset_id, clause, work)
    if verdict.outcome == "skipped":
        pytest.skip(f"{ruleset_id}: {verdict.clause}: {verdict.why}")
    if verdict.outcome == "warning":
        warnings.warn(f"{ruleset_id}: {verdict.clause}: {verdict.why}", stacklevel=2)
        return
    if verdict.outcome != "ok":
        pytest.fail(f"{ruleset_id}: {verdict.clause}: {verdict.why}", pytrace=False)


def check_contract(ruleset_id: str, work: Path) -> None:
    """Fail the test with every clause that does not hold for the ruleset."""
    failed = [v for v in run_contract(ruleset_id, work) if v.outcome == "FAILED"]
    if failed:
        lines = "\n".join(f"  {v.clause}: {v.why}" for v in failed)
        pytest.fail(f"{ruleset_id} breaks the ruleset contract:\n{lines}", pytrace=False)


@pytest.fixture
def ruleset_contract(tmp_path: Path) -> Callable[[str], None]:
    """``ruleset_contract(ID)`` runs the whole contract on the installed ruleset ``ID``."""

    def check(ruleset_id: str) -> None:
        check_contract(ruleset_id, tmp_path)

    return check
