"""``tracker import``: read every Foundry file first, then write (all or nothing).

Each file is read and converted before anything is written; a file that cannot be used
is one line naming it and why, and then nothing at all is written. Actors become blocks
in the GM's bestiary (or join an encounter with ``--into``); RollTables become the GM's
roll tables, or one of the Alien tables (``--tables alien-panic`` …).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tracker.core.dice import Dice
from tracker.core.errors import TrackerError
from tracker.core.joining import rolled_entry
from tracker.core.protocol import DiceLike
from tracker.core.wording import either
from tracker.rules.base import Ruleset
from tracker.rules.registry import load_ruleset
from tracker.store.bestiary import block_homes, save_blocks
from tracker.store.foundry.alien import alien_block
from tracker.store.foundry.alien_sides import gm_accounts
from tracker.store.foundry.block_ids import unique_ids
from tracker.store.foundry.blocks import Converted
from tracker.store.foundry.combat import combat_actors
from tracker.store.foundry.documents import TAKES
from tracker.store.foundry.folders import expand
from tracker.store.foundry.plain import plain_line
from tracker.store.foundry.scene import scene_actors
from tracker.store.foundry.shapes import (
    SYSTEMS,
    ActorExport,
    NotACombatant,
    NotAnActor,
    NotImportable,
    actor_export,
    is_roll_table,
)
from tracker.store.foundry.sources import Source, read_sources
from tracker.store.foundry.table_import import (
    TABLE_KINDS,
    TableImport,
    name_clashes,
    save_table_import,
    table_clashes,
    table_import,
)
from tracker.store.foundry.wrath import wrath_block
from tracker.store.rewrite_lock import all_or_nothing


class ImportFailed(TrackerError):
    """Files that cannot be imported: one line each in ``lines``; nothing was written."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(lines[0] if lines else "nothing to import")
        self.lines = lines


@dataclass
class ActorImport:
    """One actor file, converted."""

    path: Path
    converted: Converted
    written: Path | None = None
    joined: bool = False
    log: list[str] = field(default_factory=list)
    label: str = ""
    """Where the actor came from: the file's name, ``pack.db:3`` for a pack's line."""
    replaced: bool = False
    """Its block took the place of a block of the GM's with the same id."""
    in_pack: bool = False
    """One of many documents of a file or folder: left out alone when it cannot join."""

    @property
    def where(self) -> str:
        """The file (and line of a pack) it came from, as the report names it."""
        return self.label or self.path.name


@dataclass
class Plan:
    """Everything the files hold, checked, before anything is written."""

    actors: list[ActorImport] = field(default_factory=list)
    tables: list[TableImport] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    """Documents a pack's folder holds that are no actor or table (its folders)."""
    refused: list[str] = field(default_factory=list)
    """One line for each document of a pack that cannot be imported (``not imported: Ork
    Nob (orks.db:3) — why``): the pack's other documents are still imported."""
    opened: list[str] = field(default_factory=list)
    """What opening the ``--into`` encounter did to it (a damaged end moved aside)."""


def read_json(path: Path) -> Any:
    """The one document of a JSON or YAML file (NotImportable, one sentence, if none)."""
    sources = read_sources(path)
    if len(sources) != 1:
        raise NotImportable(f"holds {len(sources)} documents, not one")
    if sources[0].flaw:
        raise NotImportable(f"not a Foundry export ({sources[0].flaw})")
    return sources[0].doc


SIDES = ("pc", "ally", "enemy", "neutral")
HIDDEN = "hidden from the players "
"""How the report says an actor Foundry hid from the players (the ``now:`` line)."""


def plan(paths: Sequence[Path], ruleset: str = "", tables: str = "generic", side: str = "") -> Plan:
    """Read and convert every file; ImportFailed (one line per bad file) if any fails.
    ``side`` (``--side``) puts every actor on that side, whatever its export says."""
    forced = _forced_system(ruleset)
    if tables not in TABLE_KINDS:
        raise ImportFailed([f"--tables is one of {', '.join(TABLE_KINDS)}, not {tables!r}"])
    if side and side not in SIDES:
        raise ImportFailed([f"--side is one of {', '.join(SIDES)}, not {side!r}"])
    result = Plan()
    named = {path for path in paths if not path.is_dir()}
    folders = [path for path in paths if path.is_dir()]
    sources, problems = _documents(paths, folders, result)
    exports = _actor_exports(sources, forced)
    game_masters = gm_accounts([a for a in exports.values() if a.system == "alienrpg"])
    alone = {path for path, count in Counter(s.path for s in sources).items() if count == 1}
    rulesets: dict[str, Ruleset] = {}
    for index, source in enumerate(sources):
        before = len(result.actors)
        try:
            _read_one(source, exports.get(index), forced, tables, result, game_masters, rulesets)
            for actor in result.actors[before:]:
                actor.in_pack = not (source.path in named and source.path in alone)
        except (NotACombatant, NotAnActor) as err:
            if source.path in named and source.path in alone:
                problems.append(f"{source.label}: {err}")
            elif isinstance(err, NotACombatant):  # a pack holds its vehicles among its threats
                result.refused.append(_refused(source, folders, f"{err.what}, not a combatant"))
            else:  # a module's folder holds its items, journals and scenes too
                result.skipped.append(f"{_shown(source.path, source.label, folders)}: {err.what}")
        except (NotImportable, TrackerError) as err:
            if source.path in named and source.path in alone:
                problems.append(f"{_shown(source.path, source.label, folders)}: {err}")
            else:  # one actor of a pack: the others are still taken
                result.refused.append(_refused(source, folders, err))
    problems += table_clashes(result.tables, tables) + name_clashes(result.tables)
    if not problems and not result.actors and not result.tables:  # one file named: its line
        problems = [*result.refused, *result.skipped]
        if len(problems) != 1 or folders or result.refused:
            problems.append(f"no actor or RollTable in what was named: {TAKES}")
    if problems:
        raise ImportFailed(problems)
    unique_ids(result.actors)
    for actor in result.actors if side else ():
        said = [r for r in actor.converted.remarks if not r.startswith("side ")]
        actor.converted.block["side"] = side
        actor.converted.remarks[:] = [*said, f"side {side}: set by --side"]
    return result


def _documents(
    paths: Sequence[Path], folders: list[Path], result: Plan
) -> tuple[list[Source], list[str]]:
    """Every document the files hold (a Scene's tokens as their actors), and a line for
    each file that cannot be read; what is skipped goes to ``result``."""
    files, problems, binary = expand(list(paths))
    result.skipped += binary
    sources: list[Source] = []
    for path in files:
        try:
            sources += read_sources(path)
        except NotImportable as err:
            problems.append(f"{err.where(_shown(path, path.name, folders))}: {err}")
    result.skipped += [s.skipped for s in sources if s.skipped]
    problems += _flawed(sources, paths, folders, result)
    sources = [s for s in sources if not s.flaw]
    named = frozenset(path for path in paths if not path.is_dir())
    sources, fighting = combat_actors([s for s in sources if not s.skipped], named)
    sources, played = scene_actors(sources, named)
    result.skipped += fighting + played
    return sources, problems


def _flawed(
    sources: list[Source], paths: Sequence[Path], folders: list[Path], result: Plan
) -> list[str]:
    """The documents holding what no sheet holds (a number beyond ±2^53, Infinity): a file
    named alone is refused (the lines returned), one of a pack is not imported."""
    alone = Counter(s.path for s in sources)
    problems = []
    for source in sources:
        if source.flaw and source.path in paths and alone[source.path] == 1:
            where = _shown(source.path, source.label, folders)
            problems.append(f"{where}: not a Foundry export ({source.flaw})")
        elif source.flaw:
            result.refused.append(_refused(source, folders, source.flaw))
    return problems


def _refused(source: Source, folders: list[Path], err: TrackerError | str) -> str:
    """The report's line for one document of a pack that cannot be imported."""
    name = plain_line(source.doc.get("name"), 80) if isinstance(source.doc, dict) else ""
    where = _shown(source.path, source.label, folders)
    return f"not imported: {name or 'unnamed'} ({where}) — {err}"


def _shown(path: Path, label: str, folders: list[Path]) -> str:
    """How a problem line names a file: by its ``label``, with the folders it was found in
    below the folder named (a pack's ``monsters/orks/bad.json``, not ``bad.json``)."""
    inside = [f for f in folders if path.is_relative_to(f)]
    return str(path.parent.relative_to(inside[0]) / label) if inside else label


def _forced_system(ruleset: str) -> str:
    if not ruleset:
        return ""
    for system, rules in SYSTEMS.items():
        if rules == ruleset:
            return system
    known = either(SYSTEMS.values())
    raise ImportFailed([f"--ruleset {ruleset}: Foundry actors import into {known}"])


def _actor_exports(sources: list[Source], forced: str) -> dict[int, ActorExport]:
    """Each document that reads as an actor, by its place in ``sources``: read once (a
    pack of thousands of actors is read in one pass; the Alien actors among them tell the
    GM's users apart before any is converted)."""
    exports = {}
    for index, source in enumerate(sources):
        if isinstance(source.doc, dict) and is_roll_table(source.doc):
            continue
        try:
            exports[index] = actor_export(source.doc, forced)
        except NotImportable:
            continue  # said when the document is read in turn
    return exports


def _read_one(
    source: Source,
    actor: ActorExport | None,
    forced: str,
    tables: str,
    into: Plan,
    game_masters: frozenset[str],
    rulesets: dict[str, Ruleset],
) -> None:
    doc, path = source.doc, source.path
    key = doc.get("_key") if isinstance(doc, dict) else None
    if isinstance(key, str) and key.startswith("!folders!"):
        into.skipped.append(f"{source.label}: a pack folder ({_folder_name(doc)}), not an actor")
        return
    if isinstance(doc, dict) and is_roll_table(doc):
        table = table_import(path, doc, TABLE_KINDS[tables])
        table.label = source.label
        into.tables.append(table)
        return
    actor = actor or actor_export(doc, forced)  # not an actor: says why
    if actor.system == "alienrpg":
        converted = alien_block(actor, source.stem, game_masters)
    else:
        converted = wrath_block(actor, source.stem)
    if converted.ruleset not in rulesets:
        rulesets[converted.ruleset] = load_ruleset(converted.ruleset)
    _check_block(converted, rulesets[converted.ruleset])
    if source.hidden:
        converted.hidden = True
        converted.remarks.append(
            f"{HIDDEN}{source.hidden}: it joins a fight (--into) hidden from "
            "them; a bestiary block is not"
        )
    into.actors.append(ActorImport(path, converted, label=source.label))


def _folder_name(doc: dict[str, Any]) -> str:
    return plain_line(doc.get("name"), 60) or "unnamed"


def _check_block(converted: Converted, rules: Ruleset) -> None:
    """The block must load as the bestiary loads it (``rules`` builds a combatant)."""
    block = converted.block
    try:
        entry = rolled_entry(block, Dice(seed=0), [])
        rules.prepare({**entry, "id": converted.id, "name": converted.name})
    except TrackerError as err:
        raise NotImportable(f"the {converted.ruleset} block would not load: {err}") from None


# --- writing --------------------------------------------------------------------------


def check_into(target: Path, result: Plan) -> None:
    """The encounter ``target`` exists and plays the actors' ruleset (ImportFailed if not).
    A pack's actors of another ruleset are left out, each one line, when others join."""
    from tracker.store.encounter_load import load

    ruleset = load(target).rules.id
    wrong = [a for a in result.actors if a.converted.ruleset != ruleset]
    if not wrong:
        return
    if len(wrong) < len(result.actors) and all(a.in_pack for a in wrong):
        result.actors[:] = [a for a in result.actors if a.converted.ruleset == ruleset]
        result.refused += [
            f"not imported: {a.converted.name} ({a.where}) — {a.converted.ruleset} actors "
            f"cannot join {target.name} (its ruleset is {ruleset})"
            for a in wrong
        ]
        return
    by_ruleset: dict[str, list[str]] = {}  # one line for each ruleset, naming its actors
    for actor in wrong:
        by_ruleset.setdefault(actor.converted.ruleset, []).append(actor.where)
    raise ImportFailed(
        [
            f"{', '.join(where)}: {theirs} actors cannot join {target.name} "
            f"(its ruleset is {ruleset})"
            for theirs, where in by_ruleset.items()
        ]
    )


def apply(
    result: Plan, into: Path | None = None, dice: DiceLike | None = None, wait: float = 0.0
) -> None:
    """Write what ``result`` holds, all of it or none: the tables and the bestiary first
    (each file rewritten whole under its lock, put back as it was if a later step
    fails), then — with ``into`` — the actors join the encounter as one command, the last
    step, so a crash before it leaves only rewrites that the same import makes again
    (a second try never adds the actors twice). ``wait``: seconds to wait for another
    writer of ``into`` to let go."""
    if into is not None and result.actors:
        check_into(into, result)
    with all_or_nothing():
        for item in result.tables:
            save_table_import(item)
        if into is None:
            _save_actors(result.actors)
        elif result.actors:
            result.opened = _join(into, result.actors, dice or Dice(), wait)


def _save_actors(actors: list[ActorImport]) -> None:
    """Each ruleset's blocks into the GM's bestiary: a block whose id a file of the GM's
    already holds replaces it there (``bestiary/RULESET/orks.toml``), the rest go to
    ``bestiary/RULESET.toml``."""
    for ruleset in sorted({a.converted.ruleset for a in actors}):
        mine = [a for a in actors if a.converted.ruleset == ruleset]
        homes = block_homes(ruleset, [a.converted.id.casefold() for a in mine])
        for home in dict.fromkeys(homes.get(a.converted.id.casefold()) for a in mine):
            here = [a for a in mine if homes.get(a.converted.id.casefold()) == home]
            replacing: set[str] = set()
            blocks = [a.converted.block for a in here]
            path = save_blocks(ruleset, blocks, path=home, replacing=replacing)
            for actor in here:
                actor.written = path
                actor.replaced = actor.converted.id.casefold() in replacing


def _join(into: Path, actors: list[ActorImport], dice: DiceLike, wait: float) -> list[str]:
    """The actors join ``into`` as one command; what opening it did to it."""
    from tracker.store.bestiary_add import add_into

    blocks = [
        {**a.converted.block, "hidden": True} if a.converted.hidden else a.converted.block
        for a in actors
    ]
    now = [a.converted.now for a in actors]
    marks = [a.converted.conditions for a in actors]
    log, opened = add_into(into, blocks, dice, now, marks, wait)
    actors[0].log = log
    for actor in actors:
        actor.written, actor.joined = into, True
    return opened
