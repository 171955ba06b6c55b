"""The ``alien-evolved`` ruleset (seed 003): initiative cards, Broken, criticals, death rolls.

The package is the ruleset: ``data.toml`` holds its tables, ``ruleset.py`` its class
(``RULESET``), the other modules its commands and views.
"""

from tracker.rules.alien_evolved.ruleset import AlienRules as RULESET

__all__ = ["RULESET"]
