"""Nothing GM-only reaches the players' screen, for every sample encounter: no enemy wound
numbers, no hidden combatant, no GM note — and with ``reveal = true`` the numbers show,
so the check can fail."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.player_helpers import async_test, compact, copy_sample
from tests.secrets_helpers import (
    DIGIT,
    SAMPLES,
    SECRET_NOTE,
    allies_summaries,
    secrets_played,
    view_text,
)


@pytest.mark.parametrize("sample", SAMPLES)
@async_test
async def test_nothing_gm_only_reaches_the_players(tmp_path: Path, sample: str) -> None:
    path = copy_sample(sample, tmp_path)
    rules, enemy, hidden, numbers, was = secrets_played(path)
    secret = rules.summary(enemy)
    assert DIGIT.search(secret) and secret != was, "the wound must change the enemy's numbers"
    assert secret not in allies_summaries(path, rules), "an ally shows the same numbers"
    assert numbers, "the GM's log must have numbers about the wound for this check to mean much"
    text = await view_text(path)
    assert enemy.name in text  # the wounded enemy is there, in words
    assert rules.player_summary(enemy) in text
    assert secret not in text
    assert not [t for t in numbers if t in text]
    assert re.search(rf"(?<!\w){re.escape(hidden)}(?!\w)", text) is None
    assert SECRET_NOTE not in text


@pytest.mark.parametrize("sample", SAMPLES)
@async_test
async def test_reveal_true_shows_the_numbers(tmp_path: Path, sample: str) -> None:
    path = copy_sample(sample, tmp_path)
    rules, enemy, hidden, numbers, _ = secrets_played(path)
    compact(path, reveal=True)
    text = await view_text(path)
    assert rules.summary(enemy) in text
    assert [t for t in numbers if t in text]
    assert hidden not in text and SECRET_NOTE not in text  # reveal shows numbers, not secrets
