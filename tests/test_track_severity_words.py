"""A track's severity colours the initiative row as it colours the status pane: a
ruleset's "warn" or "serious" read the same in both (the row took only the words
"hurt", "bad" and "down", so a stranger's "warn" clock stayed the calm colour)."""

from __future__ import annotations

import pytest

from tracker.api import Combatant, TrackView
from tracker.rules.registry import load_ruleset
from tracker.ui.panes.figure import severity_class
from tracker.ui.panes.order_rows import health


@pytest.mark.parametrize(
    ("word", "row"),
    [("ok", "ok"), ("warn", "hurt"), ("hurt", "hurt"), ("serious", "bad"), ("bad", "bad")],
)
def test_the_row_reads_a_severity_word_as_the_status_pane_does(
    word: str, row: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = load_ruleset("basic")

    def track_views(fighter: Combatant) -> list[TrackView]:
        return [TrackView("HP", fighter.track("hp"), fighter.limits["hp"], word)]

    monkeypatch.setattr(rules, "track_views", track_views)
    fighter = rules.prepare({"id": "ann", "name": "Ann", "side": "pc", "stats": {"hp": 6}})
    assert health(rules, fighter) == row == severity_class(word)
