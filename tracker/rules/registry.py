"""Which rulesets are installed, by id, loaded on demand."""

from __future__ import annotations

from importlib import import_module

from tracker.core.errors import TrackerError
from tracker.rules.base import Ruleset

RULESETS: dict[str, str] = {
    "basic": "tracker.rules.basic:BasicRules",
    "nerv-d100": "tracker.rules.nerv_d100:NervRules",
    "wrath-glory": "tracker.rules.wrath_glory:WrathGloryRules",
    "alien-evolved": "tracker.rules.alien_evolved:AlienRules",
    "eva-escale": "tracker.rules.eva_escale:EvaRules",
    "persona-d100": "tracker.rules.persona_d100:PersonaRules",
}


class UnknownRuleset(TrackerError):
    """An encounter names a ruleset that is not installed."""


def ruleset_ids() -> list[str]:
    """Ids of the installed rulesets."""
    return sorted(RULESETS)


def load_ruleset(ruleset_id: str) -> Ruleset:
    """A fresh instance of the ruleset ``ruleset_id``."""
    target = RULESETS.get(ruleset_id)
    if target is None:
        raise UnknownRuleset(
            f"unknown ruleset {ruleset_id!r} — installed: {', '.join(ruleset_ids())}"
        )
    module, _, name = target.partition(":")
    cls: type[Ruleset] = getattr(import_module(module), name)
    return cls()
