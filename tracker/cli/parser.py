"""The command line's parser: argparse, but a mistake is one sentence and exit status 2,
in the GM's words rather than argparse's (a choice that is not one, what is missing, two
flags that exclude each other, a flag without its value)."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, NoReturn, TextIO, cast

from tracker.cli.numbers import UsageError
from tracker.cli.output import PlainStream, terminal_columns

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


class CommandLineParser(argparse.ArgumentParser):
    """argparse, but a mistake on the command line is one sentence and exit status 2."""

    typed: tuple[str, ...] = ()
    """The words this parser was given (a subcommand's parser: those after its name)."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """argparse's, the words kept so that a mistake can name an unknown option."""
        self.typed = tuple(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        """Raise the mistake as a UsageError (main prints it in one line), a choice
        refused in words: ``'foe' is not one of pc, ally, enemy or neutral``; an option
        it does not know said first (``--jsno``, not the FILE missing after it)."""
        if message.startswith(_REQUIRED) and (stray := self._unknown_option()):
            message = f"unknown option {stray!r}{_closest(stray, self._option_string_actions)}"
        raise UsageError(f"{_in_words(message)} — see `{self.prog} --help`")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """argparse's, but a write that fails (``tracker --help > /dev/full``) is an error
        naming the stream, not swallowed with exit status 0."""
        if not message:
            return
        stream = file or sys.stderr
        name = "standard output" if stream is sys.stdout else "standard error"
        named = (
            stream if isinstance(stream, PlainStream) else PlainStream(cast(TextIO, stream), name)
        )
        named.write(message)
        named.flush()

    def _unknown_option(self) -> str | None:
        """The first word typed as an option that is no option of this parser's (nor the
        start of one, as argparse takes ``--js`` for ``--json``); the options are argparse's
        table of them, the one place it keeps every option of a parser and its groups."""
        known: Mapping[str, object] = self._option_string_actions
        for word in self.typed:
            if word == "--":
                return None
            name = word.split("=", 1)[0]
            if len(name) > 1 and name[0] == "-" and not name[1].isdigit():
                if not any(option.startswith(name) for option in known):
                    return word
        return None

    def _get_formatter(self) -> argparse.HelpFormatter:
        """The help formatter, told the terminal's width here: argparse's own way
        imports ``shutil`` (and its compressors) at every start, for help rarely shown."""
        make: Callable[..., argparse.HelpFormatter] = self.formatter_class
        return make(prog=self.prog, width=terminal_columns() - 2)


def _closest(typed: str, options: Iterable[str]) -> str:
    """``; did you mean --ruleset?`` for ``--rulset``; "" when nothing is close."""
    import difflib

    long_ones = [option for option in options if option.startswith("--")]
    close = difflib.get_close_matches(typed.split("=", 1)[0], long_ones, n=1, cutoff=0.7)
    return f"; did you mean {close[0]}?" if close else ""


_INVALID_CHOICE = re.compile(r"invalid choice: (.*) \(choose from (.*)\)$")
_REQUIRED = "the following arguments are required: "
_TOGETHER = re.compile(r"argument (\S+): not allowed with argument (\S+)")
_ARGUMENT = re.compile(r"argument (\S+): (.*)", re.DOTALL)
_ONE_VALUE = re.compile(r"argument (\S+): expected one argument")


def _in_words(message: str) -> str:
    """argparse's ``invalid choice: 'foe' (choose from 'pc', 'ally')`` as a sentence:
    ``'foe' is not one of pc or ally``; ``the following arguments are required: FILE,
    COMMAND`` as ``FILE and COMMAND missing``; two flags that exclude each other and a
    flag without its value said so; any other message as it is."""
    from tracker.core.wording import either

    if message.startswith(_REQUIRED):
        return f"{either(message.removeprefix(_REQUIRED).split(', '), 'and')} missing"
    if found := _TOGETHER.fullmatch(message):
        return f"{found[1]} and {found[2]} cannot go together: give one"
    if found := _ONE_VALUE.fullmatch(message):
        return f"{found[1]} needs a value"
    found = _INVALID_CHOICE.search(message)
    if found is None:
        return _unprefixed(message)
    choices = [c.strip().strip("'") for c in found[2].split(",")]
    return f"{_whose(message[: found.start()])}{found[1]} is not {_listed(found[1], choices)}"


def _unprefixed(message: str) -> str:
    """argparse's ``argument -o/--out: -o needs a file name`` as ``-o needs a file name``
    (the value's own words name it), ``argument FILE: the name is blank`` as ``FILE: the
    name is blank``."""
    found = _ARGUMENT.fullmatch(message)
    if found is None:
        return message
    named, said = found[1], found[2]
    return said if any(name in said for name in named.split("/")) else f"{named}: {said}"


def _whose(prefix: str) -> str:
    """argparse's ``argument --side: `` as ``--side: ``; a positional's inner name
    (``argument action: ``) said not at all: the GM never typed it."""
    named = prefix.removeprefix("argument ")
    return named if named.startswith("-") else ""


def _listed(typed: str, choices: list[str]) -> str:
    """The choices in words (``one of pc, ally or enemy``), or when there are more than a
    line holds, their count and the closest (``one of the 15 choices: did you mean
    new?``)."""
    import difflib

    from tracker.core.wording import either

    close = difflib.get_close_matches(typed.strip("'").casefold(), choices, n=1, cutoff=0.6)
    guess = f"; did you mean {close[0]}?" if close and len(choices) > 1 else ""
    if len(choices) > 6:
        return f"one of the {len(choices)} choices{guess or ' (the help lists them)'}"
    return f"{'one of ' if len(choices) > 1 else ''}{either(choices)}{guess}"
