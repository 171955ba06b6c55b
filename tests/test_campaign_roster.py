"""Between fights the party changes: a PC is renamed (`campaign rename-pc`) or leaves
the table (`campaign remove-pc`); each is one undoable campaign event."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign_helpers import ASUKA, REI, fighter, member, ok, refused, tokyo
from tracker.store.encounter_file import load


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A nerv-d100 campaign with Asuka and Rei."""
    return tokyo(tmp_path, capsys, ASUKA, REI)


def test_a_renamed_pc_fights_under_the_new_name(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Fight 1 is made with Asuka; she is renamed Asuka Langley; fight 1 is still written
    back to her (by id), and fight 2 has her under the new name; undo restores the old."""
    one = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, one)
    said = ok(capsys, "campaign", "rename-pc", campaign, "asuka", "Asuka Langley")
    assert said == "Asuka goes by Asuka Langley from now on\n"
    ok(capsys, "do", one, "wound", "asuka", "5", "@left_leg")
    said = ok(capsys, "campaign", "writeback", campaign, one, "--yes")
    assert "Asuka Langley:\n  Injuries 0 → 1" in said
    assert "Asuka Langley (asuka)" in ok(capsys, "campaign", "show", campaign)
    two = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, two)
    assert fighter(two, "asuka").name == "Asuka Langley"
    assert fighter(two, "asuka").track("injuries") == 1
    ok(capsys, "campaign", "undo", campaign)  # fight 2
    ok(capsys, "campaign", "undo", campaign)  # the write-back
    ok(capsys, "campaign", "undo", campaign)  # the new name
    assert member(campaign, "asuka").name == "Asuka"


def test_a_pc_who_left_is_in_no_later_fight_rest_or_write_back(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rei leaves after fight 1 was made: fight 1's write-back leaves her out (and says
    so), rest and fight 2 pass her by, `add party` does not bring her; undo brings her back as she
    was (her injury kept)."""
    zero = tmp_path / "f0.toml"
    ok(capsys, "campaign", "fight", campaign, zero)
    ok(capsys, "do", zero, "wound", "rei", "4", "@body")
    ok(capsys, "campaign", "writeback", campaign, zero, "--yes")
    one = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, one)
    said = ok(capsys, "campaign", "remove-pc", campaign, "rei")
    assert said == "Rei Ayanami (on foot) leaves the party\n"
    ok(capsys, "do", one, "wound", "rei", "2", "@body")
    said = ok(capsys, "campaign", "writeback", campaign, one, "--yes")
    assert "Rei Ayanami (on foot): not in the party (left it, or never joined)" in said
    assert "written back: Asuka\n" in said
    said = ok(capsys, "campaign", "rest", campaign, "short")
    assert "Rei" not in said
    two = tmp_path / "f2.toml"
    ok(capsys, "campaign", "fight", campaign, two)
    assert "the whole party is in the fight already" in refused(
        capsys, [two], "do", two, "add", "party"
    )
    assert list(load(two).encounter.state.combatants) == ["asuka"]
    for _ in range(4):  # fight 2, the rest, the write-back, the leaving
        ok(capsys, "campaign", "undo", campaign)
    rei = member(campaign, "rei").lasting
    assert rei.tracks["injuries"] == 1 and len(rei.injuries) == 1


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("rename-pc", "asuka", "x\x1by"), "ESC"),
        (("rename-pc", "asuka", "A" * 81), "at most 80"),
        (("rename-pc", "asuka", "  "), "the name is empty"),
        (("rename-pc", "asuka", "Asuka"), "goes by that name already"),
        (("rename-pc", "nobody", "X"), "no PC matches 'nobody'"),
        (("remove-pc", "nobody"), "no PC matches 'nobody'"),
    ],
)
def test_a_bad_rename_or_removal_is_one_line_and_changes_nothing(
    campaign: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str
) -> None:
    err = refused(capsys, [campaign], "campaign", args[0], campaign, *args[1:])
    assert said in err


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("Ann", "Ann"), ("ANNA", "Anna"), ("anna-", "Anna-Lise Brandt"), ("bra", "Anna-Lise Brandt")],
)
def test_a_pc_s_whole_name_wins_over_a_longer_one_it_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], typed: str, meant: str
) -> None:
    """`campaign set c.toml Ann hp 3` with Ann and Anna was refused as "more than one PC":
    the whole name (or id) wins, then its start, then the start of a word."""
    path = tmp_path / "c.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "basic")
    for name in ("Ann", "Anna", "Anna-Lise Brandt"):
        ok(capsys, "campaign", "add-pc", path, name, "hp=9")
    said = ok(capsys, "campaign", "set", path, typed, "hp", "3")
    assert said == f"{meant}: hp = 3 (GM)\n"


def test_a_start_two_pcs_share_is_still_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "basic")
    for name in ("Ann", "Anna"):
        ok(capsys, "campaign", "add-pc", path, name, "hp=9")
    said = refused(capsys, [path], "campaign", "set", path, "an", "hp", "3")
    assert said == "tracker: more than one PC matches 'an' — the party: ann, anna\n"
