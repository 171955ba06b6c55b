"""``tracker completion bash|zsh|fish``: a shell completion script, made by ``shtab`` from
the command line's own argparse parser, so it never lags behind a new subcommand.

It completes subcommands and options, encounter and campaign files (``*.toml``; as the
first word too, for ``tracker FILE``), folders for ``ls``, ruleset ids for ``--ruleset``,
``log``'s formats, and after ``do FILE`` the file's verbs, its combatant ids, then the
options the verb declares (``pen=``, ``soak``). Those come from the hidden ``tracker
_complete line WORDS…`` (the words typed so far), which reads the file without changing
it and prints only plain words (letters, digits and ``_.+:@=-``): the shell expands what
it is given, so nothing a file holds may reach it as anything but a word.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from tracker.core.errors import TrackerError, one_line
from tracker.core.safe_text import visible

HELP = "print a shell completion script (bash, zsh or fish)"
SHELLS = ("bash", "zsh", "fish")
PLAIN_WORD = re.compile(r"[\w.+:@=-]+")
"""What the completion helper ever prints: words no shell expands."""
FILE_OPTIONS = ("--from", "--into")
FILE_DESTS = ("file", "files", "campaign", "encounter")
DO_OPTIONS = ("--seed", "--dice")

DO_WORDS = {
    "bash": "_tracker_do_words",
    "zsh": "_tracker_do_words",
    "fish": "(_tracker_do_words)",
}
FORMATS = {
    "bash": "_tracker_formats",
    "zsh": "(md html txt json)",
    "fish": "md html txt json",
}
TOML_ZSH = "_files -g '*.toml'"
"""zsh's completion of ``*.toml`` files and folders: shtab's own ``_files -g '(*.toml)'``
matches nothing in zsh 5.9."""
RULESETS = {
    "bash": "_tracker_rulesets",
    "zsh": "_tracker_rulesets",
    "fish": "(tracker _complete rulesets 2>/dev/null)",
}
PREAMBLE = {
    "bash": """\
_tracker_do_words() {
  compgen -W "$(tracker _complete line "${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null)" -- "$1"
}
_tracker_rulesets() {
  compgen -W "$(tracker _complete rulesets 2>/dev/null)" -- "$1"
}
_tracker_formats() {
  compgen -W "md html txt json" -- "$1"
}
""",
    "zsh": """\
_tracker_do_words() {
  local -a typed found
  typed=(${(Q)${(z)LBUFFER}})
  [[ $LBUFFER == *[[:space:]] ]] || typed=(${typed[1,-2]})
  found=(${(f)"$(tracker _complete line ${typed[2,-1]} 2>/dev/null)"})
  compadd -a found
}
_tracker_rulesets() {
  local -a found
  found=(${(f)"$(tracker _complete rulesets 2>/dev/null)"})
  compadd -a found
}
functions[_tracker_subcommands]=$functions[_shtab_tracker_commands]
_shtab_tracker_commands() {
  _tracker_subcommands
  _files -g '*.toml'
}
""",
    "fish": """\
function _tracker_do_words
  set -l typed (commandline -opc)
  tracker _complete line $typed[2..-1] 2>/dev/null
end
""",
}
TAIL = {
    "bash": """
_tracker_complete() {
  _shtab_tracker
  local word="${COMP_WORDS[COMP_CWORD]}" line
  if [[ $COMP_CWORD -eq 1 && $word != -* ]]; then
    compopt -o filenames 2>/dev/null
    while IFS= read -r line; do COMPREPLY+=("$line"); done < <(
      compgen -f -X '!*.toml' -- "$word"; compgen -d -- "$word")
  fi
}
complete -o bashdefault -F _tracker_complete tracker""",
    "zsh": "",
    "fish": "complete -c tracker -n __fish_use_subcommand -ka '(__fish_complete_suffix .toml)'"
    " -d 'play this file'",
}
"""After shtab's script: ``tracker FILE`` plays a file, so the first word completes to
``*.toml`` files and folders beside the subcommands (zsh: in :data:`PREAMBLE`; fish's
script starts by removing every completion, so its line comes after it)."""


def setup(p: argparse.ArgumentParser) -> None:
    """``tracker completion SHELL``."""
    p.add_argument("shell", choices=SHELLS, metavar="SHELL", help="bash, zsh or fish")
    p.epilog = (
        "bash: source <(tracker completion bash)   (e.g. in ~/.bashrc)\n"
        "zsh:  mkdir -p ~/.zfunc && tracker completion zsh > ~/.zfunc/_tracker\n"
        "      (and in ~/.zshrc, before compinit: fpath=(~/.zfunc $fpath))\n"
        "fish: mkdir -p ~/.config/fish/completions &&\n"
        "      tracker completion fish > ~/.config/fish/completions/tracker.fish"
    )
    p.formatter_class = argparse.RawDescriptionHelpFormatter


def run(ns: argparse.Namespace) -> int:
    """Print the completion script for ``ns.shell`` (``ns.root_parser``: the whole
    command line, as ``tracker.cli.main`` built it)."""
    import shtab

    parser: argparse.ArgumentParser = ns.root_parser
    toml = {**shtab.glob("*.toml"), "zsh": TOML_ZSH}
    mark(parser, toml, shtab.FILE, shtab.DIRECTORY)
    script = shtab.complete(parser, ns.shell, preamble=PREAMBLE[ns.shell])
    print(script + TAIL[ns.shell])
    return 0


def mark(parser: argparse.ArgumentParser, toml: Any, any_file: Any, folder: Any) -> None:
    """Say what each argument completes to (shtab reads an action's ``complete``)."""
    for command, action in _actions(parser, ()):
        if action.help == argparse.SUPPRESS:
            continue
        if command == ("do",) and action.dest == "words":
            setattr(action, "complete", DO_WORDS)  # noqa: B010 (shtab's attribute)
        elif command == ("import",) and action.dest == "files":
            setattr(action, "complete", any_file)  # noqa: B010
        elif action.dest in FILE_DESTS or any(o in FILE_OPTIONS for o in action.option_strings):
            setattr(action, "complete", toml)  # noqa: B010
        elif action.dest == "folder":
            setattr(action, "complete", folder)  # noqa: B010
        elif action.dest == "out":
            setattr(action, "complete", any_file)  # noqa: B010
        elif action.dest == "ruleset":
            setattr(action, "complete", RULESETS)  # noqa: B010
        elif command == ("log",) and action.dest == "format":
            setattr(action, "complete", FORMATS)  # noqa: B010


def _actions(
    parser: argparse.ArgumentParser, command: tuple[str, ...]
) -> Iterator[tuple[tuple[str, ...], argparse.Action]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from _actions(child, (*command, name))
        else:
            yield command, action


# --- the hidden helper the scripts call -----------------------------------------------


def complete_words(args: Sequence[str]) -> int:
    """``tracker _complete rulesets`` or ``tracker _complete line WORDS…``: the candidate
    words, one a line (never anything a shell would expand); 1 when there are none to give
    (a file that cannot be read: the scripts throw stderr away)."""
    try:
        if list(args[:1]) == ["rulesets"]:
            from tracker.rules.registry import ruleset_ids

            words = ruleset_ids()
        elif list(args[:1]) == ["line"]:
            words = _after_do(list(args[1:]))
        else:
            return 2
    except (TrackerError, OSError) as err:
        print(f"tracker: {visible(one_line(err))}", file=sys.stderr)
        return 1
    for word in words:
        if PLAIN_WORD.fullmatch(word):
            print(word)
    return 0


def _after_do(typed: list[str]) -> list[str]:
    """What may come next after ``typed`` (the words after ``tracker``): the verbs of the
    file after ``do FILE``, then its combatant ids, then the options the verb declares
    (``pen=``, ``soak``); nothing elsewhere."""
    if typed[:1] != ["do"]:
        return []
    rest = typed[1:]
    while rest and rest[0].startswith("-"):  # --seed 3, --dice 6,2, --seed=3
        rest = rest[2:] if rest[0] in DO_OPTIONS else rest[1:]
    if not rest:
        return []
    file, command = Path(rest[0]).expanduser(), _without_options(rest[1:])
    from tracker.core.verb_options import option_words, unused_options
    from tracker.store.roster_glance import glance

    fight = glance(file)  # the head and the added combatants: no replay
    if not command:
        return sorted({*fight.verbs, "undo", "redo"})
    if len(command) == 1:
        return [".", *fight.ids]
    verb = fight.verbs.get(command[0].casefold())
    return unused_options(option_words(verb), command[2:]) if verb is not None else []


def _without_options(words: list[str]) -> list[str]:
    skip = False
    kept: list[str] = []
    for word in words:
        if skip:
            skip = False
        elif word in DO_OPTIONS:
            skip = True
        elif not word.startswith("--"):
            kept.append(word)
    return kept
