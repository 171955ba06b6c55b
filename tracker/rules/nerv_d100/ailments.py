"""nerv-d100 ailments: ``ail``, ``cure``, ``shake``, ``fracture`` (Fear: ``fear.py``).

One ailment per category (Physical, Mental); a shake-off reminder at the start of the
ailing combatant's turn with +1 Advantage per earlier failure; Shocked's Stress; Ego
Fracture and its grace period.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, named, who_arg
from tracker.core.model import Combatant, Condition
from tracker.core.protocol import DiceLike
from tracker.core.wording import counted
from tracker.rules.common import words_and_options
from tracker.rules.conditions import nothing_to_end
from tracker.rules.d100 import ConditionSpec
from tracker.rules.d100.checks import pass_or_fail
from tracker.rules.nerv_d100 import confusion, shake_turns, until_healed, visions
from tracker.rules.nerv_d100.afflictions import (
    add_stress,
    afflict,
    end_condition,
    sync_thresholds,
)
from tracker.rules.nerv_d100.stats import (
    ailments,
    bonus,
    put_on,
    remind,
    resolve_reminder,
    roll_stat,
    tested_stat,
    whole,
)
from tracker.rules.nerv_d100.tables import FEAR, NervTables, band_for, is_ailment
from tracker.rules.nerv_d100.witness import fallen
from tracker.rules.readings import chosen

DERIVED = ("Fatigued", "Exhausted", "Unsettled", "Dysfunctional")


# --- ail and cure -----------------------------------------------------------------------


def ail(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``ail WHO NAME [replace] [dof=N] [by=WHO]``: one ailment per category."""
    fighter = who_arg(draft.state, command)
    words = [w for w in command.args[1:] if w.casefold() != "replace"]
    replace = len(words) != len(command.args) - 1 or command.flag("replace")
    name = " ".join(words)
    if not name:
        raise RuleError(f"'ail' needs an ailment or condition — {tables.catalogue_text()}")
    folded = name.casefold()
    if folded == "fear" or folded in (n.casefold() for n in tables.fear_names()):
        raise RuleError(f"Fear comes from a failed test: 'fear {fighter.id} dof=N'")
    if folded == tables.ego.name.casefold():
        fracture(draft, tables, fighter.id)
        return
    if folded == "falling":
        raise RuleError(f"a flyer starts falling with 'fall {fighter.id}'")
    if folded in (d.casefold() for d in DERIVED):
        raise RuleError(f"{name} follows Stress and Trauma — use 'gain {fighter.id} stress N'")
    _, values = words_and_options(command, len(command.args), ("replace",), ("dof", "by"))
    spec = tables.condition(name)
    source, why = _variant(draft, tables, spec.name, values)
    afflict(
        draft, tables, fighter.id, spec.name, why=why, replace=replace, strict=True, source=source
    )
    visions.fear_due(draft, tables, fighter.id)
    if spec.name == "Confused" and "dof" in values:
        confusion.turn_decided(draft, tables, fighter.id, whole(values, "dof"))


def _variant(
    draft: Draft, tables: NervTables, name: str, values: dict[str, str]
) -> tuple[str, str]:
    """(source, log note) for ailments whose first roll or controller matters."""
    if name == "Hallucinating":
        band = band_for(tables.hallucinating, whole(values, "dof"))
        return band.key, f"{band.key}: {band.text}"
    if name == "Dominated" and "by" in values:
        controller = named(draft.state, values["by"])
        return controller.id, f"controlled by {controller.name}"
    return "", ""


def cure(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``cure WHO NAME``: end an ailment or condition (``fear`` ends any Fear)."""
    fighter = who_arg(draft.state, command)
    name = " ".join(command.args[1:]).strip()
    held = _held(fighter, name, command.verb)
    if held.name in DERIVED:
        raise RuleError(
            f"{held.name} follows Stress and Trauma — lower them with 'spend {fighter.id} stress N'"
        )
    until_healed.not_kept(tables, fighter, held.name)
    end_condition(draft, fighter.id, held.name, f"{fighter.name} is rid of {held.name}", tables)
    _after_end(draft, fighter, held)
    sync_thresholds(draft, tables, fighter.id)  # Addiction's Fatigued ends with it


def _held(fighter: Combatant, name: str, verb: str) -> Condition:
    """The condition ``name`` names (or the only one held); RuleError listing them."""
    has = [c for c in fighter.conditions if c.name not in DERIVED]
    if not name and len(has) == 1:
        return has[0]
    wanted = name.casefold()
    for held in fighter.conditions:
        if wanted in (held.name.casefold(), held.category.casefold()):
            return held
    named = [c.name for c in fighter.conditions]
    raise nothing_to_end(fighter.name, name, named, verb=verb, noun="ailment or condition")


def _after_end(draft: Draft, fighter: Combatant, held: Condition) -> None:
    """What ends with a condition: Catatonia's Helplessness."""
    helpless = draft.state.combatant(fighter.id).condition("Helpless")
    if held.category == FEAR and helpless is not None and helpless.source == held.name:
        end_condition(draft, fighter.id, "Helpless", f"{fighter.name} is no longer Helpless")


# --- shake-off --------------------------------------------------------------------------


def shakeable(fighter: Combatant, tables: NervTables) -> list[Condition]:
    """Conditions a shake-off test can end: ailments, Fear, temporary blindness …"""
    return [held for held in fighter.conditions if can_shake(held, tables)]


def can_shake(held: Condition, tables: NervTables) -> bool:
    """A shake-off test can end ``held`` (its level counts the failed ones)."""
    spec = tables.conditions.get(held.name.casefold())
    if held.category == FEAR or (spec is not None and is_ailment(spec)):
        return True
    return spec is not None and bool(spec.shake) and held.source != "injury"


def shake_stats(tables: NervTables, held: Condition) -> tuple[str, ...]:
    """The skill, then the score, a shake-off of ``held`` tests."""
    if held.category == FEAR:
        return tuple(tables.raw["fear"]["stats"])
    return tables.conditions[held.name.casefold()].shake


def shake(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    """``shake WHO pass|fail|roll [NAME] [dof=N] [adv=N]``."""
    fighter = who_arg(draft.state, command)
    usage = f"'shake {fighter.id} pass', 'shake {fighter.id} fail' or 'shake {fighter.id} roll'"
    word = command.arg(1, f"a result — {usage}").casefold()
    held = _to_shake(draft, tables, fighter, " ".join(command.args[2:]))
    _, values = words_and_options(command, len(command.args), (), ("dof", "adv"))
    dof = whole(values, "dof")
    shake_turns.once_a_turn(draft, tables, fighter, held)
    if word == "roll":
        advantage = shake_advantage(draft, tables, held) + whole(values, "adv")
        result = roll_stat(
            draft,
            dice,
            tables,
            fighter,
            shake_stats(tables, held),
            advantage,
            f"shake-off {held.name}",
            resist_check(tables, held),
            shaking=held.name,
        )
        passed, dof = result.passed, result.degrees
    else:
        passed = pass_or_fail(word, usage)
    for key in (f"shake:{held.name}", f"grapple:{held.name}"):
        resolve_reminder(draft, fighter.id, key)
    if passed:
        text = f"{fighter.name} shakes off {held.name}"
        end_condition(draft, fighter.id, held.name, text, tables)
        _after_end(draft, fighter, held)
        return
    failures = held.level + 1
    draft.emit(
        ev.ConditionChanged,
        who=fighter.id,
        name=held.name,
        rounds=held.rounds,
        level=failures,
        text=f"{fighter.name} fails to shake off {held.name} (next test +{failures} Advantage)",
    )
    if held.name == "Confused":
        confusion.turn_decided(draft, tables, fighter.id, dof)


def resist_check(tables: NervTables, held: Condition) -> str:
    """The shake-off of an ailment is its "test to resist that Ailment" (l.270), what
    Defend's Advantage covers (l.102); Fear and blindness are plain shake-offs."""
    spec = tables.conditions.get(held.name.casefold())
    ailing = held.category != FEAR and spec is not None and is_ailment(spec)
    return "ailment resistance" if ailing else "shake-off"


def _to_shake(draft: Draft, tables: NervTables, fighter: Combatant, name: str) -> Condition:
    """Which condition a shake-off is for: named, the one reminded, or the only one."""
    options = shakeable(fighter, tables)
    if not options:
        raise RuleError(f"{fighter.name} has nothing to shake off")
    if name:
        wanted = name.casefold()
        for held in options:
            if wanted in (held.name.casefold(), held.category.casefold()):
                return held
        raise RuleError(
            f"{fighter.name} has no '{name}' to shake off — {', '.join(h.name for h in options)}"
        )
    reminded = [
        h
        for h in options
        if any(r.key == f"shake:{h.name}" for r in draft.state.reminders_for(fighter.id))
    ]
    if len(reminded) == 1 or len(options) == 1:
        return (reminded or options)[0]
    raise RuleError(
        f"{fighter.name} could shake off {' or '.join(h.name for h in options)} — "
        f"name one, e.g. 'shake {fighter.id} pass {options[0].name.casefold()}'"
    )


def shake_reminders(draft: Draft, tables: NervTables, who: str) -> None:
    """Start of turn: a shake-off reminder per ailment, Fear or temporary blindness."""
    fighter = draft.state.combatant(who)
    for held in shakeable(fighter, tables):
        if held.name == "Immobilised":
            continue
        stat = tested_stat(fighter, shake_stats(tables, held)).capitalize()
        bonus_text = f" +{held.level} Advantage ({held.level} failed)" if held.level else ""
        remind(
            draft,
            who,
            f"shake:{held.name}",
            f"{fighter.name}: shake off {held.name} — {stat} test{bonus_text}",
        )


def start_of_turn(draft: Draft, tables: NervTables, who: str) -> None:
    """Shake-off reminders, Shocked's Stress, a nightmare's Fear test, what a controller
    chooses (Dominated)."""
    shake_reminders(draft, tables, who)
    fighter = draft.state.combatant(who)
    _controlled_turn(draft, tables, fighter)
    if fighter.condition("Shocked") is not None:
        add_stress(draft, tables, who, 1, "Shocked")
    visions.fear_due(draft, tables, who)


def _controlled_turn(draft: Draft, tables: NervTables, fighter: Combatant) -> None:
    """The line an ailment's ``at_turn_start`` says at the start of the bearer's turn,
    naming the combatant who set it (Dominated's controller, l.281)."""
    for row in tables.raw["ailments"]:
        held = fighter.condition(str(row["name"]))
        controller = draft.state.combatants.get(held.source) if held is not None else None
        if row.get("at_turn_start") and controller is not None:
            said = str(row["at_turn_start"])
            draft.say(said.format(controller=controller.name, bearer=fighter.name))


# --- Ego Fracture -------------------------------------------------------------------------


def fracture(draft: Draft, tables: NervTables, who: str) -> None:
    """An Ego Fracture; a second outside the grace period collapses the ego (seed 000
    l.373-377: the grace period is Will Bonus turns)."""
    fighter = draft.state.combatant(who)
    ego = tables.ego
    held = fighter.condition(ego.name)
    grace = bonus(fighter, ego.grace_stat)
    if held is None:
        put_on(
            draft,
            who,
            ego.name,
            "Condition",
            f"{fighter.name}'s AT Field fractures: {ego.name} until the next Downtime "
            f"(grace period {counted(grace, 'turn')})",
            level=grace,
        )
        return
    if held.level > 0:
        draft.say(
            f"{fighter.name} suffers another {ego.name} within the grace period "
            f"({counted(held.level, 'turn')} left): the ego holds"
        )
        return
    put_on(
        draft,
        who,
        ego.collapse,
        "Condition",
        f"{fighter.name}'s ego collapses into LCL: a second {ego.name}",
    )
    if fighter.status == "active":
        draft.emit(
            ev.StatusChanged,
            who=fighter.id,
            status="down",
            text=f"{fighter.name} is lost in the LCL (death state until reconstituted)",
        )
        fallen(draft, tables, fighter.id)


def grace_countdown(draft: Draft, tables: NervTables, who: str) -> None:
    """End of the bearer's turn: one turn less of Ego Fracture grace."""
    fighter = draft.state.combatant(who)
    name = tables.ego.name
    held = fighter.condition(name)
    if held is None or held.level <= 0:
        return
    left = held.level - 1
    text = f"{fighter.name}: the {name} grace period is over" if left == 0 else ""
    draft.emit(
        ev.ConditionChanged, who=fighter.id, name=name, rounds=held.rounds, level=left, text=text
    )


def shake_advantage(draft: Draft, tables: NervTables, held: Condition) -> int:
    """A shake-off's Advantage: one per failed shake-off (l.270, l.389), and one more for
    the failed Fear test itself when the encounter reads it as the first failure."""
    first = (
        held.category == FEAR
        and chosen(tables.readings, draft.state.options, "fear-shake") == "counts"
    )
    return held.level + (1 if first else 0)


def ailment_advantage(fighter: Combatant) -> int:
    """Advantage attackers gain against ``fighter``: one per ailment."""
    return len(ailments(fighter))


def melee_edges(tables: NervTables, fighter: Combatant) -> list[str]:
    """The conditions that give melee attacks against ``fighter`` one more Advantage each
    (seed 000: Grappled l.92, l.301; Prone l.305)."""
    return [c.name for c in fighter.conditions if _known(tables, c).edge == "melee"]


def cannot_evade(tables: NervTables, fighter: Combatant) -> list[str]:
    """The conditions that forbid ``fighter`` to evade (Enraged, seed 000 l.285)."""
    return [c.name for c in fighter.conditions if "evasion" in _known(tables, c).blocks]


def _known(tables: NervTables, held: Condition) -> ConditionSpec:
    """The catalogue entry of a held condition (an empty one for those outside it)."""
    return tables.conditions.get(" ".join(held.name.casefold().split()), ConditionSpec(held.name))
