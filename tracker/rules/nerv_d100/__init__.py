"""The ``nerv-d100`` ruleset (seed 000): d100 at human scale, injuries by location, ailments.

The package is the ruleset: ``data.toml`` holds its tables, ``ruleset.py`` its class
(``RULESET``), the other modules its commands and views.
"""

from tracker.rules.nerv_d100.ruleset import NervRules as RULESET

__all__ = ["RULESET"]
