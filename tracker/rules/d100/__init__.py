"""Dark-Heresy-style d100 pieces shared by eva-escale (seed 001) and persona-d100 (seed 004).

Characteristics and their bonuses (the tens digit), d100 tests with degrees of success,
hit locations (the attack roll's digits reversed, or a d100 on the table) and movement
bands (damage and Soak: ``d100_damage``). Every number and name comes from the ruleset's
TOML file; nothing here knows Evangelions or Personas.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.grammar import Command, parse_int
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.records import record_roll
from tracker.rules.common import whole as whole
from tracker.rules.readings import readings_from


def strings(value: Any) -> tuple[str, ...]:
    """A TOML list of strings as a tuple (anything else: empty)."""
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


def folded(name: str) -> str:
    """A name as the GM may type it: lower case, ``-``/``_`` as spaces, single spaces."""
    return " ".join(name.casefold().replace("-", " ").replace("_", " ").split())


@frozen_record
class Location(FrozenRecord):
    """A hit location: its d100 band (``low``..``high``; 0 = called attacks only), the
    kinds that have it (none listed: every kind) and the injury chart it reads from."""

    key: str
    label: str
    low: int = 0
    high: int = 0
    kinds: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    chart: str = ""

    def fits(self, kind: str) -> bool:
        """Whether a combatant of ``kind`` has this location."""
        return not self.kinds or kind in self.kinds


@frozen_record
class ConditionSpec(FrozenRecord):
    """A catalogue entry: ailment or condition, its category and what it changes.

    ``blocks`` lists what it forbids (``actions``, ``moves``, ``parry`` …); ``sets`` the
    characteristics it replaces (On Foot); ``technical`` the damage types that make a hit
    Technical; ``shake`` the stats a shake-off test may use; ``exploited_by`` the damage
    types that exploit it; ``test`` and ``reminder`` what the tracker asks of the GM;
    ``edge`` the attacks on its bearer that gain an Advantage (``melee``).
    """

    name: str
    category: str = ""
    summary: str = ""
    sets: Mapping[str, int] | None = None
    mental: bool = False
    technical: tuple[str, ...] = ()
    blocks: tuple[str, ...] = ()
    shake: tuple[str, ...] = ()
    exploited_by: tuple[str, ...] = ()
    test: str = ""
    reminder: str = ""
    edge: str = ""


class D100Tables:
    """The tables of a d100 ruleset, typed, with look-ups that refuse unknown names."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.raw = data
        self.readings = readings_from(data)
        chars = data["characteristics"]
        self.characteristics = strings(chars["names"])
        self.labels: dict[str, str] = dict(chars.get("labels", {}))
        self.aliases: dict[str, str] = {folded(k): v for k, v in chars.get("aliases", {}).items()}
        self.kinds: dict[str, str] = dict(data["kinds"])
        self.locations = tuple(_location(row) for row in data["locations"])
        self.conditions = {
            folded(spec.name): spec
            for spec in (condition_spec(row) for row in data.get("conditions", []))
        }

    def number(self, section: str, key: str) -> int:
        """A whole number from a ``[section]`` table."""
        return int(self.raw[section][key])

    def word(self, section: str, key: str) -> str:
        """A word from a ``[section]`` table."""
        return str(self.raw[section][key])

    def words(self, section: str, key: str) -> tuple[str, ...]:
        """A list of words from a ``[section]`` table."""
        return strings(self.raw[section][key])

    # --- characteristics ------------------------------------------------------------

    def stat_name(self, word: str) -> str:
        """The characteristic ``word`` names (short name, label or alias)."""
        key = folded(word)
        if key in self.characteristics:
            return key
        if key in self.aliases:
            return self.aliases[key]
        for short, label in self.labels.items():
            if folded(label) == key:
                return short
        raise RuleError(f"no characteristic '{word}' — {', '.join(self.characteristics)}")

    def label(self, stat: str) -> str:
        """``Weapon Skill`` for ``ws``."""
        return self.labels.get(stat, stat.upper())

    # --- locations -------------------------------------------------------------------

    def locations_for(self, kind: str) -> tuple[Location, ...]:
        """The locations a combatant of ``kind`` has (none for hordes)."""
        return tuple(loc for loc in self.locations if kind in loc.kinds)

    def location(self, kind: str, name: str) -> Location:
        """The location ``name`` names (key, label or alias); RuleError listing the rest."""
        wanted = folded(name)
        for loc in self.locations_for(kind):
            if wanted in (loc.key, folded(loc.label), *loc.aliases):
                return loc
        allowed = ", ".join(loc.key for loc in self.locations_for(kind)) or "none"
        raise RuleError(f"no location '{name}' — {allowed}")

    def hit_location(self, kind: str, roll: int) -> Location:
        """The location a d100 result (already reversed) lands on."""
        for loc in self.locations_for(kind):
            if loc.low <= roll <= loc.high:
                return loc
        raise RuleError(f"a hit-location roll must be 1 to 100, not {roll}")

    def condition(self, name: str) -> ConditionSpec | None:
        """The catalogue entry called ``name``, if there is one."""
        return self.conditions.get(folded(name))


def _location(row: Mapping[str, Any]) -> Location:
    return Location(
        key=str(row["key"]),
        label=str(row["label"]),
        low=int(row.get("low", 0)),
        high=int(row.get("high", 0)),
        kinds=strings(row.get("kinds")),
        aliases=tuple(folded(a) for a in strings(row.get("aliases"))),
    )


def condition_spec(row: Mapping[str, Any]) -> ConditionSpec:
    """A catalogue entry from a TOML table (the data file, a user file, the encounter)."""
    name = row.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RuleError("every ailment entry needs a name")
    sets = row.get("sets")
    return ConditionSpec(
        name=name.strip(),
        category=str(row.get("category", "")),
        summary=str(row.get("summary", "")),
        sets={str(k): int(v) for k, v in sets.items()} if isinstance(sets, dict) else None,
        mental=bool(row.get("mental", False)),
        technical=tuple(folded(t) for t in strings(row.get("technical"))),
        blocks=strings(row.get("blocks")),
    )


# --- scores, bonuses and tests --------------------------------------------------------


def score(
    tables: D100Tables, fighter: Combatant, stat: str, lender: Combatant | None = None
) -> int:
    """A characteristic now: a condition may set it (On Foot), else the roster's value,
    else the ``lender``'s (a construct borrows its pilot's), else 0."""
    for held in fighter.conditions:
        spec = tables.condition(held.name)
        if spec is not None and spec.sets and stat in spec.sets:
            return spec.sets[stat]
    if stat in fighter.stats:
        return fighter.stats[stat]
    if lender is not None and stat in tables.words("borrowed", "stats"):
        return score(tables, lender, stat)
    return 0


def bonus(
    tables: D100Tables, fighter: Combatant, stat: str, lender: Combatant | None = None
) -> int:
    """A characteristic bonus: the roster's ``bonuses`` override, else the tens digit."""
    override = fighter.extras.get("bonuses", {}).get(stat)
    held = any(
        (s := tables.condition(c.name)) and s.sets and stat in s.sets for c in fighter.conditions
    )
    if isinstance(override, int) and not held:
        return override
    return max(0, score(tables, fighter, stat, lender) // 10)


# --- hit locations ---------------------------------------------------------------------


def reversed_digits(roll: int) -> int:
    """An attack roll read backwards for the location: 34 → 43, 10 → 1, 100 → 100."""
    if not 1 <= roll <= 100:
        raise RuleError(f"an attack roll must be 1 to 100, not {roll}")
    tens, ones = divmod(roll % 100, 10)
    return ones * 10 + tens or 100


def pick_location(
    draft: Draft, tables: D100Tables, dice: DiceLike, fighter: Combatant, command: Command
) -> Location:
    """``@LOC`` as typed, the attack roll ``hit=NN`` reversed, or a d100 roll (recorded)."""
    if command.location:
        return tables.location(fighter.kind, command.location)
    if "hit" in command.options:
        roll = parse_int(command.options["hit"], "hit (the attack roll)")
        where = tables.hit_location(fighter.kind, reversed_digits(roll))
        draft.say(
            f"Attack roll {roll} reversed is {reversed_digits(roll)}: the {where.label.lower()}"
        )
        return where
    roll = dice.d(100)
    where = tables.hit_location(fighter.kind, roll)
    record_roll(
        draft,
        fighter.id,
        "1d100",
        (roll,),
        total=roll,
        reason="hit location",
        text=f"Hit location on {fighter.name}: d100 {roll} → {where.label}",
    )
    return where


def same_armour_everywhere(tables: D100Tables, fighter: Combatant) -> bool:
    """True when the location would not change the armour (no need to roll one)."""
    values = {fighter.armour.get(loc.key, 0) for loc in tables.locations_for(fighter.kind)}
    return len(values) <= 1


# --- movement -------------------------------------------------------------------------


def movement(tables: D100Tables, ab: int, extra: int = 0) -> dict[str, int]:
    """Half / Full / Charge / Run distances: the half move (AB + extra) times each band."""
    half = ab + extra
    return {
        name: half * int(times)
        for name, times in tables.raw["movement"].items()
        if isinstance(times, int)
    }
