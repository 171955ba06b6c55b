"""A pool of six-sided dice, as the Alien rules roll them: recorded in the fight's journal
(every face, so replay never rolls again) with the log line that reads it."""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft


def record_pool(
    draft: Draft, who: str, size: int, faces: tuple[int, ...], total: int, purpose: str, text: str
) -> None:
    """Record ``faces``, a roll of ``size`` d6 by ``who`` for ``purpose``, that came to
    ``total`` (sixes, damage, supply lost …), with its log line ``text``."""
    draft.emit(
        ev.DiceRolled,
        who=who,
        expr=f"{size}d6",
        rolls=faces,
        total=total,
        purpose=purpose,
        text=text,
    )
