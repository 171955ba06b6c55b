"""The ruleset guide is what CI builds: its ``pyproject.toml`` is the example's, its code
and the example import only ``tracker.api``, and every hook a ruleset may define is in
its tables (a hook added to ``Ruleset`` without a line in the guide fails here)."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

import pytest

from tests import conftest
from tests.harm_ruleset import HarmOnly
from tracker import api
from tracker.core.dice import ScriptedDice
from tracker.core.grammar import parse_command
from tracker.core.model import EncounterState
from tracker.core.session import Encounter
from tracker.rules.base import Ruleset
from tracker.rules.registry import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "rulesets" / "authoring.md").read_text(encoding="utf-8")
EXAMPLE = ROOT / "tests" / "example_ruleset"
HELPERS = {"check_data", "check_keys", "data", "int_table", "order_key", "prepare", "summary"}
"""Public names of ``Ruleset`` a ruleset calls or inherits but does not define."""


def blocks(language: str) -> list[str]:
    """The guide's fenced code blocks in ``language``."""
    return re.findall(rf"```{language}\n(.*?)```", GUIDE, re.S)


def tracker_imports(source: str) -> set[str]:
    """The tracker modules a piece of Python imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tracker"):
            found.add(node.module or "")
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("tracker")}
    return found


def test_the_guides_pyproject_is_the_one_ci_builds() -> None:
    assert blocks("toml")[0] == (EXAMPLE / "pyproject.toml").read_text(encoding="utf-8")


def test_the_guide_and_the_example_import_only_tracker_api() -> None:
    sources = [*blocks("python"), *(p.read_text() for p in EXAMPLE.rglob("*.py"))]
    assert {module for source in sources for module in tracker_imports(source)} == {
        "tracker.api",
        "tracker.testing",
    }
    used = {
        alias.name
        for node in ast.walk(ast.parse((EXAMPLE / "cairn" / "__init__.py").read_text()))
        if isinstance(node, ast.ImportFrom) and node.module == "tracker.api"
        for alias in node.names
    }
    assert used <= set(api.__all__)


def test_every_hook_is_in_the_guide() -> None:
    cells = [row.split(" | ")[0] for row in GUIDE.splitlines() if row.startswith("| `")]
    documented = {name for cell in cells for name in re.findall(r"`([a-z_]+)", cell)}
    hooks = {name for name in dir(Ruleset) if not name.startswith("_")} - HELPERS
    assert sorted(hooks - documented) == []


def test_the_api_is_versioned() -> None:
    major, minor, patch = api.API_VERSION.split(".")
    assert (major, minor, patch) == ("1", "9", "0")
    assert "Deprecation policy" in GUIDE and api.API_VERSION in GUIDE


def test_every_function_the_guide_calls_is_in_tracker_api() -> None:
    # A stranger following the readings section needed ``chosen``, which was only in
    # ``tracker.rules.readings``: a guide naming a function outside the API fails here.
    hooks = set(dir(Ruleset)) | set(dir(api.Downtime))
    hooks |= set(dir(api.Combatant)) | set(dir(api.EncounterState))
    called = set(re.findall(r"`([a-z_]+)\(", GUIDE)) - hooks - {"decide"}
    assert "chosen" in called
    assert sorted(called - set(api.__all__)) == []
    assert not re.search(r"tracker\.rules\.[a-z]", GUIDE.split("## Bundled rulesets")[0])


def test_the_guides_account_of_a_command_is_what_a_handler_gets() -> None:
    # The stranger compared ``command.args[1:]`` with a list: the guide now says a tuple.
    command = parse_command("harm orc 2d10 pen=2 @arm")
    assert '`harm orc 2d10` gives `("orc", "2d10")`' in GUIDE
    assert command.args == ("orc", "2d10") and command.option_int("pen", 0) == 2
    assert command.location == "arm"
    refused = "'harm' needs the damage"
    assert refused in GUIDE
    with pytest.raises(api.RuleError, match=refused):
        command.arg(2, "the damage")


def test_by_name_takes_condition_verbs_whole_and_says_what_it_takes() -> None:
    # A stranger wrote ``by_name(strike, *condition_verbs(self))`` as the guide's words
    # suggested: the load failed with "AttributeError: 'str' object has no attribute 'name'".
    rules = load_ruleset("basic")
    strike = api.verb("strike", "strike WHO N", "a hit", lambda draft, command, dice: None)
    verbs = api.by_name(strike, api.condition_verbs(rules))
    assert list(verbs) == ["strike", "ail", "cure"]
    with pytest.raises(TypeError, match=r"not \*condition_verbs\(self\)"):
        api.by_name(strike, *api.condition_verbs(rules))  # type: ignore[arg-type]


def test_the_guides_rest_runs_as_it_says() -> None:
    # A stranger's game carries stress and harm between fights: the guide said nothing of
    # the ``[campaign]`` table or of how a rest is written, and ``Downtime`` took reading.
    (code,) = [block for block in blocks("python") if "class CairnDowntime" in block]
    scope: dict[str, object] = {}
    exec(code, scope)
    rest = scope["CairnDowntime"](load_ruleset("basic"))  # type: ignore[operator]
    bryn = api.PartyMember("bryn", "Bryn", {}, api.Lasting({"hp": 1}, {"hp": 4}))
    lasting, lines = rest.rest("night", bryn)
    assert lasting.tracks == {"hp": 4} and lines == ["HP back to 4"]
    with pytest.raises(api.RuleError, match="no rest 'nap' in basic — rests: night"):
        rest.rest("nap", bryn)
    assert "categories = [" in GUIDE and "[campaign]" in GUIDE


def test_every_name_the_guide_says_a_handler_reads_is_there() -> None:
    # A stranger had to read the example and the dataclasses to learn ``fighter.track``,
    # ``conditions`` or ``state.reminders``: the guide now lists them, and they exist.
    rows = {
        row.split(" | ")[0]: row.split(" | ")[1]
        for row in GUIDE.splitlines()
        if row.startswith("| `Combatant`") or row.startswith("| `EncounterState`")
    }
    assert len(rows) == 2
    for cell, names in rows.items():
        kind = getattr(api, re.findall(r"`(\w+)`", cell)[0])
        listed = re.findall(r"`([a-z_]+)(?:\(|`)", names)
        fields = {f.name for f in dataclasses.fields(kind)} | set(dir(kind))
        condition = {f.name for f in dataclasses.fields(api.Condition)}
        reminder = {f.name for f in dataclasses.fields(api.Reminder)}
        words = {"pc", "ally", "enemy", "neutral", "active", "down", "dead", "removed"}
        words |= {"setup", "running", "ended"}
        unknown = set(listed) - fields - condition - reminder - words
        assert sorted(unknown) == [], cell


def test_every_option_of_a_function_the_guide_calls_is_in_the_guide() -> None:
    # A stranger's game had a closed list of conditions: the guide never said that
    # ``condition_verbs`` takes ``free_names``, so ``ail al Nonsense`` was put on in silence.
    called = set(re.findall(r"`([a-z_]+)\(", GUIDE)) & set(api.__all__)
    unsaid = {
        f"{name}({parameter})"
        for name in called
        if inspect.isfunction(function := getattr(api, name))
        for parameter in list(inspect.signature(function).parameters)[1:]
        if not re.search(rf"\b{parameter}\b", GUIDE)
    }
    assert sorted(unsaid) == []


class ClosedList(HarmOnly):
    """Two conditions and no others."""

    id: ClassVar[str] = "closed-list"

    def verbs(self) -> Mapping[str, api.Verb]:
        """The shared ail and cure over the catalogue alone."""
        return api.by_name(api.condition_verbs(self, free_names=False))

    def catalogue(self) -> list[api.AilmentSpec]:
        """Shaken and Distracted."""
        return [api.AilmentSpec("Shaken"), api.AilmentSpec("Distracted")]


def test_a_closed_catalogue_refuses_a_name_it_does_not_list_as_the_guide_says() -> None:
    rules = ClosedList()
    state = EncounterState(
        title="Pier 9",
        ruleset=rules.id,
        combatants={"al": rules.prepare({"id": "al", "name": "Al"})},
    )
    fight = Encounter(state, rules)
    assert "`condition_verbs(self, free_names=False)`" in GUIDE
    with pytest.raises(
        api.RuleError,
        match="no condition 'Soaked' in this ruleset — conditions: Shaken, Distracted",
    ):
        fight.run("ail al Soaked", ScriptedDice(()))
    fight.run("ail al shaken", ScriptedDice(()))
    assert [c.name for c in fight.state.combatant("al").conditions] == ["Shaken"]


def test_a_second_combatant_is_asked_for_in_the_guides_words() -> None:
    fight = conftest.basic_encounter()
    aid = parse_command("aid orc 2")
    assert "'aid' needs the rescuer" in GUIDE
    with pytest.raises(api.RuleError, match="'aid' needs the rescuer"):
        api.who_arg(fight.state, aid, index=2, asked="the rescuer")
    assert api.who_arg(fight.state, parse_command("aid orc 2 bo"), index=2).name == "Bo"


def test_the_guide_names_what_a_sort_or_a_deal_reads_and_its_shape() -> None:
    # A stranger dealing cards each round needed ``state.initiative`` (never named) and
    # took ``state.active`` for a mapping: ``.values()`` on it failed in the fight.
    (row,) = [line for line in GUIDE.splitlines() if line.startswith("| `EncounterState`")]
    listed = set(re.findall(r"`([a-z_]+)(?:\(|`)", row.split(" | ")[1]))
    assert {"initiative", "surprised", "title"} <= listed
    assert "`active` (a tuple of the combatants not removed" in row
    assert "`combatants` (a mapping by id)" in row


def test_the_guide_says_what_sort_order_returns_and_what_a_slot_is() -> None:
    # A stranger overriding sort_order had to read the base class to learn that it
    # returns the slots in turn order, and that a slot may be ``id@2``
    row = next(line for line in GUIDE.splitlines() if line.startswith("| `sort_order("))
    assert "tuple[str, ...]" in row and "in turn order" in row and "`id@2`" in row
    assert "`state.combatant(slot)`" in row


def test_the_guide_names_every_hook_the_players_screens_call() -> None:
    # A stranger kept the GM's threat pool in header_parts, not knowing the players' page
    # shows it: the guide now says which hooks reach the players, and this keeps it so
    root = Path(api.__file__).parent
    sources = [root / "export" / "player_view.py", root / "export" / "player_log.py"]
    called = {
        name
        for source in sources
        for name in re.findall(r"rules\.([a-z_]+)", source.read_text(encoding="utf-8"))
    }
    hooks = called & {name for name in dir(api.Ruleset) if not name.startswith("_")}
    hooks -= {"verbs", "takes_turn", "summary"}  # commands and turns, not words shown
    paragraph = GUIDE.split("**What the players see.**", 1)[1].split("\n\n", 1)[0]
    assert sorted(h for h in hooks if f"`{h}`" not in paragraph) == []
    assert "`status_lines`, which only the GM" in " ".join(paragraph.split())
