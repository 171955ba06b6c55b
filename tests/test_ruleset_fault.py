"""A bug in a ruleset's verb (a stranger's package) is one line, exit status 1 from the
CLI and a refusal at the table: no traceback, the app still running, the file as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.faulty_ruleset import faulty_fight
from tests.ui_helpers import make_app, opened, pane_text, state_of, ui_test
from tracker.cli import main
from tracker.ui.panes.command_bar import CommandBar


def test_tracker_do_reports_the_bug_in_one_line_and_keeps_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = faulty_fight(tmp_path, monkeypatch)
    assert main(["do", str(path), "start"]) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["do", str(path), "jam", "hask"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert "'jam hask' failed in the ruleset's code (ZeroDivisionError" in err
    assert "tests/faulty_ruleset.py:" in err and "nothing was recorded" in err
    assert path.read_bytes() == before


@ui_test
async def test_the_table_refuses_the_buggy_command_and_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(faulty_fight(tmp_path, monkeypatch))
    async with app.run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        await pilot.press(":", *"jam hask", "enter")
        await pilot.pause()
        assert "failed in the ruleset's code" in app.query_one(CommandBar).message
        assert state_of(app).combatant("hask").track("harm") == 0
        await pilot.press(":", *"harm hask 2", "enter")
        await pilot.pause()
        assert state_of(app).combatant("hask").track("harm") == 2


def test_a_view_that_fails_is_drawn_as_a_warning_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = faulty_fight(tmp_path, monkeypatch)
    for line in (["start"], ["harm", "hask", "3"]):
        assert main(["do", str(path), *line]) == 0
    capsys.readouterr()
    assert main(["state", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and err.count("\n") == 1  # which view failed, where
    assert err.startswith("tracker: ⚠ the ruleset's summary_parts failed (KeyError: ")
    hask = next(row for row in out.splitlines() if "Hask" in row)
    assert "⚠" in hask
    assert main(["log", str(path), "-f", "md"]) == 0


@ui_test
async def test_the_table_draws_on_and_the_status_pane_says_which_view_failed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(faulty_fight(tmp_path, monkeypatch))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        await pilot.press(":", *"harm hask 3", "enter")
        await pilot.pause()
        app.select("hask")
        await pilot.pause()
        assert state_of(app).combatant("hask").track("harm") == 3
        status = " ".join(pane_text(app, "#status-text").split())
        assert "the ruleset's summary_parts failed (KeyError: 'harm-three' at" in status
        await pilot.press(":", *"harm vey 1", "enter")
        await pilot.pause()
        assert state_of(app).combatant("vey").track("harm") == 1
