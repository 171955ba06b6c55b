"""``tracker import FILE|DIR… [--ruleset ID] [--into FILE] [--side SIDE] [--tables KIND]``.

Actor exports of the Alien RPG (``alienrpg``) and Wrath & Glory (``wrath-and-glory``)
systems become bestiary blocks (or join an encounter with ``--into``); RollTable exports
become roll tables (``roll table NAME``) or, with ``--tables``, one of the Alien tables
the ruleset rolls on. Files may be Export Data JSON, foundryvtt-cli pack sources (JSON or
YAML), NeDB packs (one document a line) or folders of them. Each actor is one line, then
what was read, what was computed (and how) and what was left out.
Every file is read before anything is written: one bad file is one line on stderr, exit
status 1, and nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tracker.cli.import_summary import MANY_ACTORS, split_remarks, summary_lines
from tracker.cli.output import BUSY_WAIT, file_path, saved, warn
from tracker.core.safe_text import visible
from tracker.core.wording import counted
from tracker.store.foundry.importing import TABLE_KINDS, ActorImport, Plan, TableImport

_SECTION_NAMES = {
    "critical_injuries": "Alien critical injuries",
    "critical_systems": "Alien critical systems damage",
    "panic": "Alien panic table",
}


def setup(p: argparse.ArgumentParser) -> None:
    """The options of ``tracker import``."""
    p.add_argument(
        "files",
        nargs="+",
        type=file_path,
        metavar="FILE|DIR",
        help="an Export Data .json, a foundryvtt-cli pack source (.json, .yml), a NeDB pack "
        "(.db), or a folder of them (a pack's source folder)",
    )
    p.add_argument(
        "--ruleset",
        default="",
        metavar="ID",
        help="read every actor as this ruleset's Foundry system (alien-evolved, wrath-glory), "
        "whatever the file names",
    )
    p.add_argument(
        "--into",
        type=file_path,
        default=None,
        metavar="FILE",
        help="add the actors to this encounter, with the harm and conditions their sheets show "
        "(one undo takes them back), instead of the bestiary",
    )
    p.add_argument(
        "--side",
        default="",
        choices=["pc", "ally", "enemy", "neutral"],
        metavar="SIDE",
        help="put every actor on this side: pc, ally, enemy or neutral (else: pc when a user "
        "owns it, enemy otherwise)",
    )
    p.add_argument(
        "--verbose",
        action="store_true",
        help=f"each actor's whole report, however many (above {MANY_ACTORS}: one line each "
        "and the remarks counted by kind)",
    )
    p.add_argument(
        "--tables",
        default="generic",
        choices=list(TABLE_KINDS),
        metavar="KIND",
        help="where a RollTable goes: a roll table of yours (generic, the default) or the "
        f"Alien table the ruleset rolls on ({', '.join(list(TABLE_KINDS)[1:])})",
    )


def run(ns: argparse.Namespace) -> int:
    """Import the files; 1 (and nothing written) when any cannot be imported."""
    from tracker.store.foundry.importing import ImportFailed, apply, plan

    try:
        result = plan(ns.files, ns.ruleset, ns.tables, ns.side)
        apply(result, ns.into, wait=BUSY_WAIT)
        saved()
    except ImportFailed as err:
        for index, line in enumerate(err.lines):
            last = index == len(err.lines) - 1
            said = visible(line) + (" — nothing was imported" if last else "")
            print(f"tracker: {said}", file=sys.stderr)
        return 1
    for line in result.opened:
        warn(line)
    for line in report(result, ns.verbose) + _into_unused(result, ns.into):
        print(visible(line))
    return 0


def _into_unused(result: Plan, into: Path | None) -> list[str]:
    """The line saying ``--into`` took nothing (the files held roll tables, no actor)."""
    if into is None or result.actors:
        return []
    return [
        f"--into {shown(into)} took nothing: only actors join an encounter; roll tables go "
        "to your tables folder, where every encounter rolls on them"
    ]


def report(result: Plan, verbose: bool = False) -> list[str]:
    """The lines printed: each file's report (above ``MANY_ACTORS`` actors, unless
    ``verbose``: one line each and the remarks counted by kind), then the summary line."""
    lines: list[str] = []
    whole = verbose or len(result.actors) <= MANY_ACTORS
    for actor in result.actors:
        lines += _actor_lines(actor) if whole else _actor_lines(actor)[:1]
    if not whole:
        lines += summary_lines(result.actors)
    for actor in result.actors:
        lines += [f"  {line}" for line in actor.log]
    for table in result.tables:
        lines += _table_lines(table)
    lines += [f"{line} — skipped" for line in result.skipped]
    return lines + result.refused + _tally(result)


def _tally(result: Plan) -> list[str]:
    """One closing line counting what a pack or folder came to (nothing for one file)."""
    if len(result.actors) + len(result.tables) + len(result.skipped) + len(result.refused) < 2:
        return []
    found = [(len(result.actors), "actor"), (len(result.tables), "roll table")]
    said = "in all: " + ", ".join(_many(n, word) for n, word in found if n)
    if result.refused:
        said += f"; {len(result.refused):,} not imported"
    if result.skipped:
        said += f"; {len(result.skipped):,} skipped, as said above"
    return [said]


def _many(count: int, word: str) -> str:
    """``3,000 actors``, ``1 roll table``."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def _actor_lines(actor: ActorImport) -> list[str]:
    block = actor.converted
    target = shown(actor.written)
    if actor.joined:
        head = f"{actor.where}: {block.ruleset} '{block.name}' → {target}"
    else:
        head = f"{actor.where}: {block.ruleset} block '{block.id}' ({block.name}) → {target}"
        if actor.replaced:
            head += " (replacing your block of that id)"
    lines = [head]
    if block.read:
        lines.append("  read: " + "; ".join(block.read))
    if block.computed:
        lines.append("  computed: " + "; ".join(block.computed))
    now, rest = split_remarks(block.remarks)
    lines.append("  " + "; ".join([block.ignored, *rest]))
    return lines + (["  now: " + "; ".join(now)] if now else [])


def _table_lines(item: TableImport) -> list[str]:
    table = item.table
    if item.section:
        head = (
            f"{item.where}: {_SECTION_NAMES[item.section]}, {counted(len(item.rows), 'row')} "
            f"→ {shown(item.written)}"
        )
    else:
        head = (
            f"{item.where}: roll table '{table.name}' ({table.formula}, {len(table.rows)} "
            f"results) → {shown(item.written)} — roll it with 'roll table {table.name}'"
        )
    notes = list(item.remarks)
    hint = _hint(table.name) if not item.section else ""
    if hint:
        notes.append(hint)
    return [head, *([f"  {'; '.join(notes)}"] if notes else [])]


def _hint(name: str) -> str:
    words = name.casefold()
    if "panic" in words:
        return "the Alien panic roll reads its table with --tables alien-panic"
    if "critical" in words or "injur" in words:
        return "the Alien criticals read theirs with --tables alien-critical-injuries (or -systems)"
    return ""


def shown(path: Path | None) -> str:
    """A path as the GM knows it (``~/…`` under the home folder)."""
    if path is None:
        return "?"
    try:
        return "~/" + str(path.resolve().relative_to(Path.home().resolve()))
    except ValueError:
        return str(path)
