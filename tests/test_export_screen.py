"""The export modal and "copy this round's Markdown", driven with Pilot."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Checkbox, Input, Select, Static, TextArea

from tests.ui_helpers import make_app, opened, state_of, ui_test
from tracker.export.formats import recap_file_name, round_markdown
from tracker.export.recap import ExportOptions
from tracker.store.encounter_file import Loaded, load
from tracker.ui.export_screen import ExportScreen, copy_round_markdown, recaps_dir

FIXTURE = Path(__file__).parent / "fixtures" / "bridge-at-kell.toml"


class Host(App[None]):
    """A bare app that opens the export modal and keeps what it dismissed with."""

    def __init__(self, loaded: Loaded, **options: Any) -> None:
        super().__init__()
        self.loaded = loaded
        self.options = options
        self.results: list[Path | None] = []

    def compose(self) -> ComposeResult:
        yield Static("table")

    def on_mount(self) -> None:
        self.push_screen(ExportScreen(self.loaded, **self.options), self.results.append)


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """user_data_dir() inside tmp_path."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "tracker"


@pytest.fixture
def loaded(tmp_path: Path) -> Loaded:
    """The sample encounter, loaded from a copy named kell.toml."""
    path = tmp_path / "kell.toml"
    shutil.copy(FIXTURE, path)
    return load(path)


async def settle(app: Host) -> None:
    """Let the preview and export workers finish."""
    await app.workers.wait_for_complete()


async def scenario_preview_follows_the_rounds_box(loaded: Loaded, data_home: Path) -> None:
    app = Host(loaded)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await settle(app)
        preview = app.screen.query_one("#preview", TextArea)
        assert "## Round 1" in preview.text and "## Summary" in preview.text
        app.screen.query_one("#rounds", Input).value = "2"
        await pilot.pause()
        await settle(app)
        await pilot.pause()
        assert "## Round 2" in preview.text and "## Round 1" not in preview.text
        path = app.screen.query_one("#path", Input).value
        assert path == str(data_home / "recaps" / "the-bridge-at-kell-round-2.md")


async def scenario_export_writes_the_file_and_dismisses_with_its_path(
    loaded: Loaded, data_home: Path
) -> None:
    app = Host(loaded, rounds="3")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#format", Select).value = "txt"
        await pilot.pause()
        await settle(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await settle(app)
        await pilot.pause()
    written = data_home / "recaps" / "the-bridge-at-kell-round-3.txt"
    assert app.results == [written]
    text = written.read_text(encoding="utf-8")
    assert text.startswith("The Bridge at Kell — round 3") and "Round 2\n" not in text


async def scenario_bad_rounds_show_one_sentence_and_block_export(
    loaded: Loaded, data_home: Path
) -> None:
    app = Host(loaded)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#rounds", Input).value = "4-2"
        await pilot.pause()
        problem = app.screen.query_one("#problem", Static)
        assert "make no range" in str(problem.render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]
    assert not (data_home / "recaps").exists()


async def scenario_copy_round_markdown_uses_the_clipboard_and_a_file(
    loaded: Loaded, data_home: Path
) -> None:
    markdown = round_markdown(loaded, 2)
    app = Host(loaded)
    async with app.run_test() as pilot:
        await pilot.pause()
        message = copy_round_markdown(app, markdown, "the-bridge-at-kell-round-2.md")
        assert app.clipboard == markdown
    saved = data_home / "recaps" / "the-bridge-at-kell-round-2.md"
    assert saved.read_text(encoding="utf-8") == markdown
    assert str(saved) in message and "\n" not in message


# pytest has no asyncio plugin here: each test runs its scenario with asyncio.run


def test_preview_follows_the_rounds_box(loaded: Loaded, data_home: Path) -> None:
    asyncio.run(scenario_preview_follows_the_rounds_box(loaded, data_home))


def test_export_writes_the_file_and_dismisses_with_its_path(
    loaded: Loaded, data_home: Path
) -> None:
    asyncio.run(scenario_export_writes_the_file_and_dismisses_with_its_path(loaded, data_home))


def test_bad_rounds_show_one_sentence_and_block_export(loaded: Loaded, data_home: Path) -> None:
    asyncio.run(scenario_bad_rounds_show_one_sentence_and_block_export(loaded, data_home))


def test_copy_round_markdown_uses_the_clipboard_and_a_file(loaded: Loaded, data_home: Path) -> None:
    asyncio.run(scenario_copy_round_markdown_uses_the_clipboard_and_a_file(loaded, data_home))


async def exported_to(path: Path, typed: str) -> tuple[list[str], str, int]:
    """Open ``path`` in the tracker at 80x24, press ``e``, type ``typed`` in the path box
    and press ctrl+s: the screens' names after it, the problem line and its rows."""
    app = make_app(path)
    said, rows = "", 0
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("e")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ExportScreen)
        screen.query_one("#path", Input).value = typed
        await pilot.press("ctrl+s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        names = [type(screen).__name__ for screen in app.screen_stack]
        if app.screen is screen:
            problem = screen.query_one("#problem", Static)
            said, rows = str(problem.render()), problem.size.height
        app.exit(None)
    return names, said, rows


@ui_test
async def test_a_missing_folder_is_said_in_one_line_not_made(
    loaded: Loaded, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dialog made `missing/` where the CLI's `log -o missing/x.md` refuses it: now
    it says so as the CLI does, in one line, and nothing is made."""
    monkeypatch.chdir(loaded.path.parent)
    names, said, rows = await exported_to(loaded.path, "missing/x.md")
    assert names[-1] == "ExportScreen" and not Path("missing").exists()
    assert said == "the folder missing does not exist — make it first or name another place"
    assert rows == 1


@ui_test
async def test_a_folder_typed_with_a_slash_is_made_as_the_cli_makes_it(loaded: Loaded) -> None:
    """``DIR/`` in the path box writes the suggested name into DIR, made if missing, as
    ``tracker log -o DIR/`` does."""
    folder = loaded.path.parent / "recaps-here"
    names, said, _ = await exported_to(loaded.path, f"{folder}/")
    assert said == "" and "ExportScreen" not in names
    text = (folder / "the-bridge-at-kell-round-log.md").read_text(encoding="utf-8")
    assert text.startswith("# The Bridge at Kell")


@ui_test
async def test_the_dialog_names_a_round_as_y_saved_it(loaded: Loaded) -> None:
    """`y` saved the-bridge-at-kell-round-N.md while the dialog proposed kell-round-N.md:
    both now name the file after the encounter's title and what is exported."""
    app = make_app(loaded.path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        round_no = state_of(app).round
        await pilot.press("y")
        await pilot.pause()
        saved = sorted(recaps_dir().iterdir())
        await pilot.press("e")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ExportScreen)
        whole = screen.query_one("#path", Input).value
        screen.query_one("#rounds", Input).value = str(round_no)
        await pilot.pause()
        one_round = screen.query_one("#path", Input).value
        screen.query_one("#gm", Checkbox).value = True
        await pilot.pause()
        gm_round = screen.query_one("#path", Input).value
        app.exit(None)
    assert [p.name for p in saved] == [f"the-bridge-at-kell-round-{round_no}.md"]
    assert one_round == str(saved[0])
    assert whole == str(recaps_dir() / "the-bridge-at-kell-round-log.md")
    assert gm_round == str(recaps_dir() / f"the-bridge-at-kell-round-{round_no}-gm-copy.md")


@pytest.mark.parametrize(
    ("title", "first", "last", "name"),
    [
        ("Bandits at the Ford", 3, 3, "bandits-at-the-ford-round-3.md"),
        ("Bandits at the Ford", 2, 4, "bandits-at-the-ford-rounds-2-4.md"),
        ("../Pflüger's Keep", None, None, "pfluger-s-keep-round-log.md"),
        ("", 1, 1, "round-1.md"),
    ],
)
def test_a_recap_file_is_named_after_the_title_and_the_rounds(
    title: str, first: int | None, last: int | None, name: str
) -> None:
    assert recap_file_name(title, ExportOptions(first, last), ".md") == name


@ui_test
@pytest.mark.parametrize("width", [80, 90, 120])
async def test_the_key_hint_keeps_each_key_with_its_word(loaded: Loaded, width: int) -> None:
    """At 80 columns the hint wrapped "Esc" and "close" onto two rows: now it is one row,
    and every key it shows stands beside its word (pairs that do not fit are left out)."""
    app = make_app(loaded.path)
    async with app.run_test(size=(width, 24)) as pilot:
        await opened(pilot)
        await pilot.press("e")
        await pilot.pause()
        keys = app.screen.query_one("#keys", Static)
        lines = str(keys.render()).strip().splitlines()
        assert len(lines) == 1 and keys.content_size.height == 1, (lines, keys.styles.padding)
        shown = lines[0].split(" · ")
        every = ("ctrl+s export", "Tab next field", "Esc close")
        assert set(shown) <= set(every) and "ctrl+s export" in shown and "Esc close" in shown
        if width >= 120:
            assert shown == list(every)
        app.exit(None)
