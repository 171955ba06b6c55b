"""The standard streams and the current folder as a hostile environment leaves them.

A script or a service may start ``tracker`` with a stream closed (``>&-``: Python makes it
None), on a terminal that cannot show every character (an ASCII or Latin-1 locale,
``PYTHONIOENCODING=ascii``), or in a folder deleted since. Each used to end a command that
was already saved in a traceback, so a script that retried made it again.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tracker.cli.charset import fit_streams


def prepare_streams() -> None:
    """Make the standard streams safe to use for this run (see the module's words)."""
    _fill_closed_streams()
    fit_streams()


def _fill_closed_streams() -> None:
    """A standard stream closed by the caller (``tracker do F … >&-``, ``<&-``) is None in
    Python: every print then failed after the command was saved (a traceback, exit 120) and
    the screen's terminal check traced back. Such a stream reads as empty and writes to
    nothing, as the closed descriptor would."""
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))


def where_it_failed(err: OSError) -> OSError | str:
    """The error, or what it means when it names no file and the current folder is gone
    (``Path.absolute`` of a relative name asks the system where it is, and gets ENOENT)."""
    from tracker.store.durable import GONE_HINT, folder_gone

    if err.filename is None and folder_gone(Path(".")):
        return f"the current folder was deleted or moved — {GONE_HINT}"
    return err
