"""The launcher (`tracker` with no FILE): it lists the GM's encounters newest first under
"resume the last one", then the samples and "new encounter"; Enter resumes (one key);
typing filters; a sample opens as a copy; a new encounter is made from a title and a
ruleset; a file that cannot be opened is one line. Also the launch loop, last_file and
the theme remembered in the settings, and snapshots at 80x24 and 120x36."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from tests.launcher_helpers import INIT, gm_folder, launcher, played
from tests.ui_helpers import ROOT, basic_file, still, text_of, ui_test
from tracker.paths import bundled_dir, sample_encounters
from tracker.store.encounter_file import load
from tracker.store.lock import WriterLock
from tracker.store.settings import Settings, settings_path
from tracker.ui.launcher import LauncherApp
from tracker.ui.launcher_choices import prompt
from tracker.ui.modals.new_encounter import NewEncounterScreen
from tracker.ui.themes import load_themes


def rows(app: LauncherApp) -> list[tuple[str, str]]:
    """(kind, file name) of every row shown, in order."""
    return [(c.kind, c.path.name if c.path else "") for c in app.shown]


def problem_line(app: LauncherApp) -> str:
    """The one line of trouble under the list (as said, and as shown: the same words)."""
    shown = "".join(text_of(app.query_one("#launcher-problem", Static)).split())
    assert shown == "".join(f"✗ {app.problem}".split())
    return f"✗ {app.problem}" if app.problem else ""


@ui_test
async def test_it_lists_resume_then_encounters_newest_first_then_samples_then_new(
    tmp_path: Path,
) -> None:
    app = launcher(gm_folder(tmp_path))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert rows(app)[:4] == [
            ("resume", "ambush.toml"),
            ("file", "bridge.toml"),
            ("file", "ambush.toml"),
            ("file", "quiet.toml"),
        ]
        samples = [name for kind, name in rows(app) if kind == "sample"]
        assert sorted(samples) == sorted(p.name for p in sample_encounters())
        assert rows(app)[-1] == ("new", "")
        resume = prompt(app.shown[0]).plain
        assert resume.startswith("▶ Resume  Goblin ambush  basic\n")
        assert "round 1, Goblin's turn · 4 combatants" in resume
        assert "not started" in prompt(app.shown[3]).plain


@ui_test
async def test_one_key_resumes_the_last_file(tmp_path: Path) -> None:
    settings = gm_folder(tmp_path)
    app = launcher(settings)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("enter")
    assert app.return_value == settings.last_file


@ui_test
async def test_typing_filters_and_a_sample_opens_as_a_copy(tmp_path: Path) -> None:
    settings = gm_folder(tmp_path)
    before = {p: p.read_bytes() for p in sample_encounters()}
    app = launcher(settings)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press(*"sachiel")
        assert rows(app) == [("sample", "nerv-sachiel.toml")]
        await pilot.press("enter")
    copy = app.return_value
    assert copy is not None and copy.parent == settings.encounters
    assert copy.read_bytes() == (ROOT / "encounters" / "nerv-sachiel.toml").read_bytes()
    assert {p: p.read_bytes() for p in sample_encounters()} == before


@ui_test
async def test_words_typed_match_status_and_ruleset_and_arrows_move(tmp_path: Path) -> None:
    app = launcher(gm_folder(tmp_path))
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press(*"basic round")
        assert rows(app) == [
            ("resume", "ambush.toml"),
            ("file", "bridge.toml"),
            ("file", "ambush.toml"),
        ]
        await pilot.press("down", "down", "enter")
    assert app.return_value == tmp_path / "encounters" / "ambush.toml"


@ui_test
async def test_escape_clears_the_search_then_leaves(tmp_path: Path) -> None:
    app = launcher(gm_folder(tmp_path))
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("x", "y", "z")
        assert rows(app) == []
        await pilot.press("escape")
        assert len(rows(app)) > 4
        await pilot.press("escape")
    assert app.return_value is None


@ui_test
async def test_a_new_encounter_is_made_from_a_title_and_a_ruleset(tmp_path: Path) -> None:
    settings = gm_folder(tmp_path)
    app = launcher(settings)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.press(*"new")
        assert rows(app) == [("new", "")]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewEncounterScreen)
        await pilot.press(*"Ork raid")
        await pilot.press("enter")
    made = app.return_value
    assert made == settings.encounters / "ork-raid.toml"
    loaded = load(made)
    assert (loaded.encounter.state.title, loaded.rules.id) == ("Ork raid", "basic")
    assert loaded.encounter.state.combatants == {}


@ui_test
async def test_ctrl_n_asks_and_an_empty_title_is_refused_in_place(tmp_path: Path) -> None:
    app = launcher(gm_folder(tmp_path))
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, NewEncounterScreen)
        await pilot.press("enter")
        error = text_of(app.screen.query_one("#dialog-error", Static))
        assert "give the encounter a title" in error
        await pilot.press("escape")
        assert not isinstance(app.screen, NewEncounterScreen)
    assert app.return_value is None


@ui_test
async def test_a_file_another_gm_holds_is_one_line_and_stays(tmp_path: Path) -> None:
    settings = gm_folder(tmp_path)
    app = launcher(settings)
    assert settings.last_file is not None
    with WriterLock(settings.last_file):
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            line = problem_line(app)
            assert "ambush.toml is open for writing by" in line
            assert "\n" not in line
            assert app.is_running
            app.exit(None)


@ui_test
async def test_a_broken_file_is_listed_with_its_line_and_cannot_be_opened(
    tmp_path: Path,
) -> None:
    settings = gm_folder(tmp_path)
    (settings.encounters / "torn.toml").write_text("format = 2\n[encounter\n", encoding="utf-8")
    app = launcher(settings)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press(*"torn")
        assert rows(app)[0] == ("file", "torn.toml")  # best first (fuzzy: also wRath-ORk…)
        row = prompt(app.shown[0]).plain
        assert row.splitlines()[1].startswith("torn.toml:2:")  # its name, as the row says
        await pilot.press("enter")
        await pilot.pause()
        assert problem_line(app).startswith(f"✗ {settings.encounters / 'torn.toml'}:2:")
        app.exit(None)


@ui_test
async def test_a_broken_file_row_reads_whole_at_80_columns(tmp_path: Path) -> None:
    settings = gm_folder(tmp_path)
    (settings.encounters / "torn.toml").write_text("format = 1\n[encounter\n", encoding="utf-8")
    app = launcher(settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"torn")
        listing = app.query_one("#launcher-list", OptionList)
        row = " ".join(shown_lines(listing, 5))
        assert "…" not in row
        assert "torn.toml:2:11: a [table] is not closed with ']'" in row
        app.exit(None)


def shown_lines(listing: OptionList, count: int) -> list[str]:
    """The first ``count`` lines the list shows, as text (borders and padding off)."""
    return [listing.render_line(y).text.strip(" │╭╮─") for y in range(count)]


@ui_test
async def test_a_file_deleted_while_listed_is_said_and_dropped(tmp_path: Path) -> None:
    settings = gm_folder(tmp_path)
    app = launcher(settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        (settings.encounters / "bridge.toml").unlink()
        await pilot.press(*"bridge", "enter")
        await pilot.pause()
        line = problem_line(app)
        assert line.startswith("✗ bridge.toml is no longer in ")
        assert "moved or deleted after the list was read" in line
        assert ("file", "bridge.toml") not in rows(app) and app.is_running
        assert "tracker new" not in line  # not an offer to make it anew
        app.exit(None)


@ui_test
async def test_a_broken_settings_file_is_said_once_and_the_defaults_used() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("encounters = [", encoding="utf-8")
    app = LauncherApp(shelf=load_themes([bundled_dir("themes")]))
    async with app.run_test() as pilot:
        await pilot.pause()
        assert "cannot read the settings" in problem_line(app)
        assert rows(app)[0][0] == "sample"


# --- snapshots ----------------------------------------------------------------------------


async def _still(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    still(pilot)
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_launcher_snapshot(
    snap_compare: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("TZ", "UTC")
    app = launcher(gm_folder(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=_still)


@ui_test
async def test_a_file_from_elsewhere_shows_its_name_before_its_folder_at_80_columns(
    tmp_path: Path,
) -> None:
    settings = gm_folder(tmp_path)
    far = tmp_path / "a-folder-with-a-rather-long-name" / "and-another-one-inside-it"
    far.mkdir(parents=True)
    fight = played(basic_file(far, "dawn.toml"), [*INIT, "start"])
    settings.recent = (fight,)
    settings.save()
    app = launcher(settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"dawn")
        listing = app.query_one("#launcher-list", OptionList)
        row = " ".join(shown_lines(listing, 4))
        assert "dawn.toml in " in row  # the name whole, the folder cut
        app.exit(None)


@ui_test
async def test_enter_with_nothing_matching_says_why_nothing_opens(tmp_path: Path) -> None:
    app = launcher(gm_folder(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"zzqx", "enter")
        await pilot.pause()
        assert problem_line(app) == (
            "✗ nothing matches 'zzqx': Esc clears the search, ctrl+n starts a new encounter"
        )
        assert app.is_running
        app.exit(None)


def list_lines(app: LauncherApp) -> list[str]:
    """Every line of the list as shown, headings and notes too."""
    listing = app.query_one("#launcher-list", OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


@ui_test
async def test_a_first_run_says_there_are_no_encounters_yet_and_what_to_do(
    tmp_path: Path,
) -> None:
    """A first run listed the samples and "new encounter" with no word that the GM has
    no encounters yet: now the first line says so and names the keys that start one."""
    settings = Settings(encounters=tmp_path / "encounters")
    settings.save()
    app = launcher(settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = list_lines(app)[0]
        assert first.startswith("No encounters yet")
        assert "Enter" in first and "sample" in first and "ctrl+n" in first
        assert rows(app)[0][0] == "sample"  # Enter still plays the first sample
        await pilot.press("s", "a", "c", "h")
        assert not any(line.startswith("No encounters yet") for line in list_lines(app))


@ui_test
async def test_a_gm_with_encounters_sees_no_first_run_line(tmp_path: Path) -> None:
    app = launcher(gm_folder(tmp_path))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert not any(line.startswith("No encounters yet") for line in list_lines(app))
