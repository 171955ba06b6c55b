"""What the core asks of a ruleset and of a dice roller (implemented in tracker.rules)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from tracker.core.draft import Draft
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.grammar import Command
from tracker.core.model import Combatant, EncounterState


class RollLike(Protocol):
    """A recorded roll: the faces and the total."""

    @property
    def expr(self) -> str:
        """The expression rolled, in canonical form."""
        ...

    @property
    def dice(self) -> tuple[int, ...]:
        """Every face rolled, in order."""
        ...

    @property
    def total(self) -> int:
        """The result."""
        ...


class DiceLike(Protocol):
    """A dice roller: random, seeded, or scripted with the GM's real dice."""

    def roll(self, expr: str) -> RollLike:
        """Roll an expression such as ``1d10+4``."""
        ...

    def d(self, sides: int) -> int:
        """Roll one die."""
        ...

    def pool(self, n: int, sides: int = 6) -> tuple[int, ...]:
        """Roll ``n`` dice."""
        ...


Handler = Callable[[Draft, Command, DiceLike], None]


@frozen_record
class Asks(FrozenRecord):
    """What a verb's dialog asks, and what its command line takes.

    ``several``: WHO on the command line may name several combatants (``dmg orc,goblin
    5``), each decided in turn as one command. ``targets``: the dialog asks for ``"one"``
    target or ``"several"`` (which implies ``several``). ``amount``: ``"one"`` — one
    amount (a number, or dice for rulesets that roll it); ``"highest"`` — several
    attackers' dice of which the highest counts (the dialog asks for each, the line
    carries them as words of their own: ``hurt orc 3 5``).
    """

    several: bool = False
    targets: str = "one"
    amount: str = "one"

    @property
    def takes_several(self) -> bool:
        """Whether WHO may name several combatants."""
        return self.several or self.targets == "several"


ONE = Asks()
"""One target, one amount (the default)."""
SEVERAL = Asks(several=True)
"""The command line takes several targets at once; the dialog asks for one."""


@frozen_record
class Verb(FrozenRecord):
    """A command verb: what it does, how to type it, and the code that decides it.

    ``role`` says which of the TUI's actions it plays (``tracker.core.roles``: damage,
    heal, condition, cure, note, add), so keys, dialogs, palette and help find it by
    role, never by name; ``asks`` says what its dialog asks. ``options`` names every
    ``key=value`` option (and bare flag word) the verb reads — a name ending in ``.``
    takes any key starting so (``armour.``); any other option is refused before the verb
    runs. ``None``: the verb declared nothing and is handed every option, as before.
    """

    name: str
    usage: str
    summary: str
    handler: Handler
    role: str = ""
    asks: Asks = ONE
    options: tuple[str, ...] | None = None


class Rules(Protocol):
    """The hooks a ruleset offers the core (see tracker.rules.base.Ruleset)."""

    @property
    def id(self) -> str:
        """The ruleset's id, as encounter files name it."""
        ...

    def prepare(self, entry: Mapping[str, Any], where: str = "") -> Combatant:
        """Build a combatant (tracks and limits set) from a roster table."""
        ...

    def verbs(self) -> Mapping[str, Verb]:
        """The commands this ruleset adds or overrides (``dmg``, ``shake`` …)."""
        ...

    def roll_initiative(self, draft: Draft, slots: Sequence[str], dice: DiceLike) -> None:
        """Emit ``InitiativeSet`` for each slot (and new slots, for card draws)."""
        ...

    def sort_order(self, draft: Draft, dice: DiceLike) -> tuple[str, ...]:
        """The order of every slot with initiative, breaking ties (rolls recorded)."""
        ...

    def takes_turn(self, state: EncounterState, slot: str) -> bool:
        """Whether the slot gets a turn now (the dead do not)."""
        ...

    def on_round_start(self, draft: Draft, dice: DiceLike) -> None:
        """Trigger: a round begins."""
        ...

    def on_round_end(self, draft: Draft, dice: DiceLike) -> None:
        """Trigger: a round ends."""
        ...

    def on_turn_start(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Trigger: a turn begins (reminders for shake-offs, death rolls …)."""
        ...

    def on_turn_end(self, draft: Draft, slot: str, dice: DiceLike) -> None:
        """Trigger: a turn ends (durations count down …)."""
        ...

    def on_status_set(self, draft: Draft, who: str, was: str, dice: DiceLike) -> None:
        """Trigger: the GM set ``who``'s status by hand (``down``, ``dead``, ``revive``);
        ``was`` is the status before (a fall's Fear test, a pilot's ejection …)."""
        ...

    def on_fight_end(self, draft: Draft, answers: Mapping[str, str], dice: DiceLike) -> list[str]:
        """Trigger: the GM ends the fight (``end [key=value …]``, ``answers`` its options),
        before it is marked over: what the rules settle then is settled, and what is still
        pending is returned in words, named in the end's log line."""
        ...
