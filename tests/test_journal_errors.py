"""Reading a damaged or hand-broken journal: one-line errors with file:line:col, damage in
mid-file, torn tails and their repair."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.journal_helpers import assert_one_line_with_position, ev, line_of, make
from tracker.store.errors import JournalError, LockedError, StoreError
from tracker.store.journal import TornTail, read_journal, repair_torn
from tracker.store.writer import JournalWriter

# ----------------------------------------------------------------------------- errors


BAD_FILES: dict[str, tuple[str, str]] = {
    # name: (text, what must be on the reported line)
    "syntax in head": ('format = 1\n[encounter]\ntitle = "x\n', 'title = "x'),
    "bad value in head": ("format = 1\nx = nope\n", "x = nope"),
    "duplicate table": ("[encounter]\na = 1\n[encounter]\nb = 2\n", "[encounter]\nb"),
    "events inline": ("format = 1\nevents = [{ seq = 1 }]\n", "events = "),
    "events empty array": ("format = 1\nevents = []\n", "events = "),
    "events not tables": ("format = 1\nevents = 5\n", "events = "),
    "unterminated at end": ('format = 1\ntitle = """abc', "title"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_errors_are_one_line_with_position(tmp_path: Path, name: str) -> None:
    text, marker = BAD_FILES[name]
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(JournalError) as info:
        read_journal(path)
    line, _col = assert_one_line_with_position(info.value, path)
    assert info.value.line == line
    assert line == line_of(text.encode(), marker.encode(), text.count(marker) - 1)
    assert path.read_text(encoding="utf-8") == text  # nothing changed on disk


def test_error_column_is_tomllib_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("format = 1\nabc = 12x\n", encoding="utf-8")
    with pytest.raises(JournalError) as info:
        read_journal(path)
    assert str(info.value).startswith(f"{path}:2:")
    assert info.value.col is not None and info.value.col > 1
    assert "(at line" not in str(info.value)


def test_invalid_utf8_in_head_names_its_position(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(b'format = 1\ntitle = "ab\xff"\n')
    with pytest.raises(JournalError, match="UTF-8") as info:
        read_journal(path)
    assert assert_one_line_with_position(info.value, path) == (2, 12)


def test_missing_file_is_a_one_line_journal_error(tmp_path: Path) -> None:
    path = tmp_path / "nope.toml"
    with pytest.raises(JournalError) as info:
        read_journal(path)
    assert str(info.value).startswith(f"{path}: ") and "\n" not in str(info.value)
    with pytest.raises(JournalError):
        JournalWriter(path)
    assert not path.exists()


@pytest.mark.parametrize("damage", ["flip a byte", "edit a value", "drop the crc", "junk line"])
def test_corrupt_middle_block_is_damage_read_up_to_it(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2, amount=12), ev(3)])
    start = data.index(b"[[events]]\nseq = 2")
    block_line = data.count(b"\n", 0, start) + 1
    if damage == "flip a byte":
        data = data.replace(b"amount = 12", b"amount = 13")
    elif damage == "edit a value":
        data = data.replace(b"amount = 12", b"amount = 12000")
    elif damage == "drop the crc":
        crc_at = data.index(b"crc = ", start)
        data = data[:crc_at] + data[data.index(b"\n", crc_at) + 1 :]
    else:
        data = data.replace(b"amount = 12\n", b"amount = 12\n}}}{{{\n")
    path.write_bytes(data)
    got = read_journal(path)
    assert got.events == [ev(1)] and got.torn is not None
    assert got.torn.damage_at == (block_line, 1) and "event 2 of 3" in got.torn.damage
    assert got.torn.data == data[start:] and path.read_bytes() == data


def test_section_after_events_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2)])
    for extra, where in [(b"[notes]\nx = 1\n", "end"), (b"[[combatants]]\nid = 'z'\n", "mid")]:
        if where == "end":
            bad = data + extra
            target = data.count(b"\n") + 1
        else:
            at = data.index(b"[[events]]\nseq = 2")
            bad = data[:at] + extra + data[at:]
            target = data.count(b"\n", 0, at) + 1
        path.write_bytes(bad)
        with pytest.raises(JournalError, match=r"\[\[events\]\]") as info:
            read_journal(path)
        assert assert_one_line_with_position(info.value, path) == (target, 1)


def test_event_header_not_exact_is_damage_read_up_to_it(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2), ev(3)])
    bad = data.replace(b"[[events]]\nseq = 2", b"[[ events ]]\nseq = 2")
    path.write_bytes(bad)
    got = read_journal(path)
    assert got.events == [ev(1)] and got.torn is not None
    assert got.torn.damage_at[0] == line_of(bad, b"[[ events ]]")


def test_journal_error_str_forms() -> None:
    assert str(JournalError(Path("a/b.toml"), "bad", 3, 7)) == "a/b.toml:3:7: bad"
    assert str(JournalError("b.toml", "bad")) == "b.toml: bad"
    assert str(JournalError("b.toml", "two\nlines", 1)) == "b.toml:1: two lines"
    assert str(StoreError("x\ny")) == "x y"
    assert isinstance(LockedError("held"), StoreError)


# ----------------------------------------------------------------------------- torn tails


def test_torn_tail_is_reported_not_raised_and_disk_untouched(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2), ev(3, amount=12)])
    cut = data.index(b"amount = 12") + len(b"amount = 1")
    path.write_bytes(data[:cut])
    got = read_journal(path)
    start = data.index(b"[[events]]\nseq = 3")
    assert got.events == [ev(1), ev(2)]
    assert got.torn == TornTail(start, data[start:cut], 2)
    assert path.read_bytes() == data[:cut]


def test_wrong_crc_on_last_block_is_torn(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2, amount=12)])
    path.write_bytes(data.replace(b"amount = 12", b"amount = 13"))
    got = read_journal(path)
    assert got.events == [ev(1)] and got.torn is not None and got.torn.events_kept == 1


def test_garbage_after_last_block_is_torn(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2)])
    for junk in [b"\x00" * 100, b"[[eve", b"[[events]", b"\xff\xfe"]:
        path.write_bytes(data + junk)
        got = read_journal(path)
        assert got.events == [ev(1), ev(2)]
        assert got.torn == TornTail(len(data), junk, 2)


def test_repair_torn_moves_bytes_to_side_file(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2)])
    path.write_bytes(data + b"[[events]]\nseq = 3\nty")
    torn = read_journal(path).torn
    assert torn is not None
    now = datetime(2026, 11, 21, 19, 3, 11, tzinfo=UTC)
    side = repair_torn(path, torn, now=now)
    assert side == tmp_path / "enc.toml.torn-20261121T190311Z"
    assert side.read_bytes() == b"[[events]]\nseq = 3\nty"
    assert path.read_bytes() == data
    assert read_journal(path).torn is None
    # a second repair in the same second gets its own side file
    path.write_bytes(data + b"xx[[")
    torn2 = read_journal(path).torn
    assert torn2 is not None
    assert repair_torn(path, torn2, now=now).name.endswith("190311Z-2")


def test_repair_refuses_if_file_changed(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1)])
    path.write_bytes(data + b"[[events]]\nse")
    torn = read_journal(path).torn
    assert torn is not None
    path.write_bytes(data + b"[[events]]\nseq")
    with pytest.raises(JournalError, match="changed"):
        repair_torn(path, torn)
    assert path.read_bytes() == data + b"[[events]]\nseq"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["enc.toml"]


def test_writer_refuses_a_torn_file(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2)])
    for tail in [data[:-20], data + b"[[eve"]:
        path.write_bytes(tail)
        with pytest.raises(JournalError, match="intact"):
            JournalWriter(path)
        assert path.read_bytes() == tail
    path.write_bytes(b"format = 1\n[[eve")  # torn first block: no header yet
    with pytest.raises(JournalError):
        JournalWriter(path)
