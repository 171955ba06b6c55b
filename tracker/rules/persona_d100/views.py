"""persona-d100 views: affinity row, One More and Baton Pass state, movement bands, words."""

from __future__ import annotations

from tracker.core.model import Combatant, EncounterState, Reminder, slot_owner
from tracker.rules.base import AilmentSpec, TrackView
from tracker.rules.d100 import bonus, movement
from tracker.rules.d100.turns import economy_line, surprised_now
from tracker.rules.display import SummaryPart
from tracker.rules.persona_d100 import readied
from tracker.rules.persona_d100.book import STAGGERED, PersonaBase
from tracker.rules.persona_d100.flight import status_line
from tracker.rules.persona_d100.momentum import BATON, ONE_MORE, chain, foes


def summary_parts(rules: PersonaBase, fighter: Combatant) -> list[SummaryPart]:
    """``W 12/14`` (``L3`` with Lethal Damage, ``+1M`` holding a One More)."""
    wounds = f"{fighter.track('wounds')}/{fighter.limits.get('wounds', 0)}"
    parts = [SummaryPart(f"W {wounds}", f"Wounds {wounds}")]
    lethal = fighter.track(rules.data["zero"]["track"])
    if lethal:
        parts.append(SummaryPart(f"L{lethal}", f"{rules.data['zero']['label']} {lethal}"))
    if fighter.track(ONE_MORE):
        more = fighter.track(ONE_MORE)
        parts.append(SummaryPart(f"+{more}M", f"One More ×{more}", 1))
    return parts


def track_views(rules: PersonaBase, fighter: Combatant) -> list[TrackView]:
    """Wounds, Fate, Lethal Damage, Stamina, Fatigue, One More."""
    views = rules.wound_views(fighter)
    zero = rules.data["zero"]
    if fighter.track(zero["track"]):
        views.append(
            TrackView(
                zero["label"], fighter.track(zero["track"]), -1, "bad", "the GM reads its table"
            )
        )
    for track in ("stamina", "fatigue"):
        if fighter.track(track):
            views.append(TrackView(track.capitalize(), fighter.track(track)))
    if fighter.track(ONE_MORE):
        views.append(
            TrackView(
                "One More",
                fighter.track(ONE_MORE),
                -1,
                "ok",
                "an extra action, a Baton Pass, Stamina or an All-Out Attack",
            )
        )
    return views


def affinity_row(rules: PersonaBase, fighter: Combatant) -> str:
    """``Affinities: Weak Fire, Wind · Resist Ice · Repel Elec`` (Normal left out)."""
    table = fighter.extras.get("affinities", {})
    parts = []
    for name in rules.data["affinities"]["names"]:
        elements = [
            e.capitalize() for e in rules.data["elements"]["regular"] if table.get(e) == name
        ]
        if elements and name != "normal":
            parts.append(f"{name.capitalize()} {', '.join(elements)}")
    return "Affinities: " + (" · ".join(parts) if parts else "all Normal")


def status_lines(rules: PersonaBase, fighter: Combatant, state: EncounterState) -> list[str]:
    """Surprise, economy, affinities, the four ailment rows, momentum, movement, links."""
    lines: list[str] = []
    if surprised_now(state, fighter):
        lines.append(
            f"Surprised: loses the first turn, no Reactions; attacks against it "
            f"+{rules.tables.number('surprise', 'attack_bonus')}"
        )
    if state.phase == "running":
        lines.append(economy_line(fighter, state))
    lines.append(affinity_row(rules, fighter))
    for category in rules.ailments.categories:
        held = fighter.in_category(category)
        shown = ("yes" if category == STAGGERED else held.name) if held else "—"
        lines.append(f"{category}: {shown}")
    lines += momentum_lines(rules, fighter, state)
    lines += evasion_lines(rules, fighter)
    lines += readied.status_lines(fighter, {c.id: c.name for c in state.combatants.values()})
    flying = status_line(rules, fighter, state)
    if flying:
        lines.append(flying)
    if state.current is not None and slot_owner(state.current) == fighter.id:
        lines.append(_moves(rules, fighter))
    links = fighter.extras.get("links", {})
    if links:
        named = [
            f"{state.combatants[k].name if k in state.combatants else k} {v}"
            for k, v in links.items()
        ]
        lines.append(f"Social Links: {', '.join(named)}")
    return lines


def evasion_lines(rules: PersonaBase, fighter: Combatant) -> list[str]:
    """``Heavy Attack: -20 to Evasion until the start of its next turn`` (seed 004 l.192)
    for each declared action that costs Evasion (``[evasion_actions]``)."""
    used = {entry.split(" (", 1)[0].casefold() for entry in fighter.spent}
    return [
        f"{key.title()}: {int(value):+d} to Evasion until the start of its next turn"
        for key, value in rules.data["evasion_actions"].items()
        if key in used
    ]


def momentum_lines(rules: PersonaBase, fighter: Combatant, state: EncounterState) -> list[str]:
    """One More held, Baton Pass bonus, the chain, whether an All-Out Attack is open."""
    lines = []
    held = fighter.track(ONE_MORE)
    if held:
        lines.append(
            f"One More: {held} held — 'act {fighter.id} ACTION onemore', "
            f"'baton {fighter.id} ALLY', 'onemore {fighter.id} stamina'"
        )
        enemies = [
            c
            for c in state.combatants.values()
            if foes(fighter, c) and c.status == "active" and not c.hidden
        ]
        if enemies and all(c.condition(STAGGERED) for c in enemies):
            lines.append(f"All-Out Attack open: every enemy is Staggered ('allout {fighter.id}')")
    if fighter.track(BATON):
        lines.append(
            f"Baton Pass: +{fighter.track(BATON)} to damage or healing, Assisted "
            f"(+{rules.tables.number('baton', 'assisted')})"
        )
    links = chain(state)
    if fighter.id in links:
        names = " → ".join(state.combatants[c].name for c in links if c in state.combatants)
        lines.append(f"Baton chain: {names} (nobody receives twice)")
    return lines


def _moves(rules: PersonaBase, fighter: Combatant) -> str:
    ab = bonus(rules.tables, fighter, "ag")
    bands = movement(rules.tables, ab, int(fighter.extras.get("move", 0)))
    shown = " · ".join(f"{name.capitalize()} {value}" for name, value in bands.items())
    return f"Move: {shown}"


def reminder_actions(reminder: Reminder) -> list[tuple[str, str]]:
    """Every reminder can be dismissed."""
    return [("dismiss", f"dismiss {reminder.who} {reminder.key}")]


def catalogue(rules: PersonaBase, state: EncounterState | None = None) -> list[AilmentSpec]:
    """Staggered, the GM's own ailments from the user file and the encounter's."""
    return [
        AilmentSpec(spec.name, spec.category, spec.summary)
        for spec in rules.ailments.entries(state)
    ]


def player_summary(rules: PersonaBase, fighter: Combatant) -> str:
    """Words, never numbers: unhurt, hurt, badly hurt, down; Staggered; ailments."""
    if fighter.status in ("down", "dead"):
        return fighter.status
    value, top = fighter.track("wounds"), fighter.limits.get("wounds", 0)
    words = "unhurt" if value >= top else "hurt" if value * 2 >= top else "badly hurt"
    held = [
        c.name.casefold() for c in fighter.conditions if c.category in rules.ailments.categories
    ]
    return ", ".join([words, *held])
