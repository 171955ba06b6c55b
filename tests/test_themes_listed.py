"""``tracker themes`` offers only themes the TUI takes: each file checked as the TUI
checks it, colour names too (without Textual)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.campaign_helpers import cli
from tests.ui_helpers import ROOT
from tracker.paths import user_config_dir
from tracker.store.encounter_file import load


def test_themes_leaves_out_a_file_the_tui_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    mine = user_config_dir() / "themes"
    mine.mkdir(parents=True, exist_ok=True)
    (mine / "ember.toml").write_text('name = "ember"\nprimary = "#ff5500"\nglow = 1\n')
    (mine / "ash.toml").write_text('name = "ash"\nprimary = "#999999"\n')
    (mine / "soot.toml").write_text('name = "soot"\nprimary = "#12345"\n')
    code, out, err = cli(capsys, "themes")
    listed = [line.split()[0] for line in out.splitlines()]
    assert code == 0 and "ash" in listed and "nerv" in listed
    assert "ember" not in listed and "soot" not in listed
    assert "theme ember.toml: unknown key 'glow'" in err and "not offered" in err
    assert "theme soot.toml: primary = '#12345' is not a colour" in err


def test_a_misspelt_colour_name_is_not_offered_and_a_real_one_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`primary = "crimsn"` was listed "(colour names crimsn: checked when the TUI opens
    it)", then refused by the TUI; it is now refused by the list itself, with the name it
    is closest to, and without Textual."""
    mine = user_config_dir() / "themes"
    mine.mkdir(parents=True, exist_ok=True)
    (mine / "rose.toml").write_text('name = "rose"\nprimary = "crimson"\n')
    (mine / "thorn.toml").write_text('name = "thorn"\nprimary = "crimsn"\n')
    code, out, err = cli(capsys, "themes")
    listed = {line.split()[0]: line for line in out.splitlines()}
    assert code == 0 and "rose" in listed and "thorn" not in listed
    assert "checked when the TUI" not in out
    assert "theme thorn.toml: primary = 'crimsn' is not a colour (did you mean 'crimson'?)" in err


def test_the_samples_themes_are_all_offered(tmp_path: Path) -> None:
    from tracker.store.theme_table import installed_themes

    found, problems = installed_themes()
    assert not problems
    for sample in sorted((ROOT / "encounters").glob("*.toml")):
        shutil.copyfile(sample, tmp_path / sample.name)
        head = load(tmp_path / sample.name).head["encounter"]
        assert head.get("theme", "default-dark") in found


def test_themes_and_check_check_themes_without_textual(tmp_path: Path) -> None:
    from tests.test_import_hygiene import _modules_after

    fight = tmp_path / "ork.toml"
    text = (ROOT / "encounters" / "wrath-ork-boarding.toml").read_text(encoding="utf-8")
    fight.write_text(text.replace('theme = "imperium"', 'theme = "nope"'), encoding="utf-8")
    for argv in (["themes"], ["check", str(fight)]):
        loaded = _modules_after(argv)
        assert "tracker.store.theme_table" in loaded, argv  # the themes were checked
        assert not {m for m in loaded if m.split(".")[0] == "textual"}, argv
