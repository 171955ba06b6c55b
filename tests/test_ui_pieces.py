"""The TUI's pure parts: completion, the growing log, themes, keymap, figure, launch."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.style import Style
from textual.app import App

from tests.conftest import basic_encounter
from tests.ui_helpers import NERV_SAMPLE, basic_file
from tracker.core.dice import Dice
from tracker.export.logbook import log_lines
from tracker.paths import bundled_dir
from tracker.rules.base import LocationView, Ruleset
from tracker.rules.registry import load_ruleset
from tracker.ui import launch as launch_module
from tracker.ui.app import TrackerApp
from tracker.ui.completion import complete, usage_slots
from tracker.ui.keymap import read_keymap
from tracker.ui.log_feed import LogFeed
from tracker.ui.panes.figure import draw_figure, place_of, severity_class
from tracker.ui.themes import load_themes, read_theme

# --- completion -------------------------------------------------------------------------


def test_completion_of_verbs_names_and_locations() -> None:
    fight = basic_encounter()
    verbs, state = fight.verbs, fight.state
    assert isinstance(fight.rules, Ruleset)
    assert complete("dm", state, verbs, fight.rules).line == "dmg"
    assert complete("dmg go", state, verbs, fight.rules).line == "dmg Goblin"
    assert complete("dmg GO", state, verbs, fight.rules).line == "dmg Goblin"
    assert complete("un", state, verbs, fight.rules).line == "undo"
    assert complete("dmg gob 3", state, verbs, fight.rules).line is None
    hint = complete("dmg ", state, verbs, fight.rules).hint
    assert hint.startswith("dmg WHO N")


def test_completion_of_nerv_locations_and_ailments(tmp_path: Path) -> None:
    from tracker.store.encounter_file import load

    loaded = load(NERV_SAMPLE)
    fight, rules = loaded.encounter, loaded.rules
    found = complete("dmg sachiel 12 @c", fight.state, fight.verbs, rules)
    assert found.line == "dmg sachiel 12 @core"
    found = complete("dmg rei 4 @left", fight.state, fight.verbs, rules)
    assert found.line == "dmg rei 4 @left-arm" and "@left-leg" in found.candidates
    assert complete("ail rei Bur", fight.state, fight.verbs, rules).line == "ail rei Burning"
    assert complete("shake rei f", fight.state, fight.verbs, rules).line == "shake rei fail"


def test_usage_slots_skip_locations_and_options() -> None:
    assert usage_slots("dmg WHO N [@LOC] [exploit] [pen=N]") == ["WHO", "N", "exploit"]
    assert usage_slots("shake WHO pass|fail|roll [NAME]") == ["WHO", "pass|fail|roll", "NAME"]


# --- the growing log --------------------------------------------------------------------


def test_log_feed_matches_a_full_walk_after_every_command() -> None:
    fight = basic_encounter()
    feed = LogFeed()
    dice, pick = Dice(seed=3), random.Random(5)
    lines = [
        "start",
        "next",
        "dmg orc 3",
        "ail gob Prone rounds=1",
        "next",
        "undo",
        "redo",
        "note a ruling",
        "delay .",
        "next",
        "add Wolf hp=5",
        "prev",
        "next",
    ]
    for _ in range(60):
        line = pick.choice(lines)
        try:
            fight.run(line, dice)
        except Exception:  # noqa: BLE001 - refused commands are fine here
            continue
        feed.update(fight)
        assert feed.lines == log_lines(fight.initial, fight.events)


# --- themes and keymap ------------------------------------------------------------------


def test_bundled_themes_cover_every_setting() -> None:
    shelf = load_themes([bundled_dir("themes")])
    assert not shelf.problems
    for name in ("default-dark", "default-light", "nerv", "imperium", "weyland", "velvet"):
        assert name in shelf.themes
    assert shelf.names[0] == "default-dark"
    assert shelf.themes["default-light"].dark is False


def test_user_theme_replaces_a_bundled_one_and_bad_files_are_named(tmp_path: Path) -> None:
    user = tmp_path / "themes"
    user.mkdir()
    (user / "nerv.toml").write_text('primary = "#00FF00"\n', encoding="utf-8")
    (user / "broken.toml").write_text('primary = "not a colour"\n', encoding="utf-8")
    (user / "typo.toml").write_text('primery = "#fff"\n', encoding="utf-8")
    shelf = load_themes([bundled_dir("themes"), user])
    assert shelf.themes["nerv"].primary == "#00FF00"
    assert any("broken.toml" in p and "not a colour" in p for p in shelf.problems)
    assert any("typo.toml" in p and "primery" in p for p in shelf.problems)


def test_read_theme_reads_variables(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        'name = "mine"\nprimary = "#123456"\ndark = false\n'
        '[variables]\nfooter-key-foreground = "#ff0000"\n',
        encoding="utf-8",
    )
    theme = read_theme(path)
    assert theme.name == "mine" and not theme.dark
    assert theme.variables == {"footer-key-foreground": "#ff0000"}


def test_keymap_keeps_known_ids_and_names_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "keymap.toml"
    path.write_text('next-turn = "space"\n[keys]\ndamage = "x, d"\nbogus = "z"\n', encoding="utf-8")
    found = read_keymap(path, {"next-turn", "damage"})
    assert found.keys == {"next-turn": "space", "damage": "x,d"}
    assert len(found.problems) == 1 and "bogus" in found.problems[0]
    assert read_keymap(tmp_path / "none.toml", {"x"}).keys == {}


# --- the figure -------------------------------------------------------------------------


def test_figure_places_locations_like_a_body() -> None:
    assert place_of("left arm") == "left arm" and place_of("R-Leg") == "right leg"
    assert place_of("torso") == "body" and place_of("core") == "core"
    assert place_of("tail") == ""
    assert severity_class("serious") == "bad" and severity_class("ok") == "ok"
    styles = {k: Style() for k in ("ok", "hurt", "bad", "down", "frame")}
    views = [
        LocationView("head", "Head", 2, 1, 2),
        LocationView("left arm", "Left arm"),
        LocationView("body", "Body", injuries=("1 Winded",)),
        LocationView("tail", "Tail"),
    ]
    lines = [line.plain for line in draw_figure(views, styles)]
    assert "Head" in lines[0] and "1/2" in lines[1] and "A2" in lines[1]
    arm_row = lines[4]
    assert arm_row.index("L arm") < arm_row.index("Body")
    assert "✖ Winded" in lines[6]
    assert any("Tail" in line for line in lines[8:])


def test_basic_rules_draw_tracks_not_a_figure() -> None:
    basic = load_ruleset("basic")
    fighter = basic.prepare({"id": "a", "name": "A", "stats": {"hp": 9}})
    assert basic.body(fighter) == []
    assert [view.label for view in basic.track_views(fighter)] == ["HP"]


# --- launch -----------------------------------------------------------------------------


def test_no_file_opens_the_launcher_and_copies_nothing_by_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tracker.ui.launcher import LauncherApp

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    shown: list[LauncherApp] = []
    monkeypatch.setattr(LauncherApp, "run", lambda self, **_: shown.append(self))
    monkeypatch.setattr(TrackerApp, "run", lambda self, **_: pytest.fail("no file was chosen"))
    assert launch_module.launch(None) == 0
    assert len(shown) == 1
    assert not (tmp_path / "data" / "tracker" / "encounters").exists()


def test_pick_sample_prefers_nerv_then_basic(tmp_path: Path) -> None:
    basic = basic_file(tmp_path, "a.toml")
    assert launch_module.pick_sample([basic, NERV_SAMPLE]) == NERV_SAMPLE
    assert launch_module.pick_sample([basic]) == basic
    assert launch_module.pick_sample([]) is None


def test_a_file_that_fails_to_load_prints_one_line_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = basic_file(tmp_path, extra="\n[encounter2]\nx = 1\n")
    before = path.read_bytes()
    monkeypatch.setattr(TrackerApp, "run", lambda self, **_: App.run(self, headless=True))
    assert launch_module.launch(path) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"tracker: {path}:")
    assert "unknown top-level key 'encounter2'" in err[0]
    assert path.read_bytes() == before
    assert not path.with_name(path.name + ".lock").exists()


def test_a_missing_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert launch_module.launch(tmp_path / "nope.toml") == 1
    assert "does not exist" in capsys.readouterr().err


def test_a_file_another_gm_holds_is_refused_before_the_screen_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tracker.store.lock import WriterLock

    path = basic_file(tmp_path)
    ran: list[Path] = []
    monkeypatch.setattr(TrackerApp, "run", lambda self, **_: ran.append(self.path))
    with WriterLock(path):
        assert launch_module.launch(path) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "fight.toml is open for writing by" in err[0]
    assert ran == []
