"""nerv-d100 views: what the initiative row, body chart, status pane and players see."""

from __future__ import annotations

from tracker.core.model import Combatant, Condition, EncounterState, Reminder, slot_owner
from tracker.core.wording import counted
from tracker.rules.base import AilmentSpec, LocationView, TrackView
from tracker.rules.display import SummaryPart
from tracker.rules.nerv_d100 import disrupt, focus
from tracker.rules.nerv_d100.afflictions import BURNING, thresholds
from tracker.rules.nerv_d100.ailments import ailment_advantage, cannot_evade, melee_edges
from tracker.rules.nerv_d100.economy import groups_used
from tracker.rules.nerv_d100.running import running_target
from tracker.rules.nerv_d100.stats import (
    DECAY,
    ailments,
    blocked_by,
    bonus,
    fear_of,
    injury_rows,
    score,
)
from tracker.rules.nerv_d100.tables import AILMENT_CATEGORIES, NervTables
from tracker.rules.readings import chosen

TEST_WORDS = ("pass", "fail", "roll")


def summary_parts(tables: NervTables, fighter: Combatant) -> list[SummaryPart]:
    """``W 2/4 I1 +1A +1Am``: wounds left, injury points, Advantage attackers gain (and
    melee attackers besides)."""
    wounds = f"{fighter.track('wounds')}/{fighter.limits.get('wounds', 0)}"
    parts = [SummaryPart(f"W {wounds}", f"Wounds {wounds}")]
    if fighter.track("injuries"):
        injuries = fighter.track("injuries")
        parts.append(SummaryPart(f"I{injuries}", f"Injuries {injuries}", 1))
    if ailment_advantage(fighter):
        edge = ailment_advantage(fighter)
        parts.append(SummaryPart(f"+{edge}A", f"attackers +{edge} Advantage", 2))
    runner = running_target(tables, fighter)
    melee = len(melee_edges(tables, fighter)) + (runner.level if runner else 0)
    if melee:
        parts.append(SummaryPart(f"+{melee}Am", f"melee attackers +{melee} Advantage", 2))
    if runner is not None:
        ranged = f"ranged attackers {runner.level} Disadvantage"
        parts.append(SummaryPart(f"-{runner.level}Ar", ranged, 2))
    return parts


def track_views(tables: NervTables, fighter: Combatant) -> list[TrackView]:
    """Wounds, Injuries, Stress, Trauma, Fate (and Burning's damage while it burns)."""
    pb, wb = bonus(fighter, "physique"), bonus(fighter, "will")
    wounds, top = fighter.track("wounds"), fighter.limits.get("wounds", 0)
    injuries, stress, trauma = (fighter.track(t) for t in ("injuries", "stress", "trauma"))
    fatigued = pb + tables.number("stress", "fatigued_over")
    exhausted = pb + tables.number("stress", "exhausted_from")
    unsettled = wb + tables.number("trauma", "unsettled_over")
    views = [
        TrackView("Wounds", wounds, top, _level(wounds == 0, wounds < top)),
        TrackView(
            "Injuries",
            injuries,
            pb,
            _level(injuries > pb, injuries > 0),
            f"incapacitated above {pb}",
        ),
        TrackView(
            "Stress",
            stress,
            -1,
            _level(stress >= exhausted, stress > fatigued),
            f"Fatigued above {fatigued}, Exhausted at {exhausted}",
        ),
        TrackView(
            "Trauma",
            trauma,
            -1,
            _level(False, trauma > unsettled),
            f"Unsettled above {unsettled}, Dysfunctional above "
            f"{wb + tables.number('trauma', 'dysfunctional_over')}",
        ),
        TrackView("Fate", fighter.track("fate"), fighter.limits.get("fate", 0)),
    ]
    if fighter.track(BURNING):
        views.append(
            TrackView(
                "Burning",
                fighter.track(BURNING),
                -1,
                "hurt",
                "damage of the next end-of-round burn",
            )
        )
    return views


def _level(down: bool, hurt: bool) -> str:
    return "down" if down else "hurt" if hurt else "ok"


def body(tables: NervTables, fighter: Combatant) -> list[LocationView]:
    """One view per location (the Core for Angels) with armour and injuries there."""
    views = []
    for loc in tables.locations_for(fighter.kind):
        here = [i for i in fighter.injuries if i.location == loc.key]
        names = tuple(f"{i.score} {i.name}" for i in here)
        worst = max((i.score for i in here), default=0)
        views.append(
            LocationView(
                key=loc.key,
                label=loc.label,
                armour=fighter.armour.get(loc.key, 0),
                injuries=names,
                severity=_level(worst >= 4, worst > 0),
            )
        )
    return views


def status_lines(tables: NervTables, fighter: Combatant, state: EncounterState) -> list[str]:
    """Turn economy, ailments, Fear, disadvantages, injury effects, the rest."""
    lines = _surprise(fighter, state)
    if state.phase == "running":
        lines.append(_economy(tables, fighter, state))
    for category in AILMENT_CATEGORIES:
        held = fighter.in_category(category)
        lines.append(f"{category}: {_ailment(tables, held, fighter, state) if held else '—'}")
    lines.extend(_attackers(tables, fighter))
    lines.extend(disrupt.status_lines(tables, fighter, state))
    lines.extend(focus.status_line(fighter))
    fear = fear_of(fighter)
    if fear is not None:
        first = chosen(tables.readings, state.options, "fear-shake") == "counts"
        edge = f" (+{fear.level + 1} Advantage to shake off)" if first else _failed(fear.level)
        effect = next((f" — {b.text}" for b in tables.fear if b.name == fear.name), "")
        lines.append(f"Fear: {fear.name}{effect}{edge}")
    lines.extend(_limits(tables, fighter))
    lines.extend(_injury_notes(tables, fighter))
    lines.extend(_other(tables, fighter))
    return lines


def _surprise(fighter: Combatant, state: EncounterState) -> list[str]:
    if state.round != 1 or not state.surprised:
        return []
    if fighter.id in (slot_owner(s) for s in state.surprised):
        return ["Surprised: loses the first turn and cannot oppose tests this round"]
    sides = {state.combatant(s).side for s in state.surprised}
    if fighter.side not in sides:
        return ["Ambushing: Advantage on every test in the surprise turn"]
    return []


def _economy(tables: NervTables, fighter: Combatant, state: EncounterState) -> str:
    per_turn = tables.number("economy", "actions")
    mine = state.current is not None and slot_owner(state.current) == fighter.id
    if _first_turn_ahead(fighter, state) and not mine:
        actions = f"Actions {per_turn} from the first turn"  # seed 000: each turn gives two
    else:
        actions = f"Actions {fighter.track('actions')}/{per_turn}"
    moves = f"Move {fighter.track('moves')}"
    chance = (
        "Chance Attack ready"
        if fighter.track("chance") and not ailments(fighter)
        else "no Chance Attack"
    )
    used = ", ".join(groups_used(tables, fighter.spent).values())
    cost = tables.number("exert", "first") + tables.number("exert", "step") * fighter.track(
        "exerts"
    )
    turn = f" · used: {used}" if used and mine else ""
    return f"{actions} · {moves} · {chance} · next Exert {cost} Stress{turn}"


def _first_turn_ahead(fighter: Combatant, state: EncounterState) -> bool:
    """Round 1 and the combatant has not had a turn yet (its Actions are not spent: they
    come with the turn)."""
    return state.round <= 1 and fighter.id not in {slot_owner(s) for s in state.acted}


def _attackers(tables: NervTables, fighter: Combatant) -> list[str]:
    """What attackers gain against the combatant: an Advantage per ailment (any attack),
    one more per Grappled or Prone in melee, and no evasion while Enraged."""
    lines = []
    advantage, melee = ailment_advantage(fighter), melee_edges(tables, fighter)
    if advantage:
        lines.append(f"Attackers +{advantage} Advantage ({counted(advantage, 'ailment')})")
    if melee:
        lines.append(f"Melee attackers +{len(melee)} more Advantage ({', '.join(melee)})")
    runner = running_target(tables, fighter)
    if runner is not None:
        lines.append(f"{runner.name} until its next turn: {runner.words}")
    for name in cannot_evade(tables, fighter):
        lines.append(f"{name}: cannot evade attacks")
    return lines


def _failed(level: int) -> str:
    return f" ({counted(level, 'failed shake-off')}: +{level} Advantage)" if level else ""


def _ailment(tables: NervTables, held: Condition, fighter: Combatant, state: EncounterState) -> str:
    burning = f", Damage {fighter.track(BURNING)}" if held.name == "Burning" else ""
    controller = state.combatants.get(held.source) if held.name == "Dominated" else None
    by = f" by {controller.name}" if controller is not None else ""
    return f"{held.name}{by}{burning}{_vision(tables, held)}{_failed(held.level)}"


def _vision(tables: NervTables, held: Condition) -> str:
    """Hallucinating's vision, fixed by the first DoF "for the entire duration of the
    ailment" (l.283): `` — visual: feels surrounded …``."""
    if held.name != "Hallucinating":
        return ""
    band = next((b for b in tables.hallucinating if b.key == held.source), None)
    return f" — {band.key}: {band.text}" if band is not None else ""


def _limits(tables: NervTables, fighter: Combatant) -> list[str]:
    lines = []
    for what in ("actions", "moves", "opposing"):
        held = blocked_by(fighter, tables, what)
        if held is not None:
            lines.append(f"No {what} ({held.name})")
    held_now = [name for name, (on, _) in thresholds(tables, fighter).items() if on]
    if held_now:
        lines.append(f"{', '.join(held_now)} ({_effects(tables, held_now)})")
    return lines


def _effects(tables: NervTables, names: list[str]) -> str:
    return "; ".join(str(tables.raw["thresholds"][name]) for name in names)


def _injury_notes(tables: NervTables, fighter: Combatant) -> list[str]:
    notes = [f"{row.name}: {row.notes}" for row in injury_rows(fighter, tables) if row.notes]
    return [f"Injury: {note}" for note in notes]


def _other(tables: NervTables, fighter: Combatant) -> list[str]:
    lines = []
    ego = fighter.condition("Ego Fracture")
    if ego is not None:
        lines.append(
            f"Ego Fracture: grace {counted(ego.level, 'turn')}"
            if ego.level
            else "Ego Fracture: another one collapses the ego"
        )
    if "altitude" in fighter.tracks:
        band = tables.bands[fighter.track("altitude")].capitalize()
        falling = " — falling" if fighter.condition("Falling") else ""
        lines.append(f"Altitude: {band}{falling}")
    air = fighter.condition("Suffocating")
    if air is not None:
        lines.append(
            f"Air: {counted(air.rounds, 'round')}"
            if not air.level
            else f"Suffocating unconscious: dies in {counted(air.rounds, 'round')}"
        )
    for track in fighter.tracks:
        if track.startswith(DECAY) and fighter.track(track):
            stat = track[len(DECAY) :]
            lines.append(
                f"{stat.capitalize()} {score(fighter, stat)} (decayed {fighter.track(track)})"
            )
    return lines


def reminder_actions(reminder: Reminder) -> list[tuple[str, str]]:
    """Keys that resolve a reminder: pass / fail / roll, Fear by DoF, dismiss."""
    who, key = reminder.who, reminder.key
    kind, _, name = key.partition(":")
    found: list[tuple[str, str]] = []
    if kind == "shake":
        found = [(word, f"shake {who} {word} {name.casefold()}") for word in TEST_WORDS]
    elif kind == "test":
        found = [(word, f"test {who} {name} {word}") for word in TEST_WORDS]
    elif kind == "fear":
        found = [("pass", f"fear {who} pass"), ("roll", f"fear {who} roll")]
        found += [
            (f"DoF {label}", f"fear {who} dof={label[0]}") for label in ("0-1", "2", "3", "4", "5+")
        ]
    return [*found, ("dismiss", f"dismiss {who} {key}")]


def catalogue(tables: NervTables) -> list[AilmentSpec]:
    """Every ailment (with its category) and condition the GM can give with 'ail'."""
    return [
        AilmentSpec(spec.name, spec.category, spec.summary) for spec in tables.conditions.values()
    ]


def player_summary(fighter: Combatant) -> str:
    """Words, never numbers: unhurt, hurt, badly hurt, injured, gravely injured, down …"""
    if fighter.status in ("down", "dead"):
        return {"down": "down", "dead": "dead"}[fighter.status]
    wounds, top = fighter.track("wounds"), fighter.limits.get("wounds", 0)
    injuries = fighter.track("injuries")
    if injuries:
        words = "gravely injured" if injuries >= bonus(fighter, "physique") else "injured"
    elif wounds >= top:
        words = "unhurt"
    else:
        words = "hurt" if wounds * 2 >= top else "badly hurt"
    troubles = [a.name.casefold() for a in ailments(fighter)]
    if fear_of(fighter) is not None:
        troubles.append("afraid")
    return ", ".join([words, *troubles])
