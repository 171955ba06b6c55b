"""A file's readings (``[encounter.options]``, ``[campaign.options]``) checked on the way in:
a choice that is none of a reading's is one ``file:line:col`` line, never a silent default."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tracker.core.errors import RuleError
from tracker.core.safe_text import WORD_LIMIT, text_problem
from tracker.rules.base import Ruleset
from tracker.rules.readings import option_problem, parse_choice
from tracker.store.errors import JournalError
from tracker.store.locator import Locator


def check_options(options: Mapping[str, Any], rules: Ruleset, locator: Locator, head: str) -> None:
    """Every option that names one of the ruleset's readings holds one of its choices, and
    every option key is plain text (``head``: ``encounter`` or ``campaign``)."""
    for key, value in options.items():
        problem = text_problem(str(key), f"the option {key!r}", WORD_LIMIT)
        problem = problem or option_problem(rules.readings(), key, value)
        if problem:
            raise _error(locator, problem, key, head)


def _error(locator: Locator, problem: str, key: str, head: str) -> Exception:
    section = f"{head}.options"
    if locator.find(key, section, 0)[0] is not None:
        return locator.error(problem, key, section)
    return locator.error(f"{head}.options: {problem}", "options", head)


def chosen_readings(path: Path, rules: Ruleset, words: Sequence[str]) -> dict[str, str]:
    """``KEY=CHOICE`` words (``tracker new … --reading``) as an options table; JournalError
    naming the readings or the choices when one is not there."""
    chosen: dict[str, str] = {}
    for word in words:
        try:
            key, choice = parse_choice(rules.readings(), word)
        except RuleError as err:
            raise JournalError(path, str(err)) from None
        chosen[key] = choice
    return chosen
