"""The ``basic`` ruleset: hit points, free-form timed conditions, d20 initiative.

The package is the ruleset: ``data.toml`` holds its tables, ``ruleset.py`` its class
(``RULESET``), the other modules its commands and views.
"""

from tracker.rules.basic.ruleset import BasicRules as RULESET

__all__ = ["RULESET"]
