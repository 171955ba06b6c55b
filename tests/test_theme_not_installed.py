"""A theme the encounter names but nobody installed, and the themes list: what ``tracker
check``, the TUI and the phones' page say and use, and ``tracker themes`` offering only
themes the TUI takes."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.message import Message
from textual.notifications import Notify

from tests.campaign_helpers import cli
from tests.ui_helpers import ROOT, make_app, opened, ui_test
from tracker.store.encounter_file import load
from tracker.web.stage import _theme_name


def ork_file(folder: Path, theme: str) -> Path:
    """A copy of the Ork boarding sample (wrath-glory, ruleset theme imperium) naming
    ``theme``."""
    path = folder / "ork.toml"
    text = (ROOT / "encounters" / "wrath-ork-boarding.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('theme = "imperium"', f'theme = "{theme}"'), encoding="utf-8")
    return path


def test_check_warns_in_one_line_and_the_fight_still_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = ork_file(tmp_path, "dracula")
    before = path.read_bytes()
    code, out, err = cli(capsys, "check", path)
    assert code == 0 and ": plays, with a theme not installed — wrath-glory" in out
    line = "theme 'dracula' is not installed — it plays in imperium"
    at = path.read_text(encoding="utf-8").splitlines().index('theme = "dracula"') + 1
    assert err.count("\n") == 1 and line in err and f"{path}:{at}:1:" in err
    assert path.read_bytes() == before


def test_check_says_nothing_of_an_installed_theme(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = cli(capsys, "check", ork_file(tmp_path, "nerv"))
    assert (code, err) == (0, "")


def test_the_tui_says_once_which_theme_it_used_instead(tmp_path: Path) -> None:
    path = ork_file(tmp_path, "dracula")
    messages: list[Message] = []

    @ui_test
    async def scenario() -> None:
        app = make_app(path)
        async with app.run_test(size=(120, 36), message_hook=messages.append) as pilot:
            await opened(pilot)
            await pilot.pause()
            assert app.theme == "imperium"

    scenario()
    said = [m.notification.message for m in messages if isinstance(m, Notify)]
    about = [text for text in said if "dracula" in text]
    assert about == ["theme 'dracula' (named in ork.toml) is not installed — playing in imperium"]


def test_the_phones_page_falls_back_to_the_rulesets_theme_as_the_tui_does(
    tmp_path: Path,
) -> None:
    loaded = load(ork_file(tmp_path, "dracula"))
    assert _theme_name(loaded.head, loaded.rules.theme) == "imperium"
    loaded = load(ork_file(tmp_path, "nerv"))
    assert _theme_name(loaded.head, loaded.rules.theme) == "nerv"
