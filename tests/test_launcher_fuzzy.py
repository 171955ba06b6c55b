"""The launcher's search is fuzzy, as Textual's command palette (issue 32): "sachel" and
"tokyo3" find Sachiel over Tokyo-3, ranked above a weaker match in the GM's own
encounters (listed before the samples when nothing is typed), and Enter opens it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.fuzzy import Matcher

from tests.ui_helpers import ui_test
from tracker.paths import bundled_dir
from tracker.store.encounter_file import new_file
from tracker.store.settings import Settings
from tracker.ui.launcher import LauncherApp
from tracker.ui.launcher_choices import Choice
from tracker.ui.launcher_search import in_order, ranked, word_score
from tracker.ui.themes import load_themes

SACHIEL = ("sample", "nerv-sachiel.toml")


def gm_with_near_misses(home: Path) -> Settings:
    """A GM whose own encounters match "sachel" and "tokyo3" loosely."""
    folder = home / "encounters"
    folder.mkdir()
    new_file(folder / "chapel.toml", "basic", "Search the chapel")
    new_file(folder / "kayak.toml", "basic", "Tony's kayak boat 3")
    return Settings(encounters=folder)


def rows(app: LauncherApp) -> list[tuple[str, str]]:
    return [(c.kind, c.path.name if c.path else "") for c in app.shown]


def opened_copy(app: LauncherApp) -> str:
    assert isinstance(app.return_value, Path)
    return app.return_value.read_text(encoding="utf-8")


@ui_test
@pytest.mark.parametrize(
    ("typed", "weaker"),
    [
        ("sachel", ("file", "chapel.toml")),
        ("tokyo3", ("file", "kayak.toml")),
        ("SACHEL tokyo3", None),
    ],
)
async def test_a_misspelt_or_squashed_word_finds_sachiel_first(
    tmp_path: Path, typed: str, weaker: tuple[str, str] | None
) -> None:
    settings = gm_with_near_misses(tmp_path)
    app = LauncherApp(settings, shelf=load_themes([bundled_dir("themes")]))
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.press(*typed)
        await pilot.pause()
        shown = rows(app)
        assert shown[0] == SACHIEL
        if weaker is not None:
            assert weaker in shown[1:]  # still found, ranked below
        assert ("new", "") not in shown
        await pilot.press("enter")
    assert 'title = "Sachiel over Tokyo-3"' in opened_copy(app)


@ui_test
async def test_letters_out_of_order_find_nothing(tmp_path: Path) -> None:
    app = LauncherApp(gm_with_near_misses(tmp_path), shelf=load_themes([bundled_dir("themes")]))
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.press(*"leachs")
        await pilot.pause()
        assert SACHIEL not in rows(app)
        app.exit(None)


def test_a_title_of_repeated_letters_is_matched_in_order_without_trying_every_way() -> None:
    title = "ea" * 39 + "z"  # the palette's matcher would try ~10^9 placements
    assert word_score(Matcher("eeeeeeeez"), title) == 1.0
    assert word_score(Matcher("zeeeeeeee"), title) == 0.0
    assert in_order("sachel", "sachiel over tokyo-3") and not in_order("leachs", "sachiel")


def test_nothing_typed_keeps_the_launchers_order() -> None:
    choices = [Choice("new"), Choice("sample"), Choice("new")]
    assert ranked(choices, "  ") == choices
