"""``add``: a combatant typed on the spot, or copies of a stat block from the bestiary.

``add Goblin side=enemy hp=7`` builds one combatant from its options. ``add 3 ork-boy``
finds the block ``ork-boy`` and adds Ork Boy (1), (2) and (3) (numbering continues from
those already in the fight, in their form, and a lone plain Ork Boy already there becomes
Ork Boy (1)); numbers
written as dice in the block (``wounds = "2d6+2"``) are rolled for each copy and the log
line shows each roll. Options after the block override
it. Every copy is one ``combatant.added`` event in the same command, so one undo takes
them all back. In a campaign's fight, ``add party [PC …]`` brings in the PCs not yet in
it (the living, or those named) as they stand in the campaign now.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from tracker.core import events as ev
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, bounded
from tracker.core.library import Block, Library, Party
from tracker.core.model import Combatant, EncounterState
from tracker.core.name_match import matching
from tracker.core.protocol import DiceLike, Rules
from tracker.core.safe_text import NAME_LIMIT, WORD_LIMIT, check_text
from tracker.core.stat_dice import roll_options, text_keys
from tracker.core.traits import trait_tables

if TYPE_CHECKING:  # a campaign's party is read only in a campaign's fight
    from tracker.core.campaign import PartyMember

MOST_COPIES = 50
"""Most copies one ``add`` makes (a horde is one combatant, not fifty)."""

DICE = re.compile(r"\s*\d*\s*d\s*\d+(\s*[+-]\s*\d+)*\s*", re.IGNORECASE)
"""A value written as dice in a block: ``2d6+2``, ``1d10``, ``d66``."""

WORDS = frozenset({"id", "name", "side", "kind", "notes", "source", "pilot", "ruleset", "traits"})
"""Top-level block keys that are never dice."""

EntryMaker = Callable[[str, str, Mapping[str, str]], dict[str, Any]]


def add(draft: Draft, command: Command, dice: DiceLike, rules: Rules, library: Library) -> None:
    """``add [N] NAME|BLOCK [hidden] [key=value …]``."""
    words = [w for w in command.args if w.casefold() != "hidden"]
    options = dict(command.options)
    if len(words) < len(command.args):
        options["hidden"] = "yes"
    count, words = _count(words)
    if count is None and words and words[0].casefold() == "party":
        add_party(draft, rules, dice, library.party(), words[1:])
        return
    wanted = " ".join(words).strip()
    block = find_block(library, wanted) if wanted else None
    if block is not None:
        add_copies(draft, rules, dice, block, count or 1, options)
        return
    broken = (library.unusable(wanted) or library.unusable(slug(wanted))) if wanted else ""
    if broken:
        raise RuleError(f"the stat block {wanted!r} cannot be added until it is fixed: {broken}")
    if count is not None:
        raise RuleError(_no_block(library, wanted))
    typed = check_text(wanted, "the name", NAME_LIMIT)
    if not typed:
        raise RuleError("'add' needs a name or a stat block, e.g. 'add Goblin hp=7' or 'add 3 orc'")
    name = number_copies(draft, typed, 1)[0]
    rolled: list[str] = []
    stats = roll_options(options, dice, rolled, text_keys(rules))
    entry = entry_maker(rules)(new_id(draft.state, name), name, stats)
    fighter = rules.prepare(entry, where=f"add {name}")
    text = f"{fighter.name} joins the fight ({side_word(fighter.side)})"
    join_fight(draft, rules, fighter, dice, text + (f": {', '.join(rolled)}" if rolled else ""))


def add_party(
    draft: Draft, rules: Rules, dice: DiceLike, party: Party | None, names: list[str]
) -> None:
    """The campaign's PCs not yet in the fight (the living, or ``names``) join it as they
    stand: their roster entries, then what they carry (the same events as a fight made
    by ``tracker campaign fight`` opens with)."""
    if party is None:
        raise RuleError(
            "'add party' brings in a campaign's PCs, and this encounter belongs to no campaign "
            "(`tracker campaign fight` makes one that does)"
        )
    members = list(party.members())
    chosen = [_member(members, name) for name in names] or [
        m for m in members if not m.lasting.dead
    ]
    unique = {m.id: m for m in chosen}.values()
    joining = [m for m in unique if m.id not in draft.state.combatants]
    if not joining:
        raise RuleError("every PC named is in the fight already" if names else _all_in(members))
    for member in joining:
        fighter = rules.prepare(dict(member.entry), where=f"add party {member.name}")
        join_fight(draft, rules, fighter, dice, f"{fighter.name} joins from the party")
        party.carry_in(draft, member)


def _member(members: list[PartyMember], name: str) -> PartyMember:
    """The PC called ``name``, found as a combatant is (``core.name_match``)."""
    found = matching({m.id: m.name for m in members}, name)
    if len(found) != 1:
        names = ", ".join(m.name for m in members) or "nobody"
        what = "no PC" if not found else "more than one PC"
        raise RuleError(f"{what} called {name!r} in the party — the party: {names}")
    return next(m for m in members if m.id == found[0])


def _all_in(members: list[PartyMember]) -> str:
    dead = [m.name for m in members if m.lasting.dead]
    more = f" ({', '.join(dead)} dead: name them to bring them in)" if dead else ""
    return "the whole party is in the fight already" + more


def find_block(library: Library, wanted: str) -> Block | None:
    """The block a GM means by ``wanted``: its id, or its name with spaces for dashes."""
    return library.block(wanted) or library.block(slug(wanted))


def slug(name: str) -> str:
    """An id made from a name: ``Ork Boy`` → ``ork-boy``, ``Pflüger`` → ``pfluger`` (a
    letter's accents dropped, not the letter)."""
    import unicodedata  # only a name to match or make an id of needs it

    plain = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def add_copies(
    draft: Draft,
    rules: Rules,
    dice: DiceLike,
    block: Block,
    count: int,
    options: Mapping[str, str] | None = None,
) -> list[Combatant]:
    """``count`` copies of ``block`` join the fight, each with its own rolls."""
    base = check_text(str(block.get("name") or block.get("id") or ""), "the name", NAME_LIMIT)
    if not base:
        raise RuleError(f"the stat block {block.get('id', '?')!r} has no name")
    joined = []
    for name in number_copies(draft, base, count):
        cid = new_id(draft.state, name)
        rolled: list[str] = []
        typed = roll_options(options or {}, dice, rolled, text_keys(rules))
        overrides = entry_maker(rules)(cid, name, typed)
        entry = merged(rolled_entry(block, dice, rolled), overrides)
        fighter = rules.prepare(entry, where=f"add {block.get('id', base)}")
        text = f"{fighter.name} joins the fight ({side_word(fighter.side)})"
        join_fight(draft, rules, fighter, dice, text + (f": {', '.join(rolled)}" if rolled else ""))
        joined.append(draft.state.combatant(cid))
    return joined


def copy_names(state: EncounterState, base: str, count: int) -> list[str]:
    """Names for ``count`` new copies: numbering continues from those present, in their
    form (``Bandit 3`` beside ``Bandit 1``, ``Ork Boy (3)`` beside ``Ork Boy (1)``); the
    first copies of a name are numbered as the samples' Ork Boy (1) and Drone (1); a single
    first copy keeps the plain name."""
    pattern = re.compile(rf"{re.escape(base)}(?: (\d+)| \((\d+)\))?", re.IGNORECASE)
    found = [m for c in state.combatants.values() if (m := pattern.fullmatch(c.name))]
    if not found and count == 1:
        return [base]
    start = max((int(m.group(1) or m.group(2) or 1) for m in found), default=0) + 1
    bare = any(m.group(1) for m in found) and not any(m.group(2) for m in found)
    form = "{} {}" if bare else "{} ({})"
    return [form.format(base, n) for n in range(start, start + count)]


def number_copies(draft: Draft, base: str, count: int) -> list[str]:
    """Names for ``count`` new copies of ``base``; a lone copy already in the fight under
    the plain name is renamed ``base (1)`` first, in the same command (so Bandit (2) never
    stands beside a plain Bandit, and one undo puts the name back)."""
    plain = [c for c in draft.state.combatants.values() if c.name.casefold() == base.casefold()]
    names = copy_names(draft.state, plain[0].name if len(plain) == 1 else base, count)
    first = f"{plain[0].name} (1)" if len(plain) == 1 else ""
    clash = any(c.name.casefold() == first.casefold() for c in draft.state.combatants.values())
    if names != [base] and first and not clash:
        text = f"{plain[0].name} is now {first}"
        draft.emit(ev.CombatantRenamed, who=plain[0].id, name=first, text=text)
    return names


def rolled_entry(block: Block, dice: DiceLike, rolled: list[str]) -> dict[str, Any]:
    """The block as a roster entry, every value written as dice rolled now."""
    entry: dict[str, Any] = {}
    for key, value in block.items():
        if key in ("id", "source", "ruleset"):
            continue
        entry[key] = value if key in WORDS else _rolled(value, key, dice, rolled)
    return entry


def _rolled(value: Any, where: str, dice: DiceLike, rolled: list[str]) -> Any:
    if isinstance(value, Mapping):
        return {k: _rolled(v, f"{where}.{k}", dice, rolled) for k, v in value.items()}
    if isinstance(value, str) and DICE.fullmatch(value):
        roll = dice.roll(value.replace(" ", ""))
        label = where.removeprefix("stats.").replace("_", " ")
        rolled.append(f"{label} {roll.expr} = {roll.total} {list(roll.dice)}")
        return roll.total
    return value


def dice_keys(block: Block, prefix: str = "") -> list[str]:
    """``key dice`` for every value of a block written as dice (``wounds 2d6+2``)."""
    found: list[str] = []
    for key, value in block.items():
        if isinstance(value, Mapping):
            found.extend(dice_keys(value, f"{prefix}{key}."))
        elif isinstance(value, str) and key not in WORDS and DICE.fullmatch(value):
            found.append(f"{prefix}{key} {value}".removeprefix("stats."))
    return found


def merged(entry: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """``entry`` with the typed options laid over it (tables merged key by key)."""
    result = dict(entry)
    for key, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(result.get(key), Mapping):
            result[key] = {**result[key], **value}
        elif isinstance(value, Mapping) and not value:
            continue
        else:
            result[key] = value
    return result


_COUNT = re.compile(r"[-+]?[0-9]+")
"""A number of copies as typed (``-1`` too, to be refused, not taken for a name)."""


def _count(words: list[str]) -> tuple[int | None, list[str]]:
    if len(words) < 2 or not _COUNT.fullmatch(words[0]):
        return None, words
    count = int(words[0])
    if not 1 <= count <= MOST_COPIES:
        raise RuleError(f"'add' makes 1 to {MOST_COPIES} copies at a time, not {count}")
    return count, words[1:]


def _no_block(library: Library, wanted: str) -> str:
    ids = list(library.block_ids())
    if not ids:
        return (
            f"no stat block {wanted!r}: the bestiary for this ruleset is empty — "
            "`tracker bestiary` says where blocks go"
        )
    shown = ", ".join(ids[:8]) + (f" … ({len(ids)} in all)" if len(ids) > 8 else "")
    return f"no stat block {wanted!r} — blocks: {shown}"


def entry_maker(rules: Rules) -> EntryMaker:
    """The ruleset's way to build a roster table from ``add`` options, or the core's."""
    maker = getattr(rules, "entry_from_options", None)
    if callable(maker):
        return maker
    words = {key for key, kind in getattr(rules, "roster_keys", {}).items() if kind is str}
    return lambda cid, name, options: roster_entry(cid, name, options, words)


def new_id(state: EncounterState, name: str) -> str:
    """A fresh combatant id made from a name (``Goblin`` → ``goblin``, ``goblin-2`` …)."""
    base = slug(name) or "combatant"
    cid, n = base, 2
    while cid in state.combatants:
        cid, n = f"{base}-{n}", n + 1
    return cid


def join_fight(draft: Draft, rules: Rules, fighter: Combatant, dice: DiceLike, text: str) -> None:
    """A prepared combatant enters the fight: its tracks set, its initiative if running."""
    draft.emit(
        ev.CombatantAdded,
        id=fighter.id,
        name=fighter.name,
        side=fighter.side,
        kind=fighter.kind,
        stats=dict(fighter.stats),
        armour=dict(fighter.armour),
        extras=dict(fighter.extras),
        hidden=fighter.hidden,
        traits=tuple(trait_tables(fighter.traits)),
        text=text,
    )
    for track, value in fighter.tracks.items():
        limit = fighter.limits.get(track, -1)
        draft.emit(ev.TrackSet, who=fighter.id, track=track, value=value, limit=limit)
    if fighter.notes:
        draft.emit(ev.CombatantNoted, who=fighter.id, notes=fighter.notes)
    if draft.state.phase == "running":
        rules.roll_initiative(draft, [fighter.id], dice)
        order = rules.sort_order(draft, dice)
        if order != draft.state.order:
            draft.emit(ev.OrderSet, order=order)


def roster_entry(
    cid: str, name: str, options: Mapping[str, str], words: set[str] | frozenset[str] = frozenset()
) -> dict[str, object]:
    """A roster table from ``add`` options: side, kind, hidden, armour.X, the ruleset's
    roster keys that hold words (nerv-d100's ``altitude=low``), the rest stats."""
    entry: dict[str, object] = {"id": cid, "name": name}
    stats: dict[str, int] = {}
    armour: dict[str, int] = {}
    for key, value in options.items():
        if key in ("side", "kind"):
            entry[key] = value.casefold()
        elif key in words:
            entry[key] = check_text(value, key, WORD_LIMIT)
        elif key == "hidden":
            entry[key] = value.casefold() in ("", "1", "yes", "true")
        elif key.startswith("armour.") or key.startswith("armor."):
            armour[key.split(".", 1)[1].replace("_", " ")] = _whole(key, value)
        else:
            stats[key] = _whole(key, value)
    entry["stats"] = stats
    if armour:
        entry["armour"] = armour
    return entry


def _whole(key: str, value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise RuleError(f"{key}={value}: {key} must be a whole number") from None
    return bounded(number, key)


def side_word(side: str) -> str:
    """A side as the log says it: ``PC``, ``ally``, ``enemy``, ``neutral``."""
    return "PC" if side == "pc" else side
