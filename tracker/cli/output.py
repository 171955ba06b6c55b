"""Whether the command being run is on disk yet, so the exit status tells the truth.

A writing subcommand calls :func:`saved` the moment its change is on disk; if printing
fails after that (a full disk under ``> out.txt``, a closed terminal), the command is
still saved: ``main`` says so in one line on stderr and exits 0, so a script that retries
on failure never applies it twice.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from tracker.core.errors import TrackerError
from tracker.core.safe_text import NAME_LIMIT, text_problem, visible, visible_lines

if TYPE_CHECKING:
    from tracker.store.journal_file import JournalFile

_SAVED: list[bool] = []

BUSY_WAIT = 2.0
"""Seconds a writing command waits for another one on the same file (two ``tracker do``
at once both land) before it says who holds the file."""


def saved() -> None:
    """The command's change is on disk."""
    _SAVED.append(True)


def forget() -> None:
    """A new command starts: nothing of it is saved yet."""
    _SAVED.clear()


def is_saved() -> bool:
    """Whether the command being run has saved its change."""
    return bool(_SAVED)


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Ctrl+C while a writing command runs takes effect once it is saved or refused (an
    interrupt between its write and ``saved`` left it on disk with "interrupted" said, and
    made again by whoever believed that); a second Ctrl+C stops it at once."""
    pressed: list[int] = []

    def hold(signum: int, frame: object) -> None:
        if pressed:
            raise KeyboardInterrupt
        pressed.append(signum)

    try:
        previous = signal.signal(signal.SIGINT, hold)
    except ValueError:  # not the main thread (main called from one): nothing to hold
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        raise KeyboardInterrupt


def warn(text: str) -> None:
    """One line on stderr for the GM, every control character shown visibly."""
    print(f"tracker: {visible(text)}", file=sys.stderr)


def say_opened(play: JournalFile[Any]) -> None:
    """What opening ``play`` for writing did to it: a torn or damaged end moved aside, a
    command a crash cut short finished or dropped; one line each on stderr."""
    for line in play.said_on_opening():
        warn(line)


@contextmanager
def saying_opened(play: JournalFile[Any]) -> Iterator[None]:
    """Run a command on ``play`` (opened with ``repair_late``), then say what opening did.
    A command the rules refuse moved no torn end aside, but one the disk refused did (the
    end goes aside just before the write), and a command a crash cut short was finished or
    dropped whatever this one does: each is said before the refusal."""
    try:
        yield
    except BaseException:
        say_opened(play)
        raise
    say_opened(play)


def plain_name(path: Path) -> None:
    """Refuse (one line, nothing made) a new file whose name holds a control or direction
    character: the title is made from the name, and every listing would show it."""
    problem = text_problem(path.name, "the file name", NAME_LIMIT * 3)
    if problem:
        raise TrackerError(f"{visible(str(path))}: {problem}")


def terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` gives it: ``COLUMNS``, else
    the size of standard output's terminal, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    stdout = sys.__stdout__
    if columns <= 0 and stdout is not None:
        try:
            columns = os.get_terminal_size(stdout.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def need_terminal(command: str) -> None:
    """TrackerError unless a full screen can run here: without a terminal to draw on and
    type in (a pipe, a file, a script), Textual writes its escape codes there and waits
    for keys for ever; a terminal that says it is dumb (``TERM=dumb``: Emacs' shell, an
    editor's output pane) shows those codes as text. textual-serve's children
    (``TEXTUAL_DRIVER``) draw on a page."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return
    where = "a terminal to draw it on"
    if sys.stdin.isatty() and sys.stdout.isatty():
        if os.environ.get("TERM") != "dumb":
            return
        where = "a terminal that can draw it (TERM is 'dumb' here)"
    raise TrackerError(
        f"{command} draws a screen and needs {where}; "
        "`tracker state FILE` and `tracker log FILE` print without one"
    )


def new_file_arguments(p: Any, title: str, reading: str) -> None:
    """The arguments of a command that makes a file (``new``, ``campaign new``): FILE,
    ``--ruleset``, ``--title`` and repeatable ``--reading KEY=CHOICE``."""
    p.add_argument(
        "file", type=new_file_path, metavar="FILE", help="the file to create (.toml added)"
    )
    p.add_argument(
        "--ruleset", required=True, metavar="ID", help="ruleset id (see `tracker rulesets`)"
    )
    p.add_argument("--title", default="", help=title)
    p.add_argument(
        "--reading",
        action="append",
        default=[],
        type=key_choice,
        metavar="KEY=CHOICE",
        help=reading,
    )


def file_path(text: str) -> Path:
    """A file or folder named on the command line; a misused command line when it is
    ``-`` (standard input, which the tracker never reads: its files are read twice and
    locked) or blank (``""`` would name the current folder)."""
    if text == "-":
        raise argparse.ArgumentTypeError(
            "'-' would be standard input, which the tracker does not read: give a file's name"
        )
    if not text.strip():
        raise argparse.ArgumentTypeError("the name is blank: give a file's name")
    return Path(text)


def new_file_path(text: str) -> Path:
    """The file ``new`` makes: :func:`file_path`, with ``.toml`` added to a name that has
    no suffix (``ambush`` is ``ambush.toml``: ``tracker ls``, the launcher and the shell's
    completion look for ``*.toml``)."""
    path = file_path(text)
    return path.with_name(f"{path.name}.toml") if not path.suffix and path.name else path


def key_choice(text: str) -> str:
    """``--reading``'s value as typed, if it has the shape ``KEY=CHOICE`` (whether the
    ruleset has that reading is for the ruleset to say); a misused command line if not."""
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"a reading is KEY=CHOICE, not {text!r}")
    return text


def output_name(text: str) -> str:
    """``-o``'s value as typed (``-``: standard output, as in most tools); a misused
    command line when it is blank (``-o ""`` named the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("-o needs a file name (or - for standard output)")
    return text


def output_path(text: str | None) -> Path | None:
    """The file ``-o`` names (None: standard output, for no ``-o`` or ``-o -``)."""
    return None if text is None or text == "-" else Path(text)


class PlainStream:
    """A text stream that shows control and direction characters visibly (``␛``); an
    error writing it names it (``standard output: No space left on device``)."""

    def __init__(self, stream: TextIO, name: str) -> None:
        self.stream = stream
        self.name = name

    def write(self, text: str) -> int:
        """Write ``text`` with every unsafe character but tab and newline made visible."""
        try:
            return self.stream.write(visible_lines(text))
        except OSError as err:
            raise self._named(err) from None

    def flush(self) -> None:
        """Flush the stream."""
        try:
            self.stream.flush()
        except OSError as err:
            raise self._named(err) from None

    def _named(self, err: OSError) -> OSError:
        err.filename = err.filename or self.name
        return err

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)
