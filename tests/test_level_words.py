"""A ruleset's words for a condition's level follow the condition's name once: a ruleset
that returns the name with them (``Burning 2``, as the hook's old docstring showed) or
the words without their leading space still reads ``Burning 2`` on the row and in the
status pane, never ``BurningBurning 2`` or ``Burning2 stacks``."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tracker.core.model import Condition
from tracker.rules.display import badge_of, level_words
from tracker.ui.panes.status_lines import condition_text

Words = Callable[[Condition], tuple[str, str]]
BURNING = Condition(name="Burning", category="body", rounds=2, level=2)


def _named(condition: Condition) -> tuple[str, str]:
    return f"{condition.name} {condition.level}", str(condition.level)


def _unspaced(condition: Condition) -> tuple[str, str]:
    return f"{condition.level} stacks", f"{condition.level}s"


def _name_only(condition: Condition) -> tuple[str, str]:
    return condition.name, ""


@pytest.mark.parametrize(
    ("words", "long", "short", "status"),
    [
        (level_words, "Burning 2 · 2 rd", "Burn2·2", "Burning 2 · 2 rnd"),
        (_named, "Burning 2 · 2 rd", "Burn2·2", "Burning 2 · 2 rnd"),
        (_unspaced, "Burning 2 stacks · 2 rd", "Burn2s·2", "Burning 2 stacks · 2 rnd"),
        (_name_only, "Burning · 2 rd", "Burn·2", "Burning · 2 rnd"),
    ],
)
def test_the_name_is_said_once(words: Words, long: str, short: str, status: str) -> None:
    badge = badge_of(BURNING, words=words)
    assert (badge.long, badge.short) == (long, short)
    assert condition_text(BURNING, words) == status


def test_words_that_only_start_like_the_name_are_kept() -> None:
    bleed = Condition(name="Bleed", level=2)
    assert condition_text(bleed, lambda c: (f"Bleeding {c.level}", "")) == "Bleed Bleeding 2"


def test_a_condition_without_a_level_is_its_name() -> None:
    prone = Condition(name="Prone", category="position")
    assert badge_of(prone, words=_name_only).long == "Prone"
    assert condition_text(prone, level_words) == "Prone"
