"""The players' recap counts every side's dealt damage one way: the table's Dealt column
(PCs and allies included — it read ``—`` for them while the chart counted their damage)
sums, side by side, to what the chart shows; damage dealt by or to a combatant hidden from
the players, or in a GM-only line, is left out of both."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tracker.core.dice import ScriptedDice
from tracker.core.errors import TrackerError
from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.export.markdown import render_markdown
from tracker.export.recap import ExportOptions, build_recap
from tracker.export.summary import EncounterSummary, table_rows
from tracker.rules.registry import load_ruleset

ROSTER: list[dict[str, Any]] = [
    {"id": "mara", "name": "Mara", "side": "pc", "stats": {"hp": 30, "init": 5}},
    {"id": "tobin", "name": "Tobin", "side": "ally", "stats": {"hp": 30, "init": 4}},
    {"id": "gob", "name": "Goblin", "side": "enemy", "stats": {"hp": 30, "init": 3}},
    {"id": "spy", "name": "Spy", "side": "enemy", "hidden": True, "stats": {"hp": 30, "init": 2}},
]
WHO = [str(entry["id"]) for entry in ROSTER]
LINES = st.one_of(
    st.builds(lambda who, n: f"dmg {who} {n}", st.sampled_from(WHO), st.integers(1, 6)),
    st.just("next"),
    st.builds(
        lambda verb, who: f"{verb} {who}", st.sampled_from(["hide", "reveal"]), st.sampled_from(WHO)
    ),
)


def fight(lines: list[str]) -> Encounter:
    """The four of ``ROSTER`` (the Spy hidden) after ``start`` and ``lines``."""
    rules = load_ruleset("basic")
    fighters = {e["id"]: rules.prepare(e) for e in ROSTER}
    state = EncounterState(title="Ford", ruleset="basic", combatants=fighters)
    encounter = Encounter(state, rules)
    encounter.run("start", ScriptedDice((20, 15, 10, 5)))
    for line in lines:
        try:
            encounter.run(line, ScriptedDice(()))
        except TrackerError:
            pass  # revealing one who is shown, a fallen one's damage …
    return encounter


def players_summary(encounter: Encounter, gm: bool = False) -> EncounterSummary:
    rules = load_ruleset("basic")
    return build_recap(encounter, rules, {}, ExportOptions(gm=gm)).summary


def chart_by_side(summary: EncounterSummary) -> dict[str, int]:
    totals: dict[str, int] = {}
    for damage in summary.damage:
        for side, amount in damage.by_side:
            totals[side] = totals.get(side, 0) + amount
    return totals


def test_the_pcs_and_allies_dealt_damage_is_a_number_in_the_players_table() -> None:
    encounter = fight(["dmg gob 5", "next", "dmg gob 2", "next", "dmg mara 3"])
    summary = players_summary(encounter)
    rows = {row[0]: row for row in table_rows(summary)}
    assert (rows["Mara"][2], rows["Tobin"][2], rows["Goblin"][2]) == ("5", "2", "3")
    assert rows["Goblin"][3] == "—" and rows["Mara"][3] == "3"  # an enemy's taken stays unsaid
    assert chart_by_side(summary) == {"pc": 5, "ally": 2, "enemy": 3}
    recap = render_markdown(build_recap(encounter, load_ruleset("basic"), {}, ExportOptions()))
    assert "| Mara      | PC    |     5 |     3 |" in recap


def test_damage_by_or_to_the_hidden_spy_is_in_neither_table_nor_chart() -> None:
    # Mara hits the Spy, then on the Spy's turn (hidden) Mara takes 4
    encounter = fight(["dmg spy 6", "next", "next", "next", "dmg mara 4"])
    summary = players_summary(encounter)
    rows = {row[0]: row for row in table_rows(summary)}
    assert "Spy" not in rows and rows["Mara"][2] == "0"
    assert chart_by_side(summary).get("enemy", 0) == 0
    gm = players_summary(encounter, gm=True)
    assert {f.id: f.dealt for f in gm.fighters}["mara"] == 6


@settings(max_examples=60, deadline=None)
@given(st.lists(LINES, max_size=14))
def test_every_sides_dealt_sums_to_its_chart_in_both_copies(lines: list[str]) -> None:
    encounter = fight(lines)
    for gm in (False, True):
        summary = players_summary(encounter, gm)
        chart = chart_by_side(summary)
        for side in ("pc", "ally", "enemy"):
            dealt = sum(f.dealt for f in summary.fighters if f.side == side)
            assert dealt == chart.get(side, 0), (gm, side, lines)
        assert sum(chart.values()) == sum(f.taken for f in summary.fighters), (gm, lines)
        if not gm:  # nothing about the hidden in the players' numbers
            hidden = {c.id for c in encounter.state.combatants.values() if c.hidden}
            assert not hidden & {f.id for f in summary.fighters}
