"""``tracker rulesets [check ID]``: the installed rulesets, or the contract run on one.

``check`` plays the ruleset's samples (or a fight of two it makes) in a folder of its
own, a line per clause: ``ok``, ``skipped`` and why, ``warning`` and what (the clause
holds), or ``FAILED`` and why; the exit status is 1 when a clause failed (the same
clauses a ruleset's own tests run through ``tracker.testing``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from tracker.cli.numbers import UsageError
from tracker.core.errors import TrackerError, one_line
from tracker.core.safe_text import visible

HELP = "list the installed rulesets; 'check ID' runs the ruleset contract on one"


def setup(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``tracker rulesets``."""
    parser.add_argument(
        "action",
        nargs="?",
        choices=["check"],
        metavar="check",
        help="run the ruleset contract on the ruleset ID (without: list the rulesets)",
    )
    parser.add_argument("ruleset", nargs="?", metavar="ID", help="the ruleset to check")


def run(ns: argparse.Namespace) -> int:
    """List, or check one ruleset."""
    if ns.action == "check":
        if not ns.ruleset:
            raise UsageError("'rulesets check' needs a ruleset id (see `tracker rulesets`)")
        return check(ns.ruleset)
    if ns.ruleset:
        raise UsageError(f"unknown action {ns.ruleset!r}: try 'tracker rulesets check ID'")
    return listing()


def listing() -> int:
    """A line per installed ruleset; a broken one is a line on stderr (status 1)."""
    from tracker.rules.registry import load_ruleset, ruleset_ids

    broken = 0
    for rid in ruleset_ids():
        try:
            print(visible(f"{rid:<14} {load_ruleset(rid).title}"))
        except TrackerError as err:
            broken += 1
            print(f"tracker: {visible(one_line(err))}", file=sys.stderr)
    return 1 if broken else 0


def check(ruleset_id: str) -> int:
    """The contract on ``ruleset_id``, a line per clause; 1 when one failed."""
    from tracker.contract import run_contract
    from tracker.rules.registry import UnknownRuleset, ruleset_ids

    if ruleset_id not in ruleset_ids():
        raise UnknownRuleset(
            f"unknown ruleset {ruleset_id!r} — installed: {', '.join(ruleset_ids())}"
        )
    with tempfile.TemporaryDirectory(prefix="tracker-contract-") as work:
        verdicts = run_contract(ruleset_id, Path(work))
    for verdict in verdicts:
        why = f": {one_line(verdict.why)}" if verdict.why else ""
        print(visible(f"{verdict.outcome:<8} {verdict.clause}{why}"))
    failed = sum(verdict.outcome == "FAILED" for verdict in verdicts)
    print(visible(f"{ruleset_id}: {len(verdicts) - failed} of {len(verdicts)} clauses hold"))
    return 1 if failed else 0
