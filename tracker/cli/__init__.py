"""The ``tracker`` command line: one module a subcommand (``main`` holds the parser).

``main`` is imported when it is called, so ``import tracker.cli.numbers`` (or any other
subcommand's module) does not pay for every subcommand's imports.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence

YOUNG_OBJECTS = 50_000
"""How many new container objects a short-lived run lets pile up before the garbage
collector looks at them (Python's default: 700). Starting ``tracker do`` makes some
hundred thousand objects (modules, classes, functions, a parsed file) that live until
the process ends: at 700 the collector went over them some forty times."""

QUICK = ("_complete", "-h", "--help", "-V", "--version")
"""Runs that are not subcommands and end at once (the shell completion's helper, help)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``tracker`` with ``argv``; the exit status. With None, as the program (the
    console script, ``python -m tracker``): the process's arguments, and for a command
    that ends when it is done, the garbage collector set for a process about to end
    (:func:`short_lived`)."""
    from tracker.cli.main import main as run

    globals()["main"] = ENTRY  # loading the submodule `main` bound it here, over this function
    if argv is not None or not short_lived(sys.argv[1:]):
        return run(argv)
    young, *older = gc.get_threshold()
    gc.set_threshold(max(young, YOUNG_OBJECTS), *older)
    status = run(None)
    gc.freeze()  # what is left lives until the exit: not gone over again on the way out
    return status


ENTRY = main
"""The function ``main``, kept: ``from tracker.cli import main`` stays this function
after a run has loaded the submodule ``tracker.cli.main`` (which Python binds as this
package's ``main``)."""


def short_lived(args: Sequence[str]) -> bool:
    """Whether ``tracker ARGS`` ends once its command is done: a subcommand, not the TUI,
    the players' live view or the web page."""
    from tracker.cli.main import FULL_SCREEN, SUBCOMMANDS

    first = args[0] if args else ""
    return first in QUICK or (first in SUBCOMMANDS and first not in FULL_SCREEN)
