"""The ``persona-d100`` ruleset (seed 004): d100 with weaknesses, Stagger and One More.

The package is the ruleset: ``data.toml`` holds its tables, ``ruleset.py`` its class
(``RULESET``), the other modules its commands and views.
"""

from tracker.rules.persona_d100.ruleset import PersonaRules as RULESET

__all__ = ["RULESET"]
