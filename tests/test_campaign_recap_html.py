"""`tracker campaign recap FILE --html` (issue 15): one page with every fight's recap in
order, then each PC's timeline; every name, title and note escaped."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.campaign_helpers import ok, refused

HOSTILE = "[b]<i>x</i>"


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A basic campaign: a hostile-named PC and Bo, two fights (the first written back:
    the PC down to 4 HP), a GM's note on the PC."""
    path = tmp_path / "odd.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "basic", "--title", "<script>x</script>")
    ok(capsys, "campaign", "add-pc", path, HOSTILE, "hp=10")
    ok(capsys, "campaign", "add-pc", path, "Bo", "hp=8")
    first, second = tmp_path / "one.toml", tmp_path / "two.toml"
    ok(capsys, "campaign", "fight", path, first, "--title", "The [red]ford[/red]")
    for line in ("add Goblin hp=7", "start", "dmg b-i-x-i 6", "note <b>ambush</b>", "end"):
        ok(capsys, "do", first, *line.split())
    ok(capsys, "campaign", "writeback", path, first, "--yes")
    ok(capsys, "campaign", "fight", path, second, "--title", "The bridge")
    ok(capsys, "campaign", "set", path, "b-i-x-i", "drawback", "<img src=x onerror=alert(1)>")
    return path


def page_text(page: str) -> str:
    """What a reader sees: the page without tags, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", page[page.index("<body>") :]))


def test_html_recap_has_every_fight_in_order_then_each_timeline(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "recap.html"
    said = ok(capsys, "campaign", "recap", campaign, "--html", "-o", out)
    assert said == f"campaign recap written to {out}\n"
    seen = page_text(out.read_text(encoding="utf-8"))
    first, second = seen.index("Fight 1: The [red]ford[/red]"), seen.index("Fight 2: The bridge")
    party = seen.index("The party ═")
    assert first < seen.index("Goblin joins the fight") < second < party
    timeline = seen[seen.index(HOSTILE, party) :]
    assert "Fight 1 (The [red]ford[/red]) written back" in timeline
    assert ok(capsys, "campaign", "recap", campaign, "--format", "html") == out.read_text(
        encoding="utf-8"
    )
    assert ok(capsys, "campaign", "recap", campaign, "-o", tmp_path / "r.htm") == (
        f"campaign recap written to {tmp_path / 'r.htm'}\n"
    )


def test_html_recap_escapes_every_user_text(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = ok(capsys, "campaign", "recap", campaign, "--html")
    assert "<i>x</i>" not in page and "<script>x" not in page and "<b>ambush" not in page
    assert "<img" not in page
    assert "[b]&lt;i&gt;x&lt;/i&gt;" in page
    assert "<title>&lt;script&gt;x&lt;/script&gt;</title>" in page
    seen = page_text(page)
    assert HOSTILE in seen and "<b>ambush</b>" in seen and "The [red]ford[/red]" in seen


def test_only_markdown_or_html(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refused(
        capsys, [tmp_path / "r.txt"], "campaign", "recap", campaign, "-o", tmp_path / "r.txt"
    )
    assert "md or html" in err
    assert ok(capsys, "campaign", "recap", campaign).startswith("# \\<script\\>x")


def test_each_heading_is_at_the_start_of_its_rule_so_a_phone_shows_it(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A phone shows a rule's first columns only: a title centred on a 100-column rule
    was cut off, leaving a fight and the party without a heading."""
    seen = page_text(ok(capsys, "campaign", "recap", campaign, "--html")).splitlines()
    ruled = [line.strip() for line in seen if "══" in line]
    assert [line.split(" ══")[0] for line in ruled] == [
        "Fight 1: The [red]ford[/red]",
        "Fight 2: The bridge",
        "The party",
    ]
