"""Who reads the recap: undone actions, GM secrets and rounds are cut as the GM asked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tracker.export.formats import FORMATS, recap_of
from tracker.export.recap import ExportOptions, RoundsError, parse_rounds
from tracker.store.encounter_file import load

FIXTURE = Path(__file__).parent / "fixtures" / "bridge-at-kell.toml"
SECRETS = ("Lurker waits", "slips into the reeds", "Archer is hidden", "Lurker initiative")


def export(fmt: str, **options: Any) -> str:
    """The sample encounter exported with ``options``."""
    return FORMATS[fmt].render(recap_of(load(FIXTURE), ExportOptions(**options)))


def events(**options: Any) -> list[dict[str, Any]]:
    """The JSON export's event objects."""
    return list(json.loads(export("json", **options))["events"])


def undone_seqs() -> set[int]:
    """Seqs of every event the fixture's undos still take back (Bram's mistyped blow)."""
    fight = load(FIXTURE).encounter
    return {e.seq for e in fight.events if e.batch in fight.state.undone}


def test_the_fixture_really_has_an_undone_command() -> None:
    assert undone_seqs(), "the sample must undo something for these tests to mean anything"


@pytest.mark.parametrize("fmt", ["md", "txt", "html"])
def test_undone_actions_are_absent_by_default(fmt: str) -> None:
    # Bram's mistyped 'dmg goblin 9' in round 1 was undone: the goblin was NOT down then.
    text = export(fmt)
    assert "Undone" not in text and "Redone" not in text
    round_1 = text.split("Round 2")[0]
    assert "Goblin is down" not in round_1


def test_undone_events_are_absent_from_json() -> None:
    seqs = {e["seq"] for e in events()}
    assert not seqs & undone_seqs()
    assert not any(e["undone"] for e in events())


def test_with_undone_shows_them_marked() -> None:
    shown = [e for e in events(with_undone=True, gm=True) if e["undone"]]
    assert {e["seq"] for e in shown} <= undone_seqs()
    assert {"Goblin: HP 2 → 0", "Goblin is down"} <= {e["sentence"] for e in shown}
    assert "~~Goblin is down~~ *(undone)*" in export("md", with_undone=True, gm=True)


def test_the_players_copy_never_shows_undone_lines() -> None:
    # An undone line may hold numbers the players never saw.
    assert not any(e["undone"] for e in events(with_undone=True))


def test_round_2_holds_only_round_2() -> None:
    assert {e["round"] for e in events(first=2, last=2)} == {2}
    text = export("md", first=2, last=2)
    assert "## Round 2" in text
    for other in ("## Round 1", "## Round 3", "## Before the fight", "Ann is down"):
        assert other not in text
    assert "Round 2 of 3 fought." in text


def test_round_range_2_to_3() -> None:
    assert {e["round"] for e in events(first=2, last=3)} == {2, 3}


@pytest.mark.parametrize("fmt", ["md", "txt", "html", "json"])
def test_gm_only_items_are_absent_without_gm(fmt: str) -> None:
    text = export(fmt)
    for secret in SECRETS:
        assert secret not in text
    assert "GM only" not in text and "GM note" not in text


def test_gm_copy_has_the_secrets_marked() -> None:
    text = export("md", gm=True)
    for secret in SECRETS:
        assert secret in text
    assert "### Lurker's turn *(GM only)*" in text
    assert "| Archer (hidden) | Enemy |" in text


def test_hidden_combatant_is_left_out_of_the_summary_until_revealed() -> None:
    # The Archer is hidden ('hide archer') at the end of the fight: no summary row.
    players = recap_of(load(FIXTURE), ExportOptions()).summary
    assert "archer" not in {f.id for f in players.fighters}
    # Round 1 ends before the Lurker is revealed in round 2: no Lurker row then.
    round_1 = recap_of(load(FIXTURE), ExportOptions(1, 1)).summary
    assert "lurker" not in {f.id for f in round_1.fighters}
    assert "lurker" in {f.id for f in players.fighters}


def test_hidden_turn_lines_stay_secret_but_lines_after_the_reveal_show() -> None:
    round_2 = [e for e in events() if e["round"] == 2]
    sentences = [e["sentence"] for e in round_2]
    assert "Lurker's turn" not in sentences  # it began while the Lurker was hidden
    assert "Bram: HP 12 → 7" in sentences  # after 'reveal lurker'
    assert "Archer's turn" not in sentences  # hidden at the end: from the first line
    gm_round_2 = [e["sentence"] for e in events(gm=True) if e["round"] == 2]
    assert "Archer's turn" in gm_round_2 and "Lurker's turn" in gm_round_2


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", (None, None)),
        ("all", (None, None)),
        ("2", (2, 2)),
        ("2-4", (2, 4)),
        (" 2 – 4 ", (2, 4)),
    ],
)
def test_rounds_parse(text: str, expected: tuple[int | None, int | None]) -> None:
    assert parse_rounds(text) == expected


@pytest.mark.parametrize("text", ["x", "2-", "-3", "4-2", "0", "1-2-3"])
def test_bad_rounds_are_one_sentence(text: str) -> None:
    with pytest.raises(RoundsError) as caught:
        parse_rounds(text)
    assert "\n" not in str(caught.value) and "2-4" in str(caught.value)


def test_a_round_never_fought_is_refused() -> None:
    with pytest.raises(RoundsError, match="round 7 was never fought — rounds fought: 1–3"):
        recap_of(load(FIXTURE), ExportOptions(7, 7))


def test_a_range_past_the_end_stops_at_the_last_round() -> None:
    assert {e["round"] for e in events(first=3, last=9)} == {3}
