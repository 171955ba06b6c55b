"""The one module a ruleset imports: everything a ruleset needs, typed and versioned.

A ruleset (bundled or a package of its own) subclasses :class:`Ruleset`, defines the
required hooks (``starting_tracks``, ``verbs``, ``summary_parts``, ``track_views``) and
overrides the optional ones it needs; its verbs change the fight only through the event
constructors below (``record_roll``, ``set_track``, ``condition_applied`` …), which mypy
checks. ``docs/rulesets/authoring.md`` is the guide.

``API_VERSION`` follows semantic versioning: a minor version adds names or optional hooks;
a major version removes or changes one. A name to be removed is first kept, working,
for one minor version with a ``DeprecationWarning`` saying what replaces it.
"""

from __future__ import annotations

from tracker.core.campaign import CarriedInjury, Lasting, PartyMember
from tracker.core.draft import Draft
from tracker.core.errors import RuleError, TrackerError
from tracker.core.flow import name_of, possessive
from tracker.core.grammar import Command, each_target, named, parse_int, who_arg, with_flags
from tracker.core.model import Combatant, Condition, EncounterState, Injury, Reminder, Trait
from tracker.core.protocol import ONE, SEVERAL, Asks, DiceLike, RollLike, Verb
from tracker.core.records import (
    condition_applied,
    condition_changed,
    condition_removed,
    record_roll,
    reminder_raised,
    reminder_resolved,
    say,
    status_changed,
    tie_broken,
    track_set,
)
from tracker.core.roles import ADD, CONDITION, CURE, DAMAGE, HEAL, NOTE, ROLES
from tracker.rules.base import (
    NUMBER_LIMIT,
    AilmentSpec,
    LocationView,
    RosterError,
    Ruleset,
    TrackView,
    by_name,
    verb,
)
from tracker.rules.common import clamp, countdown, set_track, shift_track
from tracker.rules.conditions import condition_verbs
from tracker.rules.display import SummaryPart, joined
from tracker.rules.downtime import Downtime
from tracker.rules.hooks import REQUIRED
from tracker.rules.readings import Reading, chosen
from tracker.rules.ruledata import RuleDataError

API_VERSION = "1.9.0"
"""The version of this module's names and of the hooks (semantic versioning)."""

__all__ = [
    "ADD",
    "API_VERSION",
    "CONDITION",
    "CURE",
    "DAMAGE",
    "HEAL",
    "NOTE",
    "ONE",
    "ROLES",
    "SEVERAL",
    "Asks",
    "Trait",
    "condition_verbs",
    "NUMBER_LIMIT",
    "REQUIRED",
    "AilmentSpec",
    "CarriedInjury",
    "Combatant",
    "Command",
    "Condition",
    "DiceLike",
    "Downtime",
    "Draft",
    "EncounterState",
    "Injury",
    "Lasting",
    "LocationView",
    "PartyMember",
    "Reading",
    "Reminder",
    "RollLike",
    "RosterError",
    "RuleDataError",
    "RuleError",
    "Ruleset",
    "SummaryPart",
    "TrackView",
    "TrackerError",
    "Verb",
    "by_name",
    "chosen",
    "clamp",
    "condition_applied",
    "condition_changed",
    "condition_removed",
    "countdown",
    "each_target",
    "joined",
    "name_of",
    "named",
    "parse_int",
    "possessive",
    "record_roll",
    "reminder_raised",
    "reminder_resolved",
    "say",
    "set_track",
    "shift_track",
    "status_changed",
    "tie_broken",
    "track_set",
    "verb",
    "who_arg",
    "with_flags",
]
