"""The ``alien-evolved`` ruleset (seed 003): cards, Broken, criticals, death rolls, stress.

Roster: ``kind = "human" | "synthetic" | "creature"``, ``stats = { health = 4, speed = 1,
stamina = 3, stress = 0, reloads = 2 }`` and ``supplies = { ammo = 4, air = 3, power = 2 }``
(``add`` may give ``ammo=4`` as a stat). The tables live in data.toml; the
commands in the modules beside this one; the GM's critical tables in the user data folder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, EncounterState, Reminder
from tracker.core.protocol import DiceLike, Rules, Verb
from tracker.rules.alien_evolved import actions as alien_actions
from tracker.rules.alien_evolved import cards as alien_cards
from tracker.rules.alien_evolved import commands as alien_commands
from tracker.rules.alien_evolved import dying
from tracker.rules.alien_evolved import stress as alien_stress
from tracker.rules.alien_evolved.damage import (
    CRITICAL,
    SAVES,
    TIMER,
    clear_timer,
    is_synthetic,
    nothing_owed,
    timer_name,
)
from tracker.rules.alien_evolved.tables import CriticalTable
from tracker.rules.alien_evolved.time import UNITS
from tracker.rules.alien_evolved.waiting import is_death_roll_key, owed_at_the_end
from tracker.rules.base import AilmentSpec, Ruleset, TrackView
from tracker.rules.display import SummaryPart
from tracker.rules.fight_end import no_answers

if TYPE_CHECKING:  # downtime is imported when a campaign or a rest asks for it
    from tracker.rules.alien_evolved.downtime import AlienDowntime


class AlienRules(Ruleset):
    """Alien (Evolved): initiative cards, quick/full actions, Health and Broken, stress."""

    id: ClassVar[str] = "alien-evolved"
    title: ClassVar[str] = "Alien RPG (Evolved: cards, Broken, stress)"
    data_file: ClassVar[str] = "data.toml"
    theme: ClassVar[str] = "weyland"
    roster_keys: ClassVar[dict[str, type]] = {"supplies": dict}
    descending: ClassVar[bool] = False
    tie_die: ClassVar[int] = 10
    stat_names: ClassVar[tuple[str, ...]] = (
        *("health", "speed", "stamina", "stress", "reloads"),
        *("ammo", "air", "power"),  # data.toml [supply] kinds, given as stats by ``add``
        *("strength", "wits", "agility", "empathy", "armour_rating", "armour_vs_fire"),
        *("close_combat", "ranged_combat", "mobility", "observation", "heavy_machinery"),
        *("survival", "comtech", "piloting", "command", "manipulation", "medical_aid"),
        "acid_splash",
    )
    """What a character sheet or a creature's holds (the skills: data.toml [skills]); any
    other stat (``hp=5`` for ``health=5``) is refused in one line rather than ignored."""

    def __init__(self, tables: Path | None = None) -> None:
        self.tables = CriticalTable(tables)

    @property
    def core(self) -> Rules:
        """This ruleset as the core's ``Rules`` protocol (for the shared flow helpers)."""
        return self

    def downtime(self) -> AlienDowntime:
        """Stretches and shifts of rest between fights (seed 003)."""
        from tracker.rules.alien_evolved.downtime import AlienDowntime

        return AlienDowntime(self)

    # --- roster ---------------------------------------------------------------------

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """Health; stress for humans; supplies and reloads when given."""
        health = fighter.stats.get("health", int(self.data["defaults"]["health"]))
        if health < 1:
            raise RuleError(f"health of {fighter.name} must be 1 or more")
        tracks, limits = {"health": health}, {"health": health}
        if alien_stress.feels_stress(fighter, self.data):
            tracks["stress"] = fighter.stats.get("stress", 0)
        supplies = self.int_table(fighter.extras.get("supplies", {}), "supplies")
        for kind in self.data["supply"]["kinds"]:
            rating = supplies.get(kind, fighter.stats.get(kind))
            if rating is not None:
                tracks[kind] = limits[kind] = rating
        if "reloads" in fighter.stats:
            tracks["reloads"] = limits["reloads"] = fighter.stats["reloads"]
        return tracks, limits

    # --- cards and turns --------------------------------------------------------------

    def roll_initiative(self, draft: Draft, slots: Sequence[str], dice: DiceLike) -> None:
        """Before the fight nothing (cards come with each round); later, fresh cards."""
        if draft.state.phase == "setup":
            return
        alien_cards.deal_to(draft, self.data, dice, slots)

    def takes_turn(self, state: EncounterState, slot: str) -> bool:
        """The Broken still play their card (one move); the dead and shut down do not."""
        fighter = state.combatant(slot)
        return not fighter.out_of_fight and not fighter.condition("Shut down")

    def on_round_start(self, draft: Draft, dice: DiceLike) -> None:
        """Every card is handed back and the round dealt afresh."""
        alien_cards.deal_round(draft, self.core, self.data, dice)

    def on_round_end(self, draft: Draft, dice: DiceLike) -> None:
        """An ambush's 'cannot defend or dodge' lasts the first round only."""
        for fighter in draft.state.active:
            if fighter.condition("Ambushed"):
                draft.emit(ev.ConditionRemoved, who=fighter.id, name="Ambushed")

    def on_turn_start(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Quick actions spent out of turn count against this turn."""
        alien_actions.carry_early(draft, slot)

    def on_fight_end(self, draft: Draft, answers: Mapping[str, str], dice: DiceLike) -> list[str]:
        """The rolls still due and the dying, named in the end's line (seed 003 l.155-162)."""
        no_answers(answers, self.id)
        return owed_at_the_end(draft.state)

    def on_status_set(self, draft: Draft, who: str, was: str, dice: DiceLike) -> None:
        """The GM's ``dead WHO`` on a dying PC: no more death rolls — the timer, Dying and
        any death roll due end, as a failed death roll ends them (seed 003 l.157); and no
        other roll is asked of the dead."""
        fighter = draft.state.combatant(who)
        if fighter.status != "dead":
            return
        if fighter.track(TIMER) or fighter.condition("Dying"):
            clear_timer(draft, who)
        nothing_owed(draft, who)

    def on_turn_end(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """With a round timer the death roll comes right after one acts."""
        fighter = draft.state.combatant(slot)
        if fighter.status != "dead" and timer_name(fighter, self.data) == "round":
            dying.death_due(draft, fighter.id, "the round timer, after acting")

    # --- commands -------------------------------------------------------------------

    def verbs(self) -> Mapping[str, Verb]:
        """Cards, actions, damage and criticals, death rolls, stress, supplies, time: the
        table in ``commands``."""
        parts = {"core": self.core, "data": self.data, "criticals": self.tables}
        return alien_commands.bound({**parts, "readings": self.readings()})

    # --- views ----------------------------------------------------------------------

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``H 3/4 S 2`` with BROKEN, dying (timer) or SHUT DOWN."""
        health = f"{fighter.track('health')}/{fighter.limits.get('health', 0)}"
        parts = [SummaryPart(f"H {health}", f"Health {health}")]
        if "stress" in fighter.tracks:
            stress = fighter.track("stress")
            parts.append(SummaryPart(f"S {stress}", f"Stress {stress}", 1))
        if fighter.condition("Shut down"):
            return [*parts, SummaryPart("SHUT DOWN")]
        timer = timer_name(fighter, self.data)
        if fighter.condition("Broken"):
            # a narrow row says "dying/round" before BROKEN (seed 003 l.135-142: a
            # lethal critical comes with Broken), so the names keep their room
            parts.append(SummaryPart("BROKEN", rank=2 if timer else 0))
        if timer:
            parts.append(SummaryPart(f"dying/{timer}", f"dying (death roll each {timer})"))
        return parts

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """Health, stress, the death-roll timer, criticals, supplies and reloads."""
        health, top = fighter.track("health"), fighter.limits.get("health", 0)
        views = [
            TrackView(
                "Health",
                health,
                top,
                "down" if health == 0 else "hurt" if health * 2 <= top else "ok",
                "Broken" if fighter.condition("Broken") else "",
            )
        ]
        if "stress" in fighter.tracks:
            views.append(TrackView("Stress", fighter.track("stress")))
        timer = timer_name(fighter, self.data)
        if timer:
            views.append(
                TrackView(
                    "Death roll",
                    fighter.track(SAVES),
                    3,
                    "down",
                    f"every {timer}; 3 survived ends it",
                )
            )
        if fighter.injuries:
            label = "Systems damage" if is_synthetic(fighter, self.data) else "Critical injuries"
            views.append(
                TrackView(
                    label,
                    len(fighter.injuries),
                    -1,
                    "hurt",
                    ", ".join(f"{i.score} {i.name}" for i in fighter.injuries),
                )
            )
        for track in ("ammo", "air", "power", "reloads"):
            if track in fighter.tracks:
                value = fighter.track(track)
                views.append(
                    TrackView(
                        track.capitalize(),
                        value,
                        fighter.limits.get(track, -1),
                        "down" if value == 0 else "ok",
                    )
                )
        return views

    def status_lines(self, fighter: Combatant, state: EncounterState) -> list[str]:
        """Cards held, actions left, what Broken allows, the time units."""
        cards = sorted(int(v) for s, v in state.initiative.items() if s.split("@")[0] == fighter.id)
        lines = [
            ("Cards " if len(cards) > 1 else "Card ") + ", ".join(map(str, cards))
            if cards
            else "No card this round"
        ]
        count, fulls = alien_actions.used(fighter)
        if fighter.condition("Broken"):
            lines.append(_broken_line(fighter, state.round))
        elif state.current and state.current.split("@")[0] == fighter.id:
            lines.append(self._actions_left(count, fulls))
        for injury in fighter.injuries:
            lethal = " (lethal)" if injury.lethal else ""
            lines.append(
                f"Critical {injury.score} {injury.name}{lethal}: {injury.effect}"
                if injury.effect
                else f"Critical {injury.score} {injury.name}{lethal}"
            )
        lines.append(
            f"Time: round {state.round} · stretch {state.tracks.get('stretch', 0)} · "
            f"shift {state.tracks.get('shift', 0)}"
        )
        return lines

    def _actions_left(self, count: int, fulls: int) -> str:
        """Seed 003 l.60: "2 Quick Actions or 1 Quick Action and 1 Full Action" — the
        budget is two actions, at most one of them full."""
        left = max(0, int(self.data["actions"]["per_turn"]) - count)
        full = fulls < int(self.data["actions"]["full_per_turn"])
        if not left:
            return "No actions left"
        if not full:
            return f"Actions left: {left} quick"
        if left == 1:
            return "Actions left: a quick or a full"
        return f"Actions left: {left} quick, or a full and {left - 1} quick"

    def header_parts(self, state: EncounterState) -> list[str]:
        """The time units: stretches and shifts passed (rounds are in the header already)."""
        return [f"{unit} {state.tracks.get(unit, 0)}" for unit in UNITS]

    def reminder_actions(self, reminder: Reminder) -> list[tuple[str, str]]:
        """Death roll pass/fail/roll; critical roll; panic roll."""
        who = reminder.who
        if is_death_roll_key(reminder.key):
            return [
                ("Roll Stamina", f"deathroll {who}"),
                ("Passed", f"deathroll {who} pass"),
                ("Failed", f"deathroll {who} fail"),
            ]
        if reminder.key.startswith(CRITICAL):
            return [
                ("Roll again on the table", f"crit {who} instead={reminder.key}"),
                ("Dealt with", f"resolve {who} {reminder.key}"),
            ]
        if reminder.key == "panic":
            return [("Panic roll", f"panic {who}"), ("Dealt with", f"resolve {who} panic")]
        if reminder.key == alien_actions.AMMO_ROLL:
            return [
                ("Ammo supply roll", f"supply {who} ammo"),
                ("Single-shot: no roll", f"resolve {who} {reminder.key}"),
            ]
        return [("Dealt with", f"resolve {who} {reminder.key}")]

    def catalogue(self) -> list[AilmentSpec]:
        """Conditions a GM may mark (Broken and Dying come from damage)."""
        return [AilmentSpec(c["name"], "", c["summary"]) for c in self.data["conditions"]]

    def player_summary(self, fighter: Combatant) -> str:
        """unhurt / hurt / badly hurt / broken / dying / shut down / dead."""
        if fighter.status == "dead":
            return "dead"
        if fighter.condition("Shut down"):
            return "shut down"
        if fighter.track(TIMER):
            return "dying"
        if fighter.condition("Broken"):
            return "broken"
        health, top = fighter.track("health"), fighter.limits.get("health", 1) or 1
        if is_synthetic(fighter, self.data) and health == 0:
            return "damaged"
        return "unhurt" if health >= top else "badly hurt" if health * 2 <= top else "hurt"


def _broken_line(fighter: Combatant, round_no: int) -> str:
    """What the Broken may still do this round (seed 003 l.137): the single move, or, once
    made, nothing more until the next round."""
    if fighter.track(alien_actions.BROKEN_MOVE) == round_no:
        return "Broken: its one move made this round; no stress, no panic"
    return "Broken: a single move this round, no stress, no panic"
