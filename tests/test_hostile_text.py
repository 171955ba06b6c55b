"""Hostile text is inert everywhere: refused on the way in when it could act on a
terminal, shown exactly as written when it is merely odd (markup, HTML, quotes, CJK).

Every sink is tried: the GM's TUI (Pilot), the players' view, the HTML, Markdown, text
and JSON exports (players' and GM's copies), ``tracker state`` (text and JSON) and
``tracker do``'s output.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.player_helpers import async_test, screen_text, shown
from tests.ui_helpers import make_app, opened
from tracker.cli import main
from tracker.core import events as ev
from tracker.core.dice import Dice
from tracker.core.errors import RuleError
from tracker.core.model import EncounterState
from tracker.core.safe_text import visible
from tracker.core.session import Encounter
from tracker.export.formats import FORMATS
from tracker.export.recap import ExportOptions, build_recap
from tracker.export.state_json import state_document, state_text
from tracker.rules.registry import load_ruleset
from tracker.store.encounter_file import EncounterFile, load, new_file
from tracker.store.errors import JournalError
from tracker.store.follow import FileFollower
from tracker.store.journal import read_journal, write_document
from tracker.ui.panes.drawing import Drawing
from tracker.ui.player.app import PlayerApp

# Odd but harmless: accepted, and shown exactly as typed everywhere.
MARKUP_NAMES = [
    "[/oops]",
    "Orc [Boss]",
    "[@click=app.next_turn]x[/]",
    "[link javascript:alert(document.domain)]Goblin[/]",
    '[link=x"autofocus="autofocus"onfocus="alert(1)"]Harmless[/link]',
    "[b red]Loud[/]",
    "<script>alert(1)</script>",
    '"""Triple',
    "Tom & <Jerry>",
    "鬼の王様",
    "*Star* _under_ `tick` | pipe",
]
# Acting on a terminal or reordering text: refused at the door.
CONTROLS = (
    [chr(c) for c in range(0x20)]
    + ["\x7f"]
    + [chr(c) for c in range(0x80, 0xA0)]
    + ["\u202e", "\u202d", "\u2066", "\u2069", "\u200b", "\ufeff"]
)
ATTACKS = ["\x1b]52;c;aGFja2Vk\x07", "\x1b[2J", "\x9b31m", "evil\u202egnp.exe", "a\nb"]
UNSAFE_OUT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def roster_file(folder: Path, names: list[str]) -> Path:
    """A basic encounter whose enemies carry ``names``, with a GM note and a hidden one."""
    path = folder / "hostile.toml"
    new_file(path, "basic", "Night [raid] <b>")
    dice = Dice(seed=3)
    with EncounterFile(path) as gm:
        gm.execute("add Ann side=pc hp=12 init=30", dice)
        for index, name in enumerate(names):
            gm.execute(f"add {json.dumps(name, ensure_ascii=False)} hp=9 init={index}", dice)
        gm.execute("add Lich hidden hp=40 init=1", dice)
        gm.execute("start", dice)
        gm.execute(f"dmg {_id(gm, names[0])} 3", dice)
        gm.execute("note [link=javascript:x]click[/link] <img src=x onerror=alert(1)>", dice)
        gm.execute("gm-note the ferryman [b]is[/b] a spy", dice)
    return path


def _id(gm: EncounterFile, name: str) -> str:
    return next(c.id for c in gm.encounter.state.combatants.values() if c.name == name)


class _Elements(HTMLParser):
    """Every tag and attribute an HTML page holds."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attributes: list[tuple[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attributes += attrs

    def handle_data(self, data: str) -> None:
        self.text.append(data)


# --- on the way in ---------------------------------------------------------------------


@pytest.mark.parametrize("char", CONTROLS, ids=lambda c: f"U+{ord(c):04X}")
def test_a_control_or_direction_character_is_refused_and_the_file_untouched(
    tmp_path: Path, char: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "f.toml"
    new_file(path, "basic")
    before = path.read_bytes()
    for words in (
        ["add", f"Gob{char}lin", "hp=3"],
        ["note", f"hi{char}there"],
        ["gm-note", f"x{char}"],
        ["roll", "1d6", f"for=a{char}b"],
    ):
        assert main(["do", str(path), *words]) == 1
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and error.startswith("tracker: ")
        assert not UNSAFE_OUT.search(error)  # the error itself shows it visibly
    assert path.read_bytes() == before


@pytest.mark.parametrize("attack", ATTACKS)
def test_a_roster_name_with_a_control_character_is_refused_with_its_place(
    tmp_path: Path, attack: str
) -> None:
    path = tmp_path / "r.toml"
    escaped = json.dumps(attack)  # JSON escapes are TOML escapes
    path.write_text(
        f'format = 1\n[encounter]\ntitle = "T"\nruleset = "basic"\n\n'
        f'[[combatants]]\nid = "x"\nname = {escaped}\nstats = {{ hp = 5 }}\n',
        encoding="utf-8",
    )
    with pytest.raises(JournalError) as caught:
        load(path)
    assert re.match(rf"{re.escape(str(path))}:8:1: name contains ", str(caught.value))


def test_an_event_carrying_a_control_character_is_refused_at_load(tmp_path: Path) -> None:
    path = roster_file(tmp_path, ["Goblin"])
    read = read_journal(path)
    read.events[0]["text"] = "Ann\x9b[2J joins"  # crc recomputed: a foreign tool wrote it
    crafted = tmp_path / "crafted.toml"
    write_document(crafted, read.head, read.events)
    with pytest.raises(JournalError, match=r"crafted\.toml:\d+:\d+: event \d+'s text contains"):
        load(crafted)


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["add", "x" * 81, "hp=1"], "at most 80"),
        (["note", "y" * 2001], "at most 2,000"),
        (["add", "Big", "hp=1000000000000000000000000000000"], "between -999,999 and 999,999"),
        (["add", "Fast", "hp=3", "init=9223372036854775807"], "between -999,999 and 999,999"),
        (["add", "Undead", "hp=-5"], "starts at 0 or more"),
    ],
)
def test_too_long_or_too_big_is_one_line(
    tmp_path: Path, words: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "f.toml"
    new_file(path, "basic")
    before = path.read_bytes()
    assert main(["do", str(path), *words]) == 1
    error = capsys.readouterr().err
    assert said in error and error.count("\n") == 1
    assert path.read_bytes() == before


def test_a_quoted_name_may_hold_an_equals_sign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "f.toml"
    new_file(path, "basic")
    assert main(["do", str(path), "add", '"Sir = Bob"', "hp=4"]) == 0
    assert load(path).encounter.state.combatants["sir-bob"].name == "Sir = Bob"


# --- on the way out ----------------------------------------------------------------------


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    return roster_file(tmp_path, MARKUP_NAMES)


@pytest.mark.parametrize("gm", [False, True])
def test_the_html_export_holds_no_element_or_attribute_from_the_input(
    hostile: Path, gm: bool
) -> None:
    loaded = load(hostile)
    page = FORMATS["html"].render(
        build_recap(loaded.encounter, loaded.rules, loaded.head, ExportOptions(gm=gm))
    )
    parsed = _Elements()
    parsed.feed(page)
    assert parsed.tags <= {"html", "head", "meta", "title", "style", "body", "pre", "code", "span"}
    assert {name for name, _ in parsed.attributes} <= {
        "lang",
        "charset",
        "name",
        "content",
        "style",
        "class",
    }
    assert not any("javascript" in (value or "") for _, value in parsed.attributes)
    text = "".join(parsed.text)
    for name in MARKUP_NAMES:
        if name != MARKUP_NAMES[0] or gm:  # the first is hurt: players read words for it
            assert name in text, name
    assert "Night [raid] <b>" in text
    assert ("the ferryman [b]is[/b] a spy" in text) is gm


@pytest.mark.parametrize("fmt", ["md", "txt", "json", "html"])
@pytest.mark.parametrize("gm", [False, True])
def test_no_export_carries_a_control_byte_even_from_a_foreign_journal(fmt: str, gm: bool) -> None:
    # A journal written by another tool, folded without the loader's checks.
    rules = load_ruleset("basic")
    at = datetime(2026, 11, 21, tzinfo=UTC)
    events = [
        ev.CombatantAdded(
            seq=seq,
            at=at,
            batch=seq,
            id=f"c{seq}",
            name=f"X{attack}",
            side="pc",
            text=f"X{attack} joins",
        )
        for seq, attack in enumerate(ATTACKS, start=1)
    ]
    encounter = Encounter(EncounterState(title="T\x1b]0;pwned\x07", ruleset="basic"), rules, events)
    document = FORMATS[fmt].render(build_recap(encounter, rules, {}, ExportOptions(gm=gm)))
    assert not UNSAFE_OUT.search(document)
    assert "␛" in document or "\\u001b" in document


def test_markdown_and_text_show_names_as_written(hostile: Path) -> None:
    loaded = load(hostile)
    recap = build_recap(loaded.encounter, loaded.rules, loaded.head, ExportOptions(gm=True))
    text = FORMATS["txt"].render(recap)
    markdown = FORMATS["md"].render(recap)
    for name in MARKUP_NAMES:
        assert name in text
    assert "<script>" not in markdown and "\\<script\\>" in markdown


def test_json_and_state_round_trip_every_name(
    hostile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loaded = load(hostile)
    state = loaded.encounter.state
    names = {c["name"] for c in state_document(state, loaded.rules)["combatants"]}
    assert set(MARKUP_NAMES) <= names
    assert main(["state", str(hostile), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(MARKUP_NAMES) <= {c["name"] for c in printed["combatants"]}
    assert all(name in state_text(state, loaded.rules) for name in MARKUP_NAMES)


def test_visible_stand_ins_are_what_a_terminal_shows() -> None:
    assert visible("a\x1b[2Jb") == "a␛[2Jb"
    assert visible("\x9b31m") == "\\x9b31m"
    assert visible("evil\u202egnp") == "evil\\u202egnp"
    assert visible("Orc [Boss] 鬼") == "Orc [Boss] 鬼"


@async_test
async def test_the_gm_screen_opens_and_shows_every_name_literally(tmp_path: Path) -> None:
    path = roster_file(tmp_path, MARKUP_NAMES)
    app = make_app(path)
    async with app.run_test(size=(200, 50)) as pilot:
        await opened(pilot)
        screens = []
        heads = []
        for _ in range(len(MARKUP_NAMES) + 2):  # select each: the body chart's heading
            await pilot.press("j")
            await pilot.pause()
            screens.append(screen_text(app))
            heads.append(app.query_one("#body-drawing", Drawing).lines[0].plain)
        assert app.state is not None and app.state.phase == "running"
        for name in MARKUP_NAMES:
            assert name in heads, name
            assert any(name in screen for screen in screens), name
        clicker = next(
            c.id for c in app.state.combatants.values() if c.name == "[@click=app.next_turn]x[/]"
        )
        app.selected = clicker
        await pilot.pause()
        before = app.state.current
        for column in range(2, 40):  # a markup title is no button
            await pilot.click("#body", offset=(column, 0))
        await pilot.pause()
        assert app.state.current == before


@async_test
async def test_the_players_view_shows_names_literally_and_no_gm_text(tmp_path: Path) -> None:
    path = roster_file(tmp_path, MARKUP_NAMES)
    follower = FileFollower(path)
    follower.poll()
    app = PlayerApp(follower)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = shown(app)
        for name in ("Orc [Boss]", "[/oops]", "<script>alert(1)</script>", "鬼の王様"):
            assert name in text, name
        assert "Lich" not in text and "ferryman" not in text


def test_cjk_names_keep_the_players_columns_aligned() -> None:
    from rich.cells import cell_len

    from tracker.export.cells import fit_cells

    assert cell_len(fit_cells("鬼の王様", 10)) == 10
    assert cell_len(fit_cells("鬼の王様鬼の王様鬼の王様", 10)) == 10
    assert fit_cells("Ann", 5) == "Ann  "


def test_rule_error_names_the_character() -> None:
    from tracker.core.safe_text import check_text

    with pytest.raises(RuleError, match=r"ESC \(U\+001B\) at character 2"):
        check_text("a\x1b", "the name", 80)
