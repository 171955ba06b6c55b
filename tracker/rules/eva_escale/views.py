"""eva-escale views: the initiative row, the body chart, the status pane, what players see."""

from __future__ import annotations

from tracker.core.model import Combatant, EncounterState, Reminder, slot_owner
from tracker.rules.base import AilmentSpec, LocationView, TrackView
from tracker.rules.d100.ruleset import D100Ruleset
from tracker.rules.d100.turns import economy_line, surprised_now
from tracker.rules.display import SummaryPart, joined
from tracker.rules.eva_escale.damage import DEFEAT
from tracker.rules.eva_escale.forces import (
    ON_FOOT,
    aboard,
    commander_id,
    construct_of,
    fate_holder,
    hordes_under,
    is_director,
    is_supcom,
    leading_id,
    pilot_id,
    pilot_of,
)
from tracker.rules.eva_escale.on_foot import why_unable_to_move


def pools(rules: D100Ruleset, fighter: Combatant) -> list[tuple[str, str, int, int]]:
    """(key, label, wounds, max) per location of a construct."""
    return [
        (
            loc.key,
            loc.label,
            fighter.track(f"wounds@{loc.key}"),
            fighter.limits.get(f"wounds@{loc.key}", 0),
        )
        for loc in rules.tables.locations_for(fighter.kind)
        if f"wounds@{loc.key}" in fighter.tracks
    ]


def crippled(rules: D100Ruleset, fighter: Combatant) -> list[str]:
    """Locations of a construct at 0 wounds."""
    return [key for key, _, value, _ in pools(rules, fighter) if value == 0]


def summary_parts(rules: D100Ruleset, fighter: Combatant) -> list[SummaryPart]:
    """``W 12/14`` (``C3`` past 0) or, for a construct, ``W 52/80 ✕1`` (crippled locations)."""
    per = pools(rules, fighter)
    if per:
        wounds = f"{sum(p[2] for p in per)}/{sum(p[3] for p in per)}"
        parts = [SummaryPart(f"W {wounds}", f"Wounds {wounds}")]
        broken = crippled(rules, fighter)
        if broken:
            parts.append(SummaryPart(f"✕{len(broken)}", f"✕{len(broken)} crippled"))
        return parts
    wounds = f"{fighter.track('wounds')}/{fighter.limits.get('wounds', 0)}"
    parts = [SummaryPart(f"W {wounds}", f"Wounds {wounds}")]
    zero = rules.tables.raw["zero"]
    critical = fighter.track(zero["track"])
    if critical:
        parts.append(SummaryPart(f"C{critical}", f"{zero['label']} {critical}"))
    return parts


def track_views(rules: D100Ruleset, fighter: Combatant) -> list[TrackView]:
    """Wounds (one pool), Fate, Critical Damage, Fatigue, and the SupCom's Morale."""
    views = rules.wound_views(fighter)
    zero = rules.tables.raw["zero"]
    total = sum(v for k, v in fighter.tracks.items() if k.split("@")[0] == zero["track"])
    if total:
        views.append(TrackView(zero["label"], total, -1, "bad", "the GM reads its table"))
    if fighter.track("fatigue"):
        views.append(TrackView("Fatigue", fighter.track("fatigue"), -1, "hurt"))
    if is_supcom(fighter):
        views.append(TrackView("Morale", fighter.track("morale"), fighter.limits.get("morale", -1)))
        views.append(
            TrackView(
                "Fate restores",
                fighter.track("restores"),
                rules.tables.number("supcom", "restores"),
            )
        )
    return views


def body(rules: D100Ruleset, fighter: Combatant) -> list[LocationView]:
    """Constructs: one wound pool per location (crippled at 0); others: armour only."""
    per = {key: (value, top) for key, _, value, top in pools(rules, fighter)}
    if not per:
        return rules.armour_body(fighter)
    zero = rules.tables.raw["zero"]
    views = []
    for loc in rules.tables.locations_for(fighter.kind):
        value, top = per.get(loc.key, (0, 0))
        critical = fighter.track(f"{zero['track']}@{loc.key}")
        notes = (f"{zero['label']} {critical}",) if critical else ()
        severity = "crippled" if value == 0 else "hurt" if value < top else "ok"
        views.append(
            LocationView(
                key=loc.key,
                label=loc.label,
                armour=fighter.armour.get(loc.key, 0),
                value=value,
                limit=top,
                injuries=notes,
                severity=severity,
            )
        )
    return views


def status_lines(rules: D100Ruleset, fighter: Combatant, state: EncounterState) -> list[str]:
    """Surprise, the turn economy, pilot and construct, hordes and command, crippling."""
    lines: list[str] = []
    if surprised_now(state, fighter):
        lines.append(
            f"Surprised: loses the first turn, no Reactions; attacks against it "
            f"+{rules.tables.number('surprise', 'attack_bonus')}"
        )
    if state.phase == "running" and not aboard(state, fighter) and fighter.kind != "horde":
        lines.append(economy_line(fighter, state))
    lines += _pilot_lines(rules, fighter, state)
    lines += _command_lines(rules, fighter, state)
    broken = crippled(rules, fighter)
    if broken:
        lines.append(f"Crippled: {', '.join(broken)}")
    return lines


def _pilot_lines(rules: D100Ruleset, fighter: Combatant, state: EncounterState) -> list[str]:
    lines = []
    if pilot_id(fighter):
        pilot = pilot_of(state, fighter)
        name = pilot.name if pilot else pilot_id(fighter).title()
        where = "aboard" if pilot is None or aboard(state, pilot) else "ejected"
        if pilot is not None and pilot.status == "removed":
            where = "recovered, off the field"
        lines.append(f"Pilot: {name} ({where})")
    holder = fate_holder(state, fighter)
    if holder is not fighter:
        lines.append(f"Fate ({holder.name}): {holder.track('fate')}/{holder.limits.get('fate', 0)}")
    construct = construct_of(state, fighter)
    if construct is not None and aboard(state, fighter):
        lines.append(f"Aboard {construct.name}: no turn of their own; its mental effects land here")
    on_foot = fighter.condition(ON_FOOT)
    if on_foot is not None:
        lines.append(
            f"On foot{f', {on_foot.source}' if on_foot.source else ''}: attacks against them "
            f"{rules.tables.number('on_foot', 'to_hit')}; may dodge, never parry; "
            f"moves as AB {rules.tables.number('on_foot', 'movement_ab')}"
        )
        stuck = why_unable_to_move(state, rules.tables, fighter)
        if stuck:
            lines.append(f"Cannot move: {stuck.removeprefix('has ').removeprefix('is ')}")
    return lines


def _horde_line(horde: Combatant, state: EncounterState) -> str:
    """Whose turn the horde acts in, and why when its team leader no longer leads it."""
    cid = leading_id(state, horde)
    boss = state.combatants.get(cid)
    role = "Director" if cid != horde.extras.get("leader") else "team leader"
    if boss is None:
        return f"No {role} '{cid}' in the fight: it cannot act"
    said = f"Acts on {boss.name}'s turn ({role})"
    leader = state.combatants.get(str(horde.extras.get("leader") or ""))
    if cid != commander_id(horde) and leader is not None:
        gone = "has left the fight" if leader.status == "removed" else f"is {leader.status}"
        said += f" — its team leader {leader.name} {gone}"
    return said


def _command_lines(rules: D100Ruleset, fighter: Combatant, state: EncounterState) -> list[str]:
    lines = []
    if fighter.kind == "horde":
        lines.append(_horde_line(fighter, state))
    hordes = hordes_under(state, fighter.id)
    if hordes:
        listed = ", ".join(f"{h.name} ({joined(summary_parts(rules, h))})" for h in hordes)
        lines.append(f"Commands: {listed}")
    if is_supcom(fighter):
        lines.append(
            f"Supreme Commander: Morale {fighter.track('morale')} · Fate restores "
            f"{fighter.track('restores')}/{rules.tables.number('supcom', 'restores')} "
            f"left ('restore {fighter.id} WHO')"
        )
    mine = state.current is not None and slot_owner(state.current) == fighter.id
    if mine and (is_director(fighter) or hordes):
        lines.append(rules.tables.raw["director"]["checklist"])
    return lines


def reminder_actions(reminder: Reminder) -> list[tuple[str, str]]:
    """Ejection: roll it; Critical Damage that may defeat a construct: defeat it;
    everything: dismiss."""
    found: list[tuple[str, str]] = []
    if reminder.key == "eject":
        found.append(("roll ejection", f"eject {reminder.who} roll"))
    if reminder.key == DEFEAT:
        found.append(("defeated", f"defeat {reminder.who}"))
    return [*found, ("dismiss", f"dismiss {reminder.who} {reminder.key}")]


def catalogue(rules: D100Ruleset) -> list[AilmentSpec]:
    """The effects the combat page names (any other name is accepted too)."""
    return [
        AilmentSpec(spec.name, spec.category, spec.summary)
        for spec in rules.tables.conditions.values()
    ]


def player_summary(rules: D100Ruleset, fighter: Combatant) -> str:
    """Words, never numbers: unhurt, hurt, badly hurt, crippled limbs, defeated."""
    if fighter.status in ("down", "dead"):
        return {"down": "defeated", "dead": "destroyed" if fighter.kind != "character" else "dead"}[
            fighter.status
        ]
    per = pools(rules, fighter)
    value = sum(p[2] for p in per) if per else fighter.track("wounds")
    top = sum(p[3] for p in per) if per else fighter.limits.get("wounds", 0)
    words = "unhurt" if value >= top else "hurt" if value * 2 >= top else "badly hurt"
    broken = crippled(rules, fighter)
    extra = [f"{key} crippled" for key in broken]
    if fighter.condition(ON_FOOT) is not None:
        extra.append("on foot")
    return ", ".join([words, *extra])
