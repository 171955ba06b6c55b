"""The ``persona-d100`` ruleset (seed 004): Dark-Heresy-style d100 with Persona mechanics.

The class wires the roster, initiative, triggers, commands and views to the modules
beside it and the shared ``tracker.rules.d100`` kit; every table is in ``data.toml``.
How it reads the rules is written up in docs/rulesets/persona-d100.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tracker.core.draft import Draft
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant, Condition, EncounterState, Reminder, slot_owner
from tracker.core.protocol import SEVERAL, DiceLike, Verb
from tracker.core.wording import either
from tracker.rules.base import AilmentSpec, LocationView, RosterError, TrackView, by_name, verb
from tracker.rules.common import countdown
from tracker.rules.d100 import altitude, folded, one_turn
from tracker.rules.d100.turns import ACT_OPTIONS, fresh_turn, restart_interrupted
from tracker.rules.display import SummaryPart
from tracker.rules.fight_end import no_answers
from tracker.rules.persona_d100 import affinity, all_out, flight, momentum, readied, views
from tracker.rules.persona_d100 import ailments as ailing
from tracker.rules.persona_d100.book import PersonaBase


class PersonaRules(PersonaBase):
    """Elemental affinities, One More, Baton Pass, All-Out Attack, four ailment categories.

    Roster: ``stats`` (ws, bs, s, t, ag, int, per, wp, fel), ``armour`` per location (or
    ``all``), ``kind`` (character, shadow), ``wounds``, ``fate``, ``bonuses``,
    ``affinities = { fire = "weak", ice = "resist" }`` (unlisted: normal), ``links =
    { yosuke = 2 }`` (Social Link ranks) and ``move`` (added to the Half Move).
    """

    id: ClassVar[str] = "persona-d100"
    act_options: ClassVar[tuple[str, ...]] = (*ACT_OPTIONS, "onemore", "on", "when")
    one_per_category: ClassVar[bool] = True
    title: ClassVar[str] = "Persona d100 (affinities, One More, Baton Pass)"
    data_file: ClassVar[str] = "data.toml"
    theme: ClassVar[str] = "velvet"
    roster_keys: ClassVar[dict[str, type]] = {
        **PersonaBase.roster_keys,
        "affinities": dict,
        "links": dict,
        "move": int,
        "altitude": str,
    }
    table_keys: ClassVar[tuple[str, ...]] = ("bonuses", "affinities", "links")

    # --- roster ---------------------------------------------------------------------

    def tidy(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """Element names folded to their canonical form (``electricity`` → ``elec``)."""
        tidy = super().tidy(entry)
        table = tidy.get("affinities")
        if isinstance(table, dict):
            tidy["affinities"] = {self._element(str(k)): folded(str(v)) for k, v in table.items()}
        if isinstance(tidy.get("links"), dict):
            tidy["links"] = {folded(str(k)).replace(" ", "-"): v for k, v in tidy["links"].items()}
        return tidy

    def _element(self, word: str) -> str:
        elements = self.data["elements"]
        key = folded(word)
        key = elements.get("aliases", {}).get(key, key)
        if key not in elements["regular"]:
            raise RosterError(
                f"affinities: no element '{word}' — "
                f"{', '.join(elements['regular'])} (Almighty has none)",
                f"affinities.{word}",
            )
        return str(key)

    def check_fighter(self, fighter: Combatant) -> None:
        """Affinities are Weak … Absorb; Social Link ranks whole numbers; an altitude is
        one of the bands."""
        super().check_fighter(fighter)
        altitude.check_roster(self.tables, fighter)
        names = self.data["affinities"]["names"]
        for element, value in fighter.extras.get("affinities", {}).items():
            if value not in names:
                raise RosterError(
                    f"affinities.{element} of {fighter.name} must be {either(names)}",
                    f"affinities.{element}",
                )
        for other, rank in fighter.extras.get("links", {}).items():
            if not isinstance(rank, int) or isinstance(rank, bool) or rank < 0:
                raise RosterError(
                    f"links.{other} of {fighter.name} must be a rank (0 or more)", f"links.{other}"
                )

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """The d100 tracks, and a flyer's altitude band."""
        tracks, limits = super().starting_tracks(fighter)
        return {**tracks, **altitude.starting_band(self.tables, fighter)}, limits

    # --- triggers -------------------------------------------------------------------

    def on_round_end(self, draft: Draft, dice: DiceLike) -> None:
        """Fallers drop one band; reaching the Ground is a crash."""
        flight.end_of_round(self, draft, dice)

    def on_fight_end(self, draft: Draft, answers: Mapping[str, str], dice: DiceLike) -> list[str]:
        """A fall still under way lands, its crash with it (seed 004 l.88)."""
        no_answers(answers, self.id)
        flight.end_of_round(self, draft, dice, to_ground=True)
        return []

    def on_turn_start(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Fresh actions; the action count for One More starts over — once a round
        (``one_turn``: not again after a delay or ``prev``)."""
        if not one_turn.first_start(draft, slot):
            return
        fresh_turn(draft, self.tables, slot_owner(slot))
        momentum.new_turn(draft)

    def on_turn_end(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Unused One Mores lapse; durations count down (One More actions never do) —
        once a round."""
        if not one_turn.first_end(draft, slot):
            return
        who = slot_owner(slot)
        momentum.turn_over(draft)
        restart_interrupted(draft, who)
        countdown(draft, who)

    # --- commands -------------------------------------------------------------------

    def verbs(self) -> Mapping[str, Verb]:
        """Damage by element, healing, ailments, One More, Baton Pass, All-Out Attack,
        flight."""
        bound = by_name(
            verb(
                "dmg",
                "dmg WHO DAMAGE [element=E] [tier=N] [@LOC|hit=NN] [pen=N] [by=WHO] "
                "[technical] [special] [stagger] [crit] [same] [longshot] [unarmed] "
                "[confirm=pass|fail|test=ws|bs] [cmod=N]",
                "an attack, read against the target's affinity",
                affinity.damage,
                self,
                role="damage",
                asks=SEVERAL,
                options=(*affinity.FLAGS, *affinity.KEYS),
            ),
            verb(
                "heal",
                "heal WHO N [by=WHO]",
                "Lethal Damage, then wounds (+ Baton rank)",
                affinity.heal,
                self,
                role="heal",
                asks=SEVERAL,
                options=("by",),
            ),
            verb(
                "ail",
                "ail WHO NAME [category=C] [replace] [rounds=N] [by=WHO] [same]",
                "an ailment: one per category",
                ailing.ail,
                self,
                role="condition",
                asks=SEVERAL,
                options=("replace", "same", "category", "rounds", "by"),
            ),
            verb(
                "cure",
                "cure WHO NAME",
                "an ailment or condition ends",
                ailing.cure,
                self,
                role="cure",
                asks=SEVERAL,
                options=(),
            ),
            verb(
                "onemore",
                "onemore WHO stamina | onemore WHO ACTION …",
                "spend a One More on an action or a Stamina charge",
                momentum.one_more,
                self,
                options=self.act_options,
            ),
            verb(
                "baton",
                "baton GIVER RECEIVER",
                "pass the One More to an ally with an S-Link",
                momentum.baton,
                self,
                options=(),
            ),
            verb(
                "allout",
                "allout WHO [with=A,B]",
                "All-Out Attack: every enemy Staggered",
                all_out.all_out,
                self,
                options=("with",),
            ),
            verb(
                "fly",
                "fly WHO ground|low|high [half|full|charge|run]",
                "a flyer changes altitude band",
                flight.fly,
                self,
                options=flight.MOVES,
            ),
            verb("fall", "fall WHO", "a flyer begins to fall", flight.fall, self, options=()),
            verb(
                "act",
                "act WHO ACTION [full|half|reaction|free|extended] "
                "[attack] [concentration] [onemore] [force] [on=WHO pass|fail] [when=…]",
                "spend an action (no ACTION: a delayer acts now)",
                self._act,
                options=self.act_options,
            ),
        )
        return {**self.shared_verbs(), **bound}

    def _act(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        if len(command.args) < 2:
            super()._act(draft, command, dice)
            return
        command, result = readied.split_words(command)
        if result == readied.FIRE:
            readied.fire(draft, who_arg(draft.state, command), command.args[1:])
            return
        momentum.act(self, draft, command, dice, result=result)

    # --- views ----------------------------------------------------------------------

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``W 12/14 L3 +1M`` / ``Wounds 12/14 Lethal Damage 3 One More ×1``."""
        return views.summary_parts(self, fighter)

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """Wounds, Fate, Lethal Damage, Stamina, One More."""
        return views.track_views(self, fighter)

    def body(self, fighter: Combatant) -> list[LocationView]:
        """Armour per location (the wound pool is one track)."""
        return self.armour_body(fighter)

    def level_words(self, condition: Condition) -> tuple[str, str]:
        """An Aim's badge says its bonus (``Aim +20``); other levels as usual."""
        return readied.level_words(condition) or super().level_words(condition)

    def status_lines(self, fighter: Combatant, state: EncounterState) -> list[str]:
        """Affinity row, ailments, One More / Baton Pass, movement bands."""
        return views.status_lines(self, fighter, state)

    def reminder_actions(self, reminder: Reminder) -> list[tuple[str, str]]:
        """Dismiss."""
        return views.reminder_actions(reminder)

    def catalogue_for(self, state: EncounterState | None) -> list[AilmentSpec]:
        """Also the ailments this encounter defines."""
        return views.catalogue(self, state)

    def catalogue(self) -> list[AilmentSpec]:
        """Staggered and the GM's own ailments."""
        return views.catalogue(self)

    def player_summary(self, fighter: Combatant) -> str:
        """Words only."""
        return views.player_summary(self, fighter)
