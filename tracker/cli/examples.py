"""What ``tracker SUBCOMMAND --help`` shows below the options: examples a GM can type as
they are, and what the exit status means — as ``git``, ``gh`` and ``pip`` show theirs."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable

EXAMPLES: dict[str, tuple[str, ...]] = {
    "new": ('tracker new ford.toml --ruleset basic --title "Bandits at the ford"',),
    "do": (
        "tracker do ford.toml add Ann side=pc hp=12 init=3",
        "tracker do ford.toml dmg bandit-2 5",
        "tracker do ford.toml help          # the commands the ruleset takes",
    ),
    "state": ("tracker state ford.toml", "tracker state ford.toml --json"),
    "log": ("tracker log ford.toml", "tracker log ford.toml --round 2 -f html -o ford.html"),
    "check": ("tracker check ford.toml", "tracker check --repair ford.toml"),
    "rulesets": ("tracker rulesets", "tracker rulesets check nerv-d100"),
    "themes": ("tracker themes",),
    "samples": ("tracker samples",),
    "ls": ("tracker ls", "tracker ls ~/games --json"),
    "bestiary": ("tracker bestiary", "tracker bestiary --ruleset basic --json"),
    "import": (
        "tracker import ork-nob.json               # into your bestiary",
        "tracker import ork-nob.json --into ford.toml --side enemy",
    ),
    "view": ("tracker view ford.toml", "tracker view ford.toml --large"),
    "serve": ("tracker serve ford.toml --lan",),
    "paths": ("tracker paths", "tracker paths --json"),
    "campaign": (
        "tracker campaign new tokyo.toml --ruleset nerv-d100",
        "tracker campaign fight tokyo.toml sachiel.toml",
    ),
    "campaign new": ('tracker campaign new tokyo.toml --ruleset nerv-d100 --title "Tokyo-3"',),
    "campaign add-pc": (
        "tracker campaign add-pc tokyo.toml Asuka physique=45 will=40 grace=47 fate=2",
        "tracker campaign add-pc tokyo.toml --from encounters/nerv-sachiel.toml rei",
    ),
    "campaign rename-pc": ('tracker campaign rename-pc tokyo.toml asuka "Asuka Langley"',),
    "campaign remove-pc": ("tracker campaign remove-pc tokyo.toml rei",),
    "campaign show": (
        "tracker campaign show tokyo.toml",
        "tracker campaign show tokyo.toml --json",
    ),
    "campaign log": ("tracker campaign log tokyo.toml",),
    "campaign fight": ('tracker campaign fight tokyo.toml sachiel.toml --title "Sachiel"',),
    "campaign writeback": ("tracker campaign writeback tokyo.toml sachiel.toml",),
    "campaign rest": ("tracker campaign rest tokyo.toml short",),
    "campaign set": ("tracker campaign set tokyo.toml asuka wounds 4",),
    "campaign treat": ('tracker campaign treat tokyo.toml asuka "foot pain" --note "splinted"',),
    "campaign reading": (
        "tracker campaign reading tokyo.toml",
        "tracker campaign reading tokyo.toml defend lapses",
    ),
    "campaign undo": ("tracker campaign undo tokyo.toml",),
    "campaign redo": ("tracker campaign redo tokyo.toml",),
    "campaign recap": ("tracker campaign recap tokyo.toml --html -o tokyo.html",),
}
"""Each subcommand's (and each campaign action's) examples, as typed at a shell."""

FIRST_FIGHT = """\
examples:
  tracker                                       the launcher: a sample, or your last fight
  tracker new ford.toml --ruleset basic         a new fight, then
  tracker do ford.toml add 3 bandit             three bandits from the bestiary
  tracker ford.toml                             play it"""
"""The examples ``tracker --help`` ends with: a first fight."""

EXIT_STATUS = """\
exit status:
  0  done
  1  refused (one line on stderr says why)
  2  a misused command line"""


def with_examples(parser: argparse.ArgumentParser, name: str) -> None:
    """Give ``tracker NAME``'s parser its examples and the exit statuses below its
    options (after what its own epilog says, such as how to install a script)."""
    examples = EXAMPLES.get(name, ())
    said = ["examples:", *(f"  {line}" for line in examples)] if examples else []
    parts = [parser.epilog or "", "\n".join(said), EXIT_STATUS]
    parser.epilog = "\n\n".join(part for part in parts if part)
    parser.formatter_class = HelpFormatter


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help, with text of several lines (the command table, examples) kept as
    written where it fits and a one-line text (a description) wrapped to the terminal; on
    a narrow terminal a row of two columns puts its second under its first."""

    def _format_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None,
    ) -> str:
        """argparse's usage, but never wider than the terminal where it can help it: when
        a line of argparse's (its parts lined up under the command's name) is too wide,
        the parts go below ``usage: tracker serve``, two spaces in, as many a line as fit."""
        text = super()._format_usage(usage, actions, groups, prefix)
        width = self._width
        if all(len(line) <= width for line in text.rstrip("\n").splitlines()):
            return text
        head = f"{'usage: ' if prefix is None else prefix}{self._prog}"
        flat = " ".join(text.split())
        if not flat.startswith(head):
            return text
        lines = [head]
        for word in usage_parts(flat[len(head) :]):
            if len(lines) > 1 and len(lines[-1]) + 1 + len(word) <= width:
                lines[-1] += f" {word}"
            else:
                lines.append(f"  {word}")
        return "\n".join(lines) + "\n\n"

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" not in text:
            return super()._fill_text(text, width, indent)
        rows = text.splitlines()
        if all(len(row) <= width for row in rows):
            return "\n".join(indent + row for row in rows)
        return "\n".join(indent + line for row in rows for line in fit(row, width))


def usage_parts(usage: str) -> list[str]:
    """`` [-h] [--lan | --host HOST] FILE`` (a usage after its command) in its parts, a
    bracketed group whole: ``["[-h]", "[--lan | --host HOST]", "FILE"]``."""
    parts: list[str] = []
    depth, start = 0, 0
    for at, char in enumerate(usage + " "):
        if char in "[({":
            depth += 1
        elif char in "])}":
            depth -= 1
        elif char == " " and depth <= 0:
            if at > start:
                parts.append(usage[start:at])
            start = at + 1
    return parts


TWO_COLUMNS = re.compile(r"(\s*tracker\b.*?\S)\s{2,}(\S.*)")
"""A row of the command table or the examples: what is typed, two spaces or more, what
it does."""


SHORT_TERM = re.compile(r"(\s*\S{1,4}\s{2,})(\S.*)")
"""A row that names a short term and says what it means (``  1  refused: …``): wrapped
under its meaning."""

SECOND = 6
"""Where the second column goes under the first on a narrow terminal; a row that only
goes on with the second column (deep in the table) starts there too."""


def fit(row: str, width: int) -> list[str]:
    """``row`` in a text too wide for ``width`` characters: a row of two columns as its
    first, then its second indented below (each row so, that they read alike); other text
    wrapped at its own indent where it does not fit."""
    import textwrap

    lead = row[: len(row) - len(row.lstrip())]
    found = TWO_COLUMNS.fullmatch(row)
    if found is None and len(row) <= width:
        return [row]
    if found is None and row.lstrip().startswith("tracker "):
        return typed_lines(row, width)
    if found is None and (term := SHORT_TERM.fullmatch(row)):  # "  1  refused: …"
        hang = " " * len(term[1])
        lines = textwrap.wrap(term[2], max(width - len(hang), 20), break_on_hyphens=False)
        return [term[1] + lines[0], *(hang + line for line in lines[1:])]
    first, said = (found[1], found[2]) if found else ("", row.strip())
    under = f"{lead}    " if found else lead if len(lead) <= SECOND else " " * SECOND
    wrapped = textwrap.wrap(said, max(width - len(under), 20), break_on_hyphens=False)
    return [*(typed_lines(first, width) if first else []), *(under + line for line in wrapped)]


CONTINUED = " \\"
"""What ends a line of a command that goes on on the next (as a shell reads it)."""


def typed_lines(command: str, width: int) -> list[str]:
    """A command too long for the terminal as a shell reads it still: broken between
    words (never inside quotes), each line but the last ending in `` \\``, the next
    indented (copied whole, it runs as one command)."""
    lead = command[: len(command) - len(command.lstrip())]
    if len(command) <= width:
        return [command]
    room = max(width - len(lead) - 6, 20)
    lines: list[str] = []
    for word in SHELL_WORD.findall(command):
        if lines and len(lines[-1]) + 1 + len(word) <= room:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    ends = [CONTINUED] * (len(lines) - 1) + [""]
    return [_indented(lead, n, line + ends[n], width) for n, line in enumerate(lines)]


def _indented(lead: str, n: int, line: str, width: int) -> str:
    """Line ``n`` of a command broken over lines: the first at ``lead``, the others four
    spaces further in, or less where a long word (a path) would not fit otherwise."""
    for indent in ((lead + "    ") if n else lead, lead, ""):
        if len(indent) + len(line) <= width:
            return indent + line
    return line


SHELL_WORD = re.compile(r"""(?:"[^"]*"|'[^']*'|[^\s"'])+""")
"""A word as a shell splits a line: quoted parts kept whole."""
