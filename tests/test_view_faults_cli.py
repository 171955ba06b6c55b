"""``tracker state`` says what the TUI's header says of the fight (the ruleset's pools:
Glory, a threat pool), and on stderr which of a ruleset package's view hooks failed, as
the TUI's status pane does: it printed the state without them and said nothing."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from tests.cli_helpers import run as cli
from tests.test_contract import install, run
from tests.test_json_schemas import check

ENCOUNTERS = Path(__file__).resolve().parents[1] / "encounters"


def test_state_heads_with_the_rulesets_pools(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "boarding.toml"
    shutil.copyfile(ENCOUNTERS / "wrath-ork-boarding.toml", fight)
    assert cli(capsys, "do", str(fight), "start")[0] == 0
    status, out, _ = cli(capsys, "state", str(fight))
    assert status == 0
    assert out.splitlines()[:2] == [
        "Orks in the Ventral Corridor · wrath-glory · round 1",
        "  Glory 0",
    ]


def _site(tmp_path: Path) -> tuple[Path, Path]:
    """The probe ruleset with a ``header_parts`` that fails, and a fight of it."""
    site = install(tmp_path / "site", "3")
    probe = site / "probe" / "__init__.py"
    probe.write_text(
        probe.read_text() + "\n    def header_parts(self, state):\n        return [1 / 0]\n"
    )
    fight = tmp_path / "two.toml"
    shutil.copyfile(site / "probe" / "samples" / "two.toml", fight)
    return site, fight


def test_state_prints_and_says_which_view_hook_failed(tmp_path: Path) -> None:
    site, fight = _site(tmp_path)
    shown = run([sys.executable, "-m", "tracker", "state", str(fight)], [site], tmp_path)
    assert shown.returncode == 0 and shown.stdout.startswith("Two · probe · not started\n")
    assert shown.stderr.startswith(
        "tracker: ⚠ the ruleset's header_parts failed (ZeroDivisionError: division by "
        "zero at probe/__init__.py:"
    ), shown.stderr
    assert shown.stderr.count("\n") == 1


def test_state_json_carries_the_header_and_says_which_view_hook_failed(tmp_path: Path) -> None:
    # The JSON calls the same header hook as the text: a failing one is said on stderr in
    # one line, and stdout stays one JSON document that holds to docs' schema.
    site, fight = _site(tmp_path)
    shown = run([sys.executable, "-m", "tracker", "state", str(fight), "--json"], [site], tmp_path)
    assert shown.returncode == 0
    document = json.loads(shown.stdout)
    check("state", document)
    assert document["header"] == []
    assert shown.stderr.startswith(
        "tracker: ⚠ the ruleset's header_parts failed (ZeroDivisionError: division by "
        "zero at probe/__init__.py:"
    ), shown.stderr
    assert shown.stderr.count("\n") == 1


def test_state_json_heads_with_the_rulesets_pools(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "boarding.toml"
    shutil.copyfile(ENCOUNTERS / "wrath-ork-boarding.toml", fight)
    assert cli(capsys, "do", str(fight), "start")[0] == 0
    status, out, err = cli(capsys, "state", str(fight), "--json")
    assert status == 0 and err == ""
    assert json.loads(out)["header"] == ["Glory 0"]
