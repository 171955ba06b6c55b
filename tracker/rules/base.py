"""The ruleset interface: the hooks a ruleset fills, with defaults that fit most games.

A ruleset is one module (a ``Ruleset`` subclass) plus one TOML data file beside it
holding its tables. The core calls the hooks named in ``tracker.core.protocol.Rules``;
the UI and exports call the *views* (``summary``, ``track_views``, ``body``…) so that
every pane is driven by the ruleset, not by one game.
"""

from __future__ import annotations

import os
import sys
import tomllib
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.flow import name_of
from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.core.protocol import DiceLike, Verb
from tracker.core.roles import role_problems
from tracker.rules.binding import by_name as by_name
from tracker.rules.binding import verb as verb
from tracker.rules.data_cache import parsed_toml
from tracker.rules.display import (
    URGENT_FIRST,
    initiative_line,
    initiative_shown,
)
from tracker.rules.display import AilmentSpec as AilmentSpec
from tracker.rules.display import LocationView as LocationView
from tracker.rules.display import TrackView as TrackView
from tracker.rules.fight_end import no_answers, timed_run_out
from tracker.rules.readings import Reading, reading_verbs, readings_from
from tracker.rules.roster import BASE_KEYS as BASE_KEYS
from tracker.rules.roster import NUMBER_LIMIT as NUMBER_LIMIT
from tracker.rules.roster import RosterError as RosterError
from tracker.rules.roster import check_keys, int_table, roster_traits
from tracker.rules.roster import check_roster_text as check_roster_text
from tracker.rules.ruledata import (
    RuleDataError,
    check_campaign,
    reading,
    rule_data,
    unreadable,
)
from tracker.rules.views import RulesetViews

if TYPE_CHECKING:  # downtime is imported when a campaign or a rest asks for it
    from tracker.rules.downtime import Downtime


class Ruleset(RulesetViews):
    """Base ruleset: define the required hooks (``starting_tracks``, ``verbs``,
    ``summary_parts``, ``track_views``: abstract here) and override the others your game
    needs; each has a documented default.

    Class attributes: ``id`` (the encounter file's ``ruleset``), ``title``,
    ``data_file`` (TOML beside the module, optional), ``theme`` (default theme),
    ``roster_keys`` (extra roster keys and their types), ``descending`` (higher
    initiative acts first), ``tie_die`` (sides of the roll-off die), ``damage_tracks``
    (tracks whose loss counts as damage in recaps; ``track@location`` counts too),
    ``rising_damage_tracks`` (tracks whose rise counts as damage: harm, stress),
    ``stat_names`` (the stats a roster may give; empty: any), ``one_per_category`` (a
    combatant holds one ailment per catalogue category: the shared ``ail`` refuses a
    second, the ailment picker marks it).
    """

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    data_file: ClassVar[str] = ""
    theme: ClassVar[str] = "default-dark"
    roster_keys: ClassVar[dict[str, type]] = {}
    descending: ClassVar[bool] = True
    tie_die: ClassVar[int] = 10
    damage_tracks: ClassVar[tuple[str, ...]] = ("hp", "health", "wounds", "hit points")
    rising_damage_tracks: ClassVar[tuple[str, ...]] = ()
    one_per_category: ClassVar[bool] = False
    stat_names: ClassVar[tuple[str, ...]] = ()
    end_options: ClassVar[tuple[str, ...]] = ()
    """The ``key=value`` options ``end`` takes, handed to :meth:`on_fight_end`."""

    @cached_property
    def data(self) -> dict[str, Any]:
        """The ruleset's TOML data file, parsed (empty if it has none); it sits beside the
        module, in the ruleset's own package (a third-party ruleset's too). A key the code
        asks for and the file lacks is a ``RuleDataError`` naming its place."""
        where = f"{self.id} {self.data_file}"
        if not self.data_file:
            return rule_data({}, where)
        package = sys.modules[type(self).__module__].__package__ or "tracker.rules"
        text = _package_bytes(package, self.data_file)
        where_file = getattr(sys.modules[package], "__file__", None)
        folder = os.path.dirname(where_file) if where_file else None
        try:
            raw = parsed_toml(text, folder, self.data_file)
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
            file = os.path.join(folder, self.data_file) if folder else where
            raise RuleDataError(unreadable(file, text, err)) from None
        return rule_data(raw, where)

    def check_data(self) -> None:
        """Read the data and build every typed table now, at load, so that a slip in the
        data file is one line before the fight rather than an error in the middle of it.
        A ruleset whose ``tables`` are built from the data gets this for free. Its verbs'
        roles are checked too (a role no key knows, one role played twice)."""
        with reading(f"{self.id} {self.data_file or 'data'}"):
            check_campaign(self.data, f"{self.id} {self.data_file or 'data'}")
            tables: Any = getattr(type(self), "tables", None)  # a (cached) property: built
            if hasattr(tables, "__get__"):  # (getattr(self, …, None) would swallow
                tables.__get__(self, type(self))  # an AttributeError raised building it)
            _ = self.readings()
        problems = role_problems(self.verbs())
        if problems:  # a misspelt role would leave its key without a verb, silently
            raise RuleDataError(f"{self.id}: {problems[0]}")

    def readings(self) -> tuple[Reading, ...]:
        """The rules the game's text leaves open, each read one way per encounter or
        campaign: the data file's ``[readings.KEY]`` tables (see ``tracker.rules.readings``)."""
        return self._declared_readings

    @cached_property
    def _declared_readings(self) -> tuple[Reading, ...]:
        return readings_from(self.data, f"{self.id} {self.data_file or 'data'}")

    def reading_verbs(self) -> Mapping[str, Verb]:
        """``reading KEY CHOICE`` (and the older verbs named as aliases), for every ruleset
        alike: the session adds them under the ruleset's own verbs."""
        return reading_verbs(self.readings())

    # --- roster ---------------------------------------------------------------------

    def prepare(self, entry: Mapping[str, Any], where: str = "") -> Combatant:
        """Check a roster table and build the combatant with its tracks set."""
        self.check_keys(entry)
        cid, name = str(entry["id"]), str(entry["name"])
        side = str(entry.get("side", "enemy")).casefold()
        if side not in ("pc", "ally", "enemy", "neutral"):
            raise RosterError(f"side {side!r} of {name} must be pc, ally, enemy or neutral", "side")
        stats = self.int_table(entry.get("stats", {}), "stats")
        self._check_stat_names(stats, name)
        armour = self.int_table(entry.get("armour", {}), "armour")
        extras = {k: v for k, v in entry.items() if k in self.roster_keys}
        fighter = Combatant(
            id=cid,
            name=name,
            side=side,
            kind=str(entry.get("kind", "character")).casefold(),
            stats=stats,
            armour=armour,
            extras=extras,
            hidden=bool(entry.get("hidden", False)),
            notes=str(entry.get("notes", "")),
            traits=roster_traits(entry.get("traits", []), name),
        )
        self.check_fighter(fighter)
        tracks, limits = self.starting_tracks(fighter)
        for track, value in tracks.items():
            if value < 0 or limits.get(track, 0) < -1:
                raise RosterError(
                    f"{name} would start with {track} {value}: a track starts at 0 or more", "stats"
                )
        return Combatant(**{**fighter.__dict__, "tracks": tracks, "limits": limits})

    def _check_stat_names(self, stats: Mapping[str, int], name: str) -> None:
        """A stat the ruleset does not know (``hp`` where it counts ``health``) is refused,
        not kept and ignored, when the ruleset lists its ``stat_names``."""
        known = {n.casefold().replace("_", " ") for n in self.stat_names}
        for stat in stats:
            if known and stat not in known:
                names = ", ".join(sorted(self.stat_names))  # as the GM types them
                raise RosterError(
                    f"{self.id} has no stat {stat!r} (for {name}) — its stats: {names}",
                    f"stats.{stat}",
                )

    def check_fighter(self, fighter: Combatant) -> None:
        """Ruleset-specific roster checks, run before the tracks are built (RosterError)."""
        return None

    def check_keys(self, entry: Mapping[str, Any]) -> None:
        """Unknown keys, missing id/name and wrong types are RosterErrors."""
        check_keys(entry, self.roster_keys)

    @staticmethod
    def int_table(table: Mapping[str, Any], key: str) -> dict[str, int]:
        """A table of whole numbers (stats, armour), names folded to lower case."""
        return int_table(table, key)

    @abstractmethod
    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """Required: current values and maxima of the combatant's tracks at the start."""
        return {}, {}

    def downtime(self) -> Downtime:
        """What outlives a fight and how rest heals, between fights (a campaign)."""
        from tracker.rules.downtime import Downtime

        return Downtime(self)

    # --- initiative -----------------------------------------------------------------

    def initiative(self, fighter: Combatant, dice: DiceLike) -> tuple[int, tuple[int, ...], str]:
        """(value, dice rolled, how it was reached) for one combatant; the log says
        ``NAME initiative HOW`` when ``how`` starts with the value, else ``… VALUE (HOW)``."""
        roll = dice.roll("1d20")
        return roll.total, roll.dice, f"{roll.total} (1d20 {list(roll.dice)})"

    def tie_chain(self, fighter: Combatant) -> tuple[float, ...]:
        """Values compared, in turn, when initiatives tie (higher wins)."""
        return ()

    def roll_initiative(self, draft: Draft, slots: Sequence[str], dice: DiceLike) -> None:
        """Roll and record initiative for each slot."""
        for slot in slots:
            value, rolls, how = self.initiative(draft.state.combatant(slot), dice)
            shown = initiative_shown(self.initiative_words, value)
            text = initiative_line(name_of(draft.state, slot), shown, how)
            draft.emit(ev.InitiativeSet, who=slot, value=value, rolls=rolls, text=text)

    def sort_order(self, draft: Draft, dice: DiceLike) -> tuple[str, ...]:
        """Sort every slot with initiative; exact ties after the chain go to ``break_tie``
        (a template: a ruleset overrides how ties break, not the sort)."""
        state = draft.state
        slots = [
            s
            for s in state.initiative
            if slot_owner(s) in state.combatants and state.combatant(s).status != "removed"
        ]
        self._roll_off_ties(draft, slots, dice)
        return tuple(sorted(slots, key=lambda s: self.order_key(draft.state, s)))

    def order_key(self, state: EncounterState, slot: str) -> tuple[float, ...]:
        """The sort key of a slot: initiative, tie chain, recorded roll-off."""
        sign = -1 if self.descending else 1
        chain = self.tie_chain(state.combatant(slot))
        return (sign * state.initiative[slot], *(-v for v in chain), -state.tiebreak.get(slot, 0))

    def _roll_off_ties(self, draft: Draft, slots: list[str], dice: DiceLike) -> None:
        groups: dict[tuple[float, ...], list[str]] = {}
        for slot in slots:
            key = self.order_key(draft.state, slot)[:-1]
            groups.setdefault(key, []).append(slot)
        for tied in groups.values():
            if len(tied) > 1:
                self.break_tie(draft, tied, dice)

    def break_tie(self, draft: Draft, tied: list[str], dice: DiceLike) -> None:
        """Slots still tied after initiative and the tie chain: record what orders them
        (``InitiativeSet`` with ``tiebreak``). By default each slot without a number of
        its own rolls the ``tie_die``, again until every number in the group differs;
        numbers already rolled stand (one who joins later rolls off against them)."""
        state = draft.state
        kept: dict[str, int] = {}
        for slot in tied:
            value = state.tiebreak.get(slot, 0)
            if value and value not in kept.values():
                kept[slot] = value
        rolling = [slot for slot in tied if slot not in kept]
        if not rolling:
            return
        rolled = self._roll_apart(len(rolling), set(kept.values()), dice)
        numbers = {**kept, **dict(zip(rolling, rolled, strict=True))}
        names = ", ".join(f"{name_of(state, s)} {numbers[s]}" for s in tied)
        for slot in rolling:
            draft.emit(
                ev.InitiativeSet, who=slot, value=state.initiative[slot], tiebreak=numbers[slot]
            )
        draft.say(f"Initiative tie rolled off on d{self.tie_die}: {names}")

    def _roll_apart(self, count: int, taken: set[int], dice: DiceLike) -> list[int]:
        """``count`` rolls of the ``tie_die``, rolled again (at most 20 times) until they
        differ from each other and from ``taken``."""
        for _ in range(20):
            rolls = [dice.d(self.tie_die) for _ in range(count)]
            if len(set(rolls)) == count and not taken & set(rolls):
                break
        return rolls

    # --- turn flow and triggers -----------------------------------------------------

    def takes_turn(self, state: EncounterState, slot: str) -> bool:
        """The dead and removed get no turns; downed enemies neither."""
        fighter = state.combatant(slot)
        if fighter.out_of_fight:
            return False
        return fighter.status != "down" or fighter.side in ("pc", "ally")

    def on_round_start(self, draft: Draft, dice: DiceLike) -> None:
        """Trigger: a round begins."""
        return None

    def on_round_end(self, draft: Draft, dice: DiceLike) -> None:
        """Trigger: a round ends."""
        return None

    def on_turn_start(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Trigger: a turn begins."""
        return None

    def on_turn_end(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Trigger: a turn ends."""
        return None

    def on_status_set(self, draft: Draft, who: str, was: str, dice: DiceLike) -> None:
        """Trigger: the GM set ``who``'s status by hand (``down WHO``, ``dead WHO``,
        ``revive WHO``, the table's keys); ``was`` is the status before. A ruleset whose
        own damage reacts to a fall reacts here too."""
        return None

    def on_fight_end(self, draft: Draft, answers: Mapping[str, str], dice: DiceLike) -> list[str]:
        """Trigger: the GM ends the fight (``end``), before it is marked over. Settle here
        what the text resolves at the fight's end (a fall lands); refuse with a
        ``RuleError`` naming the ``end`` option when the text needs the GM's answer first
        (``end outcome=defeat``, ``answers`` holds the options); return, in a few words
        each, what is still pending (a death roll owed): the end's log line names them.
        The default: conditions counted in rounds that a campaign does not carry are said
        to end with the fight."""
        no_answers(answers, self.id)
        timed_run_out(draft, self.downtime().condition_lasts)
        return []

    # --- commands -------------------------------------------------------------------

    @abstractmethod
    def verbs(self) -> Mapping[str, Verb]:
        """Required: the commands this ruleset adds (dmg, heal, ail …)."""
        return {}

    # --- views for the screen, the player view and exports --------------------------
    # (the view hooks and their defaults are RulesetViews', tracker.rules.views)

    def urgent_badges(self) -> tuple[str, ...]:
        """Condition names whose badges come first on a row, most urgent first (the data
        file's ``[display] urgent``, else the tracker's list)."""
        listed = self.data.get("display", {}).get("urgent")
        if isinstance(listed, list):
            return tuple(str(name).casefold() for name in listed)
        return URGENT_FIRST


def _package_bytes(package: str, name: str) -> bytes:
    """The bytes of the file ``name`` inside ``package``, through the package's own loader
    (as ``pkgutil.get_data``; ``importlib.resources`` costs an import of its own)."""
    module = sys.modules[package]
    loader: Any = getattr(module.__spec__, "loader", None)
    where = getattr(module, "__file__", None)
    if where is not None and hasattr(loader, "get_data"):
        return bytes(loader.get_data(os.path.join(os.path.dirname(where), name)))
    from importlib import resources

    return resources.files(package).joinpath(name).read_bytes()
