"""The ``nerv-d100`` ruleset (seed 000): a d100 Evangelion homebrew at human scale.

The class wires the roster, initiative, turn triggers, commands and views to the
modules beside it; every table is in ``data.toml``. How it reads the rules is
written up in docs/rulesets/nerv-d100.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, Condition, EncounterState, Reminder, slot_owner
from tracker.core.protocol import DiceLike, Verb
from tracker.rules.base import (
    AilmentSpec,
    LocationView,
    RosterError,
    Ruleset,
    TrackView,
)
from tracker.rules.d100 import one_turn
from tracker.rules.display import SummaryPart
from tracker.rules.fight_end import no_answers
from tracker.rules.nerv_d100 import ailments as ailing
from tracker.rules.nerv_d100 import conditions as lasting
from tracker.rules.nerv_d100 import (
    confusion,
    defend,
    disrupt,
    economy,
    fate_tests,
    holds,
    running,
    views,
    witness,
)
from tracker.rules.nerv_d100.damage import burn
from tracker.rules.nerv_d100.initiative import check_advantage, opposed_grace_ties
from tracker.rules.nerv_d100.stats import bonus, nothing_owed, score
from tracker.rules.nerv_d100.tables import NervTables
from tracker.rules.nerv_d100.verb_table import nerv_verbs
from tracker.rules.roster import check_kind

if TYPE_CHECKING:  # downtime is imported when a campaign or a rest asks for it
    from tracker.rules.nerv_d100.downtime import NervDowntime

EXTRAS_IN_STATS = ("fate", "advantage", "wounds")


class NervRules(Ruleset):
    """Wound pool and per-location injury charts, one ailment per category, Fear, Fate.

    Roster: ``stats`` (scores: grace, might, physique, will, brains, senses, fellowship;
    skills such as endurance or fortitude), ``armour`` per location, ``kind`` (character,
    construct, angel), and optional ``fate``, ``advantage`` (starting Advantage),
    ``wounds`` (max, default Physique Bonus), ``bonuses`` (overrides), ``altitude``.
    """

    id: ClassVar[str] = "nerv-d100"
    title: ClassVar[str] = "NERV d100 (wounds, injuries by location, ailments)"
    data_file: ClassVar[str] = "data.toml"
    theme: ClassVar[str] = "nerv"
    one_per_category: ClassVar[bool] = True
    roster_keys: ClassVar[dict[str, type]] = {
        "fate": int,
        "advantage": int,
        "wounds": int,
        "bonuses": dict,
        "altitude": str,
    }
    descending: ClassVar[bool] = True

    @cached_property
    def tables(self) -> NervTables:
        """The ruleset's tables, typed."""
        return NervTables(self.data)

    # --- roster ---------------------------------------------------------------------

    def prepare(self, entry: Mapping[str, Any], where: str = "") -> Combatant:
        """Check scores, kind, armour locations and bonuses, then build the combatant."""
        entry = self._tidy(entry)
        check_kind(entry, self.tables.kinds)
        fighter = super().prepare(entry, where)
        self._check_names(fighter)
        return fighter

    def _tidy(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """Lift ``fate=2``, ``bonus.physique=6`` and ``armour.left-arm`` typed on 'add'."""
        tidy = dict(entry)
        stats = dict(tidy.get("stats", {})) if isinstance(tidy.get("stats"), dict) else {}
        bonuses = dict(tidy.get("bonuses", {})) if isinstance(tidy.get("bonuses"), dict) else {}
        for key in list(stats):
            if key in EXTRAS_IN_STATS and key not in tidy:
                tidy[key] = stats.pop(key)
            elif key.startswith(("bonus.", "bonuses.")):
                bonuses[key.split(".", 1)[1]] = stats.pop(key)
        if "stats" in tidy:
            tidy["stats"] = {k.casefold(): v for k, v in stats.items()}
        if bonuses:
            tidy["bonuses"] = {str(k).casefold(): v for k, v in bonuses.items()}
        if isinstance(tidy.get("armour"), dict):
            tidy["armour"] = self._armour(tidy["armour"], str(tidy.get("kind", "character")))
        return tidy

    def _armour(self, armour: Mapping[str, Any], kind: str) -> dict[str, Any]:
        spread: dict[str, Any] = {}
        for name, value in armour.items():
            if str(name).casefold() == "all":
                for loc in self.tables.locations_for(kind.casefold()):
                    spread.setdefault(loc.key, value)
                continue
            try:
                key = self.tables.location(kind.casefold(), str(name)).key
            except RuleError as err:
                raise RosterError(f"armour: {err}", f"armour.{name}") from None
            spread[key] = value
        return spread

    def _check_names(self, fighter: Combatant) -> None:
        known = (*self.tables.scores, *self.tables.skills)
        for stat in fighter.stats:
            if stat not in known:
                raise RosterError(
                    f"no stat '{stat}' for {fighter.name} — scores: "
                    f"{', '.join(self.tables.scores)}; skills: "
                    f"{', '.join(self.tables.skills)}",
                    f"stats.{stat}",
                )
        for stat, value in fighter.extras.get("bonuses", {}).items():
            if stat not in self.tables.scores or not isinstance(value, int):
                raise RosterError(
                    f"bonuses.{stat} of {fighter.name} must be a whole number "
                    f"for one of {', '.join(self.tables.scores)}",
                    f"bonuses.{stat}",
                )

    def check_fighter(self, fighter: Combatant) -> None:
        """An altitude is one of the bands (checked before the tracks are built from it)."""
        super().check_fighter(fighter)
        check_advantage(fighter)
        altitude = fighter.extras.get("altitude")
        if altitude is not None and str(altitude).casefold() not in self.tables.bands:
            raise RosterError(
                f"altitude of {fighter.name} must be {', '.join(self.tables.bands)}", "altitude"
            )

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """Wounds (max = Physique Bonus unless given), Injuries, Stress, Trauma, Fate, economy."""
        wounds = int(fighter.extras.get("wounds", bonus(fighter, "physique")))
        fate = int(fighter.extras.get("fate", 0))
        tracks = {
            "wounds": wounds,
            "injuries": 0,
            "stress": 0,
            "trauma": 0,
            "fate": fate,
            "exerts": 0,
            "actions": 0,
            "moves": 0,
            "chance": 1,
        }
        limits = {"wounds": wounds, "fate": fate}
        altitude = fighter.extras.get("altitude")
        if altitude is not None:
            tracks["altitude"] = self.tables.bands.index(str(altitude).casefold())
        return tracks, limits

    def downtime(self) -> NervDowntime:
        """Short and Long Downtime between fights (seed 000)."""
        from tracker.rules.nerv_d100.downtime import NervDowntime

        return NervDowntime(self)

    # --- initiative -----------------------------------------------------------------

    def initiative(self, fighter: Combatant, dice: DiceLike) -> tuple[int, tuple[int, ...], str]:
        """Grace Bonus + 1 per starting Advantage (no dice)."""
        gb = bonus(fighter, "grace")
        advantage = int(fighter.extras.get("advantage", 0))
        value = gb + advantage * self.tables.number("initiative", "per_advantage")
        extra = f" +{advantage} Advantage" if advantage else ""
        return value, (), f"{value} (Grace Bonus {gb}{extra})"

    def tie_chain(self, fighter: Combatant) -> tuple[float, ...]:
        """Ties: the higher Grace score, then the larger Fate pool."""
        return (score(fighter, "grace"), fighter.track("fate"))

    def break_tie(self, draft: Draft, tied: list[str], dice: DiceLike) -> None:
        """Still tied after initiative and the chain: an opposed Grace test, recorded."""
        opposed_grace_ties(draft, self.tables, tied, dice)

    # --- triggers -------------------------------------------------------------------

    def on_turn_start(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Fresh actions, Defend lapsing (or kept for the shake-off), shake-off and test
        reminders, Shocked's Stress — once a round (``one_turn``)."""
        if not one_turn.first_start(draft, slot):
            return
        who = slot_owner(slot)
        economy.fresh_turn(draft, self.tables, who)
        defend.start_of_turn(draft, self.tables, who)
        disrupt.start_of_turn(draft, who, lambda cid: self.takes_turn(draft.state, cid))
        running.start_of_turn(draft, self.tables, who)
        ailing.start_of_turn(draft, self.tables, who)
        lasting.start_of_turn(draft, self.tables, who)

    def on_turn_end(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Unused actions lapse; a Defend kept for the shake-off ends; Ego Fracture grace
        counts down — once a round (``one_turn``)."""
        if not one_turn.first_end(draft, slot):
            return
        who = slot_owner(slot)
        economy.turn_over(draft, who)
        confusion.turn_over(draft, self.tables, who)
        defend.end_of_turn(draft, self.tables, who)
        ailing.grace_countdown(draft, self.tables, who)

    def on_status_set(self, draft: Draft, who: str, was: str, dice: DiceLike) -> None:
        """The GM's ``down WHO`` / ``dead WHO``: a fall sets off the Fear triggers the
        ruleset's own damage does (an important ally defeated, l.382; the last Eva pilot
        left against an Angel, l.386); the dead owe no more tests."""
        if was not in witness.FALLEN and draft.state.combatant(who).status in witness.FALLEN:
            witness.fallen(draft, self.tables, who)
        if draft.state.combatant(who).status == "dead":
            nothing_owed(draft, who)

    def on_round_end(self, draft: Draft, dice: DiceLike) -> None:
        """Burning burns; suffocation, bleeding at Physique 0 and falls run on."""
        for fighter in list(draft.state.active):
            if not fighter.out_of_fight and fighter.condition("Burning") is not None:
                burn(draft, self.tables, dice, fighter.id)
        lasting.end_of_round(draft, self.tables, dice)

    def on_fight_end(self, draft: Draft, answers: Mapping[str, str], dice: DiceLike) -> list[str]:
        """A fall still under way lands, its crash with it (seed 000 l.77)."""
        no_answers(answers, self.id)
        lasting.falls_end(draft, self.tables, dice)
        return []

    # --- commands -------------------------------------------------------------------

    def verbs(self) -> Mapping[str, Verb]:
        """Damage, ailments, Fear, tests, the action economy, resources, downtime, flight."""
        return nerv_verbs(self.tables, self)

    # --- views ----------------------------------------------------------------------

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``W 2/4 I1 +1A`` / ``Wounds 2/4 Injuries 1 attackers +1 Advantage``."""
        return views.summary_parts(self.tables, fighter)

    def level_words(self, condition: Condition) -> tuple[str, str]:
        """A shake-off's level counts the failed tests: ``Burning ×1 failed``, ``Burn✗1``."""
        if condition.level > 0 and ailing.can_shake(condition, self.tables):
            return f" ×{condition.level} failed", f"✗{condition.level}"
        return super().level_words(condition)

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """Wounds, Injuries, Stress, Trauma, Fate."""
        return views.track_views(self.tables, fighter)

    def body(self, fighter: Combatant) -> list[LocationView]:
        """Head, body, arms, legs (and the Core for Angels)."""
        return views.body(self.tables, fighter)

    def status_lines(self, fighter: Combatant, state: EncounterState) -> list[str]:
        """Actions left, ailments, Fear, disadvantages, injury effects."""
        return views.status_lines(self.tables, fighter, state)

    def reminder_actions(self, reminder: Reminder) -> list[tuple[str, str]]:
        """pass / fail / roll keys for shake-offs and tests; Fear by DoF; holds."""
        if reminder.key.startswith(holds.PREFIX):
            return holds.reminder_actions(self.tables, reminder.who, reminder.key)
        return views.reminder_actions(reminder)

    def catalogue(self) -> list[AilmentSpec]:
        """Physical and Mental ailments and the conditions."""
        return views.catalogue(self.tables)

    def suffered(self, name: str, category: str) -> bool:
        """Not Running or Sprinting (l.121, 308), Defending (l.102) or a Fate held for the
        next test (l.262): the combatant's own doing, not an ailment suffered; nor the Idle
        turn Confusion brings (l.282): the ailment is Confused, listed already."""
        own = {str(row["condition"]) for row in self.tables.raw["running"]}
        own.add(str(self.tables.raw["defend"]["condition"]))
        own.add(str(self.tables.raw["confused"]["idle"]))
        return category != fate_tests.CATEGORY and name not in own

    def player_summary(self, fighter: Combatant) -> str:
        """Words, no numbers."""
        return views.player_summary(fighter)
