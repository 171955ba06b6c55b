"""A ruleset of one track for tests of a stranger's hooks: harm 0-4 that counts up, no
verbs of its own, nothing drawn."""

from __future__ import annotations

from collections.abc import Mapping

from tracker.api import Combatant, Ruleset, SummaryPart, TrackView, Verb


class HarmOnly(Ruleset):
    """Harm 0 to 4 and nothing else; a test's subclass names its ``id`` and what it adds."""

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """No harm yet."""
        return {"harm": 0}, {"harm": 4}

    def verbs(self) -> Mapping[str, Verb]:
        """Nothing but the core's."""
        return {}

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``H0``."""
        return [SummaryPart(f"H{fighter.track('harm')}")]

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """Nothing drawn."""
        return []
