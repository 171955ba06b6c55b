"""A ruleset's data file is parsed once and read from its marshal copy after (CLI start,
issue 32): the same data every time, an edited file or a damaged copy parsed afresh."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.rules import data_cache
from tracker.rules.data_cache import parsed_toml

DATA = b'[damage]\nlocations = ["head", "arm"]\nbonus = 2\n[[band]]\nname = "grazed"\nlow = 1\n'
NERV = Path(__file__).resolve().parents[1] / "tracker" / "rules" / "nerv_d100" / "data.toml"


@pytest.fixture(autouse=True)
def _bytecode_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def _copies(folder: Path) -> list[Path]:
    return sorted((folder / "__pycache__").glob("*.marshal"))


def _no_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str) -> dict[str, Any]:
        raise AssertionError("parsed again")

    monkeypatch.setattr(data_cache, "loads_toml", refuse)


def test_the_second_read_comes_from_the_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = parsed_toml(DATA, str(tmp_path), "data.toml")
    assert first == tomllib.loads(DATA.decode()) and len(_copies(tmp_path)) == 1
    _no_parser(monkeypatch)
    assert parsed_toml(DATA, str(tmp_path), "data.toml") == first


def test_the_bundled_rulesets_data_reads_the_same_through_its_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = NERV.read_bytes()
    expected = tomllib.loads(data.decode())
    parsed_toml(data, str(tmp_path), "data.toml")
    _no_parser(monkeypatch)
    assert parsed_toml(data, str(tmp_path), "data.toml") == expected


def test_an_edited_data_file_is_parsed_afresh(tmp_path: Path) -> None:
    parsed_toml(DATA, str(tmp_path), "data.toml")
    edited = DATA.replace(b"bonus = 2", b"bonus = 3")
    assert parsed_toml(edited, str(tmp_path), "data.toml")["damage"]["bonus"] == 3
    assert parsed_toml(DATA, str(tmp_path), "data.toml")["damage"]["bonus"] == 2


def test_a_damaged_copy_is_never_trusted(tmp_path: Path) -> None:
    parsed_toml(DATA, str(tmp_path), "data.toml")
    (copy,) = _copies(tmp_path)
    blob = bytearray(copy.read_bytes())
    blob[-3] ^= 0x01  # a flipped bit in the data
    copy.write_bytes(bytes(blob))
    assert parsed_toml(DATA, str(tmp_path), "data.toml") == tomllib.loads(DATA.decode())
    copy.write_bytes(copy.read_bytes()[:20])  # cut short
    assert parsed_toml(DATA, str(tmp_path), "data.toml") == tomllib.loads(DATA.decode())


def test_a_broken_data_file_still_says_where(tmp_path: Path) -> None:
    with pytest.raises(tomllib.TOMLDecodeError, match="line 2"):
        parsed_toml(b"a = 1\nb = \n", str(tmp_path), "data.toml")
    assert _copies(tmp_path) == []


def test_no_copy_without_bytecode_or_for_dates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dated = b"since = 2026-11-27\n"
    assert parsed_toml(dated, str(tmp_path), "data.toml") == tomllib.loads(dated.decode())
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert parsed_toml(DATA, str(tmp_path), "data.toml")["damage"]["bonus"] == 2
    assert _copies(tmp_path) == []


def test_a_folder_that_cannot_be_written_is_only_read(tmp_path: Path) -> None:
    (tmp_path / "__pycache__").write_text("a file where the folder would be")
    assert parsed_toml(DATA, str(tmp_path), "data.toml")["damage"]["bonus"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["__pycache__"]


VALUES = st.recursive(
    st.integers(-(2**62), 2**62) | st.text(max_size=6) | st.booleans() | st.floats(-1e9, 1e9),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(min_size=1, max_size=4), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(table=st.dictionaries(st.text(min_size=1, max_size=4), VALUES, max_size=4))
def test_any_data_reads_back_as_parsed(tmp_path: Path, table: dict[str, Any]) -> None:
    data = tomli_w.dumps(table).encode()
    expected = tomllib.loads(data.decode())
    assert parsed_toml(data, str(tmp_path), "data.toml") == expected
    assert parsed_toml(data, str(tmp_path), "data.toml") == expected
