"""``tracker log FILE… [--round N | --rounds A-B] [-f FMT] [-o OUT]``: the round log."""

from __future__ import annotations

import argparse

from tracker.cli.numbers import UsageError, whole_number
from tracker.cli.output import file_path, output_name, warn
from tracker.core.errors import TrackerError
from tracker.core.safe_text import visible


def setup(p: argparse.ArgumentParser) -> None:
    """``log``'s arguments."""
    p.add_argument(
        "files",
        nargs="+",
        type=file_path,
        metavar="FILE",
        help="encounter file(s); several need -o DIR",
    )
    which = p.add_mutually_exclusive_group()
    which.add_argument("--round", metavar="N", help="only round N")
    which.add_argument("--rounds", metavar="A-B", help="only rounds A to B, e.g. 2-4")
    p.add_argument(
        "--format",
        "-f",
        metavar="FMT",
        help="md, html, txt or json (default: from -o's suffix, else md)",
    )
    p.add_argument(
        "-o",
        "--out",
        type=output_name,
        metavar="OUT",
        help="a file, or a folder (one recap per encounter); - for standard output",
    )
    p.add_argument("--with-undone", action="store_true", help="include undone actions (with --gm)")
    p.add_argument(
        "--gm",
        action="store_true",
        help="the GM's copy: hidden combatants and GM-only notes included",
    )


def run(ns: argparse.Namespace) -> int:
    """Write the round log of each file (to stdout, a file or a folder); 1 if one failed."""
    from tracker.export.batch import plan, run_jobs
    from tracker.export.recap import ExportOptions, parse_rounds

    if ns.round is not None and not whole_number(ns.round):  # not a number, or 0
        raise UsageError(
            f"--round takes one round number (1 or more), not '{ns.round}' "
            "(a range is --rounds A-B)"
        )
    if ns.out == "-":
        ns.out = None
    if ns.with_undone and not ns.gm:  # the players' copy never shows what was undone
        raise UsageError("--with-undone shows undone lines in the GM's copy: add --gm")
    if len(ns.files) > 1 and not ns.out:
        raise UsageError("several encounters need a folder to write to: add -o DIR")
    try:  # what the command line asks for, before any file is read
        first, last = parse_rounds(ns.round or ns.rounds or "")
        if ns.format:
            _one_format(ns.format, ns.out)
    except TrackerError as err:
        raise UsageError(str(err)) from None
    options = ExportOptions(first, last, gm=ns.gm, with_undone=ns.with_undone)
    fmt, jobs = plan(ns.files, ns.out, ns.format, options)
    failed = run_jobs(jobs, fmt, options, say=said, warn=warn)
    return 1 if failed else 0


def _one_format(name: str, out: str | None) -> None:
    """TrackerError for a format that is none, or one other than the suffix of the file
    ``-o`` names asks for (``-f md -o recap.html`` wrote Markdown into a web page)."""
    from pathlib import Path

    from tracker.export.formats import FORMATS, SUFFIX_ALIASES, format_for, format_named

    fmt = format_named(name)
    target = Path(out) if out and not out.endswith(("/", "\\")) else None
    if target is None or target.is_dir():
        return
    suffix = target.suffix.casefold()
    known = {f.suffix for f in FORMATS.values()} | set(SUFFIX_ALIASES)
    if suffix in known and format_for(target) is not fmt:
        raise TrackerError(
            f"--format {name} and -o {target.name} ask for two formats: give one "
            f"(or name the file {target.stem}{fmt.suffix})"
        )


def said(text: str) -> None:
    """One line of what the export did, as the terminal may show it."""
    print(visible(text))
