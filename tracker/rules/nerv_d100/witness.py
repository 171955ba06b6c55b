"""nerv-d100 Fear triggers a fall sets off: witnessing an important ally defeated (seed
000 l.382) and being the only important Eva pilot left against an Angel (l.386).

"Witnessing an important ally (ie. One with fate points) be defeated" is a Fear
trigger, and "once a character has confronted that trigger, pass or fail, they are
immune to it until the start of the next Crisis" (l.380). When a combatant with a Fate
pool is incapacitated, every standing ally of theirs (the party and its allies are one
camp) of a kind that feels Fear, and not in Fear already, gets a Fear test reminder —
once a fight: the track ``fear@ally`` marks the trigger faced. The kinds are
``[fear] ally_witnesses`` in the data file.

When an important Eva (a ``construct`` of the party's camp with a Fate pool) falls and
leaves one other standing while an Angel still fights, that one is "the only important
Eva pilot left in a battle against an Angel": a Fear test reminder, once a fight
(``fear@alone``).

Both run whenever a combatant falls: by the ruleset's damage, an ailment, suffocation,
or the GM's ``down WHO`` / ``dead WHO`` (the ``on_status_set`` hook).
"""

from __future__ import annotations

from tracker.core.draft import Draft
from tracker.core.model import Combatant
from tracker.rules.nerv_d100.stats import fear_of, remind, set_value
from tracker.rules.nerv_d100.tables import NervTables

FACED = "fear@ally"
ALONE = "fear@alone"
EVA, ANGEL = "construct", "angel"
FALLEN = ("down", "dead")
CAMP = ("pc", "ally")


def allies(a: Combatant, b: Combatant) -> bool:
    """The same camp (the party and its allies together, or one side with itself)."""
    return a.id != b.id and (a.side == b.side or {a.side, b.side} <= set(CAMP))


def important(fighter: Combatant) -> bool:
    """One with Fate points: a Fate pool of one or more, spent or not."""
    return fighter.limits.get("fate", 0) > 0


def ally_defeated(draft: Draft, tables: NervTables, who: str) -> None:
    """Remind each ally who sees ``who`` fall of their Fear test (once a fight each)."""
    fallen = draft.state.combatant(who)
    if not important(fallen):
        return
    kinds = tables.raw["fear"]["ally_witnesses"]
    for witness in draft.state.combatants.values():
        if (
            witness.status != "active"
            or witness.kind not in kinds
            or not allies(fallen, witness)
            or witness.track(FACED)
            or fear_of(witness) is not None
        ):
            continue
        set_value(draft, witness.id, FACED, 1)
        remind(
            draft,
            witness.id,
            "fear:ally",
            f"{witness.name} sees {fallen.name}, an important ally, fall — "
            "a Fear trigger: Will or Fortitude (Courage) test",
        )


def fallen(draft: Draft, tables: NervTables, who: str) -> None:
    """Every Fear trigger ``who`` falling sets off (l.382, l.386)."""
    ally_defeated(draft, tables, who)
    last_pilot(draft, who)


def last_pilot(draft: Draft, who: str) -> None:
    """An important Eva fell and one is left against an Angel: its Fear test (l.386)."""
    fallen_eva = draft.state.combatant(who)
    if fallen_eva.kind != EVA or fallen_eva.side not in CAMP or not important(fallen_eva):
        return
    standing = [f for f in draft.state.combatants.values() if f.status == "active"]
    evas = [f for f in standing if f.kind == EVA and f.side in CAMP and important(f)]
    angels = [f for f in standing if f.kind == ANGEL and f.side not in CAMP]
    if len(evas) != 1 or not angels:
        return
    last = evas[0]
    if last.track(ALONE) or fear_of(last) is not None:
        return
    set_value(draft, last.id, ALONE, 1)
    remind(
        draft,
        last.id,
        "fear:alone",
        f"{last.name} is the only important Eva pilot left against {angels[0].name} — "
        "a Fear trigger: Will or Fortitude (Courage) test",
    )
