"""The domain layers never import Textual (DESIGN.md, "Layers")."""

from __future__ import annotations

import subprocess
import sys

import pytest

DOMAIN = [
    "tracker.core.session",
    "tracker.core.dice",
    "tracker.rules.registry",
    "tracker.store.encounter_file",
    "tracker.export.logbook",
    "tracker.cli",
]


@pytest.mark.parametrize("module", DOMAIN)
def test_domain_module_loads_no_textual(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "from tracker.rules.registry import RULESETS, load_ruleset\n"
        "[load_ruleset(r) for r in RULESETS]\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'textual')\n"
        "print(','.join(bad))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == ""


def test_headless_cli_run_loads_no_textual(tmp_path: object) -> None:
    code = (
        "import sys\nfrom tracker.cli import main\n"
        "main(['rulesets'])\n"
        "print('TEXTUAL' if any(m.startswith('textual') for m in sys.modules) else 'CLEAN')"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip().splitlines()[-1] == "CLEAN"
