"""The encounter file deleted (``rm``, a clean-up script) or rewritten in place (an
editor) while the GM plays it. Deleted: every later command was shown as saved into a
file no name led to, and all were lost at quit; now the next command puts the file back
under its name, with every command so far, and says so; play goes on there. Rewritten in
place: the next command was appended to whatever the editor left; now it is refused and
the editor's file left as it is."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.ui_helpers import basic_file, opened, ui_test
from tracker.core.dice import Dice
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.errors import JournalError
from tracker.ui.app import TrackerApp
from tracker.ui.panes.header import EncounterHeader


def test_the_next_command_puts_a_deleted_file_back_and_says_so(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", Dice(seed=7))
        gm.execute("dmg goblin 3", Dice(seed=7))
        kept = path.read_bytes()
        path.unlink()
        with pytest.raises(JournalError) as said:
            gm.execute("dmg orc 4", Dice(seed=7))
        assert str(said.value) == (
            f"{path}: was deleted while open — it is written back with every command so "
            "far; the last one was not saved: make it again"
        )
        assert path.read_bytes() == kept
        gm.execute("dmg orc 4", Dice(seed=7))
    state = load(path).encounter.state
    assert (state.combatant("gob").track("hp"), state.combatant("orc").track("hp")) == (4, 11)


def test_a_name_another_file_took_meanwhile_is_never_overwritten(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", Dice(seed=7))
        path.unlink()
        path.write_bytes(b"# the GM's new notes\n")
        with pytest.raises(JournalError, match="another file has its name now"):
            gm.execute("dmg orc 4", Dice(seed=7))
    assert path.read_bytes() == b"# the GM's new notes\n"
    (side,) = tmp_path.glob("fight.toml.deleted-*")
    assert load(side).encounter.state.round == 1


def test_a_moved_file_keeps_every_command_where_it_went(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    moved = tmp_path / "renamed.toml"
    with EncounterFile(path) as gm:
        gm.execute("start", Dice(seed=7))
        os.rename(path, moved)
        gm.execute("dmg orc 4", Dice(seed=7))
    assert not path.exists() and load(moved).encounter.state.combatant("orc").track("hp") == 11


@ui_test
async def test_the_tui_says_it_and_plays_on_in_the_file_put_back(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    app = TrackerApp(path, Dice(seed=7), keymap_file=tmp_path / "no-keymap.toml")
    async with app.run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok
        await pilot.pause()
        path.unlink()
        refused = app.run_line("dmg orc 4")
        assert not refused.ok and "was deleted while open" in refused.message
        assert path.exists()
        assert app.run_line("dmg orc 4").ok
        await pilot.pause()
    assert load(path).encounter.state.combatant("orc").track("hp") == 11


def test_a_file_an_editor_rewrote_in_place_is_never_appended_to(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    with EncounterFile(path) as gm:
        gm.execute("start", Dice(seed=7))
        edited = path.read_bytes().replace(b'title = "Goblin ambush"', b'title = "The ford"')
        with open(path, "r+b") as editor:  # saved in place: same file, new bytes
            editor.truncate(0)
            editor.write(edited[:-40])  # and shorter
        with pytest.raises(JournalError, match="was changed by another program"):
            gm.execute("dmg orc 4", Dice(seed=7))
        assert path.read_bytes() == edited[:-40]


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to find a fd's name")
@ui_test
async def test_the_header_names_the_file_where_it_was_moved(tmp_path: Path) -> None:
    """The header kept the old name after ``mv fight.toml renamed.toml`` while the writes
    already went to renamed.toml: the next command shows the name the file has now."""
    path = basic_file(tmp_path)
    app = TrackerApp(path, Dice(seed=7), keymap_file=tmp_path / "no-keymap.toml")
    async with app.run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok
        await pilot.pause()
        header = app.table.query_one(EncounterHeader)
        assert header.file_name == "fight.toml"
        os.rename(path, tmp_path / "renamed.toml")
        assert app.run_line("dmg orc 4").ok
        await pilot.pause()
        assert header.file_name == "renamed.toml"


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to find a fd's name")
@ui_test
async def test_the_header_follows_a_move_while_the_gm_is_idle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new name showed only at the next command; the header's watch (the one that
    counts the players' phones) now looks at the file's name too."""
    monkeypatch.setattr("tracker.ui.phones_watch.EVERY", 0.05)
    path = basic_file(tmp_path)
    app = TrackerApp(path, Dice(seed=7), keymap_file=tmp_path / "no-keymap.toml")
    async with app.run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        header = app.table.query_one(EncounterHeader)
        assert header.file_name == "fight.toml"
        os.rename(path, tmp_path / "renamed.toml")  # no command after it
        await pilot.pause(0.3)
        assert header.file_name == "renamed.toml"
        assert "renamed.toml" in header.render_line(0).text


def test_a_file_deleted_with_its_folder_says_to_make_the_folder_again(tmp_path: Path) -> None:
    """The refusal said "make it first or name another": naming another file is not
    something a GM in the middle of a fight can do. It now says the folder went too,
    and making it again lets the next command write the fight back."""
    folder = tmp_path / "table"
    folder.mkdir()
    path = basic_file(folder)
    with EncounterFile(path) as gm:
        gm.execute("start", Dice(seed=7))
        for entry in folder.iterdir():
            entry.unlink()
        folder.rmdir()
        with pytest.raises(JournalError) as said:
            gm.execute("dmg orc 4", Dice(seed=7))
        assert "name another" not in str(said.value)
        assert f"was deleted while open, with its folder {folder} — make the folder again" in str(
            said.value
        )
        folder.mkdir()
        with pytest.raises(JournalError, match="written back with every command so far"):
            gm.execute("dmg orc 4", Dice(seed=7))
        gm.execute("dmg orc 4", Dice(seed=7))
    assert load(path).encounter.state.combatant("orc").track("hp") == 11
