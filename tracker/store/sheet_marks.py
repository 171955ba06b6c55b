"""What an imported actor's sheet showed, put on its copy as it joins a fight: tracks
below their maximum (``Wounds 12 → 9``, down to 0 with what 0 brings) and the conditions
it had on (``Prone``).

Both go into the command that adds the copy, so one ``undo`` takes the copy, its harm and
its conditions back together.
"""

from __future__ import annotations

from collections.abc import Mapping

from tracker.core.draft import Draft
from tracker.core.grammar import parse_command
from tracker.core.protocol import DiceLike, Verb
from tracker.core.roles import CONDITION, role_verb
from tracker.rules.base import Ruleset
from tracker.rules.common import set_track

Marks = tuple[tuple[str, int], ...]
"""The ruleset's conditions a copy joins with, each with its rating (0: none)."""


def as_on_the_sheet(draft: Draft, rules: Ruleset, who: str, now: Mapping[str, int]) -> None:
    """The tracks an imported actor's sheet showed below their maximum (``Wounds 12 →
    9``, ``Health 3 → 0``), then what the ruleset derives from them (``Downtime.settle``:
    Broken at 0 Health, Exhausted at 0 Shock, unconscious at 0 Wounds)."""
    changed = False
    for track, value in now.items():
        fighter = draft.state.combatant(who)
        before = fighter.tracks.get(track)
        if before is None or not 0 <= value < before:
            continue
        name = track.replace("_", " ").capitalize()
        text = f"{fighter.name}: {name} {before} → {value}, as on its sheet"
        set_track(draft, who, track, value, text)
        changed = True
    if changed:
        rules.downtime().settle(draft, who)


def put_on(draft: Draft, verbs: Mapping[str, Verb], who: str, marks: Marks, dice: DiceLike) -> None:
    """Each of ``marks`` put on ``who`` by the ruleset's own condition verb, as the GM's
    ``ail WHO NAME [X]`` would (its log line, its rating, its rules)."""
    verb = role_verb(verbs, CONDITION)
    if verb is None:
        return
    for name, level in marks:
        rating = f" {level}" if level > 0 else ""
        verb.handler(draft, parse_command(f"{verb.name} {who} {name}{rating}"), dice)
