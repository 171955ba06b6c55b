"""A file clearly of another kind given where a campaign, a TOML file of the GM's or a
Foundry export is read (the siblings of "README.md is not an encounter file"):
`tracker campaign show README.md` answered with the TOML parser's complaint about line 3;
a PNG, a zip or an HTML page was "not valid UTF-8" or "this line is not 'key = value'";
`tracker import fight.toml` said "not JSON: Expecting value". Each now names what the
file is in one sentence, exit 1, nothing changed — and a `.toml` campaign whose TOML
breaks before its header line keeps its TOML error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.campaign_helpers import ok, refused
from tests.side_helpers import Capsys
from tests.ui_helpers import ROOT, basic_file
from tracker.store.bestiary import user_bestiary_file
from tracker.store.errors import JournalError
from tracker.store.settings import Settings, remember, settings_path
from tracker.store.tables import read_table
from tracker.ui import launch
from tracker.ui.keymap import read_keymap
from tracker.ui.themes import load_themes

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10"
ZIP = b"PK\x03\x04\x14\x00\x00\x00\x08\x00"
HTML = b"<!DOCTYPE html>\n<html><head><title>Sachiel</title></head></html>\n"
PDF = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"
OTHERS = {"png": (PNG, "a PNG image"), "zip": (ZIP, "a zip archive")}
OTHERS |= {"html": (HTML, "an HTML page"), "pdf": (PDF, "a PDF document")}


@pytest.mark.parametrize("action", ["show", "recap", "fight"])
def test_a_markdown_file_is_no_campaign_said_first(
    tmp_path: Path, capsys: Capsys, action: str
) -> None:
    readme = tmp_path / "README.md"
    shutil.copyfile(ROOT / "README.md", readme)
    before = readme.read_bytes()
    extra = [tmp_path / "next.toml"] if action == "fight" else []
    err = refused(capsys, [readme], "campaign", action, readme, *extra)
    assert err.startswith(f"tracker: {readme} is not a campaign file (a Markdown file, "), err
    assert f"not TOML at {readme}:3:3: " in err and err.count("\n") == 1
    assert readme.read_bytes() == before and not (tmp_path / "next.toml").exists()


def test_a_toml_campaign_broken_before_its_header_keeps_its_toml_error(
    tmp_path: Path, capsys: Capsys
) -> None:
    path = tmp_path / "party.toml"
    path.write_text('title = "Tokyo-3\n', encoding="utf-8")
    err = refused(capsys, [path], "campaign", "show", path)
    assert err.startswith(f"tracker: {path}:1:17: ") and "not a campaign file" not in err, err
    err = refused(capsys, [path], "state", path)
    assert err.startswith(f"tracker: {path}:1:17: ") and "not an encounter file" not in err, err


@pytest.mark.parametrize("other", sorted(OTHERS))
@pytest.mark.parametrize("name", ["x.toml", "x.bin"])
def test_an_image_zip_or_page_is_named_whatever_its_name(
    tmp_path: Path, capsys: Capsys, other: str, name: str
) -> None:
    data, said = OTHERS[other]
    path = tmp_path / name
    path.write_bytes(data)
    err = refused(capsys, [path], "campaign", "show", path)
    assert err == f"tracker: {path} is not a campaign file ({said})\n"
    err = refused(capsys, [path], "state", path)
    assert err == f"tracker: {path} is not an encounter file ({said})\n"
    assert launch.play(path) == f"{path} is not an encounter file ({said})"


def test_the_gms_other_files_name_an_image_too(tmp_path: Path, capsys: Capsys) -> None:
    """Settings, a theme, a keymap and the bestiary saved over with an image said "not
    valid UTF-8" at byte 1."""
    settings = settings_path()
    settings.parent.mkdir(parents=True)
    settings.write_bytes(PNG)
    assert Settings.load().problem == (
        f"{settings}:1:1: cannot read the settings (this is a PNG image, not a TOML file)"
        " — using the defaults"
    )
    theme = tmp_path / "themes" / "mine.toml"
    theme.parent.mkdir()
    theme.write_bytes(HTML)
    assert load_themes([theme.parent]).problems == [
        f"theme {theme}:1:1: this is an HTML page, not a TOML file"
    ]
    keymap = tmp_path / "keymap.toml"
    keymap.write_bytes(ZIP)
    assert read_keymap(keymap, {"undo"}).problems == [
        f"{keymap}:1:1: this is a zip archive, not a TOML file — keymap ignored"
    ]
    bestiary = user_bestiary_file("basic")
    bestiary.parent.mkdir(parents=True)
    bestiary.write_bytes(PNG)
    assert f"{bestiary}:1:1: this is a PNG image, not a TOML file" in refused(
        capsys, [bestiary], "bestiary"
    )


def test_import_names_the_trackers_own_files_and_others(tmp_path: Path, capsys: Capsys) -> None:
    """`tracker import fight.toml` said "not a Foundry export (not JSON: Expecting value)"."""
    fight = basic_file(tmp_path)
    party = tmp_path / "party.toml"
    ok(capsys, "campaign", "new", party, "--ruleset", "basic")
    readme = tmp_path / "README.md"
    shutil.copyfile(ROOT / "README.md", readme)
    picture = tmp_path / "sachiel.png"
    picture.write_bytes(PNG)
    theme = tmp_path / "mine.toml"
    shutil.copyfile(ROOT / "themes" / "default-dark.toml", theme)
    said = {
        fight: "an encounter file",
        party: "a campaign file",
        readme: "a Markdown file",
        picture: "a PNG image",
        theme: "a theme",
    }
    for path, kind in said.items():
        err = refused(capsys, [path, fight], "import", path)
        assert err == (
            f"tracker: {path.name}: {kind}, not a Foundry export (`tracker import` reads"
            " .json, .yml and .db files) — nothing was imported\n"
        )


def test_a_file_of_the_trackers_own_in_the_wrong_place_is_named(
    tmp_path: Path, capsys: Capsys
) -> None:
    """A fight saved among the themes said "unknown key 'encounter' — allowed: accent, …";
    a fight or a theme saved as the bestiary was read as holding no block, in silence; a
    theme among the roll tables said "unknown key 'dark'"; a fight saved as the settings
    said "'encounter' is not a setting — did you mean encounters?"."""
    fight = basic_file(tmp_path)
    theme_file = ROOT / "themes" / "nerv.toml"
    themes = tmp_path / "themes"
    themes.mkdir()
    shutil.copyfile(fight, themes / "fight.toml")
    shutil.copyfile(ROOT / "bestiary" / "basic.toml", themes / "blocks.toml")
    assert sorted(load_themes([themes]).problems) == [
        "theme blocks.toml: this is a bestiary file (stat blocks 'add' finds: see `tracker"
        " bestiary`), not a theme",
        "theme fight.toml: this is an encounter file, not a theme",
    ]
    bestiary = user_bestiary_file("basic")
    bestiary.parent.mkdir(parents=True)
    for source, kind in ((fight, "an encounter file"), (theme_file, "a theme (")):
        shutil.copyfile(source, bestiary)
        err = refused(capsys, [bestiary], "bestiary")
        assert f"{bestiary}:1:1: this is {kind}" in err and "not a bestiary file" in err, err
    table = tmp_path / "tables" / "nerv.toml"
    table.parent.mkdir()
    shutil.copyfile(theme_file, table)
    with pytest.raises(JournalError, match=r"nerv\.toml:1:1: this is a theme .*not a roll table"):
        read_table(table)
    settings = settings_path()
    settings.parent.mkdir(parents=True)
    shutil.copyfile(fight, settings)
    assert Settings.load().problem == (
        f"{settings}:1:1: this is an encounter file, not the settings — using the defaults"
    )
    assert remember(theme="nerv") != "" and settings.read_bytes() == fight.read_bytes()


def test_a_bestiary_with_no_block_yet_is_no_other_kind(capsys: Capsys) -> None:
    bestiary = user_bestiary_file("basic")
    bestiary.parent.mkdir(parents=True)
    bestiary.write_text('ruleset = "basic"\n', encoding="utf-8")
    assert "your own blocks go in" in ok(capsys, "bestiary")
