"""Helpers for the campaign tests: run the CLI, read what it said, and the nerv-d100
campaign Tokyo-3 with the fights its tests play."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import ok
from tests.cli_helpers import run as cli
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


def tokyo(tmp_path: Path, capsys: pytest.CaptureFixture[str], *pcs: tuple[object, ...]) -> Path:
    """The nerv-d100 campaign "Tokyo-3" (``tokyo.toml``) with ``pcs`` added, each the
    arguments of one ``campaign add-pc`` (``ASUKA``, ``REI``)."""
    path = tmp_path / "tokyo.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100", "--title", "Tokyo-3")
    for pc in pcs:
        ok(capsys, "campaign", "add-pc", path, *pc)
    return path


def campaign_from(
    path: Path,
    capsys: pytest.CaptureFixture[str],
    ruleset: str,
    sample: Path,
    *pcs: str,
    title: str = "",
) -> Path:
    """A campaign of ``ruleset`` at ``path`` (titled ``title`` if given), its PCs ``pcs``
    taken from the roster of the encounter ``sample`` (``campaign add-pc --from``)."""
    titled = ("--title", title) if title else ()
    ok(capsys, "campaign", "new", path, "--ruleset", ruleset, *titled)
    for pc in pcs:
        ok(capsys, "campaign", "add-pc", path, "--from", sample, pc)
    return path


def fought(capsys: pytest.CaptureFixture[str], path: Path, fight: Path, trauma: int = 7) -> None:
    """Fight 1: Asuka takes a leg wound past her pool, exerts, spends Fate, Trauma, Ego
    Fracture (the lines cited are seed 000's)."""
    ok(capsys, "campaign", "fight", path, fight, "--title", "Sachiel")
    for line in (
        "add Sachiel physique=60 grace=40",
        "start",
        "wound asuka 5 @left_leg",  # 4 Wounds, 1 Injury + 1 Stress (l.203): Foot Pain (l.223)
        "exert asuka",  # the first Exert costs 1 Stress (l.139)
        "spend asuka fate use=advantage",
        f"gain asuka trauma {trauma}",
        "fracture asuka",
        "end",
    ):
        ok(capsys, "do", fight, *line.split())


def injured(
    capsys: pytest.CaptureFixture[str], path: Path, fight: Path, before: int, where: str
) -> None:
    """A fight in which Asuka (with ``before`` Injuries) takes one more at ``where``."""
    ok(capsys, "campaign", "set", path, "asuka", "injuries", str(before))
    ok(capsys, "campaign", "fight", path, fight, "--title", "Sachiel")
    for line in ("add Sachiel physique=60 grace=40", "start", f"wound asuka 1 @{where}", "end"):
        ok(capsys, "do", fight, *line.split())
    ok(capsys, "campaign", "writeback", path, fight, "--yes")


def next_fight(capsys: pytest.CaptureFixture[str], path: Path, fight: Path) -> str:
    """The next fight's first command's log, Asuka's conditions in it."""
    ok(capsys, "campaign", "fight", path, fight, "--title", "Ramiel")
    return ok(capsys, "log", fight, "-f", "text")


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
