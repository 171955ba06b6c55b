"""``tracker do FILE help [VERB]``: the commands the encounter's ruleset takes, each with
how to type it and what it does (read only: the file is not opened for writing)."""

from __future__ import annotations

from pathlib import Path

from tracker.core.errors import RuleError
from tracker.core.safe_text import visible

HISTORY = {"undo": "take back the latest command", "redo": "restore what undo took back"}
"""The two commands every encounter takes beside its ruleset's verbs."""


def do_help(path: Path, asked: list[str]) -> int:
    """Print every command's usage and summary (or one command's); RuleError for a
    command the ruleset does not have."""
    from tracker.store.encounter_load import load

    verbs = load(path).encounter.verbs
    lines = {name: f"{v.usage} — {v.summary}" for name, v in verbs.items()}
    lines.update({name: f"{name} — {text}" for name, text in HISTORY.items()})
    if asked:
        wanted = asked[0].casefold()
        if wanted not in lines:
            raise RuleError(f"no command '{asked[0]}' — `tracker do {path} help` lists them")
        print(visible(lines[wanted]))
        return 0
    for name in sorted(lines):
        print(visible(lines[name]))
    return 0
