"""A public line that names a hidden combatant the players' filter would miss is held
back with a warning; the GM can make it a gm-note, or send it anyway with ``!``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.player_helpers import play, screen_text
from tests.ui_helpers import basic_file, make_app, opened, state_of, ui_test
from tracker.cli import main
from tracker.core import events as ev
from tracker.core.dice import Dice
from tracker.core.errors import RuleError
from tracker.core.hidden_names import HiddenNamed, leaked_name, loose_pattern
from tracker.export.player_log import player_log
from tracker.store.encounter_file import load
from tracker.ui.modals.confirm import ConfirmScreen

BOSS = '\n[[combatants]]\nid = "secret-boss"\nname = "Secret Boss"\nhidden = true\n'
BOSS += "stats = { hp = 30, init = 1 }\n"


def fight(tmp_path: Path) -> Path:
    """Ann, Bo, a Goblin, an Orc and the hidden Secret Boss, round 1 under way."""
    path = basic_file(tmp_path, extra=BOSS)
    play(path, "start")
    return path


def players_read(path: Path) -> list[str]:
    loaded = load(path)
    encounter = loaded.encounter
    return [line.text for line in player_log(encounter.initial, encounter.events, loaded.rules)]


@pytest.mark.parametrize(
    "line",
    [
        "note The secret-boss lurks behind the door",
        "note SecretBoss lurks",
        "note the SECRET_BOSS waits",
        "note secret   boss, watching",
        "roll 2d6 for=vs-secret-boss",
        "roll 1d20 ann for=spotting-SecretBoss",
    ],
)
def test_a_public_line_naming_a_hidden_one_another_way_is_held_back(
    tmp_path: Path, line: str
) -> None:
    path = fight(tmp_path)
    before = path.read_bytes()
    encounter = load(path).encounter
    with pytest.raises(HiddenNamed) as refused:
        encounter.decide(line, Dice(seed=1))
    assert "Secret Boss" in str(refused.value) and "hidden from the players" in str(refused.value)
    assert refused.value.anyway.split()[0].endswith("!")
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "line",
    [
        "note The Secret Boss lurks",  # as written: the players' filter drops the line
        "gm-note the secret-boss lurks",  # GM-only: never reaches the players
        "note The boss of the gang lurks",  # one word of the name is not the name
        "note a secretive bossy goblin",
        "roll 2d6 secret-boss",  # a roll by the hidden one is dropped for the players
    ],
)
def test_lines_the_players_never_read_as_a_leak_pass(tmp_path: Path, line: str) -> None:
    path = fight(tmp_path)
    encounter = load(path).encounter
    assert encounter.decide(line, Dice(seed=1))


def test_sent_anyway_it_is_saved_and_the_players_read_it(tmp_path: Path) -> None:
    path = fight(tmp_path)
    with pytest.raises(HiddenNamed):
        play(path, "note The secret-boss lurks")
    assert "The secret-boss lurks" not in players_read(path)
    play(path, "note! The secret-boss lurks")
    notes = [e for e in load(path).encounter.events if isinstance(e, ev.NoteAdded)]
    assert [n.text for n in notes] == ["The secret-boss lurks"]
    assert "The secret-boss lurks" in players_read(path)


def test_once_revealed_the_name_is_no_secret(tmp_path: Path) -> None:
    path = fight(tmp_path)
    play(path, "reveal secret-boss", "note The secret-boss shows itself")
    assert "The secret-boss shows itself" in players_read(path)


def test_the_bang_is_only_a_confirmation_not_a_new_verb(tmp_path: Path) -> None:
    path = fight(tmp_path)
    encounter = load(path).encounter
    with pytest.raises(RuleError, match="unknown command 'fly'"):
        encounter.decide("fly! away", Dice(seed=1))
    assert encounter.decide("next!", Dice(seed=1))


def test_loose_forms_of_a_name() -> None:
    pattern = loose_pattern("Unit-01")
    assert pattern is not None
    assert (
        pattern.search("unit01 moves") and pattern.search("UNIT 01") and pattern.search("x/unit_01")
    )
    assert not pattern.search("unit012") and not pattern.search("subunit01")
    assert loose_pattern("---") is None


def test_leaked_name_quotes_what_the_gm_wrote(tmp_path: Path) -> None:
    state = load(fight(tmp_path)).encounter.state
    boss = state.combatant("secret-boss")
    assert leaked_name("watch the SecretBoss", boss) == "SecretBoss"
    assert leaked_name("watch the Secret Boss and the secret-boss", boss) is None


@ui_test
async def test_the_tui_asks_before_sending_and_sends_on_yes(tmp_path: Path) -> None:
    app = make_app(fight(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        outcome = app.run_and_report("note The secret-boss lurks")
        assert not outcome.ok
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Secret Boss" in app.screen.question
        shown = " ".join(" ".join(screen_text(app).split("│")).split())
        assert "'secret-boss'. Send it to the players anyway?" in shown  # wrapped, not cut
        await pilot.press("n")
        assert not [e for e in app.play.encounter.events if isinstance(e, ev.NoteAdded)]  # type: ignore[union-attr]
        app.run_and_report("note The secret-boss lurks")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        notes = [e.text for e in load(app.path).encounter.events if isinstance(e, ev.NoteAdded)]
        assert notes == ["The secret-boss lurks"]
        assert state_of(app).combatant("secret-boss").hidden


def test_the_cli_refuses_in_one_line_and_takes_the_bang(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = fight(tmp_path)
    before = path.read_bytes()
    assert main(["do", str(path), "note", "The", "secret-boss", "lurks"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "note!" in err and "Secret Boss" in err
    assert path.read_bytes() == before
    assert main(["do", str(path), "note!", "The", "secret-boss", "lurks"]) == 0
    assert "The secret-boss lurks" in players_read(path)
