"""``help(tracker.api.Combatant)`` shows the fields a ruleset reads and builds, not the
shared ``(*args, **given)`` of the records' one ``__init__``."""

from __future__ import annotations

import inspect
import pydoc

from tracker import api
from tracker.core import events as ev


def test_a_records_signature_names_its_fields_and_defaults() -> None:
    condition = inspect.signature(api.Condition)
    assert list(condition.parameters)[:4] == ["name", "category", "rounds", "level"]
    assert condition.parameters["rounds"].default == 0
    fighter = inspect.signature(api.Combatant)
    assert {"id", "name", "side", "tracks", "limits", "conditions"} <= set(fighter.parameters)
    assert fighter.parameters["tracks"].default == {}  # what its factory makes


def test_keyword_only_events_say_so_and_help_renders() -> None:
    track = inspect.signature(ev.TrackSet).parameters["track"]
    assert track.kind is inspect.Parameter.KEYWORD_ONLY
    page = pydoc.plain(pydoc.render_doc(api.TrackView, renderer=pydoc.TextDoc()))
    (line,) = [row for row in page.splitlines() if row.startswith(" |  TrackView(")]
    assert line.startswith(" |  TrackView(label: 'str', value: 'int', limit: 'int' = -1")
