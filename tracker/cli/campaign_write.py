"""The ``tracker campaign`` commands that write: new, add-pc, rename-pc, remove-pc, fight,
writeback, rest, set, treat, reading, undo, redo (each one command, one transaction)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tracker.cli.numbers import UsageError, make_dice, seed_value
from tracker.cli.output import (
    BUSY_WAIT,
    file_path,
    new_file_arguments,
    plain_name,
    saved,
    saying_opened,
)
from tracker.core.campaign import describe
from tracker.core.campaign_events import CampaignEvent
from tracker.core.errors import TrackerError
from tracker.core.safe_text import NAME_LIMIT, check_text, visible

if TYPE_CHECKING:
    from tracker.rules.base import Ruleset
    from tracker.store.campaign_file import CampaignFile


# --- new, add-pc ------------------------------------------------------------------------


def args_new(p: argparse.ArgumentParser) -> None:
    """``new``'s arguments: the file, the ruleset, the title, readings."""
    new_file_arguments(
        p, "the campaign's title", "read an open rule this way in every fight and rest (repeatable)"
    )


def new(ns: argparse.Namespace) -> int:
    """``campaign new``: create the campaign file."""
    from tracker.store.campaign_file import new_campaign

    plain_name(ns.file)
    new_campaign(ns.file, ns.ruleset, ns.title, ns.reading)
    saved()
    print(
        visible(
            f"created {ns.file} ({ns.ruleset}) — add PCs with `tracker campaign add-pc {ns.file} …`"
        )
    )
    return 0


def args_add(p: argparse.ArgumentParser) -> None:
    """``add-pc``'s arguments."""
    p.add_argument(
        "--from",
        dest="source",
        type=file_path,
        metavar="ENCOUNTER",
        help="take the roster entry of PC_ID from this encounter file",
    )
    p.add_argument(
        "words",
        nargs="+",
        metavar="PC_ID | NAME key=value …",
        help="with --from: the id; else a name and stats as for `add` (hp=1d6 is rolled)",
    )
    p.add_argument("--seed", type=seed_value, default=None, help="seed the dice of dice stats")
    p.add_argument("--dice", default="", help="faces rolled on real dice for dice stats")


def add_pc(ns: argparse.Namespace) -> int:
    """``campaign add-pc``: a PC joins the party."""
    from tracker.rules.party import join

    with _open(ns.campaign) as play:
        rolled: list[str] = []
        entry = _entry(play.rules, ns, rolled)
        event = join(play.campaign, play.rules, entry, rolled)
        play.keep(event)
        saved()
        _say(event)
        for line in describe(play.campaign.state.party[event.who].lasting):
            print(visible(f"  {line}"))
    return 0


def _entry(rules: Ruleset, ns: argparse.Namespace, rolled: list[str]) -> dict[str, Any]:
    """A roster entry: from an encounter file's roster, or from `add`-style options (dice
    values rolled once, as `add` rolls them; each roll appended to ``rolled``)."""
    from tracker.core.joining import entry_maker, slug
    from tracker.core.stat_dice import roll_options, text_keys

    if ns.source is not None:
        return _roster_entry(ns.source, ns.words)
    name, options = check_text(ns.words[0], "the name", NAME_LIMIT), {}
    for word in ns.words[1:]:
        key, equals, value = word.partition("=")
        if not equals or not key:
            raise TrackerError(f"{word!r} is not key=value (e.g. physique=45)")
        options[key.casefold()] = value
    stats = roll_options(options, make_dice(ns.seed, ns.dice), rolled, text_keys(rules))
    return dict(entry_maker(rules)(slug(name) or "pc", name, stats))


def _roster_entry(path: Path, words: list[str]) -> dict[str, Any]:
    from tracker.store.encounter_load import load

    if len(words) != 1:
        raise TrackerError("with --from ENCOUNTER give one PC id, e.g. `--from fight.toml asuka`")
    roster = load(path).head.get("combatants", [])
    found = [e for e in roster if str(e.get("id", "")).casefold() == words[0].casefold()]
    if not found:
        ids = ", ".join(str(e.get("id")) for e in roster) or "none"
        raise TrackerError(f"{path} has no combatant {words[0]!r} in its roster — ids: {ids}")
    return dict(found[0])


# --- fight and write-back ---------------------------------------------------------------


def args_fight(p: argparse.ArgumentParser) -> None:
    """``fight``'s arguments."""
    p.add_argument(
        "encounter", metavar="ENCOUNTER", type=file_path, help="the encounter file to create"
    )
    p.add_argument("--title", default="", help="the encounter's title")
    p.add_argument("--only", nargs="+", default=[], metavar="PC", help="only these PCs")


def fight(ns: argparse.Namespace) -> int:
    """``campaign fight``: a new encounter with the party as they stand."""
    from tracker.store.campaign_fight import left_out, make_fight

    with _open(ns.campaign) as play:
        lines = left_out(play.campaign.state, ns.only)
        event = make_fight(play, ns.encounter, ns.title, ns.only)
    saved()
    _say(event)
    for line in lines:
        print(visible(line))
    print(visible(f"add the opposition with `tracker do {ns.encounter} add NAME …`, then play it"))
    return 0


def args_writeback(p: argparse.ArgumentParser) -> None:
    """``writeback``'s arguments."""
    p.add_argument(
        "encounter",
        metavar="ENCOUNTER",
        type=file_path,
        help="an encounter made by `campaign fight`",
    )
    p.add_argument("--yes", action="store_true", help="write it back without asking")
    p.add_argument(
        "--skip", nargs="+", default=[], metavar="PC", help="leave these PCs as they were"
    )


def writeback(ns: argparse.Namespace) -> int:
    """``campaign writeback``: what a fight left on the PCs, confirmed into the campaign."""
    from tracker.store.campaign_fight import plan_writeback

    with _open(ns.campaign, ns.encounter) as play:
        plan = plan_writeback(play, ns.encounter, ns.skip)
        for line in plan.summary(play.campaign.state.party):
            print(visible(line))
        if not (ns.yes or _confirm(visible(f"Write this back to {ns.campaign}? [y/N] "))):
            print("declined: nothing was written to the campaign")
            return 0
        event = plan.event(play)
        play.keep(event)
    saved()
    _say(event)
    return 0


def _confirm(question: str) -> bool:
    """Ask on a terminal; without one (a script), refuse: nothing is written, exit 1."""
    if not sys.stdin.isatty():
        raise TrackerError(
            "no terminal to ask on: nothing was written to the campaign"
            " — pass --yes to write it back"
        )
    try:
        return input(question).strip().casefold() in ("y", "yes")
    except EOFError:
        return False


# --- rest, set, treat, undo -------------------------------------------------------------


def args_rest(p: argparse.ArgumentParser) -> None:
    """``rest``'s arguments."""
    p.add_argument(
        "kind",
        metavar="KIND",
        help="the rest as the campaign's ruleset names it (nerv-d100: short, long; "
        "alien-evolved: stretch, shift; an installed ruleset's own); a kind it does not "
        "state is refused with the list",
    )
    p.add_argument("--only", nargs="+", default=[], metavar="PC", help="only these PCs")
    p.add_argument("--seed", type=seed_value, default=None, help="seed the dice (death rolls)")
    p.add_argument(
        "--dice", default="", help="faces rolled on real dice for what the rest rolls (death rolls)"
    )


def rest(ns: argparse.Namespace) -> int:
    """``campaign rest``: downtime or rest as the ruleset states it."""
    from tracker.rules.party import rest

    dice = make_dice(ns.seed, ns.dice)
    with _open(ns.campaign) as play:
        event, lines = rest(play.campaign, play.rules, ns.kind, ns.only, dice)
        play.keep(event)
        party = play.campaign.state.party
    saved()
    _say(event)
    for who, said in lines.items():
        print(visible(f"{party[who].name}: " + ("; ".join(said) or "no change")))
    return 0


def args_set(p: argparse.ArgumentParser) -> None:
    """``set``'s arguments."""
    p.add_argument("pc", metavar="PC", help="the PC's id or name")
    p.add_argument(
        "key", metavar="KEY", help="a track, max.TRACK, condition, drawback, heal@INJURY or dead"
    )
    p.add_argument(  # the rest of the line, so that `condition -Frightened` is no option
        "value",
        metavar="VALUE",
        nargs=argparse.REMAINDER,
        help="a number, or a name (a leading - removes it)",
    )


def set_by_gm(ns: argparse.Namespace) -> int:
    """``campaign set``: the GM's change where the text is silent."""
    from tracker.rules.party import set_value, treat_command

    value = " ".join(ns.value)
    if not value:
        raise UsageError(
            f"`campaign set` needs a value after {ns.key!r} — see `tracker campaign set --help`"
        )
    how = treat_command(str(ns.campaign))
    return _one_event(
        ns.campaign,
        lambda play: set_value(play.campaign, play.rules, ns.pc, ns.key, value, how),
    )


def args_pc(p: argparse.ArgumentParser) -> None:
    """The PC a command names."""
    p.add_argument("pc", metavar="PC", help="the PC's id or name")


def args_rename(p: argparse.ArgumentParser) -> None:
    """``rename-pc``'s arguments."""
    args_pc(p)
    p.add_argument("name", metavar="NAME", help="the name they go by from now on")


def rename_pc(ns: argparse.Namespace) -> int:
    """``campaign rename-pc``: a PC goes by another name."""
    from tracker.rules.party import rename

    return _one_event(ns.campaign, lambda play: rename(play.campaign, ns.pc, ns.name))


def remove_pc(ns: argparse.Namespace) -> int:
    """``campaign remove-pc``: a PC leaves the party."""
    from tracker.rules.party import leave

    return _one_event(ns.campaign, lambda play: leave(play.campaign, ns.pc))


def args_treat(p: argparse.ArgumentParser) -> None:
    """``treat``'s arguments."""
    p.add_argument("pc", metavar="PC", help="the PC's id or name")
    p.add_argument("injury", metavar="INJURY", help="the injury's number, name or LOCATION:NAME")
    p.add_argument("--note", default="", help="how it was treated")


def treat(ns: argparse.Namespace) -> int:
    """``campaign treat``: the GM records an injury's treatment."""
    from tracker.rules.party import treat

    return _one_event(
        ns.campaign, lambda play: treat(play.campaign, play.rules, ns.pc, ns.injury, ns.note)
    )


def args_reading(p: argparse.ArgumentParser) -> None:
    """``reading``'s arguments."""
    p.add_argument("key", metavar="KEY", nargs="?", help="the reading (without: list them)")
    p.add_argument(
        "choice", metavar="CHOICE", nargs="?", help="how the campaign reads it from now on"
    )


def reading(ns: argparse.Namespace) -> int:
    """``campaign reading``: how the campaign reads an open rule (alone: list them)."""
    from tracker.rules.party import choose_reading
    from tracker.rules.readings import find, listing
    from tracker.store.campaign_file import load_campaign

    if ns.key is None or ns.choice is None:
        loaded = load_campaign(ns.campaign)
        if ns.key is not None:
            reading = find(loaded.rules.readings(), ns.key)
            raise TrackerError(
                f"reading {reading.key} takes a choice — {' or '.join(reading.names)}"
            )
        lines = listing(loaded.rules.readings(), loaded.campaign.state.options)
        for line in lines or [f"{loaded.rules.id} has no readings to choose"]:
            print(visible(line))
        return 0
    return _one_event(
        ns.campaign,
        lambda play: choose_reading(play.campaign, play.rules, ns.key, ns.choice),
    )


def undo(ns: argparse.Namespace) -> int:
    """``campaign undo``: take back the latest campaign command."""
    return _one_event(ns.campaign, lambda play: play.campaign.undo())


def redo(ns: argparse.Namespace) -> int:
    """``campaign redo``: restore the command undo took back."""
    return _one_event(ns.campaign, lambda play: play.campaign.redo())


def _one_event(path: Path, make: Callable[[CampaignFile], CampaignEvent]) -> int:
    """Open the campaign, append the one event ``make`` decides, and say what it did."""
    with _open(path) as play:
        event = make(play)
        play.keep(event)
    saved()
    _say(event)
    return 0


# --- helpers ----------------------------------------------------------------------------


@contextmanager
def _open(path: Path, fight_file: Path | None = None) -> Iterator[CampaignFile]:
    """The campaign open for writing; a torn or damaged end is moved aside (and said) only
    once a command is written: a command refused leaves the file as it was. ``fight_file``:
    the fight a write-back names (a fight moved since it was made is not remade)."""
    from tracker.store.campaign_file import CampaignFile

    opening = CampaignFile(path, fight_file=fight_file, repair_late=True, wait=BUSY_WAIT)
    with opening as play, saying_opened(play):
        yield play


def _say(event: CampaignEvent) -> None:
    print(visible(event.text))
