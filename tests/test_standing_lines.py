"""Standing lines: after every command the writer leaves a checksummed comment saying where
the fight stands, and `tracker ls` lists a file from its first and last few KB alone.

The row read from the standing line equals the row of the full reading (the journal scan)
and what a full load says, for every sample played through many commands (undo, redo,
adds, renames, the end); a line that is missing, damaged, stale or lying, a hand-edited
head, a torn tail, CRLF line ends or an older file are read the full way; every reader of
a journal (loader, follower, repair, format upgrade) reads the lines as the comments
they are.
"""

from __future__ import annotations

import re
import tempfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tracker.store.listing as listing
from tests.listing_helpers import COMMANDS, INIT, assert_listing_agrees, no_fsync, play
from tests.midfight import MIDFIGHT
from tests.player_helpers import copy_sample
from tests.ui_helpers import BASIC_TEXT, basic_file
from tracker.cli import main
from tracker.core.dice import Dice
from tracker.core.errors import TrackerError
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.follow import FileFollower
from tracker.store.journal import JournalRead, intact_blocks, read_journal
from tracker.store.listing import EncounterSummary, list_folder, summarise
from tracker.store.standing_line import MARK
from tracker.store.standing_read import read_standing

ROOT = Path(__file__).parent.parent
STANDING = re.compile(rb"(?m)^# standing .*\n")
MORE = ("add Troll hp=9", "add Troll hp=9", "undo", "redo", "end", "undo", "next", "end")
"""Adds (the second Troll renames the first), undo and redo, the end and its undo."""


@contextmanager
def full_reading() -> Iterator[None]:
    """The listing without its standing-line path: the journal scan answers."""
    real = listing.read_standing
    listing.read_standing = lambda path: None
    try:
        yield
    finally:
        listing.read_standing = real


def full_row(path: Path) -> EncounterSummary:
    with full_reading():
        return summarise(path)


def assert_fast_row_is_the_full_row(path: Path) -> EncounterSummary:
    """The file ends with a standing line that checks out, and its row is the full one."""
    assert read_standing(path) is not None, path.read_bytes()[-300:]
    row = summarise(path)
    assert row == full_row(path)
    assert_listing_agrees(path)
    return row


def last_line(data: bytes) -> tuple[int, int]:
    """(start, end) of the file's last standing line."""
    at = data.rindex(b"\n" + MARK) + 1
    return at, data.index(b"\n", at) + 1


def forged(data: bytes, fields: bytes, seq: int | None = None) -> bytes:
    """``data`` with its last standing line saying ``fields`` (its crc made anew)."""
    start, end = last_line(data)
    words = data[start + len(MARK) : end - 1].split(b" ")  # seq, head length, head crc...
    body = MARK + (str(seq).encode() if seq is not None else words[0])
    line = b" ".join([body, *words[1:3], fields])
    return data[:start] + line + b" %d\n" % zlib.crc32(line) + data[end:]


@pytest.mark.parametrize("sample", sorted(MIDFIGHT))
def test_every_sample_lists_from_its_standing_line_as_the_full_reading_says(
    tmp_path: Path, sample: str
) -> None:
    path = copy_sample(sample, tmp_path)
    assert read_standing(path) is None  # a file never played has none: read in full
    assert summarise(path) == full_row(path)
    dice = Dice(seed=11)
    with no_fsync(), EncounterFile(path) as encounter:
        for line in (*MIDFIGHT[sample], *MORE):
            try:
                encounter.execute(line, dice)
            except TrackerError:
                continue
            assert_fast_row_is_the_full_row(path)


def test_every_command_undo_and_redo_leaves_one_standing_line(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    play(path, [*INIT, "start", "next", "undo", "redo", "add Imp hp=3", "end", "undo"])
    data = path.read_bytes()
    batches = data.count(b"\nbatch_end = true\n")
    assert len(STANDING.findall(data)) == batches == 11
    for match in re.finditer(rb"\nbatch_end = true\ncrc = \d+\n", data):
        assert data.startswith(MARK, match.end())  # right after each command's last block
    row = assert_fast_row_is_the_full_row(path)
    assert row.status == "round 1, Goblin's turn" and row.combatants == 5


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([*COMMANDS, *MORE]), max_size=24), st.integers(0, 99))
def test_any_command_sequence_lists_the_same_row_both_ways(lines: list[str], seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = basic_file(Path(folder))
        dice = Dice(seed=seed)
        with no_fsync(), EncounterFile(path) as encounter:
            for line in lines:
                try:
                    encounter.execute(line, dice)
                except TrackerError:
                    continue
                assert_fast_row_is_the_full_row(path)


@pytest.fixture
def played(tmp_path: Path) -> Path:
    path = basic_file(tmp_path)
    play(path, [*INIT, "start", "next", "add Troll hp=9", "next"])
    return path


def falls_back(path: Path) -> EncounterSummary:
    """The file is read the full way, and lists as a full load says."""
    assert read_standing(path) is None
    row = summarise(path)
    assert row == full_row(path)
    return row


def test_an_older_file_without_standing_lines_lists_the_same(played: Path) -> None:
    fast = summarise(played)
    played.write_bytes(STANDING.sub(b"", played.read_bytes()))
    assert falls_back(played) == fast
    assert_listing_agrees(played)
    play(played, ["next"])  # the next command leaves one: read quickly again
    assert assert_fast_row_is_the_full_row(played).acting == "Troll"


@pytest.mark.parametrize("where", [0, 12, 20, 40, -12, -3])
def test_a_damaged_standing_line_falls_back(played: Path, where: int) -> None:
    data = played.read_bytes()
    start, end = last_line(data)
    at = (start if where >= 0 else end) + where
    flipped = bytearray(data)
    flipped[at] ^= 0x01
    played.write_bytes(bytes(flipped))
    assert falls_back(played).acting == "Bo"


def test_a_stale_standing_line_falls_back(played: Path) -> None:
    data = played.read_bytes()
    last_block = data.rindex(b"[[events]]\n")
    start, end = last_line(data)
    # the last command's blocks gone, its line kept: the line no longer fits the last block
    played.write_bytes(data[:last_block] + data[start:end])
    assert falls_back(played).acting != "Bo"  # the 'next' to Bo is not all there
    assert_listing_agrees(played)
    line = data[start:end]
    fields = line[line.index(b"[") : line.rindex(b" ")]
    played.write_bytes(forged(data, fields))
    assert read_standing(played) is not None  # forged() itself makes a line that holds
    played.write_bytes(forged(data, fields, seq=3))  # another seq than the last block's
    falls_back(played)


@pytest.mark.parametrize(
    "fields",
    [
        b'["running",1,"bo","\\u001b[31mBo",5,"Goblin ambush","basic"]',
        b'["running",1,"bo","Bo\\u202e",5,"Goblin ambush","basic"]',
        b'["running",1,"bo","Bo",5,"x\\u009b","basic"]',
        b'["fighting",1,"bo","Bo",5,"Goblin ambush","basic"]',
        b'["running",-1,"bo","Bo",5,"Goblin ambush","basic"]',
        b'["running",1.5,"bo","Bo",5,"Goblin ambush","basic"]',
        b'["running",1,"bo","Bo",true,"Goblin ambush","basic"]',
        b'["running",1,"bo","Bo",5,"Goblin ambush"]',
        b'{"phase":"running"}',
        b'["running",1,"bo","' + b"B" * 81 + b'",5,"Goblin ambush","basic"]',
        b"[not json]",
    ],
)
def test_a_lying_standing_line_is_not_believed(played: Path, fields: bytes) -> None:
    played.write_bytes(forged(played.read_bytes(), fields))
    row = falls_back(played)
    assert row.acting == "Bo" and "\x1b" not in row.status


def test_a_hand_edited_head_is_read_from_the_head(played: Path) -> None:
    played.write_text(played.read_text().replace("Goblin ambush", "Goblins at dusk"))
    assert falls_back(played).title == "Goblins at dusk"
    played.write_text(played.read_text().replace('name = "Bo"', 'name = "Bo the Bold"'))
    assert falls_back(played).acting == "Bo the Bold"
    play(played, ["next", "prev"])  # opened again: the lines vouch for the new head
    assert assert_fast_row_is_the_full_row(played).acting == "Bo the Bold"


def test_a_torn_tail_and_crlf_line_ends_fall_back(played: Path) -> None:
    data = played.read_bytes()
    played.write_bytes(data + b"[[events]]\nseq = 99\n")  # a block cut off after the line
    assert falls_back(played).acting == "Bo"
    start, _ = last_line(data)
    played.write_bytes(data[: start + 30])  # cut inside the line: the command is whole
    assert falls_back(played).acting == "Bo"
    assert load(played).encounter.state.current == "bo"
    played.write_bytes(data.replace(b"\n", b"\r\n"))
    assert falls_back(played).acting == "Bo"


def test_a_torn_standing_line_is_played_on(played: Path) -> None:
    data = played.read_bytes()
    start, _ = last_line(data)
    played.write_bytes(data[: start + 30])  # a crash in the write's last bytes
    play(played, ["next"])
    after = played.read_bytes()
    assert after.startswith(data[: start + 30] + b"\n[[events]]\n")  # no torn side file
    assert not list(played.parent.glob("*.torn-*"))
    assert assert_fast_row_is_the_full_row(played).acting == "Troll"


def test_readers_take_standing_lines_as_comments(played: Path) -> None:
    data = played.read_bytes()
    assert intact_blocks(data) == intact_blocks(STANDING.sub(b"", data))  # the loader's fast path
    read = read_journal(played)
    assert read.torn is None and read.events == read_journal_without_lines(played).events
    follower = FileFollower(played)
    assert follower.poll().reloaded
    play(played, ["next", "undo", "dmg orc 2"])
    caught = follower.poll()
    assert not caught.reloaded and len(caught.events) >= 3
    assert follower.loaded is not None
    assert follower.loaded.encounter.state == load(played).encounter.state


def read_journal_without_lines(path: Path) -> JournalRead:
    copy = path.with_name("copy.toml")
    copy.write_bytes(STANDING.sub(b"", path.read_bytes()))
    return read_journal(copy)


def test_damage_in_a_standing_line_never_costs_an_event_before_it(played: Path) -> None:
    data = played.read_bytes()
    lines = [m.start() for m in STANDING.finditer(data)]
    for at in lines[:-1]:
        for damage in (b"\0", b"\xff", b"\n"):
            bad = data[: at + 14] + damage + data[at + 15 :]
            played.write_bytes(bad)
            before = data[:at].count(b"\n[[events]]\n") + data.startswith(b"[[events]]")
            assert len(load(played).encounter.events) >= before


def format_1(path: Path) -> None:
    """Rewrite the played file at ``path`` as an older tracker wrote it: format 1, no
    batch marks, no standing lines."""
    old = STANDING.sub(b"", path.read_bytes()).replace(b"batch_end = true\n", b"")
    old = re.sub(rb"crc = \d+\n", b"", old).replace(b"format = 2", b"format = 1")
    head, *events = old.split(b"[[events]]\n")
    path.write_bytes(
        head
        + b"".join(
            b"[[events]]\n" + body + b"crc = %d\n" % zlib.crc32(b"[[events]]\n" + body)
            for body in events
        )
    )


def test_a_format_1_file_lists_the_same_and_its_upgrade_writes_standing_lines(
    tmp_path: Path,
) -> None:
    path = basic_file(tmp_path)
    play(path, [*INIT, "start", "next"])
    format_1(path)
    assert load(path).source_format == 1
    assert falls_back(path).acting == "Goblin"
    assert_listing_agrees(path)
    play(path, ["next"])  # upgraded to format 2 first, then the command and its line
    assert b"format = 2" in path.read_bytes()
    assert assert_fast_row_is_the_full_row(path).acting == "Bo"


def test_a_format_1_file_that_stays_so_gets_no_standing_lines(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    play(path, [*INIT, "start", "next"])
    format_1(path)
    (tmp_path / "link.toml").hardlink_to(path)  # a hard-linked file is not rewritten
    play(path, ["next", "undo", "next"])
    data = path.read_bytes()
    assert b"format = 1" in data and MARK not in data
    assert falls_back(path).acting == "Bo"
    assert_listing_agrees(path)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.text(st.characters(codec="utf-8", exclude_categories=["Cc", "Cs"]), max_size=40),
    st.sampled_from(["Ann", '"Ann" \\ [bold]Ann[/] <b>&amp;', "Jürgen 𝔊", "\u00a0Ann"]),
)
def test_any_title_and_name_list_the_same_both_ways(title: str, name: str) -> None:
    text = BASIC_TEXT.replace('title = "Goblin ambush"', f"title = {toml_text(title)}")
    text = text.replace('name = "Ann"', f"name = {toml_text(name)}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fight.toml"
        path.write_text(text, encoding="utf-8")
        try:
            play(path, [*INIT, "start"])
        except TrackerError:
            return  # a head the load refuses is never played
        if read_standing(path) is None:
            assert summarise(path) == full_row(path)
            return
        row = assert_fast_row_is_the_full_row(path)
        assert row.acting == name and MARK in path.read_bytes()
        assert all(byte < 0x7F for byte in STANDING.findall(path.read_bytes())[-1])


def toml_text(value: str) -> str:
    from tracker.store.toml_line import toml_line

    return toml_line("x", value).split(" = ", 1)[1]


def test_a_campaign_file_has_no_standing_lines(tmp_path: Path) -> None:
    campaign = tmp_path / "tokyo.toml"
    assert main(["campaign", "new", str(campaign), "--ruleset", "nerv-d100"]) == 0
    assert MARK not in campaign.read_bytes()
    listed = list_folder(tmp_path, cache=False)
    assert [row.problem != "" for row in listed] == [True]  # a campaign: ls names it so


def test_check_names_a_standing_line_that_disagrees_with_the_journal(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(played)]) == 0
    assert capsys.readouterr().err == ""
    lie = b'["running",1,"orc","Orc",5,"Goblin ambush","basic"]'
    played.write_bytes(forged(played.read_bytes(), lie))
    assert summarise(played).acting == "Orc"  # checks out: ls believes it
    assert main(["check", str(played)]) == 0  # the fight itself is fine
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'says "round 1, Orc\'s turn"' in err
    assert 'the journal says "round 1, Bo\'s turn"' in err
