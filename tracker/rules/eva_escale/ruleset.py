"""The ``eva-escale`` ruleset (seed 001): Dark-Heresy-style d100 at giant-robot scale.

The class wires the roster, initiative, turn triggers, commands and views to the
modules beside it and the shared ``tracker.rules.d100`` kit; every table is in
``data.toml``. How it reads the rules is written up in docs/rulesets/eva-escale.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from tracker.core.draft import Draft
from tracker.core.grammar import Command
from tracker.core.model import Combatant, EncounterState, Reminder, slot_owner
from tracker.core.protocol import SEVERAL, DiceLike, Verb
from tracker.core.wording import with_article
from tracker.rules.base import AilmentSpec, LocationView, RosterError, TrackView, by_name, verb
from tracker.rules.common import countdown
from tracker.rules.d100 import one_turn, score, turns
from tracker.rules.d100.ruleset import D100Ruleset
from tracker.rules.display import SummaryPart
from tracker.rules.eva_escale import damage, forces, on_foot, pilots, views
from tracker.rules.eva_escale.mission_end import mission_ends
from tracker.rules.roster import refuse_negative

ROLES = ("director", "supcom")


class EvaRules(D100Ruleset):
    """Constructs with a wound pool per location, pilots and ejection, hordes on their
    Director's turn, the Supreme Commander's Morale, Righteous Fury for Fate holders.

    Roster: ``stats`` (ws, bs, s, t, ag, int, per, wp, fel), ``armour`` per location (or
    ``all``), ``kind`` (character, construct, angel, horde), ``wounds`` (a number; a table
    per location for constructs and Angels), ``fate``, ``bonuses`` (overrides), ``pilot``
    (a construct's pilot id), ``cockpit`` ("flight", "hoverer"), ``director`` / ``leader``
    (a horde's commander), ``role`` ("director" or "supcom") and ``morale``.
    """

    id: ClassVar[str] = "eva-escale"
    title: ClassVar[str] = "Eva E-Scale (d100 constructs, pilots, hordes)"
    data_file: ClassVar[str] = "data.toml"
    theme: ClassVar[str] = "nerv"
    roster_keys: ClassVar[dict[str, type]] = {
        **D100Ruleset.roster_keys,
        "pilot": str,
        "cockpit": str,
        "director": str,
        "leader": str,
        "role": str,
        "morale": int,
    }
    text_keys: ClassVar[tuple[str, ...]] = ("pilot", "cockpit", "director", "leader", "role")
    table_keys: ClassVar[tuple[str, ...]] = ("bonuses", "wounds")
    act_options: ClassVar[tuple[str, ...]] = (*turns.ACT_OPTIONS, "power")
    end_options: ClassVar[tuple[str, ...]] = ("outcome",)

    # --- roster ---------------------------------------------------------------------

    def tidy(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """Per-location wounds spread like armour (``all = 12``)."""
        tidy = super().tidy(entry)
        kind = str(tidy.get("kind", "character")).casefold()
        if isinstance(tidy.get("wounds"), dict) and self.tables.locations_for(kind):
            tidy["wounds"] = self.spread(tidy["wounds"], kind, "wounds")
        if isinstance(tidy.get("role"), str):
            tidy["role"] = tidy["role"].casefold().replace("supreme commander", "supcom")
        return tidy

    def check_fighter(self, fighter: Combatant) -> None:
        """Constructs need a wound table per location; hordes a commander; roles known."""
        refuse_negative(fighter, "stats", "armour")
        wounds = fighter.extras.get("wounds")
        if fighter.kind in self.tables.words("pools", "per_location"):
            self._check_pools(fighter, wounds)
        else:
            super().check_fighter(fighter)
        if fighter.kind == "horde" and not forces.commander_id(fighter):
            raise RosterError(
                f"{fighter.name} is a horde: it acts on its Director's turn — "
                f'give it director = "id" (or leader = "id")',
                "director",
            )
        role = fighter.extras.get("role")
        if role is not None and role not in ROLES:
            raise RosterError(f"role of {fighter.name} must be director or supcom", "role")
        if "morale" in fighter.extras and role != "supcom":
            raise RosterError('only the Supreme Commander (role = "supcom") has Morale', "morale")

    def _check_pools(self, fighter: Combatant, wounds: Any) -> None:
        names = [loc.key for loc in self.tables.locations_for(fighter.kind)]
        if not isinstance(wounds, dict):
            raise RosterError(
                f"{fighter.name} is {with_article(fighter.kind)}: wounds is a table per "
                f"location, e.g. wounds = {{ all = 12, body = 20 }}",
                "wounds",
            )
        missing = [n for n in names if n not in wounds]
        if missing:
            raise RosterError(
                f"wounds of {fighter.name} miss {', '.join(missing)} (or give all = N)", "wounds"
            )
        for key, value in wounds.items():
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 9999:
                raise RosterError(
                    f"wounds.{key} of {fighter.name} must be a whole number from 0 to 9999",
                    f"wounds.{key}",
                )

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """One pool or one per location; Fate; the SupCom's Morale and restores."""
        wounds = fighter.extras.get("wounds")
        if isinstance(wounds, dict):
            fate = int(fighter.extras.get("fate", 0))
            tracks = {f"wounds@{k}": int(v) for k, v in wounds.items()}
            tracks["fate"] = fate
            limits = dict(tracks)
            tracks.update(self.fresh_economy())
        else:
            tracks, limits = super().starting_tracks(fighter)
        if fighter.extras.get("role") == "supcom":
            morale = int(fighter.extras.get("morale", 0))
            restores = self.tables.number("supcom", "restores")
            tracks.update(morale=morale, restores=restores)
            limits.update(morale=morale, restores=restores)
        return tracks, limits

    # --- initiative -----------------------------------------------------------------

    def lender(self, state: EncounterState, fighter: Combatant) -> Combatant | None:
        """A construct borrows its pilot's scores (while the pilot is aboard)."""
        return forces.pilot_aboard(state, fighter)

    def agility(self, state: EncounterState, fighter: Combatant) -> int:
        """The Agility that orders ties. An Evangelion's is its pilot's (l.129), and it keeps
        it once the pilot has ejected: an emptied construct is not re-sorted at Agility 0
        (nor rolled off against another emptied one) when the order is sorted again."""
        lender = self.lender(state, fighter) or forces.pilot_of(state, fighter)
        return score(self.tables, fighter, "ag", lender)

    def needs_initiative_roll(self, state: EncounterState, fighter: Combatant) -> bool:
        """Hordes act on their commander's initiative; pilots aboard on their construct's."""
        return fighter.kind != "horde" and not forces.aboard(state, fighter)

    def roll_initiative(self, draft: Draft, slots: Sequence[str], dice: DiceLike) -> None:
        """1d10 + AB for each combatant; hordes take their commander's number."""
        super().roll_initiative(draft, slots, dice)
        forces.mirror_initiative(draft, self._hordes(draft.state))

    def sort_order(self, draft: Draft, dice: DiceLike) -> tuple[str, ...]:
        """The order, each horde listed right under the combatant whose turn it acts in."""
        hordes = self._hordes(draft.state)
        forces.mirror_initiative(draft, hordes)
        order = tuple(s for s in super().sort_order(draft, dice) if s not in hordes)
        placed = [h for h in hordes if h in draft.state.initiative]
        return forces.place_hordes(draft.state, order, placed)

    def _hordes(self, state: EncounterState) -> list[str]:
        return [
            c.id for c in state.combatants.values() if c.kind == "horde" and c.status != "removed"
        ]

    def takes_turn(self, state: EncounterState, slot: str) -> bool:
        """Hordes, pilots aboard and defeated constructs take no turn of their own."""
        fighter = state.combatant(slot)
        if fighter.kind == "horde" or forces.aboard(state, fighter):
            return False
        if fighter.kind in self.tables.words("pools", "per_location") and fighter.status == "down":
            return False
        return super().takes_turn(state, slot)

    # --- triggers -------------------------------------------------------------------

    def on_turn_start(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Fresh actions; the hordes this combatant commands act now too — once a round
        (``one_turn``: not again after a delay or ``prev``)."""
        if not one_turn.first_start(draft, slot):
            return
        who = slot_owner(slot)
        turns.fresh_turn(draft, self.tables, who)
        for hid in forces.command_reminders(draft, who):
            turns.fresh_turn(draft, self.tables, hid)

    def on_round_start(self, draft: Draft, dice: DiceLike) -> None:
        """A horde whose team leader fell or left takes its Director's initiative (seed
        001 l.169), so the order is sorted again with it under the Director."""
        forces.mirror_initiative(draft, self._hordes(draft.state))

    def on_round_end(self, draft: Draft, dice: DiceLike) -> None:
        """Pilots held by an Angel take their Ego damage (seed 001 l.158)."""
        on_foot.held_by_angels(draft, self.tables, dice)

    def on_fight_end(self, draft: Draft, answers: Mapping[str, str], dice: DiceLike) -> list[str]:
        """Pilots still on foot at a defeat are Lost (seed 001 l.161; ``end outcome=…``)."""
        return mission_ends(draft, answers)

    def on_status_set(self, draft: Draft, who: str, was: str, dice: DiceLike) -> None:
        """The GM's ``down WHO`` / ``dead WHO`` on a construct with its pilot aboard: it is
        defeated, and "its pilot must eject" (seed 001 l.136) — the ejection reminder, as
        ``defeat WHO`` raises it."""
        fighter = draft.state.combatant(who)
        if was != "active" or fighter.status not in ("down", "dead"):
            return
        if not forces.pilot_id(fighter) or fighter.kind not in self.tables.words(
            "pools", "per_location"
        ):
            return
        pilot = forces.pilot_of(draft.state, fighter)
        if pilot is None or forces.aboard(draft.state, pilot):
            damage.eject_due(draft, fighter)

    def on_turn_end(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Interrupted Extended Actions restart; timed effects count down (those of the pilot
        aboard and of the hordes commanded too) — once a round."""
        if not one_turn.first_end(draft, slot):
            return
        who = slot_owner(slot)
        turns.restart_interrupted(draft, who)
        countdown(draft, who)
        pilot = forces.pilot_aboard(draft.state, draft.state.combatant(who))
        riders = [pilot] if pilot is not None else []
        for other in [*riders, *forces.hordes_under(draft.state, who)]:
            countdown(draft, other.id)
        forces.close_command_reminders(draft, who)

    # --- commands -------------------------------------------------------------------

    def verbs(self) -> Mapping[str, Verb]:
        """Damage, effects, ejection, the SupCom's restore, the economy, resources."""
        bound = by_name(
            verb(
                "dmg",
                "dmg WHO DAMAGE [@LOC|hit=NN] [pen=N] [by=WHO] [dos=N] [fury] [unarmed] "
                "[confirm=pass|fail|test=ws|bs]",
                "damage against Soak (DAMAGE: 14 or 2d10+4)",
                damage.damage,
                self,
                role="damage",
                asks=SEVERAL,
                options=("fury", "unarmed", *damage.DMG_KEYS),
            ),
            verb(
                "wound",
                "wound WHO N [@LOC]",
                "wounds entered directly (no Soak)",
                damage.wound,
                self,
                asks=SEVERAL,
                options=("hit",),
            ),
            verb(
                "heal",
                "heal WHO N [@LOC]",
                "Critical Damage, then wounds, healed",
                damage.heal,
                self,
                role="heal",
                asks=SEVERAL,
                options=(),
            ),
            verb(
                "ail",
                "ail WHO NAME [mental] [rounds=N]",
                "give an effect (mental: to the pilot)",
                pilots.ail,
                self,
                role="condition",
                asks=SEVERAL,
                options=("mental", "rounds"),
            ),
            verb(
                "cure",
                "cure WHO NAME",
                "end an effect",
                pilots.cure,
                self,
                role="cure",
                asks=SEVERAL,
                options=(),
            ),
            verb(
                "defeat",
                "defeat WHO",
                "a construct is defeated (its pilot must eject)",
                damage.defeat_command,
                self,
                options=(),
            ),
            verb(
                "eject",
                "eject WHO roll|N [mod=N] [force]",
                "the pilot of a construct ejects",
                pilots.eject,
                self,
                options=("force", "mod"),
            ),
            verb(
                "burn",
                "burn WHO",
                "a Fate point burned to survive (gone for good)",
                on_foot.burn,
                self.tables,
                options=(),
            ),
            verb(
                "restore",
                "restore SUPCOM WHO",
                "1 Morale restores a spent Fate point (3/battle)",
                self._restore,
                options=(),
            ),
        )
        return {**self.shared_verbs(), **bound}

    def _restore(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        forces.restore(draft, self.tables, command)

    def vet_action(
        self, state: EncounterState, fighter: Combatant, action: turns.Declared
    ) -> turns.Declared:
        """Seed 001: a pilot on foot never parries (l.156) and cannot move when dead, after
        burning Fate or with a crippled leg (l.155); an AT Field Power is named and never the
        same one twice in a turn (l.49)."""
        on_foot.vet_move(state, self.tables, fighter, action)
        return pilots.vet_action(fighter, action)

    def action_note(self, state: EncounterState, fighter: Combatant, action: turns.Declared) -> str:
        """A pilot on foot's move: as AB 1 (l.154)."""
        return on_foot.move_note(state, self.tables, fighter, action)

    def acts_now(self, state: EncounterState, fighter: Combatant) -> bool:
        """Its own turn — or, for a horde, its commander's."""
        if fighter.kind == "horde":
            return forces.horde_moves_now(state, fighter)
        return super().acts_now(state, fighter)

    def resource_owner(self, state: EncounterState, fighter: Combatant, track: str) -> Combatant:
        """A construct's Fate is its pilot's (when the pilot has the pool)."""
        return forces.fate_holder(state, fighter) if track == "fate" else fighter

    # --- views ----------------------------------------------------------------------

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``W 12/14 C3`` or, for constructs, ``W52/80 ✕1``."""
        return views.summary_parts(self, fighter)

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """Wounds, Fate, Critical Damage, Fatigue, Morale."""
        return views.track_views(self, fighter)

    def body(self, fighter: Combatant) -> list[LocationView]:
        """Per-location wound pools for constructs; armour for everyone else."""
        return views.body(self, fighter)

    def status_lines(self, fighter: Combatant, state: EncounterState) -> list[str]:
        """Economy, surprise, pilot, command, crippled locations."""
        return views.status_lines(self, fighter, state)

    def reminder_actions(self, reminder: Reminder) -> list[tuple[str, str]]:
        """Roll the ejection; dismiss."""
        return views.reminder_actions(reminder)

    def catalogue(self) -> list[AilmentSpec]:
        """The effects the text names."""
        return views.catalogue(self)

    def player_summary(self, fighter: Combatant) -> str:
        """Words only."""
        return views.player_summary(self, fighter)
