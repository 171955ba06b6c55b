"""The campaign's loose ends (issue 27): Enter on a fight in the party screen plays it;
the launcher lists campaigns and encounters opened lately wherever they live; a treated
injury no longer reaches fight 2 through another's "as above"; the recap of a fight does
not count carried-in wounds as damage taken in it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from tests.campaign_helpers import ASUKA, fighter, member, ok
from tests.party_helpers import launcher, party, settle
from tests.ui_helpers import ui_test
from tracker.export.formats import export_file, format_named
from tracker.export.recap import ExportOptions
from tracker.rules.nerv_d100.stats import injury_rows
from tracker.rules.registry import load_ruleset
from tracker.store.settings import RECENT_MOST, Settings, remember_opened
from tracker.ui.launcher_choices import launcher_choices, prompt, shown_folder
from tracker.ui.launcher_search import ranked


@pytest.fixture
def toes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Tokyo-3 (nerv-d100): in fight 1 Asuka's left leg takes Foot Pain (1), then Broken
    Toes (2, "as above: Foot Pain"); written back, and Foot Pain treated."""
    path = tmp_path / "tokyo.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100", "--title", "Tokyo-3")
    ok(capsys, "campaign", "add-pc", path, *ASUKA)
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", path, fight, "--title", "Sachiel")
    for line in ("add Sachiel physique=60 grace=40", "start", "wound asuka 5 @left_leg"):
        ok(capsys, "do", fight, *line.split())
    ok(capsys, "do", fight, "wound", "asuka", "1", "@left_leg")
    ok(capsys, "do", fight, "end")
    ok(capsys, "campaign", "writeback", path, fight, "--yes")
    return path


def test_a_treated_injury_no_longer_reaches_fight_2_through_as_above(
    tmp_path: Path, toes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = member(toes, "asuka").lasting.injuries
    assert [i.name for i in before] == ["Foot Pain", "Broken Toes"]
    assert before[1].effect.endswith("(as above: Foot Pain)")
    ok(capsys, "campaign", "treat", toes, "asuka", "foot", "--note", "splinted")
    (toes_left,) = member(toes, "asuka").lasting.injuries
    assert toes_left.name == "Broken Toes" and "Foot Pain" not in toes_left.effect
    # undoing the treatment brings Foot Pain back, "as above" and all
    ok(capsys, "campaign", "undo", toes)
    assert member(toes, "asuka").lasting.injuries == before
    ok(capsys, "campaign", "redo", toes)
    fight = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", toes, fight, "--title", "Two")
    asuka = fighter(fight, "asuka")
    rules = load_ruleset("nerv-d100")
    tables = getattr(rules, "tables")  # noqa: B009
    assert [row.name for row in injury_rows(asuka, tables)] == ["Broken Toes"]
    assert [i.name for i in asuka.injuries] == ["Broken Toes"]
    assert "Foot Pain" not in asuka.injuries[0].effect  # what the body chart lists


def test_as_above_still_carries_the_row_above_within_a_fight(tmp_path: Path, toes: Path) -> None:
    rules = load_ruleset("nerv-d100")
    tables = getattr(rules, "tables")  # noqa: B009
    asuka = fighter(tmp_path / "f1.toml", "asuka")
    assert [row.name for row in injury_rows(asuka, tables)] == ["Foot Pain", "Broken Toes"]


def test_carried_wounds_are_not_damage_taken_in_the_next_fight(
    tmp_path: Path, toes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", toes, fight, "--title", "Two")
    ok(capsys, "do", fight, "add", "Shamshel", "physique=50", "grace=40")
    ok(capsys, "do", fight, "start")
    text = export_file(fight, format_named("md"), ExportOptions(gm=True))
    row = next(line for line in text.splitlines() if line.startswith("| Asuka "))
    assert row.split("|")[4].strip() in ("0", "—"), row  # the Taken column
    assert "still has" in text  # the log says what was carried in
    assert "- Asuka: Broken Toes" not in text  # not an injury suffered in this fight


@ui_test
async def test_enter_on_a_fight_in_the_party_screen_plays_it(tmp_path: Path, toes: Path) -> None:
    # issue 27: Enter on Fights did nothing
    app = launcher(tmp_path / "encounters", toes)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        fights = party(app).query_one("#party-fights", OptionList)
        await pilot.press("tab", "tab")  # the PCs, their tracks, the fights
        await settle(pilot)
        assert app.focused is fights and fights.highlighted == 0
        await pilot.press("enter")
        await settle(pilot)
    assert app.return_value == tmp_path / "f1.toml"


@ui_test
async def test_a_fight_whose_file_is_gone_is_one_line(tmp_path: Path, toes: Path) -> None:
    (tmp_path / "f1.toml").unlink()
    app = launcher(tmp_path / "encounters", toes)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        party(app).query_one("#party-fights", OptionList).focus()
        await pilot.press("enter")
        await settle(pilot)
        assert party(app).message.startswith("✗ fight 1: ")
        assert "is not there any more" in party(app).message


@ui_test
async def test_a_campaign_opened_from_elsewhere_is_listed_by_the_launcher(
    tmp_path: Path, toes: Path
) -> None:
    # issue 27: a campaign made outside the encounters folder never showed
    folder = tmp_path / "encounters"
    folder.mkdir()
    app = launcher(folder, toes)  # as `tracker tokyo.toml` opens it
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
    assert Settings.load().recent[0] == toes.absolute()
    rows = launcher_choices(Settings.load())
    kinds = [(c.kind, c.path) for c in rows if c.kind in ("campaign", "file")]
    assert ("campaign", toes.absolute()) in kinds
    row = next(c for c in rows if c.kind == "campaign")
    where = f"{toes.name} in {shown_folder(toes.absolute().parent)}"
    assert where in prompt(row).plain  # where it lives, not just its name (the name first)
    assert ranked([row], tmp_path.name) == [row]  # typing where it lives finds it
    assert ("file", tmp_path / "f1.toml") not in kinds  # never opened: not listed
    assert remember_opened(tmp_path / "f1.toml") == ""
    rows = launcher_choices(Settings.load())
    assert ("file", tmp_path / "f1.toml") in [(c.kind, c.path) for c in rows]


def test_recent_files_are_newest_first_few_and_only_those_still_there(
    tmp_path: Path,
) -> None:
    paths = [tmp_path / f"f{n}.toml" for n in range(RECENT_MOST + 3)]
    for path in paths:
        path.write_text("", encoding="utf-8")
        assert remember_opened(path) == ""
    assert remember_opened(paths[0]) == ""
    recent = Settings.load().recent
    assert recent[0] == paths[0] and recent[1] == paths[-1]
    assert len(recent) == RECENT_MOST and len(set(recent)) == RECENT_MOST
    paths[-1].unlink()
    assert remember_opened(paths[-2]) == ""
    assert paths[-1] not in Settings.load().recent


def test_a_recent_list_that_is_not_paths_is_one_line_and_ignored(tmp_path: Path) -> None:
    from tracker.store.settings import settings_path

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("recent = 3\n", encoding="utf-8")
    settings = Settings.load()
    assert settings.recent == () and "recent should be a list" in settings.problem
