"""The nerv-d100 rule tables, read from the package's ``data.toml`` into typed, frozen records.

Nothing here decides anything: it answers "which location is a 47?", "what does the
leg chart say at 3, with everything above it?", "is Dizzy Physical?" and refuses unknown
names with one sentence listing what is allowed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from tracker.core.errors import RuleError
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.rules.d100 import ConditionSpec, Location
from tracker.rules.readings import readings_from

PHYSICAL, MENTAL, CONDITION, FEAR = "Physical", "Mental", "Condition", "Fear"
AILMENT_CATEGORIES = (PHYSICAL, MENTAL)


ABOVE = re.compile(r" \(as above: (?P<names>[^()]*)\)$")
"""The end of an injury's text naming the rows above it that it carries."""


def above_clause(rows: Sequence[InjuryRow]) -> str:
    """`` (as above: Foot Pain)`` for the rows an injury carries ("" for none)."""
    return f" (as above: {', '.join(row.name for row in rows)})" if rows else ""


def named_above(effect: str) -> tuple[str, ...]:
    """The rows an injury's text says it carries "as above"."""
    match = ABOVE.search(effect)
    return tuple(name.strip() for name in match["names"].split(",")) if match else ()


def without_above(effect: str, name: str) -> str:
    """An injury's text no longer carrying the row ``name`` (treated: it is gone)."""
    kept = [row for row in named_above(effect) if row != name]
    return ABOVE.sub("", effect) + (f" (as above: {', '.join(kept)})" if kept else "")


@frozen_record
class InjuryRow(FrozenRecord):
    """One row of an injury chart and the flags the tracker acts on."""

    chart: str
    score: int
    name: str
    effect: str
    as_above: bool = False
    critical: bool = False
    applies: tuple[str, ...] = ()
    until_healed: tuple[str, ...] = ()
    prone: bool = False
    extra_wound: bool = False
    move_stress: int = 0
    stress: int = 0
    bleeding_returns: bool = False
    fear_test: bool = False
    notes: str = ""


def is_ailment(spec: ConditionSpec) -> bool:
    """Physical and Mental ailments: one per category, +1 Advantage to attackers."""
    return spec.category in AILMENT_CATEGORIES


@frozen_record
class EgoFracture(FrozenRecord):
    """The Ego Fracture rule's names and the stat whose bonus is its grace period."""

    name: str
    collapse: str
    grace_stat: str


@frozen_record
class TestModifier(FrozenRecord):
    """Something the tracker counts in the tests it rolls: a condition held, an injury in
    force or an action declared since the tester's turn began, and the Advantage (or, when
    negative, Disadvantage) it gives to the tests of ``stats`` or ``checks`` (all when
    empty); with ``reading`` (``KEY:CHOICE``) only while the encounter reads so; with
    ``shaking`` only on the shake-off of that condition."""

    advantage: int
    held: str = ""
    injury: str = ""
    declared: str = ""
    stats: tuple[str, ...] = ()
    checks: tuple[str, ...] = ()
    reading: str = ""
    shaking: str = ""

    @property
    def source(self) -> str:
        """What gives it, for the log line (``Dizzy``, ``stem bleeding``)."""
        return self.held or self.injury or self.declared


@frozen_record
class Band(FrozenRecord):
    """A row of a Degrees-of-Failure table."""

    low: int
    high: int
    text: str
    key: str = ""
    name: str = ""
    blocks: tuple[str, ...] = ()
    trauma: int = 0
    helpless: bool = False


@frozen_record
class Check(FrozenRecord):
    """A test the tracker reminds about (Blood Loss, breath, exhaustion)."""

    key: str
    label: str
    stats: tuple[str, ...]
    text: str
    needs: str = ""


@frozen_record
class ActionSpec(FrozenRecord):
    """An action of the economy: its cost in ★, its variation group, extra moves."""

    key: str
    group: str
    stars: int
    moves: int = 0
    cost: tuple[int, int] | None = None
    aliases: tuple[str, ...] = ()
    still: bool = False
    """No Basic Move in the same turn (Heavy Weapon Attack, seed 000 l.98)."""
    combo_only: bool = False
    """Taken only by comboing into it (the Special Combo Actions, seed 000 l.132-133)."""
    shift: int = 0
    """Moves initiative this many points, up or down (Initiative Shift, l.136)."""
    hands_over: bool = False
    """Hands the Combo action to an ally (Pass Off, l.135)."""


def _tuple(value: Any) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if isinstance(value, list) else ()


def _bands(rows: Sequence[Mapping[str, Any]]) -> tuple[Band, ...]:
    return tuple(
        Band(
            low=int(r["min"]),
            high=int(r["max"]),
            text=str(r.get("text", r.get("effect", ""))),
            key=str(r.get("key", "")),
            name=str(r.get("name", "")),
            blocks=_tuple(r.get("blocks")),
            trauma=int(r.get("trauma", 0)),
            helpless=bool(r.get("helpless", False)),
        )
        for r in rows
    )


def band_for(bands: Sequence[Band], degrees: int) -> Band:
    """The row of a Degrees-of-Failure table that ``degrees`` falls in."""
    for band in bands:
        if band.low <= degrees <= band.high:
            return band
    return bands[-1] if degrees > bands[-1].high else bands[0]


class NervTables:
    """Every table of the ruleset, typed, with look-ups that refuse unknown names."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.raw = data
        self.readings = readings_from(data, "nerv-d100 data.toml")
        self.scores: tuple[str, ...] = _tuple(data["scores"]["names"])
        self.skills: tuple[str, ...] = _tuple(data["scores"]["skills"])
        self.kinds: dict[str, str] = dict(data["kinds"])
        self.locations = tuple(_location(row) for row in data["locations"])
        self.charts = {
            name: tuple(_row(name, row) for row in rows) for name, rows in data["charts"].items()
        }
        self.conditions = {spec.name.casefold(): spec for spec in _conditions(data)}
        self.test_modifiers = tuple(
            TestModifier(
                advantage=int(row["advantage"]),
                held=str(row.get("held", "")),
                injury=str(row.get("injury", "")),
                declared=str(row.get("declared", "")),
                stats=_tuple(row.get("stats")),
                checks=_tuple(row.get("checks")),
                reading=str(row.get("reading", "")),
                shaking=str(row.get("shaking", "")),
            )
            for row in data["test_modifiers"]
        )
        self.worse_of: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
            (str(row["held"]), _tuple(row["stats"])) for row in data["test_rerolls"]
        )
        self.checks = {
            c["key"]: Check(
                c["key"], c["label"], _tuple(c["stats"]), c["text"], str(c.get("needs", ""))
            )
            for c in data["checks"]
        }
        self.fear = _bands(data["fear"]["results"])
        self.confused = _bands(data["confused"]["results"])
        self.hallucinating = _bands(data["hallucinating"]["results"])
        self.fate_uses: dict[str, str] = {u["key"]: u["label"] for u in data["fate_uses"]}
        self.actions = tuple(_action(row) for row in data["actions"])
        ego = data["ego_fracture"]
        self.ego = EgoFracture(str(ego["name"]), str(ego["collapse"]), str(ego["grace_stat"]))

    # --- numbers ------------------------------------------------------------------

    def number(self, section: str, key: str) -> int:
        """A whole number from a ``[section]`` table (``number("wounds", "high_damage")``)."""
        return int(self.raw[section][key])

    @property
    def bands(self) -> tuple[str, ...]:
        """Altitude bands, lowest first."""
        return _tuple(self.raw["altitude"]["bands"])

    # --- locations ----------------------------------------------------------------

    def locations_for(self, kind: str) -> tuple[Location, ...]:
        """The locations a combatant of ``kind`` has, in reading order."""
        return tuple(loc for loc in self.locations if loc.fits(kind))

    def location(self, kind: str, name: str) -> Location:
        """The location ``name`` names (key, label or alias); RuleError listing the rest."""
        wanted = " ".join(name.casefold().replace("-", " ").replace("_", " ").split())
        for loc in self.locations_for(kind):
            if wanted in (loc.key, loc.label.casefold(), *loc.aliases):
                return loc
        allowed = ", ".join(loc.key for loc in self.locations_for(kind))
        raise RuleError(f"no location '{name}' — {allowed}")

    def hit_location(self, roll: int) -> Location:
        """The location a d100 hit-location roll lands on."""
        for loc in self.locations:
            if loc.low <= roll <= loc.high:
                return loc
        raise RuleError(f"a hit-location roll must be 1 to 100, not {roll}")

    def weak_spots(self, kind: str) -> tuple[str, ...]:
        """Locations where a hit deals an extra wound for this kind of combatant."""
        return _tuple(self.raw["weak_spots"].get(kind, []))

    # --- injury charts ------------------------------------------------------------

    def chart_row(self, chart: str, score: int) -> InjuryRow:
        """The row of ``chart`` for a total injury score (4 and more read the last row)."""
        rows = self.charts[chart]
        return rows[max(1, min(score, len(rows))) - 1]

    def rows_in_effect(self, chart: str, score: int) -> tuple[InjuryRow, ...]:
        """The row for ``score`` and, while rows say "as above", the rows above it."""
        row = self.chart_row(chart, score)
        found = [row]
        while row.as_above and row.score > 1:
            row = self.chart_row(chart, row.score - 1)
            found.append(row)
        return tuple(found)

    # --- ailments and conditions --------------------------------------------------

    def condition(self, name: str) -> ConditionSpec:
        """The ailment or condition ``name``; RuleError listing the catalogue."""
        spec = self.conditions.get(" ".join(name.casefold().split()))
        if spec is None:
            raise RuleError(f"no ailment or condition '{name}' — {self.catalogue_text()}")
        return spec

    def catalogue_text(self) -> str:
        """``Physical: Burning, …; Mental: …; conditions: …`` for error messages."""
        parts = []
        for category in (*AILMENT_CATEGORIES, CONDITION):
            names = ", ".join(s.name for s in self.conditions.values() if s.category == category)
            parts.append(f"{category if category != CONDITION else 'conditions'}: {names}")
        return "; ".join(parts)

    def critical_effect(self, damage_type: str) -> str:
        """The condition a critical hit of ``damage_type`` inflicts (empty if none)."""
        return str(self.raw["critical_effects"].get(damage_type, ""))

    def damage_types(self) -> tuple[str, ...]:
        """The damage types with a critical effect."""
        return tuple(self.raw["critical_effects"])

    def fear_result(self, dof: int) -> Band:
        """The Fear table row for a failure by ``dof`` degrees."""
        return band_for(self.fear, dof)

    def fear_names(self) -> tuple[str, ...]:
        """Every Fear effect's name."""
        return tuple(band.name for band in self.fear)

    def check(self, key: str) -> Check:
        """A reminded test by key; RuleError listing them."""
        if key not in self.checks:
            raise RuleError(f"no test '{key}' — {', '.join(self.checks)}")
        return self.checks[key]

    # --- actions ------------------------------------------------------------------

    def action(self, name: str) -> ActionSpec:
        """The action ``name`` names; RuleError listing every action."""
        wanted = " ".join(name.casefold().replace("_", " ").split())
        for spec in self.actions:
            if wanted in (spec.key, *spec.aliases) or wanted == spec.key.replace(" ", "-"):
                return spec
        names = ", ".join(a.key for a in self.actions)
        raise RuleError(f"no action '{name}' — move, chance, {names}")


def _location(row: Mapping[str, Any]) -> Location:
    return Location(
        key=row["key"],
        label=row["label"],
        chart=row["chart"],
        low=int(row.get("low", 0)),
        high=int(row.get("high", 0)),
        kinds=_tuple(row.get("kinds")),
        aliases=_tuple(row.get("aliases")),
    )


def _row(chart: str, row: Mapping[str, Any]) -> InjuryRow:
    return InjuryRow(
        chart=chart,
        score=int(row["score"]),
        name=row["name"],
        effect=row["effect"],
        as_above=bool(row.get("as_above", False)),
        critical=bool(row.get("critical", False)),
        applies=_tuple(row.get("applies")),
        until_healed=_tuple(row.get("until_healed")),
        prone=bool(row.get("prone", False)),
        extra_wound=bool(row.get("extra_wound", False)),
        move_stress=int(row.get("move_stress", 0)),
        stress=int(row.get("stress", 0)),
        bleeding_returns=bool(row.get("bleeding_returns", False)),
        fear_test=bool(row.get("fear_test", False)),
        notes=str(row.get("notes", "")),
    )


def _conditions(data: Mapping[str, Any]) -> list[ConditionSpec]:
    specs = []
    for row in [*data["ailments"], *data["conditions"]]:
        specs.append(
            ConditionSpec(
                name=row["name"],
                category=row.get("category", CONDITION),
                summary=row.get("summary", ""),
                shake=_tuple(row.get("shake")),
                blocks=_tuple(row.get("blocks")),
                exploited_by=_tuple(row.get("exploited_by")),
                test=row.get("test", ""),
                reminder=row.get("reminder", ""),
                edge=row.get("edge", ""),
            )
        )
    return specs


def _action(row: Mapping[str, Any]) -> ActionSpec:
    cost = row.get("cost")
    return ActionSpec(
        key=row["key"],
        group=row["group"],
        stars=int(row["stars"]),
        moves=int(row.get("moves", 0)),
        cost=(int(cost[0]), int(cost[1])) if cost else None,
        aliases=_tuple(row.get("aliases")),
        still=bool(row.get("still", False)),
        combo_only=bool(row.get("combo_only", False)),
        shift=int(row.get("shift", 0)),
        hands_over=bool(row.get("hands_over", False)),
    )
