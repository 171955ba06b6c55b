"""A campaign recap opens with the ruleset, the PCs and the fights counted, in Markdown as
in HTML; its party timelines follow each PC's damage track as the ruleset names
it (basic's HP, Wrath & Glory's Wounds), not only Stress, Trauma and Health: the GM reads
how a PC stood after each fight in Markdown and HTML."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.campaign_helpers import ok


def fought_campaign(
    capsys: pytest.CaptureFixture[str], folder: Path, ruleset: str, stats: str, hurt: str
) -> Path:
    """A campaign with one PC, Ann, and one fight written back after ``hurt``."""
    path = folder / f"{ruleset}.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", ruleset)
    ok(capsys, "campaign", "add-pc", path, "Ann", *stats.split())
    fight = folder / f"{ruleset}-fight.toml"
    ok(capsys, "campaign", "fight", path, fight)
    for line in ("add Goblin", "start", hurt, "end"):
        ok(capsys, "do", fight, *line.split())
    ok(capsys, "campaign", "writeback", path, fight, "--yes")
    return path


def timeline(recap: str) -> str:
    """The party part of a recap, as a reader sees it."""
    return recap[recap.rindex("The party") :]


CASES = {
    "basic": ("hp=20", "dmg ann 5", "HP", ("20", "15")),
    "wrath-glory": ("toughness=3 wounds=6", "wound ann 2", "Wounds", ("6", "4")),
}


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_the_party_timeline_follows_the_damage_track(
    ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stats, hurt, label, values = CASES[ruleset]
    path = fought_campaign(capsys, tmp_path, ruleset, stats, hurt)
    markdown = timeline(ok(capsys, "campaign", "recap", path))
    table = [line.split("|")[1:-1] for line in markdown.splitlines() if line.startswith("| ")]
    assert table[0][-1].strip() == label
    assert [row[-1].strip() for row in table[2:]] == list(values)
    page = ok(capsys, "campaign", "recap", path, "--html")
    shown = html.unescape(re.sub(r"<[^>]+>", "", page))
    lines = timeline(shown).splitlines()
    assert next(line for line in lines if "┃ what" in line).split("┃")[-1].strip() == label
    cells = [line.split("│")[-1].strip() for line in lines if "│" in line]
    assert cells == list(values)


def test_the_markdown_recap_opens_as_the_html_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = fought_campaign(capsys, tmp_path, "basic", "hp=20", "dmg ann 5")
    markdown = ok(capsys, "campaign", "recap", path)
    assert markdown.splitlines()[2] == "*Basic (hit points and conditions) · 1 PC, 1 fight*"
    assert "\n\n\n" not in markdown
    page = html.unescape(re.sub(r"<[^>]+>", "", ok(capsys, "campaign", "recap", path, "--html")))
    assert "Basic (hit points and conditions) · 1 PC, 1 fight" in page
