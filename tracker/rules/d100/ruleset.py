"""The base of the Dark-Heresy-style d100 rulesets (eva-escale, persona-d100).

Roster checks (characteristics by short name or label, armour per location, a wound
pool, Fate), initiative 1d10 + Agility Bonus with ties broken by the higher Agility and
then a recorded 1d10 roll-off, an ``add`` that understands the ruleset's own roster keys,
``spend``/``gain`` for the ruleset's resources, ``act`` for the turn economy, and the
views both rulesets draw the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar

from tracker.core import events as ev
from tracker.core import flow
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.joining import join_fight
from tracker.core.model import Combatant, EncounterState, slot_owner
from tracker.core.protocol import DiceLike, Verb
from tracker.rules.base import LocationView, RosterError, Ruleset, TrackView, by_name, verb
from tracker.rules.common import delayer_acts
from tracker.rules.d100 import D100Tables, bonus, folded, score, turns
from tracker.rules.roster import check_kind, refuse_negative

MAX_ROLL_OFFS = 20


class D100Ruleset(Ruleset):
    """Shared roster, initiative, economy and views of the d100 rulesets.

    Subclasses set ``id``, ``data_file`` and may extend ``roster_keys``; ``lender``
    says whose characteristics a combatant borrows (a construct its pilot's).
    """

    roster_keys: ClassVar[dict[str, type]] = {"fate": int, "wounds": object, "bonuses": dict}
    text_keys: ClassVar[tuple[str, ...]] = ()
    table_keys: ClassVar[tuple[str, ...]] = ("bonuses",)
    descending: ClassVar[bool] = True
    act_options: ClassVar[tuple[str, ...]] = turns.ACT_OPTIONS
    """The options the shared ``act`` reads (a ruleset whose action checks read more
    adds them)."""

    @cached_property
    def tables(self) -> D100Tables:
        """The ruleset's tables, typed."""
        return D100Tables(self.data)

    @cached_property
    def actions(self) -> tuple[turns.ActionSpec, ...]:
        """The action list."""
        return turns.action_specs(self.data)

    # --- roster ---------------------------------------------------------------------

    def prepare(self, entry: Mapping[str, Any], where: str = "") -> Combatant:
        """Check kind, characteristics, armour and wounds, then build the combatant."""
        tidy = self.tidy(entry)
        check_kind(tidy, self.tables.kinds)
        return super().prepare(tidy, where)

    def tidy(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        """Characteristics by their short names, ``armour.all`` spread over the body."""
        tidy = dict(entry)
        kind = str(tidy.get("kind", "character")).casefold()
        if isinstance(tidy.get("stats"), dict):
            tidy["stats"] = {self._stat(str(k)): v for k, v in tidy["stats"].items()}
        if isinstance(tidy.get("bonuses"), dict):
            tidy["bonuses"] = {self._stat(str(k)): v for k, v in tidy["bonuses"].items()}
        if isinstance(tidy.get("armour"), dict):
            tidy["armour"] = self.spread(tidy["armour"], kind, "armour")
        return tidy

    def _stat(self, name: str) -> str:
        try:
            return self.tables.stat_name(name)
        except RuleError as err:
            raise RosterError(str(err), f"stats.{name}") from None

    def spread(self, table: Mapping[str, Any], kind: str, key: str) -> dict[str, Any]:
        """A per-location table with ``all = N`` spread to every location of the kind."""
        spread: dict[str, Any] = {}
        if not self.tables.locations_for(kind):
            if set(map(folded, map(str, table))) - {"all"}:
                raise RosterError(f"a {kind} has no locations: {key} = {{ all = N }}", key)
            return {"all": next(iter(table.values()))} if table else {}
        for name, value in table.items():
            if folded(str(name)) == "all":
                for loc in self.tables.locations_for(kind):
                    spread.setdefault(loc.key, value)
                continue
            try:
                spread[self.tables.location(kind, str(name)).key] = value
            except RuleError as err:
                raise RosterError(f"{key}: {err}", f"{key}.{name}") from None
        return spread

    def check_fighter(self, fighter: Combatant) -> None:
        """Characteristics and armour are never below 0; a single wound pool is a whole
        number (subclasses check more)."""
        refuse_negative(fighter, "stats", "armour")
        wounds = fighter.extras.get("wounds")
        if wounds is not None and (
            not isinstance(wounds, int) or isinstance(wounds, bool) or not 0 <= wounds <= 9999
        ):
            raise RosterError(
                f"wounds of {fighter.name} must be a whole number from 0 to 9999", "wounds"
            )
        for stat, value in fighter.extras.get("bonuses", {}).items():
            if not isinstance(value, int):
                raise RosterError(
                    f"bonuses.{stat} of {fighter.name} must be a whole number", f"bonuses.{stat}"
                )

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """Wounds (the roster's, else the data file's default), Fate, the Reaction."""
        wounds = fighter.extras.get("wounds", self.tables.number("wounds", "default"))
        fate = int(fighter.extras.get("fate", 0))
        tracks = {"wounds": int(wounds), "fate": fate, **self.fresh_economy()}
        limits = {"wounds": int(wounds), "fate": fate}
        return tracks, limits

    def fresh_economy(self) -> dict[str, int]:
        """A Reaction ready from the start of the fight (turn actions come with the turn)."""
        return {"reaction": self.tables.number("economy", "reactions")}

    # --- initiative -----------------------------------------------------------------

    def lender(self, state: EncounterState, fighter: Combatant) -> Combatant | None:
        """Whose characteristics ``fighter`` borrows when it has none of its own."""
        return None

    def agility(self, state: EncounterState, fighter: Combatant) -> int:
        """The Agility that orders ties."""
        return score(self.tables, fighter, "ag", self.lender(state, fighter))

    def agility_bonus(self, state: EncounterState, fighter: Combatant) -> int:
        """The Agility Bonus initiative adds."""
        return bonus(self.tables, fighter, "ag", self.lender(state, fighter))

    def needs_initiative_roll(self, state: EncounterState, fighter: Combatant) -> bool:
        """Whether the combatant gets an initiative slot of its own."""
        return True

    def roll_initiative(self, draft: Draft, slots: Sequence[str], dice: DiceLike) -> None:
        """1d10 + Agility Bonus for each slot, the die recorded."""
        for slot in slots:
            fighter = draft.state.combatant(slot)
            if not self.needs_initiative_roll(draft.state, fighter):
                continue
            ab = self.agility_bonus(draft.state, fighter)
            face = dice.d(self.tables.number("initiative", "die"))
            draft.emit(
                ev.InitiativeSet,
                who=slot,
                value=face + ab,
                rolls=(face,),
                text=f"{flow.name_of(draft.state, slot)} initiative {face + ab} "
                f"(1d10 {face} + AB {ab})",
            )

    def order_key(self, state: EncounterState, slot: str) -> tuple[float, ...]:
        """Higher initiative, then higher Agility, then the recorded roll-off."""
        fighter = state.combatant(slot)
        return (
            -state.initiative[slot],
            -self.agility(state, fighter),
            -state.tiebreak.get(slot, 0),
        )

    def break_tie(self, draft: Draft, tied: list[str], dice: DiceLike) -> None:
        """Same initiative and Agility: each rolls 1d10, higher first (again on a tie)."""
        state = draft.state
        known = [state.tiebreak.get(s, 0) for s in tied]
        if all(known) and len(set(known)) == len(known):
            return
        die = self.tables.number("initiative", "tie_die")
        faces: dict[str, list[int]] = {s: [] for s in tied}
        for _ in range(MAX_ROLL_OFFS):
            for slot in tied:
                faces[slot].append(dice.d(die))
            if len({faces[s][-1] for s in tied}) == len(tied):
                break
        ranked = sorted(tied, key=lambda s: faces[s][-1], reverse=True)
        for slot in tied:
            draft.emit(
                ev.InitiativeSet,
                who=slot,
                value=state.initiative[slot],
                rolls=tuple(faces[slot]),
                tiebreak=faces[slot][-1],
            )
        shown = ", ".join(
            f"{flow.name_of(state, s)} {' then '.join(map(str, faces[s]))}" for s in ranked
        )
        draft.say(
            f"Initiative tie at {state.initiative[tied[0]]:g}, same Agility "
            f"{self.agility(state, state.combatant(tied[0]))}: 1d{die} roll-off — "
            f"{shown} → {flow.name_of(state, ranked[0])} goes first"
        )

    # --- shared verbs ---------------------------------------------------------------

    def shared_verbs(self) -> dict[str, Verb]:
        """``act``, ``spend``, ``gain`` (``add`` is the core's, with ``entry_from_options``)."""
        return by_name(
            verb(
                "act",
                "act WHO ACTION [full|half|reaction|free|extended] [attack] "
                "[concentration] [force]",
                "spend an action (no ACTION: a delayer acts now)",
                self._act,
                options=self.act_options,
            ),
            verb(
                "spend",
                "spend WHO RESOURCE [N]",
                "spend Fate or another resource",
                self._spend,
                options=(),
            ),
            verb(
                "gain",
                "gain WHO RESOURCE [N]",
                "regain Fate or another resource",
                self._gain,
                options=(),
            ),
        )

    def entry_from_options(self, cid: str, name: str, options: Mapping[str, str]) -> dict[str, Any]:
        """A roster table from ``add`` options: text keys as text, ``table.key=N`` into
        tables, ``fate``/``wounds`` and other number keys as numbers, the rest stats."""
        entry: dict[str, Any] = {"id": cid, "name": name, "stats": {}}
        for key, value in options.items():
            head, dot, rest = key.partition(".")
            if key in ("side", "kind", *self.text_keys):
                entry[key] = value.casefold() if key in ("side", "kind") else value
            elif key == "hidden":
                entry[key] = value.casefold() in ("", "1", "yes", "true")
            elif dot and head in ("armour", "armor", *self.table_keys):
                table = "armour" if head == "armor" else head
                entry.setdefault(table, {})[rest.replace("_", " ")] = _typed(key, value)
            elif key in self.roster_keys:
                entry[key] = _typed(key, value)
            else:
                entry["stats"][key] = _number(key, value)
        return entry

    def _act(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        if len(command.args) < 2:
            delayer_acts(draft, self, command, dice, "'act {slot} standard attack half'")
            return
        fighter = who_arg(draft.state, command)
        action = self.vet_action(draft.state, fighter, turns.declare(self.actions, command))
        how = turns.spend(draft, self.tables, fighter, action, self.acts_now(draft.state, fighter))
        turns.record(draft, fighter, action, how, self.action_note(draft.state, fighter, action))

    def vet_action(
        self, state: EncounterState, fighter: Combatant, action: turns.Declared
    ) -> turns.Declared:
        """The ruleset's own checks on a declared action (RuleError), and the action as it
        is to be recorded; the kit takes every action as declared."""
        return action

    def action_note(self, state: EncounterState, fighter: Combatant, action: turns.Declared) -> str:
        """Words the ruleset adds to the log line of a declared action (`` · …``)."""
        return ""

    def acts_now(self, state: EncounterState, fighter: Combatant) -> bool:
        """Whether ``fighter`` may take turn actions now (its own turn)."""
        return state.current is not None and slot_owner(state.current) == fighter.id

    def resource_owner(self, state: EncounterState, fighter: Combatant, track: str) -> Combatant:
        """Whose track a resource is (a construct's Fate is its pilot's)."""
        return fighter

    def _spend(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        self._resource(draft, command, -1)

    def _gain(self, draft: Draft, command: Command, dice: DiceLike) -> None:
        self._resource(draft, command, +1)

    def _resource(self, draft: Draft, command: Command, sign: int) -> None:
        fighter = who_arg(draft.state, command, 0, "a combatant")
        names = self.tables.words("resources", "names")
        word = folded(command.arg(1, f"a resource — {', '.join(names)}"))
        if word not in names:
            raise RuleError(f"no resource '{word}' — {', '.join(names)}")
        owner = self.resource_owner(draft.state, fighter, word)
        amount = command.number(2, "an amount", default=1)
        if amount < 1:
            raise RuleError(f"the amount must be 1 or more, not {amount}")
        have = owner.track(word)
        if sign < 0 and have < amount:
            raise RuleError(f"{owner.name} has {have} {word.capitalize()} left")
        top = owner.limits.get(word, -1)
        after = have + sign * amount if top < 0 else min(top, have + sign * amount)
        whose = f" (for {fighter.name})" if owner is not fighter else ""
        draft.emit(
            ev.TrackSet,
            who=owner.id,
            track=word,
            value=after,
            text=f"{owner.name}: {word.capitalize()} {have} → {after}{whose}",
        )

    # --- views ----------------------------------------------------------------------

    def wound_views(self, fighter: Combatant) -> list[TrackView]:
        """Wounds (one pool) and Fate."""
        views: list[TrackView] = []
        if "wounds" in fighter.tracks:
            value, top = fighter.track("wounds"), fighter.limits.get("wounds", 0)
            severity = "down" if value == 0 else "hurt" if value < top else "ok"
            views.append(TrackView("Wounds", value, top, severity))
        if fighter.limits.get("fate"):
            views.append(TrackView("Fate", fighter.track("fate"), fighter.limits["fate"]))
        return views

    def armour_body(self, fighter: Combatant) -> list[LocationView]:
        """Armour per location (single-pool combatants: the pool is a track)."""
        return [
            LocationView(key=loc.key, label=loc.label, armour=fighter.armour.get(loc.key, 0))
            for loc in self.tables.locations_for(fighter.kind)
        ]


def join(draft: Draft, rules: D100Ruleset, fighter: Combatant, dice: DiceLike, text: str) -> None:
    """A prepared combatant enters the fight (its tracks set; initiative if running)."""
    join_fight(draft, rules, fighter, dice, text)


def _number(key: str, value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise RuleError(f"{key}={value}: {key} must be a whole number") from None


def _typed(key: str, value: str) -> int | str:
    """A number when it reads as one, else the text (``affinity.fire=weak``)."""
    return int(value) if value.isascii() and value.lstrip("-").isdigit() else value
