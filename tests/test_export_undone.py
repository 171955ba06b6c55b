"""The GM's copy with undone commands says in full what an undo took back: the journal
keeps the ``Undone: …`` sentence cut to a hundred characters, which left a recap line
ending in "(entered by the…"."""

from __future__ import annotations

from pathlib import Path

from tests.player_helpers import copy_sample, play
from tracker.export.formats import export_file, format_named
from tracker.export.recap import ExportOptions

EVERYTHING = ExportOptions(gm=True, with_undone=True)


def test_an_undo_line_names_every_line_it_took_back(tmp_path: Path) -> None:
    path = copy_sample("eva-escale-ramiel.toml", tmp_path)
    play(path, "start", "wound ramiel 3", "undo", "redo", "undo")
    lines = export_file(path, format_named("md"), EVERYTHING).splitlines()
    struck = [line[4 : line.index("~~ *(undone)*")] for line in lines if "*(undone)*" in line]
    assert len(struck) >= 2 and len("; ".join(struck)) > 100
    assert f"- *Undone: {'; '.join(struck)}*" in lines
    assert f"- *Redone: {'; '.join(struck)}*" in lines
    assert not [line for line in lines if "…" in line]
