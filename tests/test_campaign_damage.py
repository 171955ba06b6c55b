"""A campaign file damaged in mid-journal is told like an encounter (siblings of issue
26's mid-file damage): `tracker check` names the damage and `--repair` keeps it aside,
and `campaign show`, `log` and `recap` warn in one line that they show the campaign only
up to it (they said nothing: two PCs of three were silently gone from `show`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import damaged_campaign
from tracker.cli import main
from tracker.store.journal import HEADER_RE


def line_of(data: bytes, at: int) -> int:
    return data.count(b"\n", 0, at) + 1


def test_check_and_repair_take_a_campaign_file_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tracker check c.toml` on a campaign said "unknown top-level key 'campaign' —
    allowed: combatants, encounter, events, format", so `check --repair` could not keep a
    campaign's damaged end aside without playing on."""
    path = tmp_path / "c.toml"
    bad, block = damaged_campaign(path, capsys)
    path.write_bytes(path.read_bytes().replace(b"\0" * 4, b'"Bo"'))
    assert main(["check", str(path)]) == 0
    said = capsys.readouterr().out
    assert said == f"{path}: ok — a basic campaign, 3 PCs, 0 fights, 3 events\n"
    path.write_bytes(bad)
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"tracker: {path}:{line_of(bad, block)}:1: ") and err.count("\n") == 1
    assert path.read_bytes() == bad and sorted(tmp_path.iterdir()) == [path]
    assert main(["check", "--repair", str(path)]) == 0
    side = next(tmp_path.glob("c.toml.damaged-*"))
    assert path.read_bytes() + side.read_bytes() == bad
    assert "repaired — 1 event kept" in capsys.readouterr().out
    assert main(["check", str(path)]) == 0


@pytest.mark.parametrize("command", [["show"], ["show", "--json"], ["log"], ["recap"]])
def test_reading_a_damaged_campaign_warns_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    path = tmp_path / "c.toml"
    bad, block = damaged_campaign(path, capsys)
    assert main(["campaign", command[0], str(path), *command[1:]]) == 0
    out, err = capsys.readouterr()
    assert err.startswith(f"tracker: {path}:{line_of(bad, block)}:1: event block fails")
    assert err.count("\n") == 1 and f"tracker check --repair {path}" in err
    assert "Ann" in out and "Cy" not in out
    assert path.read_bytes() == bad and sorted(tmp_path.iterdir()) == [path]


def test_a_fight_damaged_mid_journal_is_not_written_back_until_repaired(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`campaign writeback c.toml f1.toml --yes` on a fight whose journal is damaged in
    the middle wrote back the fight as it stood before the damage, without a word, and
    marked it written back: what came after the damage was lost to the campaign."""
    camp, fight = tmp_path / "c.toml", tmp_path / "f1.toml"
    assert main(["campaign", "new", str(camp), "--ruleset", "basic"]) == 0
    assert main(["campaign", "add-pc", str(camp), "Ann", "hp=10"]) == 0
    assert main(["campaign", "fight", str(camp), str(fight)]) == 0
    for line in (["add", "Orc", "hp=5"], ["start"], ["dmg", "ann", "2"], ["note", "end"]):
        assert main(["do", "--seed", "3", str(fight), *line]) == 0
    data = bytearray(fight.read_bytes())
    block = [m.start() for m in HEADER_RE.finditer(data)][-2]
    data[block + 15] ^= 0x04
    fight.write_bytes(bytes(data))
    before = camp.read_bytes()
    capsys.readouterr()
    assert main(["campaign", "writeback", str(camp), str(fight), "--yes"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"tracker: {fight}:{line_of(bytes(data), block)}:1: event block")
    assert err.endswith(
        "— nothing is written back (`tracker check --repair "
        f"{fight}` keeps the damaged part aside first)\n"
    )
    assert camp.read_bytes() == before and fight.read_bytes() == bytes(data)
    assert main(["check", "--repair", str(fight)]) == 0
    assert main(["campaign", "writeback", str(camp), str(fight), "--yes"]) == 0
