"""Every bundled verb says what it reads: each declares its options, every option its
usage line (``help``) and its ruleset's docs page show is among them, and an option it
does not read is refused in one line before it runs — ``dmg goblin 5 pierc=2`` in nerv
or ``attack kell … wrathh=1`` in Wrath & Glory was dropped in silence, and the GM
believed the pierce applied."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.player_helpers import copy_sample
from tracker.core.dice import Dice
from tracker.core.errors import RuleError
from tracker.core.grammar import FREE_TEXT_VERBS, WHO_THEN_TEXT_VERBS
from tracker.core.protocol import Verb
from tracker.store.encounter_file import EncounterFile

DOCS = Path(__file__).parent.parent / "docs" / "rulesets"
SAMPLES = {
    "basic": "basic-bandits-at-the-ford.toml",
    "nerv-d100": "nerv-sachiel.toml",
    "eva-escale": "eva-escale-ramiel.toml",
    "persona-d100": "persona-d100-shadows.toml",
    "wrath-glory": "wrath-ork-boarding.toml",
    "alien-evolved": "alien-operations-deck.toml",
}
KEY = re.compile(r"([a-z][a-z0-9-]*)=")
FLAG = re.compile(r"\[([a-z][a-z0-9-]*)(?:\[=N\])?\]")
SPAN = re.compile(r"`([^`]+)`")


def verbs_of(ruleset: str, folder: Path) -> dict[str, Verb]:
    """The verbs a fight of ``ruleset`` knows (the core's, the readings', its own)."""
    with EncounterFile(copy_sample(SAMPLES[ruleset], folder)) as gm:
        return dict(gm.encounter.verbs)


def mentioned(text: str) -> set[str]:
    """The options a usage line or a docs code span shows: ``key=…`` and ``[flag]``."""
    return set(KEY.findall(text)) | set(FLAG.findall(text))


def docs_mentions(ruleset: str, verbs: dict[str, Verb]) -> list[tuple[str, str]]:
    """(verb, option) for every code span of the docs page that starts with a verb."""
    page = (DOCS / f"{ruleset}.md").read_text(encoding="utf-8").replace("\\|", "|")
    found = []
    for span in SPAN.findall(page):
        name = span.split(" ", 1)[0].casefold()
        if name in verbs and " " in span:
            found += [(name, key) for key in mentioned(span.split(" ", 1)[1])]
    return found


@pytest.mark.parametrize("ruleset", sorted(SAMPLES))
def test_each_verb_declares_its_options(ruleset: str, tmp_path: Path) -> None:
    verbs = verbs_of(ruleset, tmp_path)
    undeclared = [name for name, v in verbs.items() if v.options is None and name != "add"]
    assert undeclared == []


@pytest.mark.parametrize("ruleset", sorted(SAMPLES))
def test_every_option_help_and_the_docs_show_is_taken(ruleset: str, tmp_path: Path) -> None:
    verbs = verbs_of(ruleset, tmp_path)
    shown = [(name, key) for name, v in verbs.items() for key in mentioned(v.usage)]
    shown += docs_mentions(ruleset, verbs)
    missing = sorted({(name, key) for name, key in shown if not _takes(verbs[name], key)})
    assert missing == []


def _takes(verb: Verb, key: str) -> bool:
    declared = verb.options
    return (
        declared is None
        or key in declared
        or any(d.endswith(".") and key.startswith(d) for d in declared)
    )


@pytest.mark.parametrize("ruleset", sorted(SAMPLES))
def test_an_unknown_option_is_refused_by_every_verb(ruleset: str, tmp_path: Path) -> None:
    path = copy_sample(SAMPLES[ruleset], tmp_path)
    before = path.read_bytes()
    with EncounterFile(path) as gm:
        for name in gm.encounter.verbs:
            if name == "add" or name in (*FREE_TEXT_VERBS, *WHO_THEN_TEXT_VERBS):
                continue  # a note's words are its text, 'zqxv=1' too
            with pytest.raises(RuleError) as refused:
                gm.encounter.decide(f"{name} zqxv=1", Dice(seed=1))
            said = str(refused.value)
            assert said.startswith(f"'{name}' has no option 'zqxv=1'"), said
            assert "\n" not in said
    assert path.read_bytes() == before
