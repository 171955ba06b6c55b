"""The contract every installed ruleset keeps, bundled or a package of its own.

``tracker rulesets check ID`` runs it and prints a line per clause; a ruleset's own test
suite runs the same clauses through the pytest plugin (``tracker.testing``). Each clause
either passes, is skipped with a reason (a bundled ruleset's page outside a checkout), or
fails with one sentence a ruleset author can act on.
"""

from __future__ import annotations

import re
from pathlib import Path

from tracker.contract.flow import fight_end_runs, timed_conditions_end, unknown_options_refused
from tracker.contract.play import (
    HOSTILE_NAMES,
    errors_are_one_line,
    hostile_names_stay_data,
    samples_play,
)
from tracker.contract.shipped import (
    CORE_VERBS,
    bestiary_loads,
    data_loads,
    verbs_documented,
    verbs_have_help,
)
from tracker.contract.verdicts import Check, Clause, ContractBroken, Skipped, Verdict, Warned
from tracker.core.errors import TrackerError, failure
from tracker.rules.base import Ruleset
from tracker.rules.registry import load_ruleset

__all__ = [
    "CLAUSES",
    "CORE_VERBS",
    "HOSTILE_NAMES",
    "Check",
    "Clause",
    "ContractBroken",
    "Skipped",
    "Verdict",
    "Warned",
    "bestiary_loads",
    "data_loads",
    "errors_are_one_line",
    "fight_end_runs",
    "hostile_names_stay_data",
    "run_clause",
    "run_contract",
    "samples_play",
    "timed_conditions_end",
    "unknown_options_refused",
    "verbs_documented",
    "verbs_have_help",
]

CLAUSES = (
    Clause("its data loads", data_loads),
    Clause("every verb has a usage line and a summary", verbs_have_help),
    Clause("every verb and reading is in its docs page", verbs_documented),
    Clause("its samples play start, next, damage, undo, redo; replay = live", samples_play),
    Clause("its bestiary's blocks load", bestiary_loads),
    Clause("hostile names stay data", hostile_names_stay_data),
    Clause("errors are one line", errors_are_one_line),
    Clause("timed conditions run out", timed_conditions_end),
    Clause("the fight ends in one line (on_fight_end), and undo restores it", fight_end_runs),
    Clause("an option a verb does not read is refused", unknown_options_refused),
)
"""The contract, in the order it is checked."""


def run_contract(ruleset_id: str, work: Path) -> list[Verdict]:
    """Every clause checked for ``ruleset_id``, using ``work`` (an empty folder) for the
    fights it plays; a ruleset that does not load is one failed clause."""
    try:
        rules = load_ruleset(ruleset_id)
    except TrackerError as err:
        return [Verdict(CLAUSES[0].name, "FAILED", str(err))]
    return [_verdict(clause, rules, work) for clause in CLAUSES]


def run_clause(ruleset_id: str, clause: Clause, work: Path) -> Verdict:
    """One clause checked for ``ruleset_id`` (a ruleset that does not load fails it)."""
    try:
        rules = load_ruleset(ruleset_id)
    except TrackerError as err:
        return Verdict(clause.name, "FAILED", str(err))
    return _verdict(clause, rules, work)


def _verdict(clause: Clause, rules: Ruleset, work: Path) -> Verdict:
    folder = work / re.sub(r"[^a-z]+", "-", clause.name)
    folder.mkdir(parents=True, exist_ok=True)
    try:
        clause.check(rules, folder)
    except Skipped as why:
        return Verdict(clause.name, "skipped", str(why))
    except Warned as why:
        return Verdict(clause.name, "warning", str(why))
    except TrackerError as err:
        return Verdict(clause.name, "FAILED", str(err))
    except Exception as err:  # the ruleset's code may fail in any way: that is a finding
        return Verdict(clause.name, "FAILED", failure(err))  # with its file and line
    return Verdict(clause.name, "ok")
