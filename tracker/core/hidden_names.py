"""A public line that names a hidden combatant the players' filter would miss.

The players' log and view drop every line that names a hidden combatant as written
(``Secret Boss``, in any case). A GM typing fast names them other ways — by id
(``secret-boss``), run together (``SecretBoss``), with other spacing — and those lines
would reach the table. Before such a line is saved, the command is refused with a
sentence naming who and how; the GM makes it a ``gm-note``, or sends it anyway by
adding ``!`` to the verb (``note! …``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from tracker.core import events as ev
from tracker.core.errors import RuleError
from tracker.core.model import Combatant, EncounterState, slot_owner

_ALNUM_RUN = re.compile(r"[^\W_]+")
_EDGE_BEFORE = r"(?<![^\W_])"
_EDGE_AFTER = r"(?![^\W_])"


class HiddenNamed(RuleError):
    """A public line names a hidden combatant in a form the players would read.

    ``anyway`` is the same command line with ``!`` on its verb: what the GM runs to
    send it all the same.
    """

    def __init__(self, name: str, said: str, verb: str, anyway: str) -> None:
        super().__init__(
            f"that line names {name}, who is hidden from the players, as '{said}': "
            f"they would read it — write it as a gm-note, or send it anyway with '{verb}!'"
        )
        self.name = name
        self.said = said
        self.anyway = anyway

    @property
    def question(self) -> str:
        """What the TUI asks before sending the line anyway."""
        return (
            f"That line names {self.name}, who is hidden from the players, as "
            f"'{self.said}'. Send it to the players anyway?"
        )


def names_pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    """A pattern finding any of ``names`` as written, as a whole word, in any case."""
    words = sorted({n for n in names if n}, key=len, reverse=True)
    if not words:
        return None
    return re.compile(
        r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?!\w)", re.IGNORECASE
    )


def loose_pattern(label: str) -> re.Pattern[str] | None:
    """``label`` however it is spaced, hyphenated or cased: ``Secret Boss`` finds
    ``secret-boss``, ``SecretBoss`` and ``secret_boss``."""
    parts = _ALNUM_RUN.findall(label)
    if not parts:
        return None
    body = r"[\W_]*".join(re.escape(part) for part in parts)
    return re.compile(_EDGE_BEFORE + body + _EDGE_AFTER, re.IGNORECASE)


def leaked_name(text: str, fighter: Combatant) -> str | None:
    """How ``text`` names ``fighter`` in a form the players' filter misses (the words as
    written in ``text``), or None: not named, or named as written (the filter drops it)."""
    exact = names_pattern([fighter.name])
    if exact is not None and exact.search(text):
        return None
    for label in (fighter.name, fighter.id):
        pattern = loose_pattern(label)
        found = pattern.search(text) if pattern is not None else None
        if found:
            return found.group()
    return None


def guard_public_lines(
    state: EncounterState, events: Sequence[ev.Event], line: str, verb: str
) -> None:
    """Refuse (HiddenNamed) when one of ``events`` is a line the players will read that
    names a hidden combatant in a form their filter misses."""
    hidden = [c for c in state.combatants.values() if c.hidden]
    ids = {c.id for c in hidden}
    if not hidden or (state.current and slot_owner(state.current) in ids):
        return
    for event in events:
        if not _public(event, ids):
            continue
        for fighter in hidden:
            said = leaked_name(event.text, fighter)
            if said is not None:
                raise HiddenNamed(fighter.name, said, verb, _anyway(line, verb))


def _public(event: ev.Event, hidden: set[str]) -> bool:
    """Whether the players would read ``event``'s line (not a GM note, not about one of
    the ``hidden`` ids)."""
    if not event.text or ev.gm_only(event):
        return False
    who = getattr(event, "who", "")
    return not (isinstance(who, str) and who and slot_owner(who) in hidden)


def _anyway(line: str, verb: str) -> str:
    """``line`` with ``!`` on its verb (``:note x`` → ``note! x``)."""
    stripped = line.strip().lstrip(":").strip()
    first, _, rest = stripped.partition(" ")
    return f"{verb}! {rest}".rstrip() if first.casefold().rstrip("!") == verb else stripped
