"""The encounter summary and its chart, over any ruleset's events (not only basic's)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tracker.core import events as ev
from tracker.core.dice import ScriptedDice
from tracker.core.draft import Draft
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import DiceLike, Verb
from tracker.core.session import Encounter
from tracker.export.charts import bar, damage_chart_lines, sparkline
from tracker.export.markdown import render_markdown
from tracker.export.recap import ExportOptions, build_recap
from tracker.export.summary import EncounterSummary, damage_tracks, table_rows
from tracker.rules.base import Ruleset, TrackView
from tracker.rules.display import SummaryPart


class LocationRules(Ruleset):
    """A made-up ruleset: a wound pool per location, fate points, injuries at 0."""

    id: ClassVar[str] = "locations"
    title: ClassVar[str] = "Locations (test)"
    damage_tracks: ClassVar[tuple[str, ...]] = ("wounds",)

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """Four wounds on the head and the body, two fate points."""
        tracks = {"wounds@head": 4, "wounds@body": 4, "fate": 2}
        return dict(tracks), dict(tracks)

    def verbs(self) -> Mapping[str, Verb]:
        """hit WHO N @LOC, burn WHO N, fate WHO."""
        return {
            "hit": Verb("hit", "hit WHO N @LOC", "", self.hit),
            "burn": Verb("burn", "burn WHO N", "", self.burn),
            "fate": Verb("fate", "fate WHO", "", self.fate),
        }

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """Nothing on the initiative row: the recap is what is tested."""
        return []

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """No tracks drawn."""
        return []

    def hit(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Lose wounds at a location; at 0, a broken limb."""
        self._lose(draft, command, command.location or "body")

    def burn(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Fire eats body wounds."""
        self._lose(draft, command, "body")

    def fate(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Spend a fate point (not damage)."""
        fighter = who_arg(draft.state, command)
        draft.emit(
            ev.TrackSet,
            who=fighter.id,
            track="fate",
            value=fighter.tracks["fate"] - 1,
            text=f"{fighter.name} spends Fate",
        )

    def _lose(self, draft: Draft, command: Command, where: str) -> None:
        fighter = who_arg(draft.state, command)
        track = f"wounds@{where}"
        left = max(0, fighter.tracks[track] - command.number(1, "wounds"))
        draft.emit(
            ev.TrackSet,
            who=fighter.id,
            track=track,
            value=left,
            text=f"{fighter.name}: {where} wounds {left}",
        )
        if left == 0:
            draft.emit(
                ev.InjuryAdded,
                who=fighter.id,
                location=where,
                score=1,
                name="Broken",
                text=f"{fighter.name}: broken {where}",
            )
            draft.emit(
                ev.StatusChanged, who=fighter.id, status="down", text=f"{fighter.name} is down"
            )


def location_fight() -> tuple[Encounter, LocationRules]:
    """Rei (pc, acts first) and an Angel (enemy) with a hidden Spy; two rounds."""
    rules = LocationRules()
    roster: list[dict[str, Any]] = [
        {"id": "rei", "name": "Rei", "side": "pc", "stats": {}},
        {"id": "angel", "name": "Angel", "side": "enemy", "stats": {}},
        {"id": "spy", "name": "Spy", "side": "enemy", "hidden": True, "stats": {}},
    ]
    fighters = {e["id"]: rules.prepare(e) for e in roster}
    fight = Encounter(EncounterState(title="Test", ruleset="locations", combatants=fighters), rules)
    none = ScriptedDice(())
    fight.run("start", ScriptedDice((20, 10, 1)))  # Rei, Angel, Spy
    fight.run("hit angel 3 @head", none)  # R1 Rei deals 3
    fight.run("fate rei", none)  # spending fate is no damage
    fight.run("burn rei 1", none)  # on her own turn: "Other"
    fight.run("next", none)
    fight.run("hit rei 2 @head", none)  # R1 Angel deals 2
    fight.run("next", none)
    fight.run("hit rei 1", none)  # R1 the hidden Spy deals 1
    fight.run("next", none)  # round 2, Rei
    fight.run("hit angel 4 @body", none)  # R2: Angel's body breaks
    return fight, rules


def summary_of(options: ExportOptions | None = None) -> EncounterSummary:
    """The summary of the location fight, cut by ``options``."""
    fight, rules = location_fight()
    return build_recap(fight, rules, {}, options or ExportOptions()).summary


def test_damage_is_credited_to_whose_turn_it_was() -> None:
    tally = {f.id: f for f in summary_of(ExportOptions(gm=True)).fighters}
    assert (tally["rei"].dealt, tally["angel"].dealt, tally["spy"].dealt) == (7, 2, 1)
    # Rei took 1 (own burn) + 2 (Angel) + 1 (Spy); fate spent is not damage
    assert tally["rei"].taken == 4
    assert tally["angel"].taken == 7


def test_location_tracks_injuries_and_falls_are_summarised() -> None:
    angel = {f.id: f for f in summary_of().fighters}["angel"]
    assert angel.injuries == ("Broken (body)",)
    assert angel.fell == "down in round 2"


def test_damage_by_side_per_round_puts_self_inflicted_under_other() -> None:
    by_round = {r.round: dict(r.by_side) for r in summary_of(ExportOptions(gm=True)).damage}
    assert by_round[1] == {"pc": 3, "enemy": 3, "other": 1}
    assert by_round[2] == {"pc": 4, "enemy": 0, "other": 0}


def test_players_copy_leaves_out_the_hidden_spy_and_not_the_wound_it_dealt() -> None:
    # The wound Rei took in the Spy's turn is on Rei's row and in the players' log
    # ("Rei: 1 wound"): the table counts it too, dealt by no one they see ("Other").
    summary = summary_of()
    assert "spy" not in {f.id for f in summary.fighters}
    rei = {f.id: f for f in summary.fighters}["rei"]
    assert rei.taken == 4
    assert dict(summary.damage[0].by_side)["enemy"] == 2
    assert dict(summary.damage[0].by_side)["other"] == 2  # Rei's own burn, the Spy's hit


def test_summary_of_one_round_counts_only_that_round() -> None:
    tally = {f.id: f for f in summary_of(ExportOptions(2, 2, gm=True)).fighters}
    assert tally["rei"].dealt == 4 and tally["rei"].taken == 0


def test_the_players_copy_counts_no_enemy_numbers() -> None:
    # As the players' view: what an enemy took is not said, their end is in words; what
    # Rei dealt is counted as the chart counts it
    players = {f.id: f for f in summary_of(ExportOptions()).fighters}
    gm = {f.id: f for f in summary_of(ExportOptions(gm=True)).fighters}
    assert gm["rei"].dealt == players["rei"].dealt == 7
    assert not players["angel"].in_full and players["rei"].in_full
    rows = {row[0]: row for row in table_rows(summary_of(ExportOptions()))}
    assert rows["Angel"][3] == "—" and rows["Rei"][2] == "7"
    gm_rows = {row[0]: row for row in table_rows(summary_of(ExportOptions(gm=True)))}
    assert gm_rows["Angel"][3] == "7"


def test_a_ruleset_without_damage_tracks_gets_the_defaults() -> None:
    class Plain(LocationRules):
        """A ruleset that keeps the base class's damage tracks."""

        damage_tracks: ClassVar[tuple[str, ...]] = Ruleset.damage_tracks

    assert "hp" in damage_tracks(Plain())
    assert damage_tracks(LocationRules()) == frozenset({"wounds"})


def test_markdown_recap_of_another_ruleset_reads() -> None:
    fight, rules = location_fight()
    text = render_markdown(build_recap(fight, rules, {}, ExportOptions(gm=True)))
    assert "- Angel: broken body" in text
    assert "| Angel | Enemy | 2 | 7 |" in " ".join(text.split())
    assert "**Injuries**" in text and "- Angel: Broken \\(body\\)" not in text
    assert "- Angel: Broken (body)" in text


def test_bars_grow_with_damage_and_are_empty_for_none() -> None:
    assert bar(0, 10) == ""
    assert bar(10, 10, width=8) == "█" * 8
    assert bar(5, 10, width=8) == "█" * 4
    assert bar(1, 10, width=8) == "▊"  # 0.8 of a cell, drawn in eighths
    assert len(bar(3, 10)) < len(bar(6, 10))


def test_sparkline_marks_rounds_without_damage() -> None:
    assert sparkline([0, 4, 8]) == "·▄█"
    assert sparkline([0, 0]) == "··"


def test_chart_has_a_bar_per_side_per_round_and_totals() -> None:
    lines = damage_chart_lines(summary_of(ExportOptions(gm=True)))
    assert lines[0].startswith("Round 1  PCs")
    assert any(line.startswith("Round 2") for line in lines)
    assert any("Other" in line and line.rstrip().endswith("1") for line in lines)
    assert lines[-3].startswith("Trend") and lines[-3].endswith("total 7")


class HarmRules(LocationRules):
    """Harm counts up: 0 unhurt, 4 fatal; mending brings it down."""

    damage_tracks: ClassVar[tuple[str, ...]] = ()
    rising_damage_tracks: ClassVar[tuple[str, ...]] = ("harm",)

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """No harm yet, at most 4."""
        return {"harm": 0}, {"harm": 4}

    def verbs(self) -> Mapping[str, Verb]:
        """harm WHO N raises harm; mend WHO N lowers it."""
        return {
            "harm": Verb("harm", "harm WHO N", "", self.harm),
            "mend": Verb("mend", "mend WHO N", "", self.mend),
        }

    def harm(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Harm rises by N."""
        self._move(draft, command, 1)

    def mend(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """Harm falls by N."""
        self._move(draft, command, -1)

    def _move(self, draft: Draft, command: Command, sign: int) -> None:
        fighter = who_arg(draft.state, command)
        value = fighter.tracks["harm"] + sign * command.number(1, "levels")
        draft.emit(ev.TrackSet, who=fighter.id, track="harm", value=value, text="harm")


def test_a_track_that_rises_with_harm_counts_its_rise_not_its_mending() -> None:
    rules = HarmRules()
    roster = [{"id": "vey", "name": "Vey", "side": "pc"}, {"id": "hask", "name": "Hask"}]
    fighters = {e["id"]: rules.prepare(e) for e in roster}
    state = EncounterState(title="Docks", ruleset="harm", combatants=fighters)
    fight = Encounter(state, rules)
    none = ScriptedDice(())
    fight.run("start", ScriptedDice((20, 1)))  # Vey acts first
    fight.run("harm hask 3", none)  # Vey harms the sergeant: 3 dealt
    fight.run("mend hask 2", none)  # mending is no damage
    fight.run("next", none)
    fight.run("harm vey 1", none)
    tally = {
        f.id: f for f in build_recap(fight, rules, {}, ExportOptions(gm=True)).summary.fighters
    }
    assert (tally["vey"].dealt, tally["vey"].taken) == (3, 1)
    assert (tally["hask"].dealt, tally["hask"].taken) == (1, 3)
