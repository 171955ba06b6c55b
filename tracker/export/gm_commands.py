"""Commands for the GM to type, taken out of the lines the players read.

Since API 1.5 a ruleset says such a command in a line for the GM alone
(``say(…, gm_only=True)``), which every players' channel leaves out. Journals played
before then keep it inside public lines, and a journal is never rewritten:
``Rei Ayanami (on foot) is incapacitated: a Savage attack at 0 wounds (if killed: 'dead
rei')``, ``Ripley's panic roll: 1d6 [1] + stress 0 = 1 — look it up, then 'panic ripley 1
EFFECT'``, ``Damage: 'dmg nob DR bd=2'``. The players' log reads each such line without
its command: a bracketed aside or a clause after a dash that holds one goes, and a line
that is itself about the command (it holds one still) is left out. The GM's own log
shows the lines as written.

A command is a quoted verb of the fight (``'dead rei'``, ``'note'``) or an option to
fill in (``by=WHO``, ``test=ws|bs``); other quoted words (``'Mad Dog'``) are the line's.
"""

from __future__ import annotations

import re
from collections.abc import Collection

QUOTED = re.compile(r"(?<![^\s(\[])'([a-z][a-z-]*)(?: [^'\n]*)?'(?!\w)")
"""A quoted word and what follows it up to the closing quote: ``'act rei ACTION combo'``
(a quote opens after a space or a bracket only: ``Ripley's``, ``Drone (1)'s`` open none)."""

TO_FILL_IN = re.compile(r"(?<![\w=])[a-z]+=(?:[A-Z][A-Z|]*|[\w-]+(?:\|[\w-]+)+)(?![\w|])")
"""An option the GM fills in: ``by=WHO``, ``test=ws|bs``, ``confirm=pass|fail``."""

ASIDE = re.compile(r" ?\([^()]*\)")
"""A bracketed aside, with the space before it."""

DASH = " — "


def holds_command(text: str, verbs: Collection[str]) -> bool:
    """Whether ``text`` quotes a command of ``verbs`` or an option to fill in."""
    if TO_FILL_IN.search(text):
        return True
    return any(match[1] in verbs for match in QUOTED.finditer(text))


def without_commands(text: str, verbs: Collection[str]) -> str:
    """``text`` without the asides and the clauses after a dash that hold a command to
    type ("" when what is left still holds one: the line was about the command)."""
    if not holds_command(text, verbs):
        return text
    text = ASIDE.sub(lambda aside: "" if holds_command(aside[0], verbs) else aside[0], text)
    first, *rest = text.split(DASH)
    kept = DASH.join([first, *(clause for clause in rest if not holds_command(clause, verbs))])
    return "" if holds_command(kept, verbs) else kept
