"""Wrath & Glory weapons, with the numbers their wielder's attack dialog gives them.

Two item shapes. The DataModel (system 6 and later) keeps ``damage`` {base, bonus, dice,
rank (0 none, 1 Rank, 2 Double Rank), attribute, ``ed`` and ``ap`` {base, bonus, dice,
rank}}, ``attack`` {base, bonus} and ``traits`` {list: [{name, rating, custom, display}]};
older exports keep ``damage``, ``ed`` and ``ap`` beside each other ({base, bonus, rank
"none|single|double"} or plain numbers) and ``traits`` as a list.

What the attack dialog adds (``WeaponDialog.computeFields``; ``getRankNum`` before 6):

- Rank: the agent's ``advances.rank``, once (Rank) or twice (Double Rank), to damage, ED
  and AP. A threat has no Rank: a Rank weapon adds nothing in its hands;
- a melee weapon's damage adds the wielder's attribute (``damage.attribute``: Strength
  unless the weapon names another; none when it names none). ``attack … melee dmg=N``
  adds the Strength itself, so the trait names it beside the weapon's own number;
- ``attack`` base + bonus: dice the attack's pool gains (and, before system 6, its
  ``rank``: the agent's Rank in dice);
- ``otherDamage``: Mortal Wounds, Wounds or Shock dealt besides the Damage Rating;
- a grenade or missile reaches ``range.thrown`` × the thrower's Strength;
- ``twinned``: a Salvo of 2 or more counts twice (Full Auto, Spray Shot), else the ED.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tracker.core.wording import counted
from tracker.store.foundry.blocks import signed
from tracker.store.foundry.leftovers import words
from tracker.store.foundry.plain import plain_line
from tracker.store.foundry.shapes import at, whole

RANK_TIMES: dict[int | str, int] = {1: 1, 2: 2, "single": 1, "double": 2}
"""A weapon number's rank (either shape) → how many times the agent's Rank it adds."""
_RANK_WORDS = {1: "Rank", 2: "Double Rank"}


@dataclass(frozen=True)
class Wielder:
    """Who holds the weapons: what their sheet adds to a weapon's numbers."""

    rank: int | None
    """An agent's Rank; None for a threat (a Rank weapon adds nothing in its hands)."""
    attributes: Mapping[str, int] = field(default_factory=dict)
    """The wielder's attribute totals (``strength`` …), as its sheet shows them."""


def weapon_text(
    system: Mapping[str, Any], wielder: Wielder | None = None, fitted: tuple[str, ...] = ()
) -> str:
    """``ranged: damage 10, ED 1, AP -1, Salvo 2, range 12/24/36; Rapid Fire (2)``;
    without a ``wielder``, Rank and Strength are named, not counted; ``fitted``: what
    its data already counts (``loaded with Kraken Rounds``)."""
    category = plain_line(system.get("category"))
    parts = [_attack_dice(system, wielder), *hit_parts(system, wielder, category == "melee")]
    salvo = whole(system.get("salvo"))
    if salvo:
        parts.append(f"Salvo {salvo}")
    if system.get("twinned") is True:  # the dialog counts Salvo 2+ twice, else the ED
        parts.append("twinned: Salvo counts twice" if (salvo or 0) >= 2 else "twinned: ED twice")
    reach = _range(system.get("range")) or _thrown(system, wielder) or _melee_reach(system)
    if reach:
        parts.append(f"range {reach}")
    parts += fitted
    head = ", ".join(p for p in parts if p)
    text = f"{category}: {head}" if category and head else category or head
    traits = ", ".join(trait_names(system.get("traits")))
    return "; ".join(p for p in (text, traits) if p)


def hit_parts(system: Mapping[str, Any], wielder: Wielder | None, melee: bool) -> list[str]:
    """``damage 7 + Strength 5``, ``ED 2``, ``AP -1``, ``Mortal Wounds 1d3``: what a hit
    deals, in either shape (only the parts that deal something)."""
    damage = system.get("damage")
    ed = damage.get("ed") if isinstance(damage, Mapping) and "ed" in damage else system.get("ed")
    ap = damage.get("ap") if isinstance(damage, Mapping) and "ap" in damage else system.get("ap")
    dr = _rating(damage, wielder)
    if melee and dr:
        dr += _attribute(damage, wielder)
    parts = [
        f"damage {dr}" if dr else "",
        _labelled("ED", ed, wielder),
        _labelled("AP", ap, wielder, sign=True),
        *other_damage(damage, system),
    ]
    return [p for p in parts if p]


OTHER_DAMAGE = (
    ("mortal", "Mortal Wounds"),
    ("mortalWounds", "Mortal Wounds"),
    ("wounds", "Wounds"),
    ("shock", "Shock"),
)
"""``otherDamage`` keys (``mortalWounds`` before system 6) → what they deal besides the
Damage Rating, Resilience or not."""


def other_damage(damage: Any, system: Mapping[str, Any]) -> list[str]:
    """``Mortal Wounds 1d3``, ``Shock 2``: ``damage.otherDamage`` (``otherDamage`` beside
    ``damage`` before system 6), each only when it deals something."""
    other = damage.get("otherDamage") if isinstance(damage, Mapping) else None
    if not isinstance(other, Mapping):
        other = system.get("otherDamage")
    if not isinstance(other, Mapping):
        return []
    found = []
    for key, label in OTHER_DAMAGE:
        value = plain_line(str(other.get(key) if other.get(key) is not None else ""), 40)
        if value and value not in ("0", "-", "—"):
            found.append(f"{label} {value}")
    return found


def _attack_dice(system: Mapping[str, Any], wielder: Wielder | None) -> str:
    """``attack +1 die``: what the weapon adds to its attack's pool ("" if nothing); in
    the item shape before system 6 an ``attack.rank`` adds the agent's Rank in dice (the
    current dialog reads no rank there)."""
    attack = system.get("attack")
    if not isinstance(attack, Mapping):
        return ""
    dice = (whole(attack.get("base")) or 0) + (whole(attack.get("bonus")) or 0)
    damage = system.get("damage")
    older = not (isinstance(damage, Mapping) and "ed" in damage)
    rank = attack.get("rank")
    times = RANK_TIMES.get(rank, 0) if older and isinstance(rank, str) else 0
    how = ""
    if times and wielder is None:
        how = f" + {_RANK_WORDS[times]}"
    elif times and wielder is not None and wielder.rank:
        how = f" ({dice:+d} + {'' if times == 1 else '2 × '}Rank {wielder.rank})"
        dice += times * wielder.rank
    if not dice and not how:
        return ""
    return f"attack {'+' if dice >= 0 else '-'}{counted(abs(dice), 'die', 'dice')}{how}"


def _attribute(damage: Any, wielder: Wielder | None) -> str:
    """`` + Strength 7``: the attribute a melee hit adds ("" when the weapon names none)."""
    key = damage.get("attribute", "strength") if isinstance(damage, Mapping) else "strength"
    if not isinstance(key, str) or not key:
        return ""
    value = wielder.attributes.get(key) if wielder else None
    label = plain_line(words(key), 30).capitalize()
    return f" + {label} {value}" if value is not None else f" + {label}"


def _labelled(label: str, value: Any, wielder: Wielder | None, sign: bool = False) -> str:
    text = _rating(value, wielder, sign)
    return f"{label} {text}" if text and text not in ("0", "+0") else ""


def _rating(value: Any, wielder: Wielder | None, sign: bool = False) -> str:
    """A weapon number from ``{base, bonus, dice, rank}`` or a plain number ("" if none),
    the wielder's Rank counted in (``6 (5 + Rank 1)``)."""
    if not isinstance(value, Mapping):
        number = whole(value)
        return _shown(number, sign) if number else ""
    number = (whole(value.get("base")) or 0) + (whole(value.get("bonus")) or 0)
    rank = value.get("rank")
    times = RANK_TIMES.get(rank, 0) if isinstance(rank, int | str) else 0
    named = f" + {_RANK_WORDS[times]}" if times and wielder is None else ""
    how = ""
    if times and wielder is not None and wielder.rank:
        added = times * wielder.rank
        word = f"Rank {wielder.rank}" if times == 1 else f"{times} × Rank {wielder.rank}"
        how = f" ({_shown(number, sign)} + {word})"
        number += added
    text = _shown(number, sign) if number else ""
    dice = plain_line(value.get("dice"))
    if dice:
        text = f"{text} + {dice}" if text else dice
    return f"{text}{named}{how}" if text or named else ""


def _shown(number: int, sign: bool) -> str:
    return signed(number) if sign else str(number)


def _thrown(system: Mapping[str, Any], wielder: Wielder | None) -> str:
    """A grenade's or missile's reach: ``range.thrown`` × the thrower's Strength."""
    thrown = whole(at(system, "range.thrown"))
    if system.get("category") != "grenade-missile" or not thrown:
        return ""
    strength = wielder.attributes.get("strength") if wielder else None
    if strength is None:
        return f"Strength × {thrown}"
    return f"{strength * thrown} (Strength {strength} × {thrown})"


def _melee_reach(system: Mapping[str, Any]) -> str:
    """A melee weapon's reach when longer than the usual 1 (the sheet's Range column)."""
    reach = whole(at(system, "range.melee"))
    return f"{reach} (melee)" if system.get("category") == "melee" and reach and reach > 1 else ""


def _range(value: Any) -> str:
    if not isinstance(value, Mapping):
        return plain_line(value)
    bands = [whole(value.get(k)) for k in ("short", "medium", "long")]
    if any(bands):
        return "/".join(str(b or 0) for b in bands)
    return ""


def trait_names(value: Any) -> list[str]:
    """Weapon qualities in either shape: ``Rapid Fire (2)``, ``Brutal``."""
    listed = value.get("list") if isinstance(value, Mapping) else value
    names = []
    for trait in listed if isinstance(listed, list) else []:
        if isinstance(trait, Mapping):
            if trait.get("type") == "remove":
                continue
            label = plain_line(trait.get("display") or trait.get("custom") or trait.get("name"))
            rating = plain_line(str(trait.get("rating") or ""))
            label = words(label)
            names.append(f"{label} ({rating})" if rating and rating not in label else label)
        elif isinstance(trait, str):
            names.append(words(plain_line(trait)))
    return [n[:1].upper() + n[1:] for n in names if n]
