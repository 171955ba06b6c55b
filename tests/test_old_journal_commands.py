"""A journal played before commands went into lines for the GM alone keeps them in public
lines, and a journal is never rewritten. The players still read those lines — on the
phones' page, in ``tracker view`` and in the players' recap — without the command; the
GM's copy shows them as written.

The fixtures under ``fixtures/before-gm-lines/`` are journals the tracker wrote then
(tests/fixtures/rolls at 7bbdd55^): NERV's ``… (if killed: 'dead rei')`` and Alien's
``… — look it up, then 'panic ripley 1 EFFECT'``."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from tracker.cli import main
from tracker.core.verbs import core_verbs
from tracker.export.gm_commands import without_commands
from tracker.export.player_log import player_log
from tracker.export.player_view import player_board
from tracker.rules.registry import load_ruleset
from tracker.store.encounter_file import load
from tracker.web.page import PlayersView, fragment

OLD = Path(__file__).resolve().parent / "fixtures" / "before-gm-lines"
QUOTED_COMMAND = re.compile(r"(?<![^\s(])'[a-z][a-z-]*(?: [^'\n]*)?'|\b[a-z]+=[A-Z]")
SAID: dict[str, tuple[str, str]] = {
    "nerv-sachiel.toml": (
        "Rei Ayanami (on foot) is incapacitated: a Savage attack at 0 wounds",
        "'dead rei'",
    ),
    "alien-operations-deck.toml": (
        "Ripley's panic roll: 1d6 [1] + stress 0 = 1",
        "'panic ripley 1 EFFECT'",
    ),
}
"""Each old journal's line as the players read it, and the command its text holds."""


def recap(path: Path, capsys: pytest.CaptureFixture[str], *flags: str) -> str:
    """``tracker log PATH`` (Markdown) with ``flags``."""
    assert main(["log", str(path), *flags]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(SAID))
def test_the_players_read_an_old_line_without_its_command(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / name
    shutil.copyfile(OLD / name, path)
    sentence, command = SAID[name]
    assert command in path.read_text(encoding="utf-8")  # the journal holds it
    loaded = load(path)
    fight = loaded.encounter
    log = player_log(fight.initial, fight.events, loaded.rules)  # tracker view, the phones
    page = fragment(PlayersView(player_board(fight.state, loaded.rules), tuple(log)))
    players = recap(path, capsys).replace("\\", "")  # Markdown escapes brackets
    for said in ("\n".join(line.text for line in log), html.unescape(page), players):
        assert sentence in said
        assert not QUOTED_COMMAND.findall(said), said
    assert command in recap(path, capsys, "--gm")  # the GM's copy as written
    assert (OLD / name).read_bytes() == path.read_bytes()


OLD_LINES = [
    (
        "Pvt. Vasquez is faster than Pvt. Hudson — either may push ('push WHO')",
        "Pvt. Vasquez is faster than Pvt. Hudson — either may push",
    ),
    ("Damage: 'dmg nob DR bd=2'", ""),
    ("If the Critical Damage defeats Unit-01: 'defeat unit-01' (its pilot then ejects)", ""),
    (
        "Unit-01 passes the Combo to Rei: Rei takes it now ('act rei ACTION combo'), "
        "then Unit-01's turn goes on",
        "Unit-01 passes the Combo to Rei: Rei takes it now, then Unit-01's turn goes on",
    ),
    (
        "Player's Call: 2 Shifts — something more happens to Ork Nob (agree it at the "
        "table, then 'note' it)",
        "Player's Call: 2 Shifts — something more happens to Ork Nob",
    ),
    (
        "Ork Nob acts first; Sister Amelia still holds ('act amelia' after this turn)",
        "Ork Nob acts first; Sister Amelia still holds",
    ),
    (
        "A 10 on the damage dice, but no attacker is known (by=WHO): no Critical Hit",
        "A 10 on the damage dice, but no attacker is known: no Critical Hit",
    ),
    (
        "The Special Damage die shows a 10: a Critical Hit chance the tracker cannot "
        "confirm without by=WHO and test=ws|bs (or confirm=pass|fail) — the GM rules",
        "",
    ),
    ("Mad Dog (the 'old hound') growls", "Mad Dog (the 'old hound') growls"),
    ("Rei Ayanami (on foot)'s turn", "Rei Ayanami (on foot)'s turn"),
    ("Roll 2d6: 5 [4, 1] (x=3 = 8)", "Roll 2d6: 5 [4, 1] (x=3 = 8)"),
]
"""Lines the rulesets wrote before API 1.5 (git history), as the players now read them
("": left out, the line was about the command)."""


@pytest.mark.parametrize(("written", "read"), OLD_LINES)
def test_each_old_wording_reads_without_its_command(written: str, read: str) -> None:
    verbs = set(core_verbs(load_ruleset("nerv-d100")))
    verbs |= {"push", "defeat", "dmg", "panic"}
    assert without_commands(written, verbs) == read
