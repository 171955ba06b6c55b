"""nerv-d100 Running and Sprinting (seed 000 l.121, l.308): "Until the start of your next
turn, melee attacks against you take an Advantage; Ranged attacks take a Disadvantage"
(Sprinting: two of each).

Declaring ``act WHO running`` (or ``sprinting``) puts the ``Running`` (``Sprinting``)
condition on, its level the Advantages; it ends as the runner's next turn starts. The row
badge, the status pane and every ``dmg`` line against the runner name the edge, so the GM
counts it in the attack roll.
"""

from __future__ import annotations

from tracker.core.draft import Draft
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.model import Combatant
from tracker.rules.nerv_d100.stats import put_on, take_off
from tracker.rules.nerv_d100.tables import NervTables


@frozen_record
class RunningTarget(FrozenRecord):
    """What a runner gives attackers: ``level`` Advantages to melee attacks and as many
    Disadvantages to ranged ones, by the condition ``name``."""

    name: str
    level: int

    @property
    def words(self) -> str:
        """``melee attacks on them +1 Advantage, ranged attacks 1 Disadvantage``."""
        return (
            f"melee attacks on them +{self.level} Advantage, "
            f"ranged attacks {self.level} Disadvantage"
        )


def _rows(tables: NervTables) -> list[dict[str, object]]:
    return list(tables.raw["running"])


def declared(draft: Draft, tables: NervTables, who: str, action: str) -> None:
    """After ``act WHO running|sprinting``: the runner's edge until its next turn starts
    (the larger one when both are declared in a turn)."""
    row = next((r for r in _rows(tables) if r["action"] == action), None)
    if row is None:
        return
    fighter = draft.state.combatant(who)
    level = int(str(row["advantage"]))
    held = running_target(tables, fighter)
    if held is not None and held.level >= level:
        return
    if held is not None:
        take_off(draft, who, held.name, "")
    target = RunningTarget(str(row["condition"]), level)
    put_on(
        draft,
        who,
        target.name,
        "",
        f"{fighter.name} is {target.name} until the start of their next turn: {target.words}",
        level=level,
    )


def running_target(tables: NervTables, fighter: Combatant) -> RunningTarget | None:
    """The runner's edge for attackers, if it ran or sprinted since its last turn began."""
    for row in _rows(tables):
        held = fighter.condition(str(row["condition"]))
        if held is not None:
            return RunningTarget(held.name, max(held.level, int(str(row["advantage"]))))
    return None


def start_of_turn(draft: Draft, tables: NervTables, who: str) -> None:
    """The runner's turn starts: the edge ends."""
    fighter = draft.state.combatant(who)
    held = running_target(tables, fighter)
    if held is not None:
        take_off(draft, who, held.name, f"{fighter.name} is no longer {held.name}")


def attack_note(draft: Draft, tables: NervTables, fighter: Combatant) -> None:
    """On an attack line against a runner, name the edge the attack roll had."""
    held = running_target(tables, fighter)
    if held is not None:
        draft.say(f"{fighter.name} is {held.name}: {held.words}")
