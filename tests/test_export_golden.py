"""Golden files: every export format of the fixed sample encounter, compared byte for byte.

The sample is tests/fixtures/bridge-at-kell.toml (written once by make_bridge.py). The
expected files in tests/golden/ were produced once and read through by a person; to
accept a deliberate change, run with TRACKER_UPDATE_GOLDEN=1 and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tracker.export.formats import FORMATS, recap_of
from tracker.export.html_recap import render_html
from tracker.export.recap import ExportOptions
from tracker.export.theme import DARK
from tracker.store.encounter_file import load

FIXTURE = Path(__file__).parent / "fixtures" / "bridge-at-kell.toml"
GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("TRACKER_UPDATE_GOLDEN") == "1"

CASES = {
    # name: (format, options)
    "bridge.md": ("md", ExportOptions()),
    "bridge.txt": ("txt", ExportOptions()),
    "bridge.json": ("json", ExportOptions()),
    "bridge.html": ("html", ExportOptions()),
    "bridge-gm-undone.md": ("md", ExportOptions(gm=True, with_undone=True)),
    "bridge-round-2.md": ("md", ExportOptions(2, 2)),
}


def rendered(fmt: str, options: ExportOptions) -> str:
    """The sample rendered; HTML with the built-in dark palette, whatever themes/ holds."""
    recap = recap_of(load(FIXTURE), options)
    if fmt == "html":
        return render_html(recap, DARK)
    return FORMATS[fmt].render(recap)


@pytest.mark.parametrize("name", sorted(CASES))
def test_export_matches_golden_file(name: str) -> None:
    fmt, options = CASES[name]
    text = rendered(fmt, options)
    expected = GOLDEN / name
    if UPDATE:
        expected.write_text(text, encoding="utf-8")
        pytest.skip(f"wrote {expected}: read it through, then run again")
    assert expected.exists(), f"no golden file {expected}: run with TRACKER_UPDATE_GOLDEN=1"
    assert text == expected.read_text(encoding="utf-8")


def test_loading_the_fixture_does_not_touch_it() -> None:
    before = FIXTURE.read_bytes()
    rendered("md", ExportOptions())
    assert FIXTURE.read_bytes() == before
