"""The clauses about what a ruleset ships: its data, its verbs' help, its docs page and its
bestiary."""

from __future__ import annotations

import re
from pathlib import Path

from tracker.contract.verdicts import Skipped, broken
from tracker.core.errors import TrackerError
from tracker.paths import bundled_dir
from tracker.rules.base import Ruleset
from tracker.rules.registry import RULESETS
from tracker.rules.shipped import docs_page, shipped
from tracker.store.bestiary import bestiary_files, read_blocks

CORE_VERBS = frozenset(
    "start next prev end init roll-init delay act swap add remove down dead revive hide "
    "reveal note gm-note roll dismiss notes save-template undo redo".split()
)
"""Commands every fight has: a ruleset's docs page need not list them."""


def data_loads(rules: Ruleset, work: Path) -> None:
    """Its data file and tables load, it has a title, its catalogue names are unique, and
    the theme it opens in is bundled or in its package's ``themes/`` (a misspelt or
    unshipped one would fall back to the default in silence)."""
    if not rules.title:
        raise broken(f"{type(rules).__name__}.title is empty")
    themes = [*bundled_dir("themes").glob("*.toml"), *shipped(rules.id, "themes")]
    if rules.theme not in {path.stem for path in themes}:
        raise broken(
            f"its theme {rules.theme!r} is neither the tracker's nor in the package's themes/"
        )
    names = [spec.name.casefold() for spec in rules.catalogue()]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise broken(f"the catalogue names {', '.join(twice)} more than once")


def verbs_have_help(rules: Ruleset, work: Path) -> None:
    """Every verb has a usage line starting with its name, and a summary."""
    for name, verb in rules.verbs().items():
        if not verb.usage.split() or verb.usage.split()[0] != name:
            raise broken(f"the usage line of {name!r} does not start with {name!r}")
        if not verb.summary.strip():
            raise broken(f"the verb {name!r} has no summary line")


def verbs_documented(rules: Ruleset, work: Path) -> None:
    """Every verb but the core's has a row in the ruleset's docs page (``| `verb …` |``),
    and the page names each reading (`` `KEY` ``), so the GM can learn what it decides."""
    page = docs_page(rules.id)
    if page is None:
        if rules.id in RULESETS:
            raise Skipped("no docs/rulesets page beside this installation")
        raise broken("the package ships no docs.md beside the ruleset")
    text = page.read_text(encoding="utf-8")
    cells = [row.split(" | ")[0] for row in text.splitlines() if row.startswith("| `")]
    documented = {word for cell in cells for word in re.findall(r"`([a-z][a-z0-9-]*)", cell)}
    missing = sorted(set(rules.verbs()) - documented - CORE_VERBS)
    if missing:
        raise broken(f"{page.name} has no row for {', '.join(missing)}")
    unsaid = [r.key for r in rules.readings() if f"`{r.key}`" not in text]
    if unsaid:
        word = "reading" if len(unsaid) == 1 else "readings"
        raise broken(f"{page.name} does not name the {word} {', '.join(unsaid)}")


def bestiary_loads(rules: Ruleset, work: Path) -> None:
    """Every stat block the ruleset ships (its package's ``bestiary/``, or the tracker's
    starters for a bundled one) makes a combatant: ``add 2 BLOCK`` would not refuse it."""
    for path, starter in bestiary_files(rules.id):
        if not starter:
            continue  # the GM's own blocks are not the ruleset's to answer for
        try:
            blocks = read_blocks(path, rules)
        except TrackerError as err:
            raise broken(str(err)) from None
        problems = [problem for _, problem in blocks if problem]
        if problems:
            raise broken(problems[0])
