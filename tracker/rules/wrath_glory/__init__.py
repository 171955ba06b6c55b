"""The ``wrath-glory`` ruleset (seed 002): d6 pools in icons, Shock and Wounds, Defiance, Glory.

The package is the ruleset: ``data.toml`` holds its tables, ``ruleset.py`` its class
(``RULESET``), the other modules its commands and views.
"""

from tracker.rules.wrath_glory.ruleset import WrathGloryRules as RULESET

__all__ = ["RULESET"]
