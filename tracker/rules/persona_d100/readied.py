"""persona-d100 actions whose effect lands later (seed 004 action list):

- **Aim** (l.208): +10 (Half) or +20 (Full) to the next attack test; lost when the next
  action is not an attack, or when a Reaction comes before the attack.
- **Feint** (l.210): an opposed WS test against one target (``act WHO feint on=T
  pass|fail``); on a success, if it is the next action, the next melee Standard or Called
  attack against that target may not be parried or dodged.
- **Overwatch** (l.196): a kill zone and a trigger (``when=…``); the attack happens the
  moment the trigger is met (``act WHO overwatch fire``) and its targets test Pinning;
  any other action before then ends it.

Each stands as a condition of the ``Action`` category on the one who took it (its row
and the status pane show it) and ends as the text says; the tracker rolls no attack tests,
so the bonus or the rule is named on the attack's line when it is declared."""

from __future__ import annotations

from dataclasses import replace

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, resolve
from tracker.core.model import Combatant, Condition
from tracker.rules.d100.turns import Declared

AIMING, FEINTING, OVERWATCH = "Aim", "Feinting", "Overwatch"
CATEGORY = "Action"
RESULTS = ("pass", "fail")
FIRE = "fire"


def split_words(command: Command) -> tuple[Command, str]:
    """``act`` without its result word (``pass``/``fail``/``fire``), and that word."""
    words = [w for w in command.args[2:] if w.casefold() in (*RESULTS, FIRE)]
    if len(words) > 1:
        raise RuleError(f"one of pass, fail or fire — not {' and '.join(words)}")
    if not words:
        return command, ""
    kept = tuple(w for w in command.args if w.casefold() not in (*RESULTS, FIRE))
    return replace(command, args=kept), words[0].casefold()


def fire(draft: Draft, fighter: Combatant, words: tuple[str, ...]) -> None:
    """``act WHO overwatch fire``: the trigger is met and the declared attack happens."""
    if " ".join(words).casefold() != "overwatch":
        raise RuleError(f"only an Overwatch fires: 'act {fighter.id} overwatch fire'")
    held = fighter.condition(OVERWATCH)
    if held is None:
        raise RuleError(f"{fighter.name} holds no Overwatch: 'act {fighter.id} overwatch' first")
    draft.emit(
        ev.ConditionRemoved,
        who=fighter.id,
        name=OVERWATCH,
        text=f"{fighter.name}'s Overwatch fires: the declared Ranged attack now; after it, "
        "even if it missed, its targets test Pinning or are Pinned where they stood",
    )


def before(draft: Draft, fighter: Combatant, action: Declared) -> str:
    """What the action about to be taken spends or loses: returns the words its log line
    adds (``; Aim: +20 to this attack test``)."""
    notes = [_aim(draft, fighter, action), _feint(draft, fighter, action)]
    if action.kind != "free" and fighter.condition(OVERWATCH) is not None:
        _end(draft, fighter, OVERWATCH, f"{fighter.name} acted first: the Overwatch ends")
    return "".join(f"; {note}" for note in notes if note)


def _aim(draft: Draft, fighter: Combatant, action: Declared) -> str:
    held = fighter.condition(AIMING)
    if held is None or action.kind == "free":
        return ""
    if "attack" in action.subtypes and action.kind != "reaction":
        _end(draft, fighter, AIMING, "")
        return f"Aim: +{held.level} to this attack test"
    why = "a Reaction came first" if action.kind == "reaction" else "the next action is no attack"
    _end(draft, fighter, AIMING, f"{fighter.name}'s Aim is lost: {why}")
    return ""


def _feint(draft: Draft, fighter: Combatant, action: Declared) -> str:
    held = fighter.condition(FEINTING)
    if held is None or action.kind == "free":
        return ""
    target = draft.state.combatants.get(held.source)
    name = target.name if target is not None else held.source
    if action.name in ("standard attack", "called shot") and "ranged" not in action.subtypes:
        _end(draft, fighter, FEINTING, "")
        return f"Feint: if this melee attack is against {name}, {name} may not parry or dodge it"
    _end(draft, fighter, FEINTING, f"{fighter.name}'s Feint is lost: the next action is no attack")
    return ""


def after(
    draft: Draft, fighter: Combatant, action: Declared, result: str, aim: dict[str, int]
) -> None:
    """Aim, Feint or Overwatch taken: its condition stands until it is spent or lost."""
    values = dict(action.values or {})
    if action.name == "aim":
        _put(
            draft,
            fighter,
            AIMING,
            aim[action.kind],
            "",
            f"{fighter.name} aims: "
            f"+{aim[action.kind]} to the next attack test (lost on any other action first)",
        )
    elif action.name == "feint":
        _feinted(draft, fighter, values.get("on", ""), result)
    elif action.name == "overwatch":
        trigger = values.get("when", "the trigger the GM was told")
        _put(
            draft,
            fighter,
            OVERWATCH,
            0,
            trigger,
            f"{fighter.name} is on Overwatch: fires "
            f"when {trigger} ('act {fighter.id} overwatch fire'); any other action ends it",
        )


def check(draft: Draft, fighter: Combatant, action: Declared, result: str) -> None:
    """Refuse before anything is spent: a Feint needs its target and result; a result
    word only on a Feint."""
    if action.name == "feint":
        if not (action.values or {}).get("on") or result not in RESULTS:
            raise RuleError(
                "a Feint is an opposed WS test against one target: "
                f"'act {fighter.id} feint on=TARGET pass' (or '… fail')"
            )
        resolve(draft.state, str((action.values or {})["on"]))
    elif result in RESULTS:
        raise RuleError(f"{action.name.title()} has no test to pass or fail here")


def _feinted(draft: Draft, fighter: Combatant, token: str, result: str) -> None:
    target = draft.state.combatant(resolve(draft.state, token))
    if result == "fail":
        draft.say(f"{fighter.name}'s Feint against {target.name} fails: no effect")
        return
    _put(
        draft,
        fighter,
        FEINTING,
        0,
        target.id,
        f"{fighter.name} feints {target.name}: if "
        f"the next action is a melee Standard or Called attack on {target.name}, it may not "
        "be parried or dodged",
    )


def _put(draft: Draft, fighter: Combatant, name: str, level: int, source: str, text: str) -> None:
    draft.emit(
        ev.ConditionApplied,
        who=fighter.id,
        name=name,
        category=CATEGORY,
        level=level,
        source=source,
        text=text,
    )


def _end(draft: Draft, fighter: Combatant, name: str, text: str) -> None:
    draft.emit(ev.ConditionRemoved, who=fighter.id, name=name, text=text)


def level_words(condition: Condition) -> tuple[str, str] | None:
    """An Aim's badge says its bonus (``Aim +20``, ``Aim+20``); None for other conditions."""
    if condition.name == AIMING and condition.category == CATEGORY:
        return f" +{condition.level}", f"+{condition.level}"
    return None


def status_lines(fighter: Combatant, names: dict[str, str]) -> list[str]:
    """The standing Aim, Feint and Overwatch, said in full for the status pane."""
    lines = []
    aim = fighter.condition(AIMING)
    if aim is not None:
        lines.append(f"Aim: +{aim.level} to the next attack test (lost on any other action)")
    feint = fighter.condition(FEINTING)
    if feint is not None:
        who = names.get(feint.source, feint.source)
        lines.append(
            f"Feint: the next melee Standard or Called attack on {who} cannot be "
            "parried or dodged (if it is the next action)"
        )
    watch = fighter.condition(OVERWATCH)
    if watch is not None:
        lines.append(
            f"Overwatch: fires when {watch.source} — 'act {fighter.id} overwatch "
            "fire'; any other action ends it"
        )
    return lines
