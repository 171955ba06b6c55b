"""A pool of six-sided dice, as the Alien rules roll them: recorded in the fight's journal
(every face, so replay never rolls again) with the log line that reads it."""

from __future__ import annotations

from tracker.core.draft import Draft
from tracker.core.records import record_roll


def record_pool(
    draft: Draft, who: str, size: int, faces: tuple[int, ...], total: int, purpose: str, text: str
) -> None:
    """Record ``faces``, a roll of ``size`` d6 by ``who`` for ``purpose``, that came to
    ``total`` (sixes, damage, supply lost …), with its log line ``text``."""
    record_roll(
        draft,
        who,
        f"{size}d6",
        faces,
        total=total,
        reason=purpose,
        text=text,
    )
