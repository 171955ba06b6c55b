"""The ``alien-evolved`` ruleset (seed 003): cards, Broken, criticals, death rolls, stress.

Roster: ``kind = "human" | "synthetic" | "creature"``, ``stats = { health = 4, speed = 1,
stamina = 3, stress = 0, reloads = 2 }`` and ``supplies = { ammo = 4, air = 3, power = 2 }``
(``add`` may give ``ammo=4`` as a stat). The tables live in data.toml; the
commands in the modules beside this one; the GM's critical tables in the user data folder.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import ClassVar

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant, EncounterState, Reminder
from tracker.core.protocol import SEVERAL, DiceLike, Rules, Verb
from tracker.core.verbs import dismiss_reminders
from tracker.rules.alien_evolved import actions as alien_actions
from tracker.rules.alien_evolved import cards as alien_cards
from tracker.rules.alien_evolved import damage as alien_damage
from tracker.rules.alien_evolved import rolls as alien_rolls
from tracker.rules.alien_evolved import stress as alien_stress
from tracker.rules.alien_evolved.damage import CRITICAL, SAVES, TIMER, is_synthetic, timer_name
from tracker.rules.alien_evolved.downtime import AlienDowntime, no_rest_healing
from tracker.rules.alien_evolved.tables import CriticalTable
from tracker.rules.base import AilmentSpec, Ruleset, TrackView, by_name, verb
from tracker.rules.display import SummaryPart

Action = Callable[[Draft, Command, DiceLike], None]
TIME_UNITS = ("stretch", "shift")


class AlienRules(Ruleset):
    """Alien (Evolved): initiative cards, quick/full actions, Health and Broken, stress."""

    id: ClassVar[str] = "alien-evolved"
    title: ClassVar[str] = "Alien RPG (Evolved: cards, Broken, stress)"
    data_file: ClassVar[str] = "data.toml"
    theme: ClassVar[str] = "weyland"
    roster_keys: ClassVar[dict[str, type]] = {"supplies": dict}
    descending: ClassVar[bool] = False
    tie_die: ClassVar[int] = 10

    def __init__(self, tables: Path | None = None) -> None:
        self.tables = CriticalTable(tables)

    @property
    def core(self) -> Rules:
        """This ruleset as the core's ``Rules`` protocol (for the shared flow helpers)."""
        return self

    def downtime(self) -> AlienDowntime:
        """Stretches and shifts of rest between fights (seed 003)."""
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

    def on_turn_end(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """With a round timer the death roll comes right after one acts."""
        fighter = draft.state.combatant(slot)
        if fighter.status != "dead" and timer_name(fighter, self.data) == "round":
            alien_damage.death_due(draft, fighter.id, "the round timer, after acting")

    # --- commands -------------------------------------------------------------------

    def verbs(self) -> Mapping[str, Verb]:
        """Cards, actions, damage and criticals, death rolls, stress, supplies, time."""
        data, table = self.data, self.tables
        return by_name(
            verb(
                "start",
                "start [attacker=WHO] [ambush=WHO,WHO]",
                "deal round 1 (surprise: the attacker takes card 1)",
                alien_cards.start,
                self.core,
            ),
            verb(
                "swap",
                "swap A B",
                "hold off: trade cards (the other cannot refuse)",
                alien_cards.swap,
                self.core,
            ),
            verb(
                "quick",
                "quick WHO [ACTION]",
                "spend a quick action",
                alien_actions.quick,
                data,
            ),
            verb(
                "full",
                "full WHO [ACTION]",
                "spend the full action",
                alien_actions.full,
                data,
            ),
            verb(
                "defend",
                "defend WHO",
                "defend out of turn (a quick action)",
                alien_actions.interrupt,
                data,
                "defend",
            ),
            verb(
                "dodge",
                "dodge WHO",
                "dodge out of turn (a quick action)",
                alien_actions.interrupt,
                data,
                "dodge",
            ),
            verb(
                "dmg",
                "dmg WHO N",
                "lose Health (0: Broken and a critical)",
                self.damage,
                role="damage",
                asks=SEVERAL,
            ),
            verb("heal", "heal WHO N", "recover Health", self.heal, role="heal", asks=SEVERAL),
            verb(
                "crit",
                "crit WHO [N NAME…] [effect=…] [lethal=round|stretch|shift]",
                "roll or enter a critical",
                alien_damage.crit,
                data,
                table,
            ),
            verb(
                "deathroll",
                "deathroll WHO [pass|fail]",
                "a death roll (Stamina)",
                alien_damage.death_roll,
                data,
            ),
            verb(
                "firstaid",
                "firstaid WHO N|fail [by=WHO] [roll=POOL]",
                "first aid",
                alien_damage.first_aid,
                data,
            ),
            verb(
                "rally",
                "rally WHO N|fail [by=WHO]",
                "rally a Broken character",
                alien_damage.rally,
                data,
            ),
            verb(
                "stress",
                "stress WHO +N|-N",
                "change the stress level",
                alien_stress.stress,
                data,
            ),
            verb(
                "panic",
                "panic WHO [N EFFECT…]",
                "roll (or enter) a panic result",
                alien_stress.panic,
                data,
                table,
            ),
            verb(
                "skill",
                "skill WHO BASE [mod=N]",
                "a skill roll with stress dice",
                alien_rolls.skill,
                data,
            ),
            verb(
                "push",
                "push WHO",
                "push the last roll: stress +1, re-roll all but sixes",
                alien_rolls.push,
                data,
            ),
            verb(
                "opposed",
                "opposed WHO BASE OTHER BASE",
                "an opposed roll: more sixes than the other wins",
                alien_rolls.opposed,
                data,
            ),
            verb(
                "friendly",
                "friendly WHO [WHO…]",
                "a missed shot's friendly fire on an Adjacent PC",
                alien_rolls.friendly_fire,
                data,
                table,
            ),
            verb(
                "supply",
                "supply WHO ammo|air|power",
                "a supply roll",
                alien_stress.supply,
                data,
            ),
            verb(
                "auto",
                "auto WHO ROLLS",
                "Full Auto burst: 1-3 attack rolls",
                alien_stress.full_auto,
                data,
            ),
            verb(
                "reload",
                "reload WHO",
                "reload (a quick action)",
                alien_stress.reload,
                data,
            ),
            verb(
                "ail",
                "ail WHO CONDITION",
                "mark a condition (cover, panic …)",
                self.ail,
                role="condition",
                asks=SEVERAL,
            ),
            verb(
                "cure",
                "cure WHO CONDITION",
                "end a condition",
                self.cure,
                role="cure",
                asks=SEVERAL,
            ),
            verb(
                "encumbrance-reading",
                "encumbrance-reading per-turn|per-move",
                "whether each move or a turn's first raises Over-encumbered stress (l.200)",
                alien_actions.set_encumbrance_reading,
                data,
            ),
            verb("stretch", "stretch [rest]", "a stretch of time passes", self.stretch),
            verb("shift", "shift", "a shift of time passes", self.shift),
            verb("resolve", "resolve WHO KEY", "dismiss a reminder", self.resolve),
        )

    def damage(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """``dmg WHO N``: lose Health."""
        fighter = who_arg(draft.state, command)
        amount = command.number(1, "an amount of damage")
        alien_damage.damage(draft, dice, self.data, self.tables, fighter.id, amount)

    def heal(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """``heal WHO N``: recover Health (rest, the GM's ruling); the Broken get up."""
        fighter = who_arg(draft.state, command)
        amount = command.number(1, "an amount of Health")
        if fighter.status == "dead":
            raise RuleError(f"{fighter.name} is dead")
        if amount < 1 or fighter.track("health") >= fighter.limits["health"]:
            raise RuleError(f"{fighter.name}'s Health is full or the amount is not 1 or more")
        if fighter.condition("Broken"):
            alien_damage.get_up(draft, fighter.id, amount, "healed")
            return
        after = min(fighter.limits["health"], fighter.track("health") + amount)
        draft.emit(
            ev.TrackSet,
            who=fighter.id,
            track="health",
            value=after,
            text=f"{fighter.name}: Health {fighter.track('health')} → {after}",
        )

    def ail(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """``ail WHO NAME``: mark a condition from the catalogue (or any other name)."""
        fighter = who_arg(draft.state, command)
        name = " ".join(command.args[1:]).strip()
        if not name:
            names = ", ".join(c["name"] for c in self.data["conditions"])
            raise RuleError(f"'ail' needs a condition — {names}")
        known = {c["name"].casefold(): c["name"] for c in self.data["conditions"]}
        name = known.get(name.casefold(), name[:1].upper() + name[1:])
        if name in ("Broken", "Dying", "Shut down"):
            raise RuleError(f"{name} comes from damage and criticals — use dmg or crit")
        draft.emit(ev.ConditionApplied, who=fighter.id, name=name, text=f"{fighter.name}: {name}")

    def cure(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """``cure WHO NAME``: end a condition the GM marked."""
        fighter = who_arg(draft.state, command)
        name = " ".join(command.args[1:]).strip()
        held = fighter.condition(name)
        if held is None or held.name in ("Broken", "Dying"):
            has = ", ".join(c.name for c in fighter.conditions) or "none"
            raise RuleError(
                f"{fighter.name} has no condition '{name}' to end — has: {has} "
                "(Broken and Dying end through first aid, rally or death rolls)"
            )
        draft.emit(
            ev.ConditionRemoved,
            who=fighter.id,
            name=held.name,
            text=f"{fighter.name}: {held.name} ends",
        )

    def stretch(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """A stretch passes: round and stretch timers call death rolls (a stretch is many
        rounds, seed 003 l.155), the Broken get up, rest heals."""
        self._time(draft, "stretch", ("round", "stretch"))
        for fighter in draft.state.active:
            if self._gets_up(fighter) and not self._stays_down(draft.state, fighter):
                alien_damage.get_up(draft, fighter.id, 1, "on their own after a stretch")
            elif "rest" in command.args or command.flag("rest"):
                self._rest(draft, fighter)

    def shift(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """A shift passes: every timer calls a death roll; the Broken get up."""
        self._time(draft, "shift", ("round", "stretch", "shift"))
        for fighter in draft.state.active:
            if self._gets_up(fighter):
                alien_damage.get_up(draft, fighter.id, 1, "on their own")

    def _stays_down(self, state: EncounterState, fighter: Combatant) -> bool:
        """The encounter's reading of seed 003 l.149 and l.155 for the dying: with
        ``dying_on_a_stretch = "stays-down"`` one dying on a round or stretch timer does
        not get up on its own (a stretch is many rounds of death rolls: only first aid
        saves it); the default ``"gets-up"`` lets it up with its death roll still due."""
        reading = str(state.options.get("dying_on_a_stretch", "gets-up"))
        if reading not in ("gets-up", "stays-down"):
            raise RuleError(
                f'dying_on_a_stretch must be "gets-up" or "stays-down", not {reading!r}'
            )
        return reading == "stays-down" and timer_name(fighter, self.data) in ("round", "stretch")

    @staticmethod
    def _gets_up(fighter: Combatant) -> bool:
        """Seed 003 "On Your Own": the Broken "(but not dead)" get up after a stretch (a
        dying one too; its death rolls still come due)."""
        return fighter.condition("Broken") is not None and fighter.status != "dead"

    def _time(self, draft: Draft, unit: str, timers: tuple[str, ...]) -> None:
        value = draft.state.tracks.get(unit, 0) + 1
        draft.emit(
            ev.TrackSet, who="", track=unit, value=value, text=f"A {unit} passes ({unit} {value})"
        )
        for fighter in draft.state.active:
            if fighter.status != "dead" and timer_name(fighter, self.data) in timers:
                alien_damage.death_due(draft, fighter.id, f"the {unit} has passed")

    def _rest(self, draft: Draft, fighter: Combatant) -> None:
        if fighter.out_of_fight or fighter.track("health") >= fighter.limits["health"]:
            return
        tired = no_rest_healing(self.data, (c.name for c in fighter.conditions))
        if tired:
            draft.say(f"{fighter.name} is {tired}: no Health from rest (l.151)")
            return
        after = fighter.track("health") + 1
        draft.emit(
            ev.TrackSet,
            who=fighter.id,
            track="health",
            value=after,
            text=f"{fighter.name} rests: Health {fighter.track('health')} → {after}",
        )

    def resolve(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        """``resolve WHO KEY``: the GM has dealt with a reminder."""
        fighter = who_arg(draft.state, command)
        key = command.arg(1, "which reminder (critical, deathroll, panic)")
        dismiss_reminders(draft, fighter.id, key, "dealt with")

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
        if fighter.condition("Broken"):
            parts.append(SummaryPart("BROKEN"))
        timer = timer_name(fighter, self.data)
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
            lines.append("Broken: a single move this round, no stress, no panic")
        elif state.current and state.current.split("@")[0] == fighter.id:
            left = max(0, int(self.data["actions"]["per_turn"]) - count)
            full_left = "a full and " if not fulls and left == 2 else ""
            lines.append(f"Actions left: {full_left}{left} quick" if left else "No actions left")
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

    def header_parts(self, state: EncounterState) -> list[str]:
        """The time units: stretches and shifts passed (rounds are in the header already)."""
        return [f"{unit} {state.tracks.get(unit, 0)}" for unit in TIME_UNITS]

    def reminder_actions(self, reminder: Reminder) -> list[tuple[str, str]]:
        """Death roll pass/fail/roll; critical roll; panic roll."""
        who = reminder.who
        if reminder.key == "deathroll":
            return [
                ("Roll Stamina", f"deathroll {who}"),
                ("Passed", f"deathroll {who} pass"),
                ("Failed", f"deathroll {who} fail"),
            ]
        if reminder.key.startswith(CRITICAL):
            return [
                ("Roll again on the table", f"crit {who}"),
                ("Dealt with", f"resolve {who} {reminder.key}"),
            ]
        if reminder.key == "panic":
            return [("Panic roll", f"panic {who}"), ("Dealt with", f"resolve {who} panic")]
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
