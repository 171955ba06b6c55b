"""wrath-glory's commands as a table — name, usage, summary, the function that decides
it, what of the ruleset it is given after ``(draft, command, dice)`` (``core``: the
ruleset as the core's ``Rules``, ``data``: its data file; anything else as it stands),
and the bare words read as flags — with the commands that only take Shock and Wounds,
Wrath, Glory and Reloads by hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, who_arg
from tracker.core.model import Combatant
from tracker.core.protocol import SEVERAL, DiceLike, Verb
from tracker.core.verbs import dismiss_reminders
from tracker.rules.common import resource_verbs_check, shift_track
from tracker.rules.verb_table import USUAL_ROLES, Roles, bound_table
from tracker.rules.wrath_glory import attack, effects, interaction, options, order
from tracker.rules.wrath_glory import damage as wounds
from tracker.rules.wrath_glory.dice import GLORY, add_glory, glory

Data = Mapping[str, Any]


def damage(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``dmg WHO DR``: compare with Resilience; ``soak`` rolls Toughness (or ``soak=N``)."""
    fighter = who_arg(draft.state, command)
    rating = command.number(1, "a Damage Rating", example="dmg ork 10 bd=2")
    hit = wounds.Hit(
        rating=rating,
        bonus_dice=command.option_int("bd"),
        mortal=command.option_int("mortal"),
        soak=wounds.soak_pool(fighter, command),
        reroll=command.flag("wrath"),
    )
    wounds.resolve_hit(draft, dice, data, fighter.id, hit)


def wound(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``wound WHO N``: Wounds that skip Resilience and Soak (Mortal Wounds)."""
    fighter = who_arg(draft.state, command)
    _direct(draft, data, fighter, command.number(1, "a number of Wounds"), "wounds")


def shock(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``shock WHO N``: Shock taken directly."""
    fighter = who_arg(draft.state, command)
    _direct(draft, data, fighter, command.number(1, "an amount of Shock"), "shock")


def _direct(draft: Draft, data: Data, fighter: Combatant, amount: int, track: str) -> None:
    if amount < 1:
        raise RuleError(f"{track.capitalize()} taken must be 1 or more — 'heal' restores")
    if fighter.status == "dead":
        raise RuleError(f"{fighter.name} is dead already")
    wounds.apply_loss(draft, data, fighter.id, attack=True, **{track: amount})


def heal(draft: Draft, command: Command, dice: DiceLike) -> None:
    """``heal WHO N [shock]``: restore Wounds (waking the unconscious) or Shock."""
    fighter = who_arg(draft.state, command)
    amount = command.number(1, "an amount to restore")
    wounds.heal(draft, fighter.id, amount, command.flag("shock"))


def restore(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``restore WHO``: Restore Shock, an action and a Wrath point."""
    wounds.restore_shock(draft, dice, data, who_arg(draft.state, command).id)


def defiance(draft: Draft, command: Command, dice: DiceLike, data: Data) -> None:
    """``defiance WHO [wrath]``: a Defiance Check."""
    who = who_arg(draft.state, command).id
    wounds.defiance_check(draft, dice, data, who, command.flag("wrath"))


def resource(draft: Draft, command: Command, dice: DiceLike, sign: int) -> None:
    """``spend``/``gain WHO|glory wrath|RESOURCE [N]`` (``sign``: -1 spends, +1 gains)."""
    verb = command.verb
    first = command.arg(0, f"who and what, e.g. '{verb} ann wrath' or '{verb} glory 2'")
    if first.casefold() == GLORY:
        amount = _amount(command, 1)
        if sign < 0 and glory(draft.state) < amount:
            raise RuleError(f"the Glory pool holds only {glory(draft.state)}")
        add_glory(draft, sign * amount, "spent" if sign < 0 else "gained")
        return
    fighter = who_arg(draft.state, command)
    track = resource_verbs_check(fighter, command.arg(1, "a resource (wrath, reloads)"))
    if track in ("shock", "wounds", "defiance"):
        raise RuleError(f"{track} is not spent or gained — use dmg, heal or defiance")
    amount = _amount(command, 2)
    if sign < 0 and fighter.tracks[track] < amount:
        raise RuleError(f"{fighter.name} has only {fighter.tracks[track]} {track}")
    shift_track(draft, fighter.id, track, sign * amount)


def _amount(command: Command, index: int) -> int:
    """The amount spent or gained, 1 or more: a negative one would turn a spend into a gain."""
    amount = command.number(index, "an amount", default=1)
    if amount < 1:
        raise RuleError(f"'{command.verb}' takes an amount of 1 or more, not {amount}")
    return amount


def resolve(draft: Draft, command: Command, dice: DiceLike) -> None:
    """``resolve WHO KEY``: the GM has dealt with a reminder."""
    fighter = who_arg(draft.state, command)
    key = command.arg(1, "which reminder (e.g. poison)")
    dismiss_reminders(draft, fighter.id, key, "dealt with")


VerbRow = tuple[Any, ...]

VERBS: tuple[VerbRow, ...] = (
    # the turn order
    ("next", "next [WHO]", "end this turn; WHO (or the other side) acts next", order.next_turn,
     ("core",), ()),
    ("order", "order chosen|rolled", "switch the turn order", order.set_mode, ("core", "data"), ()),
    ("hold", "hold [WHO]", "Hold Action: act later this round", order.hold, ("core", "data"),
     ()),
    ("delay", "delay [WHO]", "Hold Action (as 'hold')", order.hold, ("core", "data"), ()),
    ("interrupt", "interrupt WHO", "a holder interrupts (opposed Initiative)", order.interrupt,
     ("core", "data"), ()),
    # tests and attacks
    ("test", "test WHO POOL [dn=N] [bonus=N] [vs=WHO] [for=WHAT] [wrath] [bank]",
     "roll a test in icons", attack.roll_test, ("data",), ("wrath", "bank"),
     ("dn", "bonus", "vs", "for")),
    ("attack",
     "attack WHO TARGET[,…] POOL melee|ranged [dn=N] [bonus=N] [dmg=DR] [mortal=N] [soak] [wrath]",
     "roll an attack", attack.attack, ("data",), ("wrath", "soak"),
     ("dn", "bonus", "dmg", "mortal")),
    # Shock and Wounds
    ("dmg", "dmg WHO DR [bd=N] [mortal=N] [soak[=N]] [wrath]", "Damage Rating against Resilience",
     damage, ("data",), ("soak", "wrath"), ("bd", "mortal")),
    ("wound", "wound WHO N", "take N Wounds directly (Mortal Wounds)", wound, ("data",), ()),
    ("shock", "shock WHO N", "take N Shock directly", shock, ("data",), ()),
    ("heal", "heal WHO N [shock]", "restore Wounds (or Shock)", heal, (), ("shock",)),
    ("restore", "restore WHO", "Restore Shock: an action and a Wrath point", restore, ("data",),
     ()),
    ("defiance", "defiance WHO [wrath]", "roll a Defiance Check", defiance, ("data",),
     ("wrath",)),
    # combat effects and options
    ("ail", "ail WHO EFFECT [X] [rounds=N] [source=WHO] [flying]", "give a combat effect",
     effects.ail, ("data",), ("flying",), ("rounds", "source")),
    ("cure", "cure WHO EFFECT", "end a combat effect", effects.cure, ("data",), ()),
    ("fear", "fear WHO [pass|fail] [source=WHO]",
     "a Resolve test against fear (no result: a reminder)", effects.fear, ("data",), (),
     ("source",)),
    ("treat", "treat WHO EFFECT POOL [by=WHO] [wrath]", "an action and a test to end an effect",
     effects.treat, ("data",), ("wrath",), ("by",)),
    ("interact", "interact WHO TARGET[,…] POOL hinder|vulnerable dn=N [wrath]",
     "an interaction attack",
     interaction.interact, ("data",), ("wrath",), ("dn",)),
    ("option", "option WHO OPTION [N|SIZE|POOL|ACTION,ACTION…]", "take a combat option this turn",
     options.take_option, ("data",), ()),
    # Wrath, Glory, Reloads; reminders
    ("spend", "spend WHO|glory wrath|RESOURCE [N]", "spend Wrath, Glory, Reloads", resource,
     (-1,), ()),
    ("gain", "gain WHO|glory wrath|RESOURCE [N]", "gain Wrath, Glory, Reloads", resource, (+1,),
     ()),
    ("resolve", "resolve WHO KEY", "dismiss a reminder", resolve, (), ()),
)  # fmt: skip


ROLES: Roles = {**USUAL_ROLES, "wound": ("", SEVERAL)}
"""The usual roles; ``wound`` (Mortal Wounds) plays none but takes several targets."""


def bound(parts: Mapping[Any, object]) -> dict[str, Verb]:
    """Every command of the table, given the ruleset's ``parts`` (``core``, ``data`` …)."""
    return bound_table(VERBS, parts, ROLES)
