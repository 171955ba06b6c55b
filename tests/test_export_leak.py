"""The default export is the players' copy: for every bundled sample, with a hidden
combatant and a GM note added mid-fight, it holds nothing the players' view hides —
no hidden name, no GM note, no line with an enemy's numbers — while ``--gm`` keeps the
full record."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.player_helpers import ENCOUNTERS, copy_sample
from tracker.core.dice import Dice
from tracker.core.errors import TrackerError
from tracker.export.formats import FORMATS, recap_of
from tracker.export.player_view import in_full, reveals
from tracker.export.recap import ExportOptions
from tracker.store.encounter_file import EncounterFile, load

SAMPLES = sorted(p.name for p in ENCOUNTERS.glob("*.toml"))
SECRET = "the zanzibar cipher is 42"
NOTE = "keeps the vault code behind the altar"
_DIGIT = re.compile(r"\d")
FLOW = ("turn.", "round.", "encounter.")


def played(path: Path) -> tuple[str, set[str]]:
    """Play a few rounds with one enemy hidden; (the hidden name, guarded ids)."""
    dice = Dice(seed=11)
    with EncounterFile(path) as gm:
        state = gm.encounter.state
        enemies = [c for c in state.combatants.values() if c.side == "enemy" and not c.hidden]
        secret = enemies[-1]
        for line in (
            "start",
            f"hide {secret.id}",
            f"gm-note {SECRET}",
            f"notes {enemies[0].id} {NOTE}",
            *(f"dmg {e.id} 3" for e in enemies),
            "next",
            "next",
            "next",
            *(f"dmg {e.id} 2" for e in enemies),
            "next",
            "next",
        ):
            try:
                gm.execute(line, dice)
            except TrackerError:
                continue  # a ruleset may want more words; the rest of the fight goes on
        final = gm.encounter.state
    reveal = reveals(load(path).head)
    guarded = {c.id for c in final.combatants.values() if not in_full(c, reveal)}
    return secret.name, guarded


@pytest.mark.parametrize("sample", SAMPLES)
def test_the_default_export_holds_nothing_the_players_view_hides(
    tmp_path: Path, sample: str
) -> None:
    path = copy_sample(sample, tmp_path)
    hidden_name, guarded = played(path)
    loaded = load(path)
    gm_lines = json.loads(FORMATS["json"].render(recap_of(loaded, ExportOptions(gm=True))))
    secret_lines = {
        e["sentence"]
        for e in gm_lines["events"]
        if e["target_id"] in guarded
        and not e["type"].startswith(FLOW)
        and _DIGIT.search(e["sentence"].replace(e["target"], ""))
    }
    title = loaded.encounter.state.title
    roster_notes = [str(c["notes"]) for c in loaded.head.get("combatants", []) if c.get("notes")]
    for fmt in ("md", "txt", "html", "json"):
        text = FORMATS[fmt].render(recap_of(loaded, ExportOptions())).replace(title, "")
        assert hidden_name not in text, (fmt, hidden_name)
        assert "zanzibar" not in text, fmt
        assert "vault code" not in text, fmt
        for note in roster_notes:
            assert note not in text, (fmt, note)
        leaked = [line for line in secret_lines if line in text]
        assert not leaked, (fmt, leaked)
    gm_text = FORMATS["md"].render(recap_of(loaded, ExportOptions(gm=True)))
    assert hidden_name in gm_text and "zanzibar" in gm_text and "vault code" in gm_text


@pytest.mark.parametrize("sample", SAMPLES)
def test_the_players_summary_ends_enemies_in_words(tmp_path: Path, sample: str) -> None:
    path = copy_sample(sample, tmp_path)
    _, guarded = played(path)
    loaded = load(path)
    summary = recap_of(loaded, ExportOptions()).summary
    for fighter in summary.fighters:
        if fighter.id in guarded:
            assert not fighter.in_full and not _DIGIT.search(fighter.standing), fighter
