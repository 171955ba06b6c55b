"""The launcher's search: fuzzy, as Textual's command palette (``textual.fuzzy.Matcher``).

Each word typed must match one of a row's fields (title, ruleset, status, file name …)
with its letters in order, so "sachel" and "tokyo3" find Sachiel over Tokyo-3. Rows are
ranked by score, best first, and sections keep together: a section comes as high as its
best row. Nothing typed: every row in the launcher's own order.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from textual.fuzzy import Matcher

from tracker.ui.launcher_choices import Choice

PATHS_MOST = 20_000
"""Past this many ways to place a word's letters in a field, the word only has to appear
in order (a fixed low score): the palette's matcher tries every way, and a long title of
repeated letters would freeze the list."""


def ranked(choices: Sequence[Choice], query: str) -> list[Choice]:
    """The rows matching every word of ``query``, best first, sections kept together."""
    words = query.split()
    if not words:
        return list(choices)
    matchers = [Matcher(word) for word in words]
    scored = [(row_score(choice, matchers), index, choice) for index, choice in enumerate(choices)]
    found = [(score, index, choice) for score, index, choice in scored if score > 0]
    best: dict[str, float] = {}
    for score, _, choice in found:
        best[choice.kind] = max(score, best.get(choice.kind, 0.0))
    found.sort(key=lambda row: (-best[row[2].kind], -row[0], row[1]))
    return [choice for _, _, choice in found]


def row_score(choice: Choice, matchers: Sequence[Matcher]) -> float:
    """How well the row matches: the sum of each word's best field, 0 when a word matches
    none of its fields."""
    fields = [field for field in choice.fields() if field]
    total = 0.0
    for matcher in matchers:
        score = max((word_score(matcher, field) for field in fields), default=0.0)
        if not score:
            return 0.0
        total += score
    return total


def word_score(matcher: Matcher, field: str) -> float:
    """The palette's score of one typed word against one field (0: no match)."""
    word, folded = matcher.query.lower(), field.lower()
    if word in folded or prod(folded.count(letter) for letter in word) <= PATHS_MOST:
        return matcher.match(field)
    return 1.0 if in_order(word, folded) else 0.0


def in_order(word: str, field: str) -> bool:
    """Whether the letters of ``word`` appear in ``field`` in that order."""
    rest = iter(field)
    return all(letter in rest for letter in word)
