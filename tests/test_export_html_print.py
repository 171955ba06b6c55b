"""An HTML recap wraps a long line under its indent; printed, it reads black on white
and fits the paper: browsers leave a page's background out when printing, which left the
dark theme's light text on white paper, and the 100-column page at its screen size ran
past an A4 page's edge."""

from __future__ import annotations

import html
import re
from pathlib import Path

from tests.player_helpers import copy_sample, play
from tracker.export.formats import export_file, format_named
from tracker.export.recap import ExportOptions

A4_PRINTABLE_PX = 718  # 210 mm less Chromium's default margins, at 96 px an inch
MONOSPACE_ADVANCE = 0.6  # a monospace glyph's width, in ems


def print_rules(page: str) -> str:
    """The CSS that applies when the page is printed."""
    found = re.search(r"@media print \{(.*?)\n\}", page, re.S)
    assert found, "the page has no print rules"
    return found.group(1)


def test_a_printed_recap_is_black_on_white_and_fits_a4(tmp_path: Path) -> None:
    path = copy_sample("nerv-sachiel.toml", tmp_path)
    play(path, "start", "dmg sachiel 14 @core exploit", "next")
    page = export_file(path, format_named("html"), ExportOptions(gm=True))
    rules = print_rules(page)
    assert re.search(r"body \{[^}]*background-color: #fff", rules)
    assert re.search(r"pre span \{[^}]*color: #000 !important", rules)
    size = re.search(r"pre \{[^}]*font-size: (\d+)px", rules)
    assert size is not None
    assert 100 * int(size.group(1)) * MONOSPACE_ADVANCE <= A4_PRINTABLE_PX


def test_a_long_line_wraps_under_its_own_indent(tmp_path: Path) -> None:
    """The page's console wrapped a long log line back to the page's edge, where it
    read as a heading's level; it now wraps two cells further in than it starts."""
    path = copy_sample("nerv-sachiel.toml", tmp_path)
    play(path, "start", "dmg sachiel 14 @core exploit")
    page = export_file(path, format_named("html"), ExportOptions(gm=True))
    seen = html.unescape(re.sub(r"<[^>]+>", "", page)).splitlines()
    first = next(n for n, line in enumerate(seen) if "Sachiel @core: 14" in line)
    assert seen[first].startswith("    Sachiel @core")
    assert re.match(r" {6}\S", seen[first + 1])
