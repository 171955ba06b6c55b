"""Every other reader runs the same check as an encounter load: campaign files, the GM's
bestiary and roll tables, settings, themes, the keymap, and Foundry imports.

A value no keyboard would give (an escape, a raw tab or line break, 100 KB, ``inf``)
is refused in one line naming ``file:line:col``: a campaign or roll table is not read,
a bestiary block is left out (the others load), the settings fall back to the defaults
and are not overwritten, a theme or a keymap entry is skipped with a warning and the app
still starts. A Foundry export is refused in one line naming the file when it is too
large, nested too deeply or holds ``Infinity``/``NaN``/a huge number.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.file_payloads import (
    INERT_TEXT,
    REFUSED_NUMBERS,
    REFUSED_TEXT,
    event,
    line_of,
)
from tests.ui_helpers import basic_file, make_app, opened, ui_test
from tracker.cli import main
from tracker.paths import bundled_dir
from tracker.rules.registry import load_ruleset
from tracker.store.bestiary import load_bestiary, user_bestiary_file
from tracker.store.campaign_file import load_campaign
from tracker.store.errors import JournalError
from tracker.store.foundry.importing import plan
from tracker.store.foundry.sources import SIZE_LIMIT
from tracker.store.settings import Settings, remember, settings_path
from tracker.store.tables import load_tables, tables_dir
from tracker.ui.keymap import read_keymap
from tracker.ui.themes import load_themes

HOSTILE = {**REFUSED_TEXT, **{f"number-{k}": v for k, v in REFUSED_NUMBERS.items()}}
"""Every refused value, text or number: a field that wants text refuses a number too."""
ESCAPES = {k: REFUSED_TEXT[k] for k in ("osc52", "osc8", "csi", "bidi", "raw-tab", "100kb")}


def written(path: Path, text: str) -> Path:
    """``text`` as the file ``path`` (its folder made)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return path


# --- campaign files ---------------------------------------------------------------------

CAMPAIGN = 'format = 2\n\n[campaign]\nid = "c1"\ntitle = "Tokyo-3"\nruleset = "basic"\n'


@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_campaign_title_or_event_no_gm_typed_is_refused_with_its_place(
    tmp_path: Path, value: str
) -> None:
    path = written(tmp_path / "c.toml", CAMPAIGN.replace('"Tokyo-3"', value))
    with pytest.raises(JournalError, match=rf"^{path}:5:1: (campaign\.title|\[campaign\])"):
        load_campaign(path)
    lines = f'"pc"\nkind = {value}\nparty = {{}}\n'
    path = written(tmp_path / "e.toml", CAMPAIGN + event("party.rested", "who", lines))
    with pytest.raises(JournalError) as caught:
        load_campaign(path)
    assert str(caught.value).startswith(f"{path}:{line_of(path, 'kind =')}:1: ")


def test_tracker_campaign_show_says_it_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = written(tmp_path / "c.toml", CAMPAIGN.replace('"Tokyo-3"', REFUSED_TEXT["osc52"]))
    assert main(["campaign", "show", str(path)]) == 1
    error = capsys.readouterr().err
    assert error.startswith(f"tracker: {path}:5:1: ") and error.count("\n") == 1
    assert "\x1b" not in error


# --- bestiary and roll tables ------------------------------------------------------------


@pytest.mark.parametrize("value", ESCAPES.values(), ids=ESCAPES.keys())
def test_a_hostile_block_is_left_out_with_its_place_and_the_others_load(value: str) -> None:
    mine = written(
        user_bestiary_file("basic"),
        'ruleset = "basic"\n\n[[blocks]]\nid = "grot"\nname = "Grot"\nstats = { hp = 3 }\n'
        f'\n[[blocks]]\nid = "squig"\nname = "Squig"\nside = {value}\n',
    )
    bestiary = load_bestiary(load_ruleset("basic"))
    assert "grot" in bestiary.block_ids() and "squig" not in bestiary.block_ids()
    [problem] = bestiary.problems
    assert problem.startswith(f"{mine}:{line_of(mine, 'side =')}:1: block 2's side ")


@pytest.mark.parametrize("value", ["inf", "nan", "1e30"])
def test_a_block_with_an_impossible_number_is_left_out(value: str) -> None:
    mine = written(
        user_bestiary_file("basic"),
        'ruleset = "basic"\n\n[[blocks]]\nid = "squig"\nname = "Squig"\n'
        f"stats = {{ hp = {value} }}\n",
    )
    [problem] = load_bestiary(load_ruleset("basic")).problems
    assert problem.startswith(f"{mine}:6:1: block 1's stats.hp is ")


@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_roll_table_with_a_hostile_result_is_one_line_and_the_rest_load(value: str) -> None:
    written(tables_dir() / "good.toml", 'name = "Good"\n[[results]]\nrange = 1\ntext = "Rats"\n')
    bad = written(
        tables_dir() / "bad.toml", f'name = "Bad"\n[[results]]\nrange = [1, 2]\ntext = {value}\n'
    )
    tables, problems = load_tables()
    assert [t.name for t in tables] == ["Good"]
    [problem] = problems
    assert problem.startswith(f"{bad}:4:1: ") and "\n" not in problem


def test_a_roll_table_range_of_no_game_is_refused() -> None:
    bad = written(tables_dir() / "bad.toml", '[[results]]\nrange = [1, 1e30]\ntext = "x"\n')
    [problem] = load_tables()[1]
    assert problem.startswith(f"{bad}:2:1: ")


# --- settings ----------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["theme", "encounters", "last_file"])
@pytest.mark.parametrize("value", ESCAPES.values(), ids=ESCAPES.keys())
def test_settings_no_gm_wrote_fall_back_to_the_defaults_and_stay(key: str, value: str) -> None:
    path = written(settings_path(), f"{key} = {value}\n")
    before = path.read_bytes()
    settings = Settings.load()
    assert settings.problem.startswith(f"{path}:1:1: {key} ")
    assert settings.problem.endswith("using the defaults") and "\n" not in settings.problem
    assert settings.theme == "" and settings.last_file is None
    assert remember(theme="nerv") == settings.problem  # never overwritten
    assert path.read_bytes() == before


def test_a_long_file_path_keyed_theme_is_still_read() -> None:
    long = "/home/gm/" + "campaign/" * 20 + "ford.toml"
    written(settings_path(), f'[themes]\n"{long}" = "nerv"\n')
    assert Settings.load().file_themes == {long: "nerv"}


# --- themes and the keymap ---------------------------------------------------------------


@pytest.mark.parametrize("field", ["name", "primary", "text_alpha"])
@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_theme_is_skipped_naming_its_place(
    tmp_path: Path, field: str, value: str
) -> None:
    theme = {"name": '"mine"', "primary": '"#123456"', field: value}
    text = "".join(f"{k} = {v}\n" for k, v in theme.items())
    path = written(tmp_path / "themes" / "mine.toml", text)
    shelf = load_themes([bundled_dir("themes"), path.parent])
    assert "nerv" in shelf.themes and not any("\x1b" in name for name in shelf.themes)
    [problem] = shelf.problems
    assert problem.startswith(f"theme {path}:{line_of(path, field)}:1: ")
    assert "\n" not in problem


def test_a_theme_whose_numbers_are_text_is_skipped_not_a_crash(tmp_path: Path) -> None:
    path = written(tmp_path / "mine.toml", 'primary = "#123456"\ntext_alpha = "lots"\n')
    [problem] = load_themes([tmp_path]).problems
    assert problem == "theme mine.toml: text_alpha must be a number, such as 0.15"
    assert path.is_file()


@pytest.mark.parametrize("section", ["", "[keys]\n"])
@pytest.mark.parametrize("value", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_keymap_entry_is_skipped_and_the_good_ones_kept(
    tmp_path: Path, section: str, value: str
) -> None:
    path = written(tmp_path / "keymap.toml", f'{section}undo = "z"\ndamage = {value}\n')
    keymap = read_keymap(path, {"undo", "damage"})
    assert keymap.keys == {"undo": "z"}
    [problem] = keymap.problems
    assert problem.startswith(f"{path}:{line_of(path, 'damage')}:1: damage ")
    assert problem.endswith("— ignored") and "\n" not in problem


@ui_test
async def test_the_app_starts_with_a_hostile_keymap_and_says_so_inertly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    keymap = written(tmp_path / "keymap.toml", f"damage = {REFUSED_TEXT['osc52']}\n")
    app = make_app(basic_file(tmp_path), keymap=keymap)
    said: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: said.append(message))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.pause()
        assert any(m.startswith(f"{keymap}:1:1: damage contains ESC") for m in said), said
        assert not any("\x1b" in m for m in said)
        assert any(row[0] == "d" and row[3] == "damage" for row in app.key_rows())


# --- Foundry imports ---------------------------------------------------------------------


FOUNDRY = Path(__file__).parent / "fixtures" / "foundry"


def threat_with(junk: str) -> str:
    """The Wrath & Glory threat export, its system data holding ``junk`` (JSON text)."""
    doc = json.loads((FOUNDRY / "wrath-threat.json").read_text(encoding="utf-8"))
    doc["system"]["junk"] = "JUNK"
    return json.dumps(doc).replace('"JUNK"', junk)


@pytest.mark.parametrize(
    ("junk", "said"),
    [
        ('{"deeper": ' * 400 + "1" + "}" * 400, "nested more than 64 levels deep"),
        ("[" * 100 + "]" * 100, "nested more than 64 levels deep"),
        ("Infinity", "Infinity"),
        ("NaN", "NaN"),
        ("1e999", "is inf"),
        ("1e30", "1e+30"),
        ("9" * 5000, "thousands of digits"),
    ],
    ids=["deep-tables", "deep-lists", "Infinity", "NaN", "1e999", "1e30", "5000-digits"],
)
def test_a_foundry_export_of_no_sheet_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], junk: str, said: str
) -> None:
    path = written(tmp_path / "grot.json", threat_with(junk))
    assert main(["import", str(path)]) == 1
    error = capsys.readouterr().err
    assert error.startswith("tracker: grot.json: not a Foundry export (") and said in error
    assert error.count("\n") == 1 and "Traceback" not in error
    assert not user_bestiary_file("wrath-glory").exists()


def test_the_same_export_without_the_junk_imports(tmp_path: Path) -> None:
    path = written(tmp_path / "grot.json", threat_with('{"deeper": {"value": 3}}'))
    assert len(plan([path]).actors) == 1


def test_a_foundry_export_larger_than_the_limit_is_refused_before_it_is_parsed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.write(b"{" + b" " * SIZE_LIMIT + b"}")  # one document (a list is a pack)
    assert main(["import", str(path)]) == 1
    error = capsys.readouterr().err
    assert error.startswith("tracker: huge.json: larger than 20 MB") and error.count("\n") == 1


def test_markup_in_a_block_name_is_kept_as_written() -> None:
    written(
        user_bestiary_file("basic"),
        f'ruleset = "basic"\n[[blocks]]\nid = "boss"\nname = {json.dumps(INERT_TEXT[1])}\n',
    )
    bestiary = load_bestiary(load_ruleset("basic"))
    assert not bestiary.problems
    found = bestiary.block("boss")
    assert found is not None and found["name"] == INERT_TEXT[1]
