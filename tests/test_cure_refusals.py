"""``cure`` that names nothing the combatant has is refused in a sentence, in every
ruleset: what to name and what it has (seen: "Yu does not suffer … — has: none",
"Unit-02 (Asuka) has no which one to end", "Drone (1) has no condition '' to end")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.player_helpers import copy_sample, play
from tracker.core.errors import RuleError

FIRST = {
    "basic-bandits-at-the-ford.toml": ("mara", "Mara", "Prone", "condition"),
    "nerv-sachiel.toml": ("rei", "Rei Ayanami (on foot)", "Prone", "ailment or condition"),
    "wrath-ork-boarding.toml": ("nob", "Ork Nob", "Prone", "effect"),
    "alien-operations-deck.toml": ("ripley", "Ripley", "Fatigued", "condition"),
    "eva-escale-ramiel.toml": ("shinji", "Shinji Ikari", "Prone", "effect"),
    "persona-d100-shadows.toml": ("yu", "Yu", "Burn category=Physical", "ailment"),
}
"""Per sample: a combatant's id and name, a condition to give them, and what the
ruleset calls what ``cure`` ends."""


def refusal(path: Path, line: str) -> str:
    """The sentence ``line`` is refused with."""
    with pytest.raises(RuleError) as refused:
        play(path, line)
    return str(refused.value)


@pytest.mark.parametrize("sample", sorted(FIRST))
def test_a_cure_of_nothing_held_says_what_there_is(tmp_path: Path, sample: str) -> None:
    path = copy_sample(sample, tmp_path)
    who, name, condition, noun = FIRST[sample]
    play(path, "start")
    said = [refusal(path, f"cure {who}"), refusal(path, f"cure {who} Zzz")]
    assert all(text.startswith(f"{name} has no {noun} to end") for text in said), said
    second = "Fear category=Mental" if sample.startswith("persona") else "Blinded"
    play(path, f"ail {who} {condition}", f"ail {who} {second}")
    held = condition.split()[0]
    named = refusal(path, f"cure {who} Zzz")
    assert named.startswith(f"{name} has no 'Zzz' to end — has: ") and held in named, named
    unnamed = refusal(path, f"cure {who}")
    assert unnamed.startswith(f"'cure' needs the {noun} to end — {name} has: "), unnamed
    assert held in unnamed
    for text in (*said, named, unnamed):
        assert "…" not in text and "''" not in text and "which one" not in text, text
