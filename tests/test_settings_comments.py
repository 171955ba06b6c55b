"""``settings.toml`` as the GM wrote it survives the app's changes (issue 32): comments,
blank lines and the order of keys stay; only the values the app changed are rewritten."""

from __future__ import annotations

import tomllib
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.store.settings import (
    Settings,
    remember,
    remember_opened,
    remember_theme,
    settings_path,
)

GM_FILE = """\
# My tracker settings — written by hand, keep my notes!

# where my fights live
encounters = "/srv/games/fights"   # the NAS

last_file = "/srv/games/fights/old.toml"
theme = "weyland"   # the Alien one
future_key = [1, 2] # a newer tracker wrote this

[themes]
# per campaign
"/srv/games/fights/old.toml" = "nerv"   # Tokyo-3
"""


def write_gm_file() -> Path:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(GM_FILE, encoding="utf-8")
    return path


def comments(text: str) -> list[str]:
    return [line[line.index("#") :] for line in text.splitlines() if "#" in line]


def test_a_theme_chosen_in_the_app_keeps_the_gms_comments_and_order(tmp_path: Path) -> None:
    path = write_gm_file()
    fight = tmp_path / "ford.toml"
    assert remember_theme("velvet", fight) == ""
    text = path.read_text(encoding="utf-8")
    assert comments(text) == comments(GM_FILE)
    assert 'theme = "velvet"   # the Alien one' in text
    assert 'encounters = "/srv/games/fights"   # the NAS' in text
    keys = [line.split(" =")[0] for line in text.splitlines() if " = " in line]
    assert keys[:4] == ["encounters", "last_file", "theme", "future_key"]
    data = tomllib.loads(text)
    assert data["themes"] == {"/srv/games/fights/old.toml": "nerv", str(fight.absolute()): "velvet"}
    assert data["future_key"] == [1, 2]
    assert Settings.load().theme == "velvet"


def test_a_file_opened_is_remembered_without_losing_a_comment(tmp_path: Path) -> None:
    path = write_gm_file()
    fight = tmp_path / "ford.toml"
    fight.write_text("", encoding="utf-8")
    assert remember_opened(fight, last_file=fight) == ""
    text = path.read_text(encoding="utf-8")
    assert comments(text) == comments(GM_FILE)
    assert text.startswith("# My tracker settings — written by hand, keep my notes!\n\n")
    loaded = Settings.load()
    assert (loaded.last_file, loaded.recent, loaded.problem) == (fight, (fight.absolute(),), "")
    assert text.index("recent") < text.index("[themes]")  # still a top-level key


def test_a_key_the_app_clears_goes_and_the_rest_stay() -> None:
    path = write_gm_file()
    assert remember(theme="") == ""
    text = path.read_text(encoding="utf-8")
    assert "theme =" not in text and "the Alien one" not in text
    assert "# where my fights live" in text and "# Tokyo-3" in text


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(theme=st.text(min_size=1, max_size=20).filter(lambda t: t.isprintable()))
def test_any_theme_name_round_trips_and_keeps_the_comments(theme: str) -> None:
    path = write_gm_file()
    assert remember(theme=theme) == ""
    text = path.read_text(encoding="utf-8")
    assert tomllib.loads(text)["theme"] == theme
    assert comments(text)[:3] == comments(GM_FILE)[:3]
    assert "# Tokyo-3" in text and "# per campaign" in text


GM_RECENT = """\
# files I had open
recent = [
    "{0}/tokyo.toml",  # the campaign
    "{0}/ford.toml",   # one-shot
]  # newest first

theme = "nerv"
"""


def test_opening_a_file_keeps_the_gms_comments_in_the_recent_list(tmp_path: Path) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(GM_RECENT.format(tmp_path), encoding="utf-8")
    fight, ford, tokyo = (tmp_path / f"{name}.toml" for name in ("new", "ford", "tokyo"))
    for file in (fight, ford, tokyo):
        file.write_text("", encoding="utf-8")
    assert remember_opened(ford) == ""  # the one-shot again: first in the list
    text = path.read_text(encoding="utf-8")
    assert tomllib.loads(text)["recent"] == [str(ford), str(tokyo)]
    assert f'    "{ford}", # one-shot\n    "{tokyo}", # the campaign\n]  # newest first' in text
    assert text.startswith("# files I had open\nrecent = [\n")
    assert text.endswith(']  # newest first\n\ntheme = "nerv"\n')
    assert remember_opened(fight) == ""
    text = path.read_text(encoding="utf-8")
    assert tomllib.loads(text)["recent"] == [str(fight), str(ford), str(tokyo)]
    said = ["# files I had open", "# one-shot", "# the campaign", "# newest first"]
    assert comments(text) == said
    ford.unlink()  # a file no longer there leaves the list, its line with it
    assert remember_opened(fight) == ""
    text = path.read_text(encoding="utf-8")
    assert tomllib.loads(text)["recent"] == [str(fight), str(tokyo)]
    assert comments(text) == ["# files I had open", "# the campaign", "# newest first"]


def test_a_one_line_recent_list_stays_one_line_with_its_comment(tmp_path: Path) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('recent = ["/a.toml"]  # mine\n', encoding="utf-8")
    assert remember(recent=(Path("/b.toml"), Path("/a.toml"))) == ""
    assert path.read_text(encoding="utf-8") == 'recent = ["/b.toml", "/a.toml"]  # mine\n'


NAMES = [f"/games/{name}.toml" for name in ("ford", "tokyo", "yashima", "hadley", "velvet")]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    old=st.lists(st.sampled_from(NAMES), min_size=1, max_size=5, unique=True),
    new=st.lists(st.sampled_from(NAMES), max_size=5, unique=True),
)
def test_any_new_recent_list_keeps_the_comment_of_every_file_that_stays(
    old: list[str], new: list[str]
) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = "".join(f'    "{name}",  # about {Path(name).stem}\n' for name in old)
    path.write_text(f"recent = [\n{lines}]\n", encoding="utf-8")
    assert remember(recent=tuple(Path(name) for name in new)) == ""
    text = path.read_text(encoding="utf-8")
    assert tomllib.loads(text).get("recent", []) == new
    kept = [name for name in new if name in old]
    assert comments(text) == [f"# about {Path(name).stem}" for name in kept]
