"""persona-d100 damage: elemental affinities, Critical and Technical hits, Special Damage.

``dmg WHO DAMAGE element=fire tier=1`` reads the target's affinity for the element:
Weak (Staggered, Special Damage, +30 to confirm a critical, −20 to resist the attack's
ailment), Normal, Resist (Toughness Bonus doubled, −30 to confirm), Block (no effect at
all), Repel (the attack turns on the attacker; an attacker who repels it too blocks it)
or Absorb (heals 1d5 + Tier). Almighty has no affinities. A 10 on a damage die (5 on a
d5) may be a Critical Hit: confirmed, a physical attack gains Special Damage and
Staggers (``hits.py``). A Technical Hit (an ailing target and the element its ailment names) gains
Special Damage and ignores Resist. Special Damage adds 1d10, exploding on 10s when it has
two or more sources. The log line opens with the outcome: ``Fire vs Weak: Staggered,
One More``.
"""

from __future__ import annotations

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, named, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import DiceLike
from tracker.core.wording import counted
from tracker.rules.common import words_and_options
from tracker.rules.d100 import folded, pick_location, whole
from tracker.rules.d100.damage import (
    DamageRoll,
    dos_of,
    lose_wounds,
    roll_damage,
    soak_of,
    still_standing,
    unarmed_fatigue,
)
from tracker.rules.persona_d100.book import PersonaBase, technical_for
from tracker.rules.persona_d100.flight import check_reach, ground_note
from tracker.rules.persona_d100.hits import (
    Attack,
    confirm_modifiers,
    critical,
    critical_face,
    special_damage,
)
from tracker.rules.persona_d100.momentum import (
    baton_bonus,
    begin_attack,
    stagger,
    stagger_words,
)

FLAGS = (
    "physical",
    "magic",
    "technical",
    "special",
    "stagger",
    "crit",
    "same",
    "longshot",
    "unarmed",
)
KEYS = ("element", "tier", "pen", "by", "confirm", "test", "cmod", "dos", "hit")


def element_of(rules: PersonaBase, word: str) -> str:
    """The canonical element ``word`` names (empty: none given)."""
    if not word:
        return ""
    key = folded(word)
    elements = rules.data["elements"]
    key = elements.get("aliases", {}).get(key, key)
    if key in (*elements["regular"], elements["almighty"]):
        return str(key)
    raise RuleError(
        f"no element '{word}' — {', '.join(elements['regular'])}, {elements['almighty']}"
    )


def affinity(rules: PersonaBase, fighter: Combatant, element: str) -> str:
    """The combatant's affinity for ``element`` (Normal when unlisted; none to Almighty)."""
    if not element or element == rules.data["elements"]["almighty"]:
        return "normal"
    return str(fighter.extras.get("affinities", {}).get(element, "normal"))


def damage(draft: Draft, command: Command, dice: DiceLike, rules: PersonaBase) -> None:
    """``dmg WHO DAMAGE [element=E] [tier=N] [@LOC|hit=NN] [pen=N] [by=WHO] [technical]
    [special] [stagger] [crit] [physical|magic] [same] [longshot] [unarmed]
    [confirm=pass|fail|test=ws|bs] [cmod=N]``; ``same``: the attacker's previous action
    again (one One More at most); ``longshot``: a weapon that reaches High (GM's call)."""
    state = draft.state
    target = still_standing(who_arg(state, command, 0, "who is hit"))
    command.arg(1, "the damage, e.g. 'dmg pixie 1d10+3 element=fire'")
    flags, values = words_and_options(command, 2, FLAGS, KEYS)
    element = element_of(rules, values.get("element", ""))
    whole(values, "tier", least=0)
    attacker = _attacker(draft, values, target)
    check_reach(rules, attacker, target, element == "melee", "longshot" in flags)
    begin_attack(draft, attacker, "same" in flags)
    physical = (
        "physical" in flags or element in rules.data["elements"]["physical"]
    ) and "magic" not in flags
    attack = Attack(target, attacker, element, physical, flags, values, command)
    attack.note = ground_note(rules, attacker, target)
    aff = affinity(rules, target, element)
    if aff == "block":
        _said(draft, attack, aff, ["no effect at all"], "")
    elif aff == "repel":
        _repel(rules, draft, attack, dice)
    elif aff == "absorb":
        _absorb(rules, draft, attack, target, dice)
    else:
        hit(rules, draft, attack, aff, dice)


def _attacker(draft: Draft, values: dict[str, str], target: Combatant) -> Combatant | None:
    state = draft.state
    if "by" in values:
        return named(state, values["by"])
    acting = state.acting
    return acting if acting is not None and acting.id != target.id else None


def _label(element: str) -> str:
    return element.capitalize() if element else "Untyped"


def _said(draft: Draft, attack: Attack, aff: str, outcome: list[str], detail: str) -> None:
    head = f"{_label(attack.element)} vs {aff.capitalize()}"
    head += f": {', '.join(outcome)}" if outcome else ""
    tail = f" — {attack.target.name}{detail}" if detail else f" — {attack.target.name}"
    draft.emit(ev.Said, who=attack.target.id, text=head + tail + attack.note)


def _repel(rules: PersonaBase, draft: Draft, attack: Attack, dice: DiceLike) -> None:
    attacker = attack.attacker
    if attacker is None:
        raise RuleError(
            f"{attack.target.name} repels {_label(attack.element)}: who attacked? Add by=WHO"
        )
    back = affinity(rules, attacker, attack.element)
    if back == "repel":
        _said(
            draft,
            attack,
            "repel",
            [f"{attacker.name} repels it too, so it is blocked"],
            " reflects the attack back",
        )
        return
    _said(
        draft,
        attack,
        "repel",
        [f"the attack turns on {attacker.name}"],
        f" reflects it back ({attacker.name} is {back.capitalize()})",
    )
    turned = Attack(
        attacker,
        None,
        attack.element,
        attack.physical,
        attack.flags - {"stagger"},
        attack.values,
        attack.command,
    )
    if back == "block":
        _said(draft, turned, back, ["no effect at all"], "")
    elif back == "absorb":
        _absorb(rules, draft, turned, attacker, dice)
    else:
        hit(rules, draft, turned, back, dice)


def _absorb(
    rules: PersonaBase, draft: Draft, attack: Attack, target: Combatant, dice: DiceLike
) -> None:
    tier = whole(attack.values, "tier", rules.tables.number("tiers", "default"), least=0)
    roll = dice.roll(rules.data["affinities"]["absorb"]["heal"])
    amount = roll.total + tier
    before, top = target.track("wounds"), target.limits.get("wounds", 0)
    after = min(top, before + amount)
    _said(
        draft,
        attack,
        "absorb",
        [f"heals {amount}"],
        f" absorbs it: {roll.expr} [{', '.join(map(str, roll.dice))}] + Tier {tier} = {amount}",
    )
    draft.emit(
        ev.TrackSet,
        who=target.id,
        track="wounds",
        value=after,
        text=f"{target.name}: Wounds {before} → {after} (absorbed)",
    )


def hit(rules: PersonaBase, draft: Draft, attack: Attack, aff: str, dice: DiceLike) -> None:
    """Weak, Normal or Resist: damage, Special Damage, criticals, Soak, Stagger, One More."""
    target = attack.target
    where = _where(rules, draft, dice, attack)
    rolled = roll_damage(attack.command.args[1], dice, dos_of(draft, attack.command, attack.values))
    technical = _technical(rules, draft, attack)
    attack.sources += [
        name
        for name, on in (
            ("Weak", aff == "weak"),
            ("Technical", technical),
            ("Special", "special" in attack.flags),
        )
        if on
    ]
    # seed 004 l.155: a Technical Hit ignores Resist — its doubled TB, its -30 to confirm
    # and its +20 to resist the ailment alike (l.108)
    felt = "normal" if technical and aff == "resist" else aff
    mod = confirm_modifiers(rules, attack, felt)
    chance = critical_face(rolled) or "crit" in attack.flags
    crit = critical(rules, draft, dice, attack, rolled, mod) if chance else False
    special = special_damage(rules, draft, dice, attack, mod, chance)
    bonus = baton_bonus(draft, attack.attacker)
    total = rolled.total + sum(special) + bonus
    soak = soak_of(
        rules.tables,
        target,
        where,
        whole(attack.values, "pen"),
        double_tb=felt == "resist",
    )
    lost = max(0, total - soak.value)
    why = _stagger_reasons(attack, aff, crit or "Critical" in attack.sources)
    _outcome(rules, draft, attack, aff, why, technical)
    _said(
        draft,
        attack,
        aff,
        attack.outcome,
        _detail(rolled, special, bonus, total, soak.shown, lost, where),
    )
    if why:
        stagger(draft, target, attack.attacker, why)
    if "unarmed" in attack.flags:
        unarmed_fatigue(draft, rules.tables, target, total)
    lose_wounds(draft, rules.tables, target, lost, target.limits.get("fate", 0) > 0, where)


def _outcome(
    rules: PersonaBase, draft: Draft, attack: Attack, aff: str, why: str, technical: bool
) -> None:
    """The words the log line opens with: Stagger and One More, Technical, ailment tests."""
    if why:
        attack.outcome.insert(0, stagger_words(draft.state, attack.target, attack.attacker))
    if technical and aff == "resist":
        attack.outcome.append("Technical Hit ignores Resist")
    elif aff in ("weak", "resist"):
        resist = rules.data["affinities"][aff]["resist_ailment"]
        attack.outcome.append(f"ailment resist {resist:+d}")


def _where(rules: PersonaBase, draft: Draft, dice: DiceLike, attack: Attack) -> str:
    target, command = attack.target, attack.command
    if (
        not command.location
        and "hit" not in command.options
        and len(set(target.armour.values())) <= 1
        and len(target.armour) in (0, len(rules.tables.locations_for(target.kind)))
    ):
        return "body"
    return pick_location(draft, rules.tables, dice, target, command).key


def _technical(rules: PersonaBase, draft: Draft, attack: Attack) -> bool:
    if "technical" in attack.flags:
        return True
    if not attack.element:
        return False
    held = technical_for(rules.ailments, draft.state, attack.target, attack.element)
    return held is not None


def _stagger_reasons(attack: Attack, aff: str, crit: bool) -> str:
    """Why the hit Staggers (empty: it does not)."""
    why = [
        w
        for w, on in (
            ("Weak", aff == "weak"),
            ("a physical Critical Hit", crit and attack.physical),
            ("the spell's critical effect", "stagger" in attack.flags),
        )
        if on
    ]
    return " and ".join(why)


def _detail(
    rolled: DamageRoll,
    special: tuple[int, ...],
    bonus: int,
    total: int,
    soak: str,
    lost: int,
    where: str,
) -> str:
    parts = [rolled.shown]
    if special:
        parts.append(f"Special {sum(special)}")
    if bonus:
        parts.append(f"Baton {bonus}")
    shown = " + ".join(parts) + (f" = {total}" if len(parts) > 1 else "")
    return (
        f" @{where}: {shown} vs {soak}: {counted(lost, 'wound')}"
        if lost
        else f" @{where}: {shown} vs {soak}: no damage gets through"
    )


def heal(draft: Draft, command: Command, dice: DiceLike, rules: PersonaBase) -> None:
    """``heal WHO N [by=WHO]``: Lethal Damage first, then wounds (+ a Baton Pass rank)."""
    state = draft.state
    fighter = who_arg(state, command, 0, "who is healed")
    amount = command.number(1, "how much to heal")
    if amount < 1:
        raise RuleError("heal 1 or more")
    _, values = words_and_options(command, 2, (), ("by",))
    healer = named(state, values["by"]) if "by" in values else state.acting
    bonus = baton_bonus(draft, healer)
    if bonus:
        draft.say(f"Baton Pass: {healer.name if healer else ''} adds {bonus} to the healing")
    _mend(rules, draft, fighter, amount + bonus)


def _mend(rules: PersonaBase, draft: Draft, fighter: Combatant, amount: int) -> None:
    zero = rules.data["zero"]
    lethal = fighter.track(zero["track"])
    if lethal:
        mended = min(amount, lethal)
        amount -= mended
        draft.emit(
            ev.TrackSet,
            who=fighter.id,
            track=zero["track"],
            value=lethal - mended,
            text=f"{fighter.name}: {mended} {zero['label']} healed",
        )
    before, top = fighter.track("wounds"), fighter.limits.get("wounds", 0)
    if amount and before < top:
        after = min(top, before + amount)
        draft.emit(
            ev.TrackSet,
            who=fighter.id,
            track="wounds",
            value=after,
            text=f"{fighter.name}: Wounds {before} → {after} (healed)",
        )
    elif not lethal:
        raise RuleError(f"{fighter.name} has every wound already")
