"""Where a recap may be written (issue 25): never onto a tracker journal, by any name,
and never through a symbolic link — ``tracker log -o``, ``tracker campaign recap -o``,
the TUI's export dialog and "copy this round" share one check."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any, cast

import pytest

from tests.campaign_helpers import cli, ok, refused
from tests.crash_points import count_points, failing_at
from tests.side_helpers import LINKS, PRECIOUS, Capsys, plant, victim
from tests.ui_helpers import basic_file
from tracker.store.encounter_file import load


@pytest.fixture
def campaign(tmp_path: Path, capsys: Capsys) -> Path:
    """A basic campaign with one PC."""
    path = tmp_path / "c.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "basic")
    ok(capsys, "campaign", "add-pc", path, "Ann", "hp=10")
    return path


@pytest.mark.parametrize("how", ["itself", "symlink", "hardlink"])
def test_a_campaign_recap_never_overwrites_the_campaign(
    tmp_path: Path, capsys: Capsys, campaign: Path, how: str
) -> None:
    out = campaign
    if how != "itself":
        out = tmp_path / "recap.md"
        plant(how, out, campaign)
    refused(capsys, [campaign], "campaign", "recap", campaign, "-o", out)
    assert load_text(campaign).startswith("format")


def load_text(path: Path) -> str:
    """The file's text."""
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("how", ["file", "symlink", "hardlink"])
def test_no_output_may_name_another_journal(
    tmp_path: Path, capsys: Capsys, campaign: Path, how: str
) -> None:
    fight = basic_file(tmp_path)
    out = fight if how == "file" else tmp_path / "out.md"
    if how != "file":
        plant(how, out, fight)
    err = refused(capsys, [fight, campaign], "campaign", "recap", campaign, "-o", out)
    assert "pick another output name" in err or "symbolic link" in err
    out = campaign if how == "file" else tmp_path / "log.md"
    if how != "file":
        out.unlink(missing_ok=True)
        plant(how, out, campaign)
    refused(capsys, [fight, campaign], "log", fight, "-o", out)


def test_a_log_into_a_hard_link_to_its_own_encounter_is_refused(
    tmp_path: Path, capsys: Capsys
) -> None:
    fight = basic_file(tmp_path)
    out = tmp_path / "recap.md"
    os.link(fight, out)
    err = refused(capsys, [fight], "log", fight, "-o", out)
    assert "is the encounter itself" in err


@pytest.mark.parametrize("command", ["log", "recap"])
def test_an_output_that_is_a_symlink_is_not_written_through(
    tmp_path: Path, capsys: Capsys, campaign: Path, command: str
) -> None:
    bashrc = victim(tmp_path, "notes.md")
    out = tmp_path / "recap.md"
    out.symlink_to(bashrc)
    fight = basic_file(tmp_path)
    args = ["log", fight] if command == "log" else ["campaign", "recap", campaign]
    err = refused(capsys, [bashrc], *args, "-o", out)
    assert "symbolic link" in err
    assert out.is_symlink() and bashrc.read_bytes() == PRECIOUS


def test_a_symlink_in_an_output_folder_is_refused_and_the_rest_written(
    tmp_path: Path, capsys: Capsys
) -> None:
    folder = tmp_path / "recaps"
    folder.mkdir()
    fights = [basic_file(tmp_path, "kell.toml"), basic_file(tmp_path, "ford.toml")]
    bashrc = victim(tmp_path)
    (folder / "kell.md").symlink_to(bashrc)
    code, _, err = cli(capsys, "log", *fights, "-o", f"{folder}/")
    assert code == 1 and "symbolic link" in err
    assert bashrc.read_bytes() == PRECIOUS
    assert (folder / "ford.md").read_text().startswith("#")


def test_a_plain_old_recap_is_replaced_and_a_device_still_written(
    tmp_path: Path, capsys: Capsys
) -> None:
    fight = basic_file(tmp_path)
    out = tmp_path / "recap.md"
    out.write_text("last week's recap\n")
    ok(capsys, "log", fight, "-o", out)
    assert out.read_text().startswith("#")
    if Path("/dev/null").exists():
        ok(capsys, "log", fight, "-o", "/dev/null")


def test_copy_this_round_does_not_write_through_a_planted_link(tmp_path: Path) -> None:
    from tracker.ui.export_screen import copy_round_markdown, recaps_dir

    folder = recaps_dir()
    folder.mkdir(parents=True)
    bashrc = victim(tmp_path)
    (folder / "the-ambush-round-1.md").symlink_to(bashrc)
    copied: list[str] = []
    app = cast(Any, type("Clip", (), {"copy_to_clipboard": lambda self, t: copied.append(t)})())
    said = copy_round_markdown(
        app, "# The ambush — round 1\n\nOrc hits Ann.\n", "the-ambush-round-1.md"
    )
    assert "not saved" in said and "symbolic link" in said
    assert bashrc.read_bytes() == PRECIOUS and copied


async def _export_to(loaded: Any, target: Path) -> tuple[list[Path | None], str]:
    """Type ``target`` into the export dialog, press ctrl+s: (what it closed with, problem)."""
    from textual.widgets import Input, Static

    from tests.test_export_screen import Host, settle

    app = Host(loaded)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await settle(app)
        app.screen.query_one("#path", Input).value = str(target)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await settle(app)
        await pilot.pause()
        problem = str(app.screen.query_one("#problem", Static).render())
        app.exit()
    return app.results, problem


@pytest.mark.parametrize("how", ["itself", "hardlink", "symlink", "campaign"])
def test_the_export_dialog_never_writes_a_journal_or_through_a_link(
    tmp_path: Path, capsys: Capsys, campaign: Path, how: str
) -> None:
    fight = basic_file(tmp_path)
    bashrc = victim(tmp_path, "notes.md")
    target = {"itself": fight, "campaign": campaign}.get(how, tmp_path / "recap.md")
    if how in LINKS:
        plant(how, target, fight if how == "hardlink" else bashrc)
    before = [p.read_bytes() for p in (fight, campaign, bashrc)]
    results, problem = asyncio.run(_export_to(load(fight), target))
    assert results == [] and problem
    assert "itself" in problem or "journal" in problem or "symbolic link" in problem
    assert [p.read_bytes() for p in (fight, campaign, bashrc)] == before


SAMPLES = sorted((Path(__file__).resolve().parents[1] / "encounters").glob("*.toml"))


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_every_sample_is_a_journal_and_none_of_its_recaps_is(
    tmp_path: Path, capsys: Capsys, sample: Path
) -> None:
    from tracker.store.output import looks_like_journal

    assert looks_like_journal(sample)
    for fmt in ("md", "html", "txt", "json"):
        out = tmp_path / f"recap.{fmt}"
        ok(capsys, "log", sample, "--gm", "-o", out)
        assert not looks_like_journal(out)
        ok(capsys, "log", sample, "-o", out)  # last week's recap is simply replaced


def test_a_hand_written_roster_without_events_is_a_journal(tmp_path: Path) -> None:
    from tracker.store.output import looks_like_journal

    roster = tmp_path / "prep.toml"
    text = '[encounter]\ntitle = "Prep"\nruleset = "basic"\n\n[[combatants]]\nid = "a"\n'
    roster.write_text(text)
    assert looks_like_journal(roster)


@pytest.mark.parametrize("old", [b"last week's recap\n", None], ids=["over-a-file", "new-name"])
def test_an_export_failing_at_any_write_leaves_the_old_file(
    tmp_path: Path, capsys: Capsys, old: bytes | None
) -> None:
    """`tracker log f.toml -o out.md` whose folder fsync failed after the new file was
    in place said "cannot write the file: Input/output error", exit 1 — and the old
    recap was gone, replaced by the new one."""

    def export(folder: Path) -> list[object]:
        folder.mkdir()
        if old is not None:
            (folder / "out.md").write_bytes(old)
        return ["log", basic_file(folder), "-o", folder / "out.md"]

    total = count_points(export(tmp_path / "count"))
    for at in range(1, total + 1):
        folder = tmp_path / f"fail-{at}"
        status, err = failing_at(at, export(folder), capsys)
        out = folder / "out.md"
        if status == 1:
            assert err.count("\n") == 1, err
            assert (out.read_bytes() if out.exists() else None) == old, at
            assert sorted(p.name for p in folder.iterdir()) == ["fight.toml"] + ["out.md"] * (
                old is not None
            ), at
        else:
            assert status == 0 and out.read_bytes() != old, at
