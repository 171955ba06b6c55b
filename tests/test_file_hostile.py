"""What enters from an encounter file passes the same check as what a GM types.

A file shared between tables may carry what no keyboard at the table would: a raw tab
in a name, a forged ``## heading`` line inside a multi-line string, escapes that copy
to the clipboard or clear the players' screen, a 100 KB name, ``round = inf``. Every
reader refuses it in one line naming ``file:line:col`` and leaves the file as it was:
``tracker check``/``state``/``log`` (exit 1), the players' view as the GM appends
(it keeps the last good state), ``tracker ls`` and the launcher (the file is listed as
one that cannot be read; the others still are).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.file_payloads import (
    ESC_NOTE,
    HEAD,
    INERT_TEXT,
    REFUSED_NUMBERS,
    REFUSED_TEXT,
    event,
    line_of,
)
from tests.player_helpers import async_test, shown
from tracker.cli import main
from tracker.core.safe_text import LINE_LIMIT, text_problem, visible
from tracker.store.encounter_file import load
from tracker.store.errors import LockedError
from tracker.store.file_text import DEPTH_LIMIT, EVENT_FIELDS, flaw_in
from tracker.store.follow import FileFollower
from tracker.store.holder import runtime_folder
from tracker.store.journal import format_event
from tracker.store.listing_cache import cache_file
from tracker.store.lock import WriterLock
from tracker.store.settings import Settings as GmSettings
from tracker.ui.launcher_choices import launcher_choices
from tracker.ui.player.app import PlayerApp


def refused(path: Path, capsys: pytest.CaptureFixture[str], *command: str) -> str:
    """Run ``tracker COMMAND FILE``: exit 1, one line naming the file, file unchanged."""
    before = path.read_bytes()
    assert main([*command, str(path)]) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "Traceback" not in error, error
    assert path.read_bytes() == before
    return error


def written(folder: Path, text: str, name: str = "hostile.toml") -> Path:
    """``text`` as a file in ``folder``."""
    path = folder / name
    path.write_bytes(text.encode("utf-8"))
    return path


# --- tracker check / state / log ---------------------------------------------------------


@pytest.mark.parametrize("value", REFUSED_TEXT.values(), ids=REFUSED_TEXT.keys())
@pytest.mark.parametrize("field", ["title", "name", "text"])
def test_hostile_text_anywhere_in_the_file_is_refused_with_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, value: str
) -> None:
    if field == "title":
        path = written(tmp_path, HEAD.replace('"Ambush"', value))
    elif field == "name":
        path = written(tmp_path, HEAD.replace('"Goblin"', value))
    else:
        path = written(tmp_path, HEAD + event("note.added", "text", value))
    error = refused(path, capsys, "check")
    assert error.startswith(f"tracker: {path}:{line_of(path, field + ' =')}:1: ")


@pytest.mark.parametrize("command", [["state"], ["log", "--format", "txt"], ["check"]])
def test_a_forged_heading_in_a_note_reaches_no_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    value = REFUSED_TEXT["raw-line-break"]
    path = written(tmp_path, HEAD + event("note.added", "text", value))
    error = refused(path, capsys, *command)
    assert "line break" in error and "## Injected" not in error
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("value", REFUSED_NUMBERS.values(), ids=REFUSED_NUMBERS.keys())
def test_a_number_no_game_has_is_refused_in_an_event_and_in_the_roster(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    path = written(tmp_path, HEAD + event("round.started", "round", value))
    assert refused(path, capsys, "check").startswith(f"tracker: {path}:15:1: event 1's round")
    path = written(tmp_path, HEAD.replace("hp = 7", f"hp = {value}"))
    assert refused(path, capsys, "state").startswith(f"tracker: {path}:10:1: ")


def test_notes_keep_their_lines_and_markup_is_kept_as_written(tmp_path: Path) -> None:
    notes = '\nnotes = """Hates elves.\nFlees at 2 HP."""\n'
    head = HEAD.replace('name = "Goblin"', f"name = {json.dumps(INERT_TEXT[0])}") + notes
    noted = event("combatant.noted", "who", '"gob"\nnotes = """watch\nthe door"""')
    path = written(tmp_path, head + noted)
    state = load(path).encounter.state
    assert state.combatant("gob").name == INERT_TEXT[0]
    assert state.combatant("gob").notes == "watch\nthe door"


# --- the players' view, following the GM's appends -----------------------------------------


def appended_note(path: Path, seq: int, text: str) -> None:
    """A well-formed block (crc right) that another program appended."""
    table = {"seq": seq, "type": "note.added", "at": datetime.now(UTC), "text": text}
    with path.open("a", encoding="utf-8") as file:
        file.write(format_event({**table, "batch_end": True}))


@pytest.mark.parametrize(
    "text", [ESC_NOTE, "a\nb", "x" * 3000, "evil\u202egnp"], ids=["esc", "lines", "long", "bidi"]
)
def test_the_view_refuses_a_hostile_append_and_keeps_the_last_good_state(
    tmp_path: Path, text: str
) -> None:
    path = written(tmp_path, HEAD + event("note.added", "text", '"Quiet"'))
    follower = FileFollower(path)
    assert not follower.poll().problem
    appended_note(path, 2, text)
    catch = follower.poll()
    assert catch.problem.startswith(f"{path}:{line_of(path, 'seq = 2') + 3}:1: event 2's text")
    assert "\n" not in catch.problem and not catch.events
    assert follower.loaded is not None
    assert [e.text for e in follower.loaded.encounter.events] == ["Quiet"]
    assert follower.poll().problem == catch.problem  # said again, nothing taken


@async_test
async def test_no_escape_reaches_the_players_screen(tmp_path: Path) -> None:
    path = written(tmp_path, HEAD + event("note.added", "text", '"Quiet"'))
    follower = FileFollower(path)
    follower.poll()
    app = PlayerApp(follower)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        appended_note(path, 2, ESC_NOTE)
        app.follow()
        await pilot.pause()
        assert app.problem
        assert "\x1b" not in shown(app) and "evil.example" not in shown(app)


# --- tracker ls and the launcher ---------------------------------------------------------


NUMBERS = {**REFUSED_NUMBERS, "float-round": "1.5"}


@pytest.mark.parametrize("value", NUMBERS.values(), ids=NUMBERS.keys())
def test_ls_lists_a_file_with_an_impossible_round_as_damaged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    good = written(tmp_path, HEAD, "good.toml")
    bad = written(tmp_path, HEAD + event("round.started", "round", value), "bad.toml")
    assert main(["ls", str(tmp_path)]) == 0
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    (line,) = [line for line in out.out.splitlines() if "bad.toml" in line]
    assert line.startswith(f"cannot be read: {bad}:15:1: event 1's round")
    assert any(str(good) in line and "Ambush" in line for line in out.out.splitlines())


@pytest.mark.parametrize("value", REFUSED_TEXT.values(), ids=REFUSED_TEXT.keys())
def test_ls_lists_a_file_with_a_hostile_title_as_damaged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    bad = written(tmp_path, HEAD.replace('"Ambush"', value))
    assert main(["ls", str(tmp_path), "--json"]) == 0
    (listed,) = json.loads(capsys.readouterr().out)
    assert listed["problem"].startswith(f"{bad}:4:1: encounter.title ")
    assert listed["title"] == "hostile"


def test_ls_does_not_trust_an_impossible_date_in_its_cache(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = written(tmp_path, HEAD)
    assert main(["ls", str(tmp_path)]) == 0
    cache = cache_file(tmp_path)
    kept = json.loads(cache.read_text(encoding="utf-8"))
    kept["files"][path.name][9] = float("inf")  # last played
    cache.write_text(json.dumps(kept), encoding="utf-8")
    capsys.readouterr()
    assert main(["ls", str(tmp_path)]) == 0
    assert "Ambush" in capsys.readouterr().out


@pytest.mark.parametrize("value", ["inf", "nan", "1e30", r'"\u001b[2J"'])
def test_the_launcher_lists_the_damaged_file_and_the_others(tmp_path: Path, value: str) -> None:
    written(tmp_path, HEAD, "good.toml")
    bad = written(tmp_path, HEAD + event("round.started", "round", value), "bad.toml")
    choices = launcher_choices(GmSettings(encounters=tmp_path))
    mine = {c.path: c.summary for c in choices if c.kind == "file" and c.summary is not None}
    assert mine[bad].problem.startswith(f"{bad}:15:1: event 1's round")
    assert not mine[tmp_path / "good.toml"].problem


# --- the lock file, and the check itself ---------------------------------------------------


@pytest.mark.parametrize("holder", [{"host": "\x1b]52;c;aGk=\x07"}, {"pid": 1e30}])
def test_a_forged_lock_file_says_another_process(tmp_path: Path, holder: dict[str, object]) -> None:
    path = written(tmp_path, HEAD)
    with WriterLock(path):
        folder, info = runtime_folder(), path.stat()
        assert folder is not None
        note = folder / f"{info.st_dev:x}-{info.st_ino:x}.holder"  # who holds it, forged
        note.write_text(json.dumps({"pid": 7, **holder}), encoding="utf-8")
        with pytest.raises(LockedError) as caught:
            WriterLock(path).acquire()
    said = str(caught.value)
    assert said.startswith("hostile.toml is open for writing by another process")
    assert "\x1b" not in said


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=120))
def test_what_passes_the_file_check_is_what_a_sink_shows_unchanged(text: str) -> None:
    passed = flaw_in({"text": text}, EVENT_FIELDS) is None
    assert passed == (text_problem(text, "text", LINE_LIMIT) is None)
    if passed:
        assert visible(text) == text


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=3000), st.sampled_from(["table", "list"]))
def test_any_nesting_is_judged_without_a_recursion_error(depth: int, kind: str) -> None:
    value: object = 1
    for _ in range(depth):
        value = {"deeper": value} if kind == "table" else [value]
    flaw = flaw_in({"junk": value})
    assert (flaw is None) == (depth < DEPTH_LIMIT)
