"""Writing a journal: what is refused and leaves the file as it was, and appending
(one write and one fsync a batch)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.journal_helpers import HEAD, ev, make
from tracker.store.errors import JournalError
from tracker.store.journal import format_event, read_journal, write_document
from tracker.store.writer import JournalWriter

# ----------------------------------------------------------------------------- refusals


def test_none_is_refused_everywhere(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    before = make(path, [ev(1)])
    with pytest.raises(TypeError):
        format_event({"a": None})
    with JournalWriter(path) as writer, pytest.raises(JournalError) as info:
        writer.append(ev(2, target=None))
    assert isinstance(info.value.__cause__, TypeError)
    assert str(info.value).startswith(f"{path}: ") and "None" in str(info.value)
    with pytest.raises(JournalError):
        write_document(path, HEAD, [ev(1, a=None)])
    with pytest.raises(JournalError):
        write_document(path, {**HEAD, "encounter": {"title": None}}, [])
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("head", "events"),
    [
        ({**HEAD, "bad": None}, []),
        (HEAD, [ev(1), ev(2, x=object())]),
        (HEAD, [ev(1, x=float("nan"))]),
        ({**HEAD, "events": []}, []),
        ({1: "x"}, []),
    ],
)
def test_write_document_failure_leaves_original_and_no_temp(
    tmp_path: Path, head: dict[Any, Any], events: list[dict[str, Any]]
) -> None:
    path = tmp_path / "enc.toml"
    before = make(path)
    with pytest.raises(JournalError) as info:
        write_document(path, head, events)
    assert "\n" not in str(info.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["enc.toml"]


@pytest.mark.parametrize("fail", ["write", "fsync", "replace"])
def test_write_document_io_failure_leaves_original_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail: str
) -> None:
    path = tmp_path / "enc.toml"
    before = make(path)

    def boom(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, fail, boom)
    with pytest.raises(JournalError, match="No space left"):
        write_document(path, HEAD, [ev(1)])
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["enc.toml"]


def test_write_document_keeps_file_mode(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    make(path)
    os.chmod(path, 0o600)
    write_document(path, HEAD, [ev(1)])
    assert path.stat().st_mode & 0o777 == 0o600


# ----------------------------------------------------------------------------- appending


def test_missing_final_newline_is_added_before_append(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    path.write_bytes(b'format = 1\ntitle = "x"')  # hand-edited, no final newline
    with JournalWriter(path) as writer:
        writer.append(ev(1))
    assert path.read_bytes().startswith(b'format = 1\ntitle = "x"\n[[events]]\n')
    got = read_journal(path)
    assert got.head == {"format": 1, "title": "x"} and got.events == [ev(1)]


def test_last_block_missing_only_its_newline_is_intact(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    data = make(path, [ev(1), ev(2)])
    path.write_bytes(data[:-1])
    got = read_journal(path)
    assert got.events == [ev(1), ev(2)] and got.torn is None
    with JournalWriter(path) as writer:
        writer.append(ev(3))
    assert read_journal(path).events == [ev(1), ev(2), ev(3)]
    assert path.read_bytes() == data + format_event({**ev(3), "batch_end": True}).encode()


def test_append_is_one_write_and_one_fsync(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "enc.toml"
    make(path, [ev(1)])
    calls: list[tuple[str, int]] = []
    real_write, real_fsync = os.write, os.fsync
    with JournalWriter(path) as writer:

        def write(fd: int, data: bytes) -> int:
            calls.append(("write", len(data)))
            return real_write(fd, data)

        def fsync(fd: int) -> None:
            calls.append(("fsync", 0))
            real_fsync(fd)

        monkeypatch.setattr(os, "write", write)
        monkeypatch.setattr(os, "fsync", fsync)
        writer.append(ev(2))
        monkeypatch.undo()
    marked = {**ev(2), "batch_end": True}  # a batch of one: its own end
    assert calls == [("write", len(format_event(marked).encode())), ("fsync", 0)]


def test_refused_append_writes_nothing_and_closed_writer(tmp_path: Path) -> None:
    path = tmp_path / "enc.toml"
    before = make(path, [ev(1)])
    writer = JournalWriter(path)
    with pytest.raises(JournalError):
        writer.append({"x": {1, 2}})
    writer.close()
    writer.close()
    assert writer.closed
    with pytest.raises(JournalError, match="closed"):
        writer.append(ev(2))
    assert path.read_bytes() == before
