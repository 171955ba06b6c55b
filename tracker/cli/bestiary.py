"""``tracker bestiary [--ruleset ID]``: the stat blocks ``add`` can find, per ruleset.

Each block is one line: its id (what to type after ``add``), its name, side and kind,
the numbers rolled per copy, and the file it comes from. A block that cannot be read is
one line on stderr (``file:line:col: what``) and the exit status is 1; the rest are
still listed.
"""

from __future__ import annotations

import argparse
import sys

from tracker.cli.charset import json_text
from tracker.core.joining import dice_keys
from tracker.core.library import Block
from tracker.core.safe_text import visible


def setup(p: argparse.ArgumentParser) -> None:
    """The options of ``tracker bestiary``."""
    p.add_argument("--ruleset", default=None, metavar="ID", help="only this ruleset's blocks")
    p.add_argument("--json", action="store_true", help="print the blocks as JSON")


def run(ns: argparse.Namespace) -> int:
    """List the blocks; 1 when any block or file could not be read."""
    from tracker.rules.registry import load_ruleset, ruleset_ids
    from tracker.store.bestiary import load_bestiary, user_bestiary_file

    wanted = [ns.ruleset] if ns.ruleset else list(ruleset_ids())
    found: list[dict[str, object]] = []
    problems: list[str] = []
    for rid in wanted:
        rules = load_ruleset(rid)
        bestiary = load_bestiary(rules)
        problems.extend(bestiary.problems)
        for key in bestiary.block_ids():
            entry = bestiary.entries[key]
            found.append(_row(rules.id, entry.block, str(entry.path), entry.bundled))
    if ns.json:
        print(json_text(found))
    else:
        _print_rows(found)
        mine = user_bestiary_file(ns.ruleset or "RULESET")
        print(f"your own blocks go in {visible(str(mine))} (see docs/bestiary.md)")
    for problem in problems:
        print(f"tracker: {visible(problem)}", file=sys.stderr)
    return 1 if problems else 0


def _row(ruleset: str, block: Block, path: str, bundled: bool) -> dict[str, object]:
    return {
        "ruleset": ruleset,
        "id": str(block["id"]),
        "name": str(block.get("name") or block["id"]),
        "side": str(block.get("side", "enemy")),
        "kind": str(block.get("kind", "")),
        "dice": dice_keys(block),
        "file": path,
        "bundled": bundled,
    }


def _print_rows(rows: list[dict[str, object]]) -> None:
    if not rows:
        print("no stat blocks — write some in the bestiary folder (see docs/bestiary.md)")
        return
    for row in rows:
        dice = row["dice"]
        rolled = f"  rolls {', '.join(dice)}" if isinstance(dice, list) and dice else ""
        origin = "starter" if row["bundled"] else row["file"]
        line = (
            f"{row['ruleset']:<14} {row['id']:<18} {row['name']} "
            f"({row['side']}{', ' + str(row['kind']) if row['kind'] else ''}){rolled}  [{origin}]"
        )
        print(visible(line))
