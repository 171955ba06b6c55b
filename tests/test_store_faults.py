"""Files damaged by hand or by another tool are one line naming the place, never a
traceback (issue 16: a roster id renamed under its events, a non-text turn order, a
torn-tail repair that cannot cut the file), and a repair whose writes fail or are
killed loses no byte."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.crash_points import KILLED, count_points, failing_at, killed_at, snapshot
from tests.player_helpers import ENCOUNTERS, play
from tracker.cli import main
from tracker.store import journal, journal_repair
from tracker.store.encounter_file import load
from tracker.store.errors import JournalError
from tracker.store.journal import HEADER_RE, read_journal, write_document


def started(tmp_path: Path) -> Path:
    path = tmp_path / "ford.toml"
    shutil.copyfile(ENCOUNTERS / "basic-bandits-at-the-ford.toml", path)
    play(path, "start")
    return path


@pytest.mark.parametrize("command", ["check", "state", "log"])
def test_a_roster_id_renamed_under_its_events_is_one_line(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = started(tmp_path)
    text = path.read_text(encoding="utf-8").replace('id = "archer"', 'id = "bowman"', 1)
    path.write_text(text, encoding="utf-8")
    assert main([command, str(path)]) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "names combatant 'archer'" in error
    assert error.startswith(f"tracker: {path}:")


def test_a_turn_order_holding_a_number_is_one_line(tmp_path: Path) -> None:
    path = started(tmp_path)
    read = read_journal(path)
    order = next(t for t in read.events if t["type"] == "order.set")
    order["order"][0] = 7
    crafted = tmp_path / "crafted.toml"
    write_document(crafted, read.head, read.events)
    with pytest.raises(JournalError, match=r"crafted\.toml:\d+:1: 'order' .* list of text"):
        load(crafted)


def test_a_repair_that_cannot_cut_the_file_leaves_no_side_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = started(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[: data.rindex(b"\n# standing ") + 1 - 30])  # a torn last block
    torn = read_journal(path).torn
    assert torn is not None

    def cannot(target: Path, torn: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(journal_repair, "_truncate", cannot)
    for _ in range(2):
        with pytest.raises(JournalError, match="cannot repair the torn tail"):
            journal.repair_torn(path, torn)
        assert sorted(os.listdir(tmp_path)) == ["ford.toml"]
    monkeypatch.undo()
    side = journal.repair_torn(path, torn)
    assert sorted(os.listdir(tmp_path)) == ["ford.toml", side.name]


def damaged_fight(folder: Path) -> tuple[Path, bytes]:
    """A played fight with one bit flipped two commands before its end."""
    folder.mkdir()
    path = started(folder)
    play(path, "next", "next")
    data = bytearray(path.read_bytes())
    data[[m.start() for m in HEADER_RE.finditer(data)][-2] + 15] ^= 0x04
    path.write_bytes(bytes(data))
    return path, bytes(data)


def test_a_repair_failing_at_any_write_leaves_the_file_whole_or_the_rest_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`check --repair` whose fsync of the cut file failed (EIO) cut the journal, then
    deleted the side file holding the cut bytes: the damaged end was lost, and the GM
    was told the repair had failed. Now the tail is written back (the file as it was)."""
    path, bad = damaged_fight(tmp_path / "count")
    total = count_points(["check", "--repair", path])
    for at in range(1, total + 1):
        path, bad = damaged_fight(tmp_path / f"fail-{at}")
        status, err = failing_at(at, ["check", "--repair", path], capsys)
        files = snapshot(path.parent)
        if status == 1:
            assert err.count("\n") == 1 and files == {"ford.toml": bad}, (at, err)
        else:
            [side] = [name for name in files if name != "ford.toml"]
            assert files["ford.toml"] + files[side] == bad, at
        assert main(["check", "--repair", str(path)]) == 0
        assert main(["do", str(path), "next"]) == 0


def test_a_repair_killed_at_any_write_loses_no_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, bad = damaged_fight(tmp_path / "count")
    total = count_points(["check", "--repair", path])
    for at in range(1, total + 1):
        path, bad = damaged_fight(tmp_path / f"kill-{at}")
        assert killed_at(at, ["check", "--repair", path]) == KILLED
        files = snapshot(path.parent)
        kept = files.pop("ford.toml")
        assert kept == bad or any(kept + side == bad for side in files.values()), at
        assert main(["check", "--repair", str(path)]) == 0
        assert main(["do", str(path), "next"]) == 0


@pytest.mark.parametrize(
    ("text", "place", "said"),
    [
        ('format = 2\n[encounterr]\ntitle = "x"\nruleset = "basic"\n', ":2:1:", "encounterr"),
        ('[encounter]\ntitle = "x"\nruleset = "basic"\n', ":1:1:", "format = 2"),
        (
            'format = 2\n[encounter]\nruleset = "basic"\n[[combatant]]\nid = "a"\n',
            ":4:1:",
            "'combatant'",
        ),
    ],
)
def test_a_misspelt_table_or_a_missing_format_has_a_place(
    tmp_path: Path, text: str, place: str, said: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(JournalError) as caught:
        load(path)
    assert f"{path}{place}" in str(caught.value) and said in str(caught.value)


_SAMPLE = (ENCOUNTERS / "basic-bandits-at-the-ford.toml").read_text(encoding="utf-8")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mangled_roster_loads_or_says_where_in_one_line(data: st.DataObject) -> None:
    lines = _SAMPLE.splitlines()
    at = data.draw(st.integers(0, len(lines) - 1))
    how = data.draw(st.sampled_from(["drop", "twice", "typo", "garbage"]))
    if how == "drop":
        del lines[at]
    elif how == "twice":
        lines.insert(at, lines[at])
    elif how == "typo" and lines[at]:
        cut = data.draw(st.integers(0, len(lines[at]) - 1))
        lines[at] = lines[at][:cut] + "x" + lines[at][cut + 1 :]
    else:
        lines.insert(at, data.draw(st.sampled_from(["[x]", "y = 1", "= 2", "[[z]]", "\\"])))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "m.toml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        before = path.read_bytes()
        try:
            load(path)
        except JournalError as err:
            assert "\n" not in str(err)
            assert re.match(rf"{re.escape(str(path))}:\d+:\d+: ", str(err)), str(err)
        assert path.read_bytes() == before
