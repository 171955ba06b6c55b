"""The ``tracker`` command. Headless subcommands never import Textual.

tracker [FILE]                      open the TUI (no FILE: the encounter launcher)
tracker new FILE --ruleset ID       create an encounter
tracker do FILE COMMAND ...         apply one command, print the log lines it made
tracker state FILE [--json]         the current state
tracker log FILE [...]              the round log
tracker check FILE [--repair]       validate the file (move a damaged end aside)
tracker view FILE                   read-only player view following the file
tracker serve FILE [--lan]          the players' view as a live web page (QR code)
tracker rulesets | themes | samples list what is installed
tracker ls [DIR] [--json]           your encounters, newest first
tracker bestiary [--ruleset ID]     the stat blocks 'add' can find
tracker campaign ACTION CAMPAIGN …  the party between fights (new, add-pc, fight, writeback, rest …)
tracker import FILE.json… [--into FILE]  Foundry VTT actors and RollTables
tracker paths [--json]              where the GM's files live
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tracker.cli import output as cli_output
from tracker.cli.charset import json_text
from tracker.cli.examples import FIRST_FIGHT, HelpFormatter, with_examples
from tracker.cli.numbers import UsageError, dice_options, make_dice, seed_value
from tracker.cli.output import (
    BUSY_WAIT,
    PlainStream,
    file_path,
    need_terminal,
    new_file_arguments,
    plain_name,
    saved,
    saying_opened,
    warn,
)
from tracker.cli.parser import CommandLineParser
from tracker.cli.streams import prepare_streams, where_it_failed
from tracker.core.errors import Answer, TrackerError, one_line
from tracker.core.safe_text import visible

if TYPE_CHECKING:
    from tracker.rules.base import Ruleset
    from tracker.store.encounter_load import Loaded

Handler = Callable[[argparse.Namespace], int]

DESCRIPTION = """\
A keyboard-first combat tracker for tabletop game masters.

  tracker [FILE]                      play an encounter in the terminal
                                      (no FILE: the launcher — resume, pick, start one)
  tracker ls [DIR] [--json]           your encounters, newest first (title, status …)
  tracker new FILE --ruleset ID       create an encounter
  tracker do FILE COMMAND ...         apply one command, print what it did
  tracker state FILE [--json]         where the fight stands
  tracker log FILE [...]              the round log (Markdown, HTML, text, JSON)
  tracker check FILE [--repair]       validate a file (--repair: move a damaged end aside)
  tracker view FILE                   the players' read-only view, following the file
  tracker serve FILE [--lan]          the players' view as a live page for their phones
  tracker rulesets, themes, samples   what is installed
  tracker rulesets check ID           the ruleset contract, run on one installed ruleset
  tracker completion bash|zsh|fish    a shell completion script
  tracker paths [--json]              where your settings, encounters, bestiary … live
  tracker bestiary [--ruleset ID]     the stat blocks `add 3 ork-boy` can find
  tracker campaign ACTION …           the party between fights: fight, writeback, rest
  tracker import FILE.json…           Foundry VTT actors → your bestiary (or --into FILE);
                                      RollTables → your roll tables (--tables alien-panic …)

Every command is saved the moment it is made; `tracker SUBCOMMAND --help` says more."""

EPILOG = f"""\
{FIRST_FIGHT}

exit status:
  0  done (a writing command: it is on disk)
  1  refused: a file, a rule or the disk said no (one line on stderr says why)
  2  a misused command line (an unknown option, a missing argument)
With --json too, a refusal is that one line on stderr, and nothing is printed on stdout."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0 when the command was done (a
    writing command: when it is on disk, even if printing failed afterwards), 1 on an
    error, 2 for a misused command line (errors: one line on stderr)."""
    args = list(sys.argv[1:] if argv is None else argv)
    cli_output.forget()
    prepare_streams()
    try:
        if args[:1] == ["_complete"]:  # the shell completion scripts' helper
            from tracker.cli.completion import complete_words

            return complete_words(args[1:])
        if args and args[0] in SUBCOMMANDS:
            status = _dispatch(args)
            sys.stdout.flush()
            return status
        return _open_tui(args)
    except BrokenPipeError:  # `tracker log … | head`: the reader left; not an error
        _quiet_stdout()
        return 0
    except OSError as err:
        if not cli_output.is_saved():
            return _failed(where_it_failed(err), 1)
        _quiet_stdout()
        why = err.strerror or err
        return _failed(f"the command was saved, but printing what it did failed: {why}", 0)
    except UsageError as err:
        return _failed(err, 2)
    except TrackerError as err:
        return _failed(err, 1)
    except KeyboardInterrupt:
        if not cli_output.is_saved():
            return 130
        return _failed("interrupted — the command was saved first (it is not made again)", 0)


def _failed(err: BaseException | str, status: int) -> int:
    """Say ``err`` in one line on stderr (if stderr can still be written); ``status``."""
    try:
        print(f"tracker: {visible(one_line(err))}", file=sys.stderr)
        sys.stderr.flush()
    except OSError:
        pass
    return status


def _quiet_stdout() -> None:
    """Send whatever stdout still holds to the null device (the reader is gone, or the
    disk under it is full), so that exiting does not fail on it again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _dispatch(args: list[str]) -> int:
    parser = build_parser(only=None if args[0] == "completion" else args[0])
    if args[0] not in FULL_SCREEN:  # what we print is data: no control bytes reach the terminal
        sys.stdout = PlainStream(sys.stdout, "standard output")
        sys.stderr = PlainStream(sys.stderr, "standard error")
    namespace, unknown = parser.parse_known_args(args)
    if unknown:  # named after the subcommand whose --help says what it takes
        which = " ".join(args[:2] if args[0] == "campaign" else args[:1])
        extra = " ".join(unknown)
        what = "unknown option" if unknown[0].startswith("-") else "one word too many:"
        if unknown[0] == "--json" and which == "log":  # as `state --json`: said where it is
            raise UsageError("`tracker log` writes JSON with -f json (--json is for state, ls …)")
        raise UsageError(f"{what} {extra!r} — see `tracker {which} --help`")
    namespace.root_parser = parser  # `tracker completion` reads every subcommand (all built)
    handler: Handler = namespace.handler
    if args[0] not in WRITING:
        return handler(namespace)
    with cli_output.interrupts_deferred():
        return handler(namespace)


WRITING = ("new", "do", "check", "campaign", "import")
"""The subcommands that write: Ctrl+C takes effect once the command is saved or refused."""


FULL_SCREEN = ("view", "serve")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argparse parser for every headless subcommand; with ``only`` a subcommand's
    name, the parser of that one alone (a run reads no other's arguments: building every
    subparser costs a tenth of the start); with ``only`` "", every subcommand named
    (``--help`` lists them) but none of their modules imported."""
    parser = CommandLineParser(
        prog="tracker",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", "-V", action="version", version=version_line())
    sub = parser.add_subparsers(
        dest="command",
        required=True,
        parser_class=CommandLineParser,
        metavar="COMMAND",
        help="one of those above; `tracker help COMMAND` says more",
    )
    for name, (where, text) in SUBCOMMANDS.items():
        if only and name != only:
            continue
        if only == "":  # `tracker --help`: the table above lists them, once
            sub.add_parser(name, description=text)
            continue
        child = sub.add_parser(name, help=text, description=text)
        setup, handler = _command(where)
        setup(child)
        with_examples(child, name)
        child.set_defaults(handler=handler)
    return parser


def _command(where: str) -> tuple[Callable[[argparse.ArgumentParser], None], Handler]:
    """(setup, handler) named ``module:setup:handler`` (module "": this one), importing
    the subcommand's module only now."""
    module_name, setup, handler = where.split(":")
    module = importlib.import_module(module_name) if module_name else sys.modules[__name__]
    return getattr(module, setup), getattr(module, handler)


# --- subcommands --------------------------------------------------------------------


def _setup_new(p: argparse.ArgumentParser) -> None:
    new_file_arguments(
        p,
        "the encounter's title",
        "read an open rule this way (repeatable; `reading` in the fight lists them)",
    )


def _new(ns: argparse.Namespace) -> int:
    from tracker.store.encounter_file import new_file

    plain_name(ns.file)
    new_file(ns.file, ns.ruleset, ns.title, ns.reading)
    saved()
    file, ruleset = visible(str(ns.file)), visible(ns.ruleset)
    print(
        f"created {file} ({ruleset}) — add combatants with "
        f"`tracker do {file} add NAME …` or edit the file"
    )
    return 0


def _setup_do(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=file_path, metavar="FILE", help="the encounter file")
    p.add_argument("--seed", type=seed_value, default=None, help="seed the dice (repeatable rolls)")
    p.add_argument(
        "--dice", default="", help="faces you rolled on real dice, comma-separated, used in order"
    )
    p.add_argument(
        "words",
        nargs=argparse.REMAINDER,
        metavar="COMMAND",
        help="the command, e.g. dmg orc 5 ('help' lists them)",
    )


def _do(ns: argparse.Namespace) -> int:
    from tracker.store.encounter_file import EncounterFile

    words, seed, faces = dice_options(list(ns.words), ns.seed, ns.dice)
    if not words:
        raise UsageError("`tracker do FILE COMMAND …` needs a command, e.g. `next`")
    if words[0].startswith("--"):  # not a command: an option that is none of do's
        raise UsageError(f"unknown option {words[0]!r} — `tracker do` takes --seed and --dice")
    if words[0].casefold() == "help":  # the ruleset's commands, read only
        from tracker.cli.do_help import do_help

        return do_help(ns.file, words[1:])
    dice = make_dice(seed, faces)
    with EncounterFile(ns.file, repair_late=True, wait=BUSY_WAIT) as play, saying_opened(play):
        was_over = play.encounter.state.phase == "ended"
        try:  # refused: a torn end is left where it is
            events = play.execute(" ".join(words), dice)
        except Answer as answer:  # asked, not changed: shown, nothing written
            print("\n".join(visible(line) for line in answer.lines))
            return 0
        ended = not was_over and play.encounter.state.phase == "ended"
    saved()
    for event in events:
        if event.text:
            print(visible(event.text))
    if ended:
        _say_writeback(play.loaded.head, ns.file)
    return 0


def _say_writeback(head: Mapping[str, Any], path: Path) -> None:
    """After a campaign fight's end (as the TUI offers its write-back): how to write it
    back, unless it is already."""
    from tracker.store.campaign_party import campaign_path, written_back

    try:
        where = campaign_path(head, path)
    except TrackerError as err:
        warn(str(err))
        return
    if where is not None and not written_back(head, path):
        where = Path(os.path.relpath(where)) if not path.is_absolute() else where
        command = f"tracker campaign writeback {where} {path}"
        print(visible(f"write what the fight left on the PCs back with `{command}`"))


def _warn_left_out(path: Path, loaded: Loaded) -> None:
    """One line on stderr if a read-only command shows less than the whole file."""
    from tracker.store.journal_repair import tail_note

    if loaded.torn is not None:
        warn(tail_note(path, loaded.torn))


def _setup_file(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=file_path, metavar="FILE", help="the encounter file")


def _setup_state(p: argparse.ArgumentParser) -> None:
    _setup_file(p)
    p.add_argument("--json", action="store_true", help="JSON (schema: docs/state-json.md)")


def _state(ns: argparse.Namespace) -> int:
    from tracker.export.state_json import state_document, state_text
    from tracker.store.encounter_load import load

    loaded = load(ns.file)
    _warn_left_out(ns.file, loaded)
    state = loaded.encounter.state
    if ns.json:
        print(json_text(state_document(state, loaded.rules)))
    else:
        print(state_text(state, loaded.rules))
    _warn_view_faults(loaded.rules)
    return 0


def _warn_view_faults(rules: Ruleset) -> None:
    """A package's view hook that failed while drawing (its default drawn instead) is
    said on stderr, as the TUI's status pane says it: the state was printed without it."""
    from tracker.rules.guarded import view_faults

    for account in view_faults(rules):
        print(f"tracker: {visible(account)}", file=sys.stderr)


SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "new": (":_setup_new:_new", "create an encounter file"),
    "do": (":_setup_do:_do", "apply one command headless and print the log lines it made"),
    "state": (":_setup_state:_state", "print the current state"),
    "log": ("tracker.cli.log:setup:run", "print the round log"),
    "check": (
        "tracker.cli.check:setup:run",
        "validate an encounter or campaign file (--repair: move a damaged or torn end aside)",
    ),
    "rulesets": (
        "tracker.cli.rulesets:setup:run",
        "list the installed rulesets; 'check ID' runs the ruleset contract on one",
    ),
    "themes": ("tracker.cli.shelves:setup:themes", "list the bundled and your own themes"),
    "samples": (
        "tracker.cli.shelves:setup:samples",
        "list the sample encounters (bundled, from rulesets)",
    ),
    "ls": (
        "tracker.cli.ls:setup:run",
        "list your encounters (default: the encounters folder), newest first",
    ),
    "bestiary": ("tracker.cli.bestiary:setup:run", "list the stat blocks 'add' can find"),
    "campaign": (
        "tracker.cli.campaign:setup:run",
        "the party between fights: injuries, stress, trauma, Fate … carried from fight to fight",
    ),
    "import": (
        "tracker.cli.foundry_import:setup:run",
        "import Foundry VTT actors and RollTables (exports, pack sources, .db packs, folders)",
    ),
    "view": (
        "tracker.cli.serve:setup_view:view",
        "a read-only player view that follows the file as the GM plays",
    ),
    "serve": (
        "tracker.cli.serve:setup_serve:serve",
        "the players' view as a live web page for phones (join token + QR code)",
    ),
    "paths": (
        "tracker.cli.paths:setup:run",
        "where your settings, encounters, bestiary, tables, recaps and caches live",
    ),
    "completion": (
        "tracker.cli.completion:setup:run",
        "print a shell completion script (bash, zsh or fish)",
    ),
}
"""Each subcommand: where its argument setup and handler are (``module:setup:handler``,
imported only when the subcommand runs) and its one-line help."""


def version_line() -> str:
    """``tracker 0.1.0`` (what ``tracker --version`` prints)."""
    from tracker import __version__

    return f"tracker {__version__}"


def _open_tui(args: list[str]) -> int:
    if args and args[0] in ("-h", "--help"):
        build_parser(only="").print_help()
        return 0
    if args and args[0] in ("-V", "--version"):
        out = PlainStream(sys.stdout, "standard output")
        out.write(f"{version_line()}\n")
        out.flush()
        return 0
    if args and args[0].startswith("-"):
        raise UsageError(f"unknown option {args[0]!r} — see `tracker --help`")
    from tracker.cli import first_word

    if first_word.is_help(args):  # `tracker help [SUBCOMMAND]`, as git and pip take it
        return main(first_word.help_asked(args, SUBCOMMANDS) or ["--help"])
    if args and (mistake := first_word.unknown(args, SUBCOMMANDS)):
        raise mistake
    if not args or Path(args[0]).is_file():  # a file's own problem is said first
        need_terminal("`tracker`")
    from tracker.ui.launch import launch

    return launch(Path(args[0]) if args else None)
