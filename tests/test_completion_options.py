"""Completion offers the options a verb declares, after the names: the command bar's Tab
(``attack kell ork 6 melee wr`` → ``wrath``, ``dmg sachiel 5 bl`` → ``block=``) and
``tracker completion`` (after ``do FILE VERB WHO``) — before, nothing came after the
names, and a GM had to know ``bonus=`` from the docs page."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui_helpers import make_app, nerv_file, opened, ui_test
from tracker.cli import main
from tracker.core.session import Encounter
from tracker.rules.base import Ruleset
from tracker.store.encounter_file import EncounterFile
from tracker.ui.completion import complete
from tracker.ui.panes.command_bar import CommandInput

ROOT = Path(__file__).resolve().parents[1] / "encounters"


@pytest.fixture
def fights(tmp_path: Path) -> Iterator[dict[str, Encounter]]:
    """The nerv-d100 and Wrath & Glory samples, open (copies)."""
    opened: dict[str, Encounter] = {}
    files = []
    for name in ("nerv-sachiel.toml", "wrath-ork-boarding.toml"):
        shutil.copyfile(ROOT / name, tmp_path / name)
        gm = EncounterFile(tmp_path / name)
        files.append(gm.__enter__())
        opened[name.split("-")[0]] = gm.encounter
    yield opened
    for gm in files:
        gm.__exit__(None, None, None)


def tab(fight: Encounter, line: str) -> tuple[str | None, tuple[str, ...]]:
    """What Tab makes of ``line``: the completed line and the candidates."""
    assert isinstance(fight.rules, Ruleset)
    done = complete(line, fight.state, fight.verbs, fight.rules)
    return done.line, done.candidates


def test_tab_after_the_names_offers_the_verbs_options(fights: dict[str, Encounter]) -> None:
    wrath, nerv = fights["wrath"], fights["nerv"]
    assert tab(wrath, "attack kell ork 6 melee wr") == ("attack kell ork 6 melee wrath", ("wrath",))
    assert tab(wrath, "test kell 5 ")[1] == ("dn=", "bonus=", "vs=", "for=", "wrath", "bank")
    assert tab(nerv, "dmg sachiel 5 bl") == ("dmg sachiel 5 block=", ("block=",))
    assert "savage" in tab(nerv, "dmg sachiel 5 ")[1]


def test_tab_offers_no_option_where_a_name_or_number_is_due(
    fights: dict[str, Encounter],
) -> None:
    nerv = fights["nerv"]
    assert tab(nerv, "dmg sachiel ")[1] == ()  # the damage comes first
    assert tab(nerv, "dmg ")[1][:2] == ("unit-01", "unit-02")


def test_the_shell_helper_offers_the_options_after_who(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "f.toml"
    shutil.copyfile(ROOT / "wrath-ork-boarding.toml", fight)
    assert main(["_complete", "line", "do", str(fight), "dmg", "kell"]) == 0
    assert capsys.readouterr().out.split() == ["bd=", "mortal=", "soak", "wrath"]
    assert main(["_complete", "line", "do", str(fight), "dmg"]) == 0
    assert "kell" in capsys.readouterr().out.split()


def test_the_shell_helper_offers_no_option_the_line_already_gives(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # ``tracker do f.toml dmg kell 6 bd=2 soak <Tab>`` offered bd= and soak again
    fight = tmp_path / "f.toml"
    shutil.copyfile(ROOT / "wrath-ork-boarding.toml", fight)
    assert main(["_complete", "line", "do", str(fight), "dmg", "kell", "6", "bd=2", "soak"]) == 0
    assert capsys.readouterr().out.split() == ["mortal=", "wrath"]


def test_tab_offers_no_option_the_line_already_gives(fights: dict[str, Encounter]) -> None:
    # ``move mara grit mod=1 `` Tab offered ``mod=`` again: each Tab added one more
    nerv, wrath = fights["nerv"], fights["wrath"]
    assert tab(nerv, "dmg sachiel 5 bl") == ("dmg sachiel 5 block=", ("block=",))
    assert tab(nerv, "dmg sachiel 5 block=2 bl") == (None, ())
    assert tab(nerv, "dmg sachiel 5 ")[1][0] == "exploit"
    assert "exploit" not in tab(nerv, "dmg sachiel 5 exploit ")[1]
    assert tab(wrath, "test kell 5 dn=3 wrath ")[1] == ("bonus=", "vs=", "for=", "bank")


@ui_test
async def test_tab_on_an_option_leaves_the_cursor_at_its_value(tmp_path: Path) -> None:
    # Tab gave ``dmg unit-01 5 block= `` and the value typed next became a word of its own
    app = make_app(nerv_file(tmp_path), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press(":", *"dmg unit-01 5 blo", "tab", "2")
        await pilot.pause()
        assert app.screen.query_one(CommandInput).value == "dmg unit-01 5 block=2"
        await pilot.press("ctrl+u", *"dmg unit-", "tab")
        await pilot.pause()
        assert app.screen.query_one(CommandInput).value.endswith(" ")  # a name: go on
