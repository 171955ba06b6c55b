"""The plain-text recap fits an 80-column terminal or e-mail: long log sentences wrap
under their own indent, the summary table wraps its words columns, and a title in wide
letters (CJK) is underlined as wide as it shows."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from tests.player_helpers import ENCOUNTERS, copy_sample, play
from tracker.core.dice import Dice
from tracker.export.cells import wrap_cells
from tracker.export.formats import export_file, format_named
from tracker.export.recap import ExportOptions
from tracker.store.encounter_file import EncounterFile, new_file

SAMPLES = sorted(p.name for p in ENCOUNTERS.glob("*.toml"))


def text_of(path: Path, gm: bool) -> str:
    """``path``'s plain-text recap."""
    return export_file(path, format_named("txt"), ExportOptions(gm=gm))


def fought(path: Path) -> Path:
    """Three rounds with damage to every enemy, a long note and a combatant added."""
    roster = tomllib.loads(path.read_text(encoding="utf-8"))["combatants"]
    enemies = [c["id"] for c in roster if c["side"] == "enemy"]
    note = "note " + "the hangar doors grind open and every light on the deck flickers " * 2
    play(
        path,
        "start",
        *(f"dmg {e} 9" for e in enemies),
        note,
        "add Reinforcements from the lower decks of the ship side=enemy",
        *["next"] * 20,
        "end",
    )
    return path


@pytest.mark.parametrize("sample", SAMPLES)
def test_every_line_of_every_samples_recap_fits_80_columns(sample: str, tmp_path: Path) -> None:
    path = fought(copy_sample(sample, tmp_path))
    for gm in (False, True):
        text = text_of(path, gm)
        too_wide = [line for line in text.splitlines() if cell_len(line) > 80]
        assert too_wide == [], sample
        assert "every light on the deck flickers" in " ".join(text.split())


def test_a_long_sentence_wraps_under_its_own_indent(tmp_path: Path) -> None:
    path = copy_sample("nerv-sachiel.toml", tmp_path)
    play(path, "start", "dmg sachiel 14 @core exploit")
    lines = text_of(path, gm=True).splitlines()
    first = next(n for n, line in enumerate(lines) if "Sachiel @core: 14" in line)
    assert lines[first].startswith("    Sachiel @core")
    assert lines[first + 1].startswith("      ") and lines[first + 1].strip()


def test_the_summary_table_keeps_its_columns_when_a_row_wraps(tmp_path: Path) -> None:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    play(path, "start", "dmg captain 22", "remove ferryman", "end")
    table = text_of(path, gm=True).split("Summary")[1].split("\n\n")[1].splitlines()
    at_the_end = table[0].index("At the end")
    fell = table[0].index("Fell")
    first = next(n for n, line in enumerate(table) if line.startswith("  Bandit captain "))
    row = [table[first]]
    for line in table[first + 1 :]:
        if line[:at_the_end].strip():
            break  # the next row
        row.append(line)
    assert " ".join(line[at_the_end:fell].strip() for line in row).strip() == "HP 0/22 · down"
    assert " ".join(line[fell:].strip() for line in row).strip() == "down in round 1"
    assert all(cell_len(line) <= 80 for line in table)


def test_a_title_in_wide_letters_is_underlined_as_wide_as_it_shows(tmp_path: Path) -> None:
    path = tmp_path / "tokyo.toml"
    new_file(path, "basic", "第3新東京市の戦い")
    play(path, "add Ann side=pc hp=5", "start")
    title, rule = text_of(path, gm=False).splitlines()[:2]
    assert rule == "=" * cell_len(title)


@given(
    st.text(alphabet="ab 東京…-", max_size=60),
    st.integers(min_value=2, max_value=30),
)
def test_wrapped_lines_fit_and_keep_every_word(text: str, width: int) -> None:
    lines = wrap_cells(text, width)
    assert all(cell_len(line) <= width for line in lines)
    if all(cell_len(word) <= width for word in text.split()):
        assert " ".join(lines).split() == text.split()


def test_a_long_fights_trend_fits_in_runs_of_rounds(tmp_path: Path) -> None:
    path = tmp_path / "siege.toml"
    new_file(path, "basic", "The long siege")
    play(path, "add Ann side=pc hp=900", "add Orc hp=900", "start")
    with EncounterFile(path) as gm:
        for _ in range(45):
            for line in ("dmg ann 2", "next", "dmg orc 3", "next"):
                gm.execute(line, Dice(seed=1))
    text = text_of(path, gm=True)
    assert all(cell_len(line) <= 80 for line in text.splitlines())
    trend = next(line for line in text.splitlines() if "Trend" in line)
    assert cell_len(trend.split()[2]) == 23  # 46 rounds, two to a glyph
    assert "each glyph of a trend: 2 rounds" in text
    page = export_file(path, format_named("html"), ExportOptions(gm=True))
    assert "each glyph of a trend: 2 rounds" in page


def test_a_long_byline_breaks_between_its_parts(tmp_path: Path) -> None:
    path = copy_sample("wrath-ork-boarding.toml", tmp_path)
    play(path, "start", "next", "end")
    lines = text_of(path, gm=True).splitlines()
    assert lines[2:4] == [
        "Wrath & Glory (d6 pools, Shock and Wounds, Glory) · " + lines[2].rsplit(" · ", 1)[1],
        "1 round fought · GM copy",
    ]
