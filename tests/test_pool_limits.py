"""An encounter-wide pool (a progress clock) has no maximum: a ruleset that gives it one
is told so when it tries, not left with a limit dropped in silence."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tracker.api import Draft, EncounterState, track_set


def test_a_limit_on_a_pool_is_refused_naming_the_pool() -> None:
    draft = Draft(EncounterState(title="Docks", ruleset="basic"), datetime.now(UTC))
    with pytest.raises(TypeError, match="pool 'clock-alarm' has no maximum"):
        track_set(draft, "", "clock-alarm", 0, limit=6)
    track_set(draft, "", "clock-alarm", 2)
    track_set(draft, "", "clock-alarm-size", 6)
    assert dict(draft.state.tracks) == {"clock-alarm": 2, "clock-alarm-size": 6}
