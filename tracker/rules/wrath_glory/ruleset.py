"""The ``wrath-glory`` ruleset (seed 002): d6 pools in icons, Shock and Wounds, Defiance, Glory.

Roster: ``stats = { wounds = 6, shock = 5, defence = 3, resilience = 7, initiative = 4,
toughness = 3, agility = 3, strength = 3, wrath = 2, reloads = 3 }`` (any may be left
out: defaults in wrath_glory/data.toml). Heroes are ``side = "pc"`` or ``kind = "hero"``.
The tables live in data.toml; the commands in the modules beside this one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, EncounterState, Reminder, slot_owner
from tracker.core.protocol import DiceLike, Rules, Verb
from tracker.rules.base import AilmentSpec, Ruleset, TrackView
from tracker.rules.display import SummaryPart
from tracker.rules.fight_end import no_answers
from tracker.rules.wrath_glory import commands as wrath_commands
from tracker.rules.wrath_glory import damage as wrath_damage
from tracker.rules.wrath_glory import effects as wrath_effects
from tracker.rules.wrath_glory import held_turn
from tracker.rules.wrath_glory import modifiers as wrath_modifiers
from tracker.rules.wrath_glory import order as wrath_order
from tracker.rules.wrath_glory.acting import actions_line
from tracker.rules.wrath_glory.defiance_due import (
    is_defiance_key,
    nothing_owed,
    owed_at_the_end,
    raise_defiance,
)
from tracker.rules.wrath_glory.dice import glory, is_hero

if TYPE_CHECKING:  # downtime is imported when a campaign or a rest asks for it
    from tracker.rules.wrath_glory.downtime import WrathDowntime


class WrathGloryRules(Ruleset):
    """Wrath & Glory: tests in icons, chosen turn order, Shock/Wounds, Defiance Checks."""

    id: ClassVar[str] = "wrath-glory"
    title: ClassVar[str] = "Wrath & Glory (d6 pools, Shock and Wounds, Glory)"
    data_file: ClassVar[str] = "data.toml"
    theme: ClassVar[str] = "imperium"
    descending: ClassVar[bool] = True
    tie_die: ClassVar[int] = 6

    @property
    def core(self) -> Rules:
        """This ruleset as the core's ``Rules`` protocol (for the shared flow helpers)."""
        return self

    # --- roster ---------------------------------------------------------------------

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """Shock and Wounds full; Heroes also Wrath and a Defiance failure count."""
        defaults = self.data["defaults"]
        tracks: dict[str, int] = {}
        limits: dict[str, int] = {}
        for track in ("shock", "wounds"):
            top = fighter.stats.get(track, int(defaults[track]))
            if top < 1 and not (track == "shock" and top == 0):  # Shock 0: Shock-immune
                raise RuleError(f"{track} of {fighter.name} must be 1 or more")
            tracks[track] = limits[track] = top
        if is_hero(fighter, self.data):
            tracks["wrath"] = fighter.stats.get("wrath", int(self.data["heroes"]["wrath"]))
            tracks["defiance"], limits["defiance"] = (
                0,
                int(self.data["defiance"]["deadly_failures"]),
            )
        if "reloads" in fighter.stats:
            tracks["reloads"] = limits["reloads"] = fighter.stats["reloads"]
        return tracks, limits

    def downtime(self) -> WrathDowntime:
        """No rest in the text; Exhausted and unconsciousness follow what is carried."""
        from tracker.rules.wrath_glory.downtime import WrathDowntime

        return WrathDowntime(self)

    # --- turn order -----------------------------------------------------------------

    def roll_initiative(self, draft: Draft, slots: Sequence[str], dice: DiceLike) -> None:
        """Chosen order: the Initiative attribute, silently; rolled: an Initiative pool."""
        for slot in slots:
            value, rolls, how = wrath_order.initiative(self.data, draft.state, slot, dice)
            name = draft.state.combatant(slot).name
            draft.emit(
                ev.InitiativeSet,
                who=slot,
                value=value,
                rolls=rolls,
                text=f"{name} initiative {how}" if how else "",
            )

    def tie_chain(self, fighter: Combatant) -> tuple[float, ...]:
        """Rolled ties go to the higher Initiative attribute."""
        return (fighter.stats.get("initiative", int(self.data["defaults"]["initiative"])),)

    def sort_order(self, draft: Draft, dice: DiceLike) -> tuple[str, ...]:
        """Chosen: acted, acting, then sides alternating; rolled: icons, higher first."""
        if wrath_order.mode(draft.state, self.data) == "chosen":
            return wrath_order.chosen_order(draft.state, self.core, self.data)
        return super().sort_order(draft, dice)

    def _reorder(self, draft: Draft, dice: DiceLike) -> None:
        order = self.sort_order(draft, dice)
        if order != draft.state.order:
            draft.emit(ev.OrderSet, order=order)

    def on_round_start(self, draft: Draft, dice: DiceLike) -> None:
        """A fresh alternation (or the rolled order again) for the new round; those who
        took Full Defence after acting give this round up."""
        for fighter in draft.state.active:
            if _sacrificed(fighter, draft.state.round):
                draft.say(f"{fighter.name} gave up this round to Full Defence (taken after acting)")
        self._reorder(draft, dice)

    def on_round_end(self, draft: Draft, dice: DiceLike) -> None:
        """Hindered/Vulnerable end; held actions not used are lost, and the options of
        that lost turn end with it; a Full Defence whose round was given up ends with it
        (that round held its "next turn")."""
        wrath_effects.expire_round_effects(draft)
        for slot in draft.state.delayed:  # a held turn lost ends as a turn does (l.40-41)
            wrath_effects.expire_options(draft, self.data, slot_owner(slot), "end")
        held_turn.lost_turns_end(draft)  # and a Poisoned holder's test comes (l.304)
        held_turn.interrupted_end(draft)  # one cut in on and then downed never resumed
        wrath_order.held_actions_lost(draft)
        for fighter in draft.state.active:
            if _sacrificed(fighter, draft.state.round):
                wrath_damage.drop_effect(draft, fighter.id, "Full Defence", "its round is over")

    def takes_turn(self, state: EncounterState, slot: str) -> bool:
        """Seed 002 "Full Defence": taken after acting, "the character sacrifices their
        next round instead" — no turn in it."""
        if _sacrificed(state.combatant(slot), state.round):
            return False
        return super().takes_turn(state, slot)

    def on_turn_start(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Options end, Defiance Checks are due, the suggested order is refreshed; a turn
        resuming after an interrupt began before it, and deals nothing again."""
        fighter = draft.state.combatant(slot)
        if held_turn.resumes(fighter, slot):  # its start came before the interrupt
            held_turn.resume(draft, fighter)
        else:
            wrath_effects.expire_options(draft, self.data, fighter.id, "start")
            self._defiance_due(draft, fighter)
        if wrath_order.mode(draft.state, self.data) == "chosen":
            self._reorder(draft, dice)

    def _defiance_due(self, draft: Draft, fighter: Combatant) -> None:
        if fighter.status == "dead" or fighter.track("wounds") > 0:
            return
        if is_hero(fighter, self.data) and not fighter.condition("Stabilised"):
            raise_defiance(
                draft, fighter.id, "unconscious: Defiance Check at the start of the turn"
            )

    def on_status_set(self, draft: Draft, who: str, was: str, dice: DiceLike) -> None:
        """The GM's ``dead WHO``: the Defiance Checks the Hero still owed are settled, as a
        death by failed checks settles them (seed 002 "Unconsciousness"), and every other
        test asked of them (Poisoned, fear)."""
        if draft.state.combatant(who).status == "dead":
            nothing_owed(draft, who)

    def on_fight_end(self, draft: Draft, answers: Mapping[str, str], dice: DiceLike) -> list[str]:
        """The tests still due and the Heroes still unconscious, named in the end's line."""
        no_answers(answers, self.id)
        return owed_at_the_end(draft.state, self.data)

    def on_turn_end(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Options of this turn end; the Poisoned test is due."""
        fighter = draft.state.combatant(slot)
        wrath_effects.expire_options(draft, self.data, fighter.id, "end")
        held_turn.turn_ended(draft, draft.state.combatant(slot))

    # --- commands -------------------------------------------------------------------

    def verbs(self) -> Mapping[str, Verb]:
        """Order, tests and attacks, damage, Defiance, effects, options, Wrath and Glory:
        the table in ``commands``."""
        return wrath_commands.bound({"core": self.core, "data": self.data})

    # --- views ----------------------------------------------------------------------

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``S 3/5 W 2/6`` (and Defiance failures when unconscious)."""
        shock = f"{fighter.track('shock')}/{fighter.limits.get('shock', 0)}"
        wounds = f"{fighter.track('wounds')}/{fighter.limits.get('wounds', 0)}"
        parts = [
            SummaryPart("S —", "Shock-immune")
            if wrath_damage.shock_immune(fighter)
            else SummaryPart(f"S {shock}", f"Shock {shock}"),
            SummaryPart(f"W {wounds}", f"Wounds {wounds}"),
        ]
        failures = fighter.track("defiance")
        if failures:
            parts.append(SummaryPart(f"✗{failures}", f"Defiance ✗{failures}"))
        return parts

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """Shock, Wounds, Defiance failures, Wrath and Reloads."""
        views = [
            self._pool_view(fighter, "shock", "Shock"),
            self._pool_view(fighter, "wounds", "Wounds"),
        ]
        if "defiance" in fighter.tracks:
            failures = fighter.track("defiance")
            views.append(
                TrackView(
                    "Defiance failures",
                    failures,
                    fighter.limits["defiance"],
                    "down" if failures >= 2 else "hurt" if failures else "ok",
                    "4+ stabilised, 6 back up" if failures or fighter.track("wounds") == 0 else "",
                )
            )
        for track, label in (("wrath", "Wrath"), ("reloads", "Reloads")):
            if track in fighter.tracks:
                views.append(TrackView(label, fighter.track(track), fighter.limits.get(track, -1)))
        return views

    @staticmethod
    def _pool_view(fighter: Combatant, track: str, label: str) -> TrackView:
        if track == "shock" and wrath_damage.shock_immune(fighter):  # never Exhausted
            return TrackView(label, 0, -1, "ok", "Shock-immune")
        value, limit = fighter.track(track), fighter.limits.get(track, 0)
        severity = "down" if value == 0 else "hurt" if value * 2 <= limit else "ok"
        note = {"shock": "Exhausted", "wounds": "unconscious"}[track] if value == 0 else ""
        return TrackView(label, value, limit, severity, note)

    def status_lines(self, fighter: Combatant, state: EncounterState) -> list[str]:
        """Defence with its modifiers, DN penalties, options taken, Glory."""
        value, notes = wrath_modifiers.defence(fighter, self.data)
        melee, _ = wrath_modifiers.defence(fighter, self.data, melee=True)
        against_melee = f", {melee} against melee (Prone)" if melee != value else ""
        lines = [
            f"Defence {value}"
            + (f" ({' '.join(notes)})" if notes else "")
            + against_melee
            + f" · Resilience {wrath_damage.resilience(fighter, self.data)}"
        ]
        penalty, why = wrath_modifiers.test_penalty(fighter, self.data)
        if penalty:
            lines.append(f"Tests +{penalty} DN ({' '.join(why)})")
        held = [spec["name"] for spec, _l, _a in wrath_modifiers.options_held(fighter, self.data)]
        if held:
            lines.append("Options: " + ", ".join(held))
        if state.current is not None and slot_owner(state.current) == fighter.id:
            lines.append(actions_line(fighter, state.round))
        if fighter.condition("Exhausted"):
            lines.append("Exhausted: a basic move, one regular action or Disengage only")
        lines.append(
            f"Glory {glory(state)} (shared) · turn order {wrath_order.mode(state, self.data)}"
        )
        return lines

    def header_parts(self, state: EncounterState) -> list[str]:
        """The Glory pool (and the turn order when it is rolled)."""
        rolled = wrath_order.mode(state, self.data) == "rolled"
        return [f"Glory {glory(state)}", *(["rolled order"] if rolled else [])]

    def reminder_actions(self, reminder: Reminder) -> list[tuple[str, str]]:
        """Defiance: roll (or roll with a Wrath point); Poisoned: passed or failed."""
        who = reminder.who
        if is_defiance_key(reminder.key):
            return [
                ("Defiance Check", f"defiance {who}"),
                ("Defiance Check +1 (Wrath)", f"defiance {who} wrath"),
            ]
        kind, _, source = reminder.key.partition(":")
        if kind == "fear":
            against = f" source={source}" if source else ""
            return [
                ("Resolve passed: acts normally", f"fear {who} pass"),
                ("Resolve failed: Fear", f"fear {who} fail{against}"),
            ]
        if reminder.key == "poison":
            return [
                ("Toughness passed: poison ends", f"cure {who} poisoned"),
                ("Toughness failed: take the damage", f"resolve {who} poison"),
            ]
        return [("Dealt with", f"resolve {who} {reminder.key}")]

    def catalogue(self) -> list[AilmentSpec]:
        """The combat effects of the text."""
        return [
            AilmentSpec(spec["name"], "effect", spec["summary"]) for spec in self.data["effects"]
        ]

    def player_summary(self, fighter: Combatant) -> str:
        """unhurt / shaken / wounded / badly wounded / unconscious / down / dead."""
        if fighter.status == "dead":
            return "dead"
        if fighter.condition("Unconscious"):
            return "unconscious"
        if fighter.status == "down":
            return "down"
        wounds, top = fighter.track("wounds"), fighter.limits.get("wounds", 1) or 1
        word = (
            ("unhurt" if fighter.track("shock") >= fighter.limits.get("shock", 0) else "shaken")
            if wounds >= top
            else ("badly wounded" if wounds * 2 <= top else "wounded")
        )
        return word + (", exhausted" if fighter.condition("Exhausted") else "")


def _sacrificed(fighter: Combatant, round_no: int) -> bool:
    """Full Defence taken after acting, and this is the round it gave up."""
    held = fighter.condition("Full Defence")
    return held is not None and held.source == "late" and held.since_round < round_no
