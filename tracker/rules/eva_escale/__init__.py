"""The ``eva-escale`` ruleset (seed 001): Dark-Heresy-style d100 at giant-robot scale.

The package is the ruleset: ``data.toml`` holds its tables, ``ruleset.py`` its class
(``RULESET``), the other modules its commands and views.
"""

from tracker.rules.eva_escale.ruleset import EvaRules as RULESET

__all__ = ["RULESET"]
