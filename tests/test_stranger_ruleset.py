"""What a stranger writing a Mothership-style ruleset from the guide alone ran into
(issue 31): the reading helper the guide names was outside ``tracker.api``; a condition
put on by the ruleset's own verb sat under ``Conditions`` while its catalogue category
(``Wound: —``) looked empty; a stat the ruleset does not count (``hp`` where it counts
``health``) was kept and ignored without a word."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from tests.stranger_helpers import mothership_fight
from tests.ui_helpers import make_app, opened, pane_text, state_of, ui_test
from tracker.cli import main
from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError
from tracker.rules.base import RosterError
from tracker.store.encounter_file import load
from tracker.ui.modals.damage import DamageScreen

NO_DICE = ScriptedDice([])


def test_the_reading_helper_the_guide_names_is_in_the_api(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fight = load(mothership_fight(tmp_path, monkeypatch)).encounter
    fight.run("harm ripley 2", NO_DICE)
    assert fight.state.combatant("ripley").track("health") == 12  # 2 less AP 3: nothing
    fight.run("reading armor-points threshold", NO_DICE)
    fight.run("harm ripley 5", NO_DICE)
    assert fight.state.combatant("ripley").track("health") == 7  # through whole


@ui_test
async def test_a_condition_from_the_catalogue_shows_under_its_category(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = mothership_fight(tmp_path, monkeypatch)
    app = make_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        app.select("ripley")
        await pilot.press(":", *"inflict ripley Bleeding", "enter")
        await pilot.press(":", *"inflict ripley Cornered", "enter")
        await pilot.pause()
        shown = pane_text(app, "#status-text")
    assert "Wound:  Bleeding" in shown and "Wound: —" not in shown
    assert "Mind:" not in shown  # an empty category is not listed
    assert "Conditions:  Cornered" in shown and "Bleeding" not in shown.split("Conditions:")[1]


@ui_test
async def test_a_category_outside_the_catalogue_gets_a_line_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A third stranger's harm ("Gashed", category harm) and trauma sat together under
    # "Conditions:", as if they had no category.
    app = make_app(mothership_fight(tmp_path, monkeypatch))
    async with app.run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        app.select("ripley")
        for line in (
            "inflict ripley Gashed category=harm",
            "inflict ripley Haunted category=trauma",
        ):
            assert app.run_line(line).ok
        assert app.run_line("inflict ripley Cornered").ok
        await pilot.pause()
        shown = pane_text(app, "#status-text").splitlines()
    assert [line.split()[0] for line in shown if line.split()[0] in ("Harm:", "Trauma:")] == [
        "Harm:",
        "Trauma:",
    ]
    assert any(line.startswith("Harm:") and "Gashed" in line for line in shown)
    cornered = next(line for line in shown if line.startswith("Conditions:"))
    assert "Cornered" in cornered and "Gashed" not in cornered and "Haunted" not in cornered


@ui_test
async def test_a_blast_dialog_asks_for_several_targets_and_one_amount(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The guide now says what Asks(targets="several") alone gives: the d key's dialog
    # takes several names and one amount, and the handler is called for each target.
    path = mothership_fight(tmp_path, monkeypatch)
    app = make_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        app.select("ripley")
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DamageScreen)
        app.screen.query_one("#damage-targets", Input).value = "ripley,android"
        await pilot.press(*"5", "enter")
        await pilot.pause()
        state = state_of(app)
    assert state.combatant("ripley").track("health") == 10  # 5 less AP 3
    assert state.combatant("android").track("health") == 10


def test_a_stat_the_ruleset_does_not_count_is_refused_at_add(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fight = load(mothership_fight(tmp_path, monkeypatch)).encounter
    before = list(fight.events)
    with pytest.raises((RuleError, RosterError)) as refused:
        fight.run("add Parker hp=12", NO_DICE)
    said = str(refused.value)
    assert "\n" not in said and "'hp'" in said and "ap, health" in said
    assert fight.events == before
    fight.run("add Parker health=9 AP=1", NO_DICE)
    assert fight.state.combatant("parker").track("health") == 9


def test_an_unknown_stat_in_the_roster_names_its_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = mothership_fight(tmp_path, monkeypatch)
    text = path.read_text(encoding="utf-8").replace("health = 15", "helth = 15")
    path.write_text(text, encoding="utf-8")
    assert main(["state", str(path)]) == 1
    said = capsys.readouterr().err.strip()
    line = text.splitlines().index("stats = { helth = 15 }") + 1
    assert said.count("\n") == 0 and f"hold.toml:{line}:" in said and "'helth'" in said
    assert path.read_text(encoding="utf-8") == text


def test_a_ruleset_that_lists_no_stats_still_takes_any(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fight = load(mothership_fight(tmp_path, monkeypatch)).encounter
    monkeypatch.setattr(type(fight.rules), "stat_names", ())
    fight.run("add Parker hp=12", NO_DICE)
    assert fight.state.combatant("parker").stats["hp"] == 12


def test_too_few_dice_says_how_many_were_given_and_what_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # ``--dice 9,9 harm android-1,android-2 2d10`` said only "ran out of scripted dice":
    # each target rolls its own 2d10, so four faces were needed.
    path = tmp_path / "f.toml"
    assert main(["new", str(path), "--ruleset", "basic"]) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["do", str(path), "--dice", "4,2", "roll", "3d6"]) == 1
    said = capsys.readouterr().err.strip()
    assert said.count("\n") == 0 and "2 faces given" in said and "a d6 more" in said
    assert path.read_bytes() == before
