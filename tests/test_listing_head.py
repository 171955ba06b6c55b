"""The listing's quick head reader (no TOML parser) says exactly what the full parse and
file check say, or declines and the careful reading answers: for the bundled samples,
files played to many states, hand-edited heads, damaged files and hypothesis titles and
names. A row of `tracker ls` never differs between the two readings."""

from __future__ import annotations

import tempfile
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tracker.store.listing as listing
from tests.listing_helpers import COMMANDS, play
from tests.midfight import MIDFIGHT
from tests.player_helpers import copy_sample
from tests.ui_helpers import BASIC_TEXT, basic_file
from tracker.core.errors import TrackerError
from tracker.store.file_text import HEAD_FIELDS, check_document
from tracker.store.journal import HEADER_RE
from tracker.store.listing import EncounterSummary, summarise
from tracker.store.listing_head import quick_head
from tracker.store.locator import Locator
from tracker.store.snapshot import head_end
from tracker.store.toml_line import toml_line

ROOT = Path(__file__).parent.parent
SAMPLES = sorted((ROOT / "encounters").glob("*.toml"))
DECLINED_SAMPLES = {"persona-d100-shadows.toml"}
"""Its ``[encounter.options]`` table and multi-line arrays are read the careful way."""


@contextmanager
def _folder() -> Iterator[Path]:
    """A temporary folder for one hypothesis example (tmp_path is one per test)."""
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def careful_summary(path: Path) -> EncounterSummary:
    """The summary as the full parse and file check give it (the quick reader off)."""
    real = listing.quick_head
    listing.quick_head = lambda text: None
    try:
        return summarise(path)
    finally:
        listing.quick_head = real


def assert_rows_agree(path: Path) -> EncounterSummary:
    """The quick reading's row equals the careful reading's, field for field."""
    quick = summarise(path)
    assert quick == careful_summary(path)
    return quick


def head_of(path: Path) -> str:
    data = path.read_bytes()
    end = head_end(data)
    return (data[:end] if end >= 0 else data).decode("utf-8", "replace")


def careful_head(path: Path, text: str) -> dict[str, object] | None:
    """What the full parse and file check make of ``text`` (None: they refuse it)."""
    path.write_text(text, encoding="utf-8", newline="")
    try:
        document = tomllib.loads(text)
        check_document(document, Locator(path), HEAD_FIELDS)
    except (tomllib.TOMLDecodeError, TrackerError):
        return None
    return document


def assert_head_agrees(path: Path, text: str) -> dict[str, object] | None:
    """The quick reader gives the careful document, or declines; never anything else."""
    quick = quick_head(text)
    if quick is not None:  # repr: 1, 1.0 and True are equal, but not the same value
        assert repr(quick) == repr(careful_head(path, text))
    return quick


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_every_sample_head_is_read_quickly_and_exactly(tmp_path: Path, sample: Path) -> None:
    quick = assert_head_agrees(tmp_path / "head.toml", head_of(sample))
    assert (quick is None) == (sample.name in DECLINED_SAMPLES)


@pytest.mark.parametrize("sample", sorted(MIDFIGHT))
def test_every_sample_played_lists_the_same_row_both_ways(tmp_path: Path, sample: str) -> None:
    path = copy_sample(sample, tmp_path)
    assert_rows_agree(path)
    for line in (*MIDFIGHT[sample], "undo", "next", "prev", "end", "undo", "end"):
        play(path, [line])
        assert_rows_agree(path)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(COMMANDS), max_size=20), st.integers(0, 99))
def test_a_fight_played_to_any_state_lists_the_same_row_both_ways(
    lines: list[str], seed: int
) -> None:
    with _folder() as folder:
        path = basic_file(folder)
        play(path, lines, seed)
        assert quick_head(head_of(path)) is not None
        row = assert_rows_agree(path)
        assert row.problem == ""


ENCOUNTER = '[encounter]\ntitle = "Goblin ambush"\nruleset = "basic"\n'
ANN = '[[combatants]]\nid = "ann"\nname = "Ann"\nside = "pc"\nhp = 12\n'

READ_QUICKLY = {
    "comments everywhere": f"# a GM's note\nformat = 2 # the format\n\n{ENCOUNTER}# ok\n{ANN}",
    "odd spacing": '  format   =   2\n[encounter]\n   title="Goblin ambush"   \n'
    + ' ruleset =  "basic"\n'
    + ANN,
    "literal strings": "[encounter]\ntitle = 'C:\\path \"x\"'\nruleset = 'basic'\n" + ANN,
    "escaped quotes": '[encounter]\ntitle = "The \\"Bridge\\" \\\\ night"\nruleset = "basic"\n',
    "inline tables": ENCOUNTER + ANN + 'stats = { "left arm" = 2, body = -3, grace = 0.5 }\n',
    "numbers, decimals and flags": ENCOUNTER + ANN + "a = 1\nb = 1.0\nc = true\nd = -0\n",
    "arrays and traits": ENCOUNTER
    + ANN
    + 'tags = ["a", 1, true]\ntraits = [{ name = "Brave", text = "No fear.", kind = "talent" }]\n',
    "markup is data": '[encounter]\ntitle = "[bold]x[/] <b>&amp;"\nruleset = "basic"\n',
    "long notes": ENCOUNTER + ANN + f'notes = "{"n" * 1500}"\n',
    "title at its limit": f'[encounter]\ntitle = "{"t" * 120}"\nruleset = "basic"\n',
    "no final newline": ENCOUNTER + ANN.rstrip("\n"),
}

DECLINED = {
    "multi-line string": ENCOUNTER + ANN + 'notes = """one\ntwo"""\n',
    "a newline escape": ENCOUNTER + ANN + 'notes = "one\\ntwo"\n',
    "a unicode escape to ESC": '[encounter]\ntitle = "x \\u001b[31m"\nruleset = "basic"\n',
    "a raw bidi override": '[encounter]\ntitle = "abc\u202edef"\nruleset = "basic"\n',
    "a tab": '[encounter]\ntitle = "a\tb"\nruleset = "basic"\n',
    "CRLF line ends": ENCOUNTER.replace("\n", "\r\n"),
    "a byte-order mark": "\ufeff" + ENCOUNTER,
    "a dotted key": ENCOUNTER + ANN + "stats.grace = 3\n",
    "a dotted table": ENCOUNTER + "[encounter.options]\nx = 1\n",
    "a duplicate key": ENCOUNTER + ANN + 'name = "Again"\n',
    "a duplicate key in an inline table": ENCOUNTER + ANN + "stats = { a = 1, a = 2 }\n",
    "a table given twice": ENCOUNTER + ENCOUNTER,
    "a date": ENCOUNTER + ANN + "born = 1979-05-27\n",
    "a name too long": ENCOUNTER + ANN.replace('"Ann"', f'"{"A" * 81}"'),
    "a title too long": f'[encounter]\ntitle = "{"t" * 121}"\nruleset = "basic"\n',
    "a number too large": ENCOUNTER + ANN + f"hp = {2**53 + 1}\n",
    "inf": ENCOUNTER + ANN + "hp = inf\n",
    "hex": ENCOUNTER + ANN + "hp = 0x10\n",
    "a multi-line array": ENCOUNTER + ANN + "tags = [\n  1,\n]\n",
    "an unclosed string": '[encounter]\ntitle = "Goblin\nruleset = "basic"\n',
    "a root inline table": "format = { a = 1 }\n" + ENCOUNTER,
    "garbage": ENCOUNTER + "this is not toml\n",
}


@pytest.mark.parametrize("name", sorted(READ_QUICKLY))
def test_hand_edited_heads_in_the_plain_shape_are_read_quickly(tmp_path: Path, name: str) -> None:
    text = READ_QUICKLY[name]
    assert assert_head_agrees(tmp_path / "head.toml", text) is not None


@pytest.mark.parametrize("name", sorted(DECLINED))
def test_anything_unusual_is_left_to_the_careful_reading(tmp_path: Path, name: str) -> None:
    assert quick_head(DECLINED[name]) is None


@pytest.mark.parametrize("name", sorted({**READ_QUICKLY, **DECLINED}))
def test_a_hand_edited_file_lists_the_same_row_both_ways(tmp_path: Path, name: str) -> None:
    text = {**READ_QUICKLY, **DECLINED}[name]
    path = tmp_path / "fight.toml"
    path.write_bytes(text.encode("utf-8"))
    assert_rows_agree(path)
    events = basic_file(tmp_path, "played.toml")
    play(events, ["start", "next", "add Imp hp=3", "next"])
    body = events.read_bytes()[events.read_bytes().index(b"[[events]]") :]
    path.write_bytes(text.encode("utf-8").rstrip(b"\n") + b"\n\n" + body)
    assert_rows_agree(path)


def test_a_refused_title_is_the_same_problem_line_both_ways(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    path.write_text(path.read_text().replace("Goblin ambush", "x \\u001b[31m"))
    row = assert_rows_agree(path)
    assert row.status == "cannot be read" and "ESC" in row.problem


@pytest.mark.parametrize("cut", [0.1, 0.3, 0.5, 0.7, 0.9, 0.99])
def test_a_truncated_file_lists_the_same_row_both_ways(tmp_path: Path, cut: float) -> None:
    path = basic_file(tmp_path)
    play(path, ["start", "next", "dmg gob 3", "next", "undo", "add Imp hp=3", "next"])
    data = path.read_bytes()
    for end in {int(len(data) * cut), len(BASIC_TEXT) // 2, len(BASIC_TEXT) + 5}:
        path.write_bytes(data[:end])
        assert_rows_agree(path)


def test_bytes_that_are_not_utf8_list_the_same_row_both_ways(tmp_path: Path) -> None:
    path = basic_file(tmp_path)
    path.write_bytes(path.read_bytes().replace(b"Goblin ambush", b"Gob\xfflin"))
    row = assert_rows_agree(path)
    assert row.problem != ""


TEXTS = st.text(
    st.characters(codec="utf-8"),
    max_size=130,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS, TEXTS, TEXTS)
def test_any_title_and_names_written_by_our_writer_read_the_same(
    title: str, name: str, key: str
) -> None:
    text = "\n".join(
        [
            "format = 2",
            "[encounter]",
            toml_line("title", title),
            toml_line("ruleset", "basic"),
            "[[combatants]]",
            toml_line("id", "ann"),
            toml_line("name", name),
            toml_line("stats", {key or "k": 3}),
            "",
        ]
    )
    with _folder() as folder:
        quick = assert_head_agrees(folder / "head.toml", text)
        texts = (title, name, key)
        plain = all(t.isprintable() and len(t) <= 80 and not set(t) & set('"\\') for t in texts)
        if plain and not set(key) & set("=,{}[]"):
            assert quick is not None  # our writer's plain lines take the quick path


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(st.sampled_from("ab =#\"'\\[]{},.\n 1-_\t"), max_size=80))
def test_any_head_text_reads_the_same_or_is_declined(text: str) -> None:
    with _folder() as folder:
        assert_head_agrees(folder / "head.toml", text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS, TEXTS)
def test_any_title_and_name_in_a_played_file_list_the_same_row_both_ways(
    title: str, name: str
) -> None:
    text = BASIC_TEXT.replace('title = "Goblin ambush"', toml_line("title", title))
    text = text.replace('name = "Ann"', toml_line("name", name))
    with _folder() as folder:
        path = folder / "fight.toml"
        path.write_text(text, encoding="utf-8")
        row = assert_rows_agree(path)
        try:
            play(path, ["start", "next", "undo", "next"])
        except TrackerError:
            return  # a roster the rules refuse (a blank name) cannot be played
        assert row.problem == ""
        assert assert_rows_agree(path).status.startswith("round 1, ")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([b"[[events]]", b"\n", b"\r\n", b"x = 1", b"[[events]"])))
def test_the_first_event_block_is_found_where_the_loader_finds_it(parts: list[bytes]) -> None:
    data = b"".join(parts)
    match = HEADER_RE.search(data)
    expected = match.start() if match else listing._torn_header(data)
    assert listing._first_block(data) == expected
