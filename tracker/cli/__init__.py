"""The ``tracker`` command line: one module a subcommand (``main`` holds the parser).

``main`` is imported when it is called, so ``import tracker.cli.numbers`` (or any other
subcommand's module) does not pay for every subcommand's imports.
"""

from __future__ import annotations

from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``tracker`` with ``argv`` (the process's arguments when None); the exit status."""
    from tracker.cli.main import main as run

    return run(argv)
