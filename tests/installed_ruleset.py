"""A test's own ruleset installed for that test only, and a fight of it written to disk."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.api import Ruleset
from tracker.rules import registry


def fight_file(
    ruleset: type[Ruleset], monkeypatch: pytest.MonkeyPatch, path: Path, text: str
) -> Path:
    """``text`` written at ``path``: an encounter of ``ruleset``, which the registry finds
    (by its module's ``RULESET``) until the test ends."""
    monkeypatch.setitem(registry.RULESETS, ruleset.id, ruleset.__module__)
    path.write_text(text, encoding="utf-8")
    return path
