"""Helpers for the campaign tests: run the CLI, read what it said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.cli import main
from tracker.core.campaign import PartyMember
from tracker.core.model import Combatant
from tracker.store.campaign_file import load_campaign
from tracker.store.encounter_file import load

NERV_SAMPLE = Path(__file__).resolve().parents[1] / "encounters" / "nerv-sachiel.toml"
ALIEN_SAMPLE = Path(__file__).resolve().parents[1] / "encounters" / "alien-operations-deck.toml"
ASUKA = ("Asuka", "physique=45", "will=40", "grace=47", "fate=2")
"""A nerv-d100 PC as ``campaign add-pc`` takes her."""
REI = ("--from", NERV_SAMPLE, "rei")
"""Rei from the nerv sample's roster, as ``campaign add-pc`` takes her."""


def cli(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    """Run ``tracker ARGS``; (exit status, stdout, stderr)."""
    capsys.readouterr()
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys: pytest.CaptureFixture[str], *args: object) -> str:
    """Run ``tracker ARGS``, which must succeed; its stdout."""
    code, out, err = cli(capsys, *args)
    assert code == 0, err
    return out


def tokyo(tmp_path: Path, capsys: pytest.CaptureFixture[str], *pcs: tuple[object, ...]) -> Path:
    """The nerv-d100 campaign "Tokyo-3" (``tokyo.toml``) with ``pcs`` added, each the
    arguments of one ``campaign add-pc`` (``ASUKA``, ``REI``)."""
    path = tmp_path / "tokyo.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100", "--title", "Tokyo-3")
    for pc in pcs:
        ok(capsys, "campaign", "add-pc", path, *pc)
    return path


def member(path: Path, who: str) -> PartyMember:
    """One PC of the campaign at ``path`` as it stands."""
    return load_campaign(path).campaign.state.party[who]


def fighter(path: Path, who: str) -> Combatant:
    """One combatant of the encounter at ``path`` as it stands."""
    return load(path).encounter.state.combatants[who]


def refused(capsys: pytest.CaptureFixture[str], files: list[Path], *args: object) -> str:
    """Run a command that must fail: exit 1, one line on stderr, ``files`` untouched."""
    before = [f.read_bytes() if f.exists() else None for f in files]
    code, out, err = cli(capsys, *args)
    assert code == 1
    assert err.startswith("tracker: ") and err.count("\n") == 1, err
    assert [f.read_bytes() if f.exists() else None for f in files] == before
    return err


def damaged_campaign(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[bytes, int]:
    """Ann, Bo and Cy join; Bo's block then damaged: (the bad bytes, the block's start)."""
    assert main(["campaign", "new", str(path), "--ruleset", "basic"]) == 0
    for pc in ("Ann", "Bo", "Cy"):
        assert main(["campaign", "add-pc", str(path), pc, "hp=9"]) == 0
    data = path.read_bytes()
    at = data.index(b'"Bo"')
    bad = data[:at] + b"\0" * 4 + data[at + 4 :]
    path.write_bytes(bad)
    capsys.readouterr()
    return bad, data.rindex(b"[[events]]", 0, at)
