"""The first word of ``tracker WORD …`` when it is not a subcommand: ``help`` (as git
and pip take it), a subcommand misspelt (``stat`` → did you mean ``state``?) or a
command of the fight typed without ``do FILE`` (``tracker roll 2d6``)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from tracker.cli.numbers import UsageError

FIGHT_VERBS = frozenset(
    (
        "start next prev end init roll-init delay act swap dmg wound heal ail cure shake "
        "spend gain add remove down dead revive hide reveal note gm-note notes roll "
        "gm-roll save-template undo redo reading"
    ).split()
)
"""The commands of a fight (``tracker do FILE VERB``) the grammar suggests."""


def is_help(args: list[str]) -> bool:
    """Whether ``tracker ARGS`` asks for help in words (``tracker help [SUBCOMMAND]``),
    not for a file named ``help``."""
    return bool(args) and args[0] == "help" and not Path("help").exists()


def help_asked(args: list[str], subcommands: Iterable[str]) -> list[str]:
    """``tracker help SUBCOMMAND [ACTION]`` as the command line that prints that help
    (``SUBCOMMAND [ACTION] --help``); ``[]`` for the whole command's help."""
    asked = [word for word in args[1:] if not word.startswith("-")]
    if not asked:
        return []
    if asked[0] not in subcommands:
        guess = _did_you_mean(asked[0], subcommands) or " — see `tracker --help`"
        raise UsageError(f"no command '{asked[0]}'{guess}")
    return [*asked[:2], "--help"] if asked[0] == "campaign" else [asked[0], "--help"]


def unknown(args: list[str], subcommands: Iterable[str]) -> UsageError | None:
    """The mistake ``tracker ARGS`` makes if its first word is not a subcommand and not
    a file that exists: a subcommand misspelt or a fight's command; None when the word
    may well be a file's name (one word, like no subcommand: it is opened or created)."""
    word = args[0]
    if len(args) == 1 and (Path(word).exists() or not _plain_word(word)):
        return None
    if Path(word).exists() or word.endswith(".toml"):
        return UsageError(f"`tracker FILE` plays one file at a time: `tracker {word}`")
    if word.casefold() in FIGHT_VERBS:
        return UsageError(
            f"'{word}' is a command of a fight: `tracker do FILE {word} …` "
            "(`tracker do FILE help` lists them)"
        )
    guess = _did_you_mean(word, subcommands)
    if len(args) == 1 and not guess:
        return None
    return UsageError(f"unknown command '{word}'{guess or ' — see `tracker --help`'}")


def _plain_word(word: str) -> bool:
    """A word with no folder, no suffix: ``stat``, not ``stat.toml`` or ``./stat``."""
    return "/" not in word and "." not in word and "\\" not in word


def _did_you_mean(word: str, names: Iterable[str]) -> str:
    """`` — did you mean `tracker state`?`` when ``word`` is close to one of ``names``."""
    import difflib  # only for a word refused

    close = difflib.get_close_matches(word.casefold(), list(names), n=1, cutoff=0.6)
    return f" — did you mean `tracker {close[0]}`?" if close else ""
