"""What a ruleset shows: the hooks the initiative row, the status pane, the header, the
body chart, the ailment picker and the player view call, with their defaults.

``Ruleset`` (``tracker.rules.base``) takes them from here; a ruleset overrides them on its
own class as before.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from tracker.core.model import Combatant, Condition, EncounterState, Reminder
from tracker.rules.display import (
    AilmentSpec,
    LocationView,
    SummaryPart,
    TrackView,
    initiative_number,
    joined,
    level_words,
)


class RulesetViews(ABC):
    """The views of a ruleset: ``summary_parts`` and ``track_views`` are required (abstract
    here), the others have a default that draws nothing or the plain reading."""

    @abstractmethod
    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """Required: the initiative row's state in pieces, each short and long (``W 2/4`` /
        ``Wounds 2/4``), so a narrow row picks what fits and never cuts a number."""
        return []

    def summary(self, fighter: Combatant) -> str:
        """A short state for the initiative row (``W 2/4``): the short parts, joined."""
        return joined(self.summary_parts(fighter))

    def initiative_words(self, value: float) -> str:
        """How a row shows an initiative value, in at most 3 characters (a card dealt:
        ``K♦``, ``10♠``, ``Jk``); longer words show the number. The number by default."""
        return initiative_number(value)

    def level_words(self, condition: Condition) -> tuple[str, str]:
        """How a badge says a condition's level after its name, long and short: the
        words only, not the name (`` 2`` and ``2``, for ``Burning 2`` and ``Burn2``; ``("",
        "")`` for none); a ruleset whose levels count something says what (nerv: failed
        shake-offs, `` ×1 failed`` and ``✗1``)."""
        return level_words(condition)

    @abstractmethod
    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """Required: the tracks to draw for a combatant (a ruleset with locations may
        return only the tracks that are not on its body chart)."""
        return []

    def body(self, fighter: Combatant) -> list[LocationView]:
        """Body locations to draw (empty: the ruleset has none)."""
        return []

    def status_lines(self, fighter: Combatant, state: EncounterState) -> list[str]:
        """Extra lines for the status pane (actions left, advantage granted, affinities …)."""
        return []

    def header_parts(self, state: EncounterState) -> list[str]:
        """Encounter-wide pools and clocks for the header (``Glory 3``, ``stretch 2``)."""
        return []

    def reminder_actions(self, reminder: Reminder) -> list[tuple[str, str]]:
        """(label, command line) pairs that resolve a reminder, e.g. shake-off pass/fail."""
        return []

    def location_names(self, fighter: Combatant) -> list[str]:
        """Location names a command may name with ``@`` (for completion and checks)."""
        return [view.key for view in self.body(fighter)]

    def catalogue_for(self, state: EncounterState | None) -> list[AilmentSpec]:
        """The catalogue in this encounter (a ruleset may add the encounter's own)."""
        return self.catalogue()

    def catalogue(self) -> list[AilmentSpec]:
        """Ailments and conditions the GM can pick from (empty: free-form)."""
        return []

    def suffered(self, name: str, category: str) -> bool:
        """Whether a condition put on in a fight is an ailment the combatant suffered (a
        recap lists those), not one it took on by its own doing (a declared stance, a
        resource held): every condition, unless the ruleset says otherwise."""
        return True

    def player_summary(self, fighter: Combatant) -> str:
        """How players see an enemy's health, in words."""
        return {"down": "down", "dead": "dead"}.get(fighter.status, "fighting")
