"""The recap as JSON for other tools: one object per log event, in journal order.

Schema (``schema = 1``): ``{"schema", "title", "ruleset", "rounds", "gm", "with_undone",
"events": [{"seq", "type", "round", "turn", "actor", "actor_id", "target", "target_id",
"sentence", "undone", "gm_only"}]}``. ``round`` 0 is before the fight; ``turn``/``actor``
name whose turn it was ("" outside turns); only events with a sentence are listed.
"""

from __future__ import annotations

import json
from typing import Any

from tracker.export.logbook import LogLine
from tracker.export.recap import Recap

SCHEMA_VERSION = 1


def event_object(line: LogLine) -> dict[str, Any]:
    """One event as a JSON-ready object."""
    return {
        "seq": line.seq,
        "type": line.type,
        "round": line.round,
        "turn": line.turn,
        "actor": line.actor,
        "actor_id": line.actor_id,
        "target": line.target,
        "target_id": line.target_id,
        "sentence": line.text,
        "undone": line.undone,
        "gm_only": line.for_the_gm,
    }


def render_json(recap: Recap) -> str:
    """The recap's events as a JSON document (the summary is left to the other formats)."""
    document = {
        "schema": SCHEMA_VERSION,
        "title": recap.title,
        "ruleset": recap.ruleset_id,
        "rounds": list(recap.summary.rounds),
        "gm": recap.options.gm,
        "with_undone": recap.options.with_undone,
        "events": [event_object(line) for line in recap.lines],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
