"""A ruleset is refused at load, in one line, when it lacks a required hook or misspells
one: a misspelt hook would otherwise be ignored in silence (the default used instead)."""

from __future__ import annotations

import difflib
import inspect
import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tracker.api import Combatant, Ruleset, SummaryPart, TrackView, Verb
from tracker.rules.hooks import (
    CLOSE,
    MACHINERY,
    NAME_TUPLES,
    REQUIRED,
    HookError,
    check_hooks,
)
from tracker.rules.registry import RULESETS, load_ruleset

COMPLETE = '''
from tracker.api import Ruleset

class Rules(Ruleset):
    """A whole ruleset."""

    id = "probe"
    title = "Probe"

    def starting_tracks(self, fighter):
        return {"hp": 3}, {"hp": 3}

    def verbs(self):
        return {}

    def summary_parts(self, fighter):
        return []

    def track_views(self, fighter):
        return []
'''


class Whole(Ruleset):
    """Every required hook."""

    id: ClassVar[str] = "whole"

    def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
        """Three hit points."""
        return {"hp": 3}, {"hp": 3}

    def verbs(self) -> Mapping[str, Verb]:
        """No commands of its own."""
        return {}

    def summary_parts(self, fighter: Combatant) -> list[SummaryPart]:
        """``HP 3``."""
        return [SummaryPart(f"HP {fighter.track('hp')}")]

    def track_views(self, fighter: Combatant) -> list[TrackView]:
        """HP."""
        return [TrackView("HP", fighter.track("hp"))]


def test_the_bundled_rulesets_define_every_required_hook() -> None:
    for rid in RULESETS:
        check_hooks(type(load_ruleset(rid)), Ruleset)


def test_a_missing_required_hook_is_named() -> None:
    class NoRow(Ruleset):
        """summary_parts left out."""

        def starting_tracks(self, fighter: Combatant) -> tuple[dict[str, int], dict[str, int]]:
            """None."""
            return {}, {}

        def verbs(self) -> Mapping[str, Verb]:
            """None."""
            return {}

        def track_views(self, fighter: Combatant) -> list[TrackView]:
            """None."""
            return []

    with pytest.raises(HookError) as caught:
        check_hooks(NoRow, Ruleset)
    assert str(caught.value) == "NoRow does not define the required hook `summary_parts`"
    assert set(REQUIRED) == {"starting_tracks", "verbs", "summary_parts", "track_views"}


def test_a_misspelt_hook_is_refused_with_the_hook_it_meant() -> None:
    class Typo(Whole):
        """``summery_parts`` beside the real one."""

        def summery_parts(self, fighter: Combatant) -> list[SummaryPart]:
            """Misspelt."""
            return []

    with pytest.raises(HookError) as caught:
        check_hooks(Typo, Ruleset)
    assert str(caught.value) == "Typo.`summery_parts` is not a hook; did you mean `summary_parts`?"


def test_other_public_names_are_the_rulesets_own() -> None:
    class Own(Whole):
        """Helpers with names of their own."""

        def damage(self) -> None:
            """A verb's handler."""

        tables: ClassVar[dict[str, int]] = {}

    check_hooks(Own, Ruleset)


HOOKS = sorted(name for name in dir(Ruleset) if not name.startswith("_"))


@st.composite
def near_hook_names(draw: st.DrawFn) -> str:
    """A hook's name with a letter or two changed, dropped, added or swapped, or a name
    of its own: misspellings at, over and under the closeness a guess needs."""
    name = list(draw(st.sampled_from(HOOKS)))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(name) - 1))
        letter = draw(st.sampled_from("aeiorst_"))
        edit = draw(st.sampled_from(["change", "drop", "add", "swap"]))
        if edit == "change":
            name[at] = letter
        elif edit == "drop" and len(name) > 2:
            del name[at]
        elif edit == "add":
            name.insert(at, letter)
        elif at + 1 < len(name):
            name[at], name[at + 1] = name[at + 1], name[at]
    return "".join(name).strip("_") or "x"


@settings(max_examples=300, deadline=None)
@given(name=st.one_of(near_hook_names(), st.from_regex(r"[a-z][a-z_]{0,24}", fullmatch=True)))
def test_a_name_is_refused_exactly_when_difflib_finds_the_hook_it_meant(name: str) -> None:
    guess = difflib.get_close_matches(name, HOOKS, n=1, cutoff=CLOSE)
    own = type("Own", (Whole,), {"__doc__": "A name.", name: lambda self: None})
    if name in (*NAME_TUPLES, "roster_keys"):  # an attribute, not a method: its shape
        with pytest.raises(HookError, match=f"Own.{name} must be a "):
            check_hooks(own, Ruleset)
        return
    base_takes = (
        list(inspect.signature(getattr(Ruleset, name)).parameters) if name in MACHINERY else []
    )
    if name in MACHINERY and base_takes != ["self"]:  # the tracker's own, taken otherwise
        with pytest.raises(HookError, match=f"Own.{name} is the tracker's own"):
            check_hooks(own, Ruleset)
        return
    if name in HOOKS or not guess:
        check_hooks(own, Ruleset)
        return
    with pytest.raises(HookError, match=f"did you mean `{guess[0]}`"):
        check_hooks(own, Ruleset)


def _plugin(tmp_path: Path, code: str) -> subprocess.CompletedProcess[str]:
    """``tracker rulesets`` with a package ``probe`` (``code``) installed by entry point."""
    (tmp_path / "probe.py").write_text(code, encoding="utf-8")
    info = tmp_path / "probe-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: probe\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tracker.rulesets]\nprobe = probe:Rules\n")
    path = os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return subprocess.run(
        [sys.executable, "-m", "tracker", "rulesets"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path},
        timeout=60,
    )


def test_a_plugin_that_misspells_a_hook_is_one_line_and_the_rest_still_list(
    tmp_path: Path,
) -> None:
    listed = _plugin(tmp_path, COMPLETE.replace("def track_views", "def track_veiws"))
    assert listed.returncode == 1 and "nerv-d100" in listed.stdout
    assert listed.stderr.count("\n") == 1 and "Traceback" not in listed.stderr
    assert "`track_veiws` is not a hook; did you mean `track_views`?" in listed.stderr


def test_a_plugin_missing_a_required_hook_is_one_line(tmp_path: Path) -> None:
    listed = _plugin(tmp_path, COMPLETE.replace("def verbs(self):\n        return {}\n", ""))
    assert listed.returncode == 1 and listed.stderr.count("\n") == 1
    assert "does not define the required hook `verbs`" in listed.stderr


def test_a_whole_plugin_lists(tmp_path: Path) -> None:
    listed = _plugin(tmp_path, COMPLETE)
    assert listed.returncode == 0 and "probe" in listed.stdout, listed.stderr


def test_roster_keys_given_as_names_is_refused_at_load_not_in_the_fight() -> None:
    class Zones(Whole):
        """``roster_keys`` as a tuple of names, not a table of key and type."""

        roster_keys: ClassVar = ("zone",)  # type: ignore[assignment]

    with pytest.raises(HookError) as caught:
        check_hooks(Zones, Ruleset)
    assert str(caught.value) == (
        "Zones.roster_keys must be a table of each extra roster key and its type, "
        "such as {\"zone\": str}, not ('zone',)"
    )


@pytest.mark.parametrize("name", ["end_options", "stat_names", "rising_damage_tracks"])
def test_a_name_list_written_without_its_comma_is_refused(name: str) -> None:
    slip = type("Slip", (Whole,), {"__doc__": "A text for a tuple.", name: "outcome"})
    with pytest.raises(HookError) as caught:
        check_hooks(slip, Ruleset)
    assert str(caught.value) == (
        f"Slip.{name} must be a tuple of names: ('outcome',) with its comma, not the text 'outcome'"
    )


def test_the_bundled_rulesets_shapes_hold() -> None:
    for ruleset_id in RULESETS:
        load_ruleset(ruleset_id)


def test_a_plugin_with_roster_keys_as_names_is_one_line(tmp_path: Path) -> None:
    code = COMPLETE.replace(
        '    title = "Probe"\n', '    title = "Probe"\n    roster_keys = ("zone",)\n'
    )
    listed = _plugin(tmp_path, code)
    assert listed.returncode == 1 and "nerv-d100" in listed.stdout
    assert listed.stderr.count("\n") == 1 and "Traceback" not in listed.stderr
    assert "roster_keys must be a table of each extra roster key and its type" in listed.stderr


@pytest.mark.parametrize("name", ["prepare", "summary", "order_key"])
def test_a_helper_named_as_the_trackers_own_method_is_refused_at_load(name: str) -> None:
    # ``def prepare(self)`` ("prepare my tables") was called with a roster entry and failed
    # with a TypeError traceback on the first 'tracker do'
    helper = type("Helper", (Whole,), {"__doc__": "A helper.", name: lambda self: None})
    with pytest.raises(HookError) as caught:
        check_hooks(helper, Ruleset)
    assert str(caught.value).startswith(f"Helper.{name} is the tracker's own, not a hook (")
    assert str(caught.value).endswith(f"give your {name} another name, or start it with _")


def test_overriding_the_trackers_own_method_with_its_parameters_is_allowed() -> None:
    class Own(Whole):
        """``prepare`` as the base class takes it (the d100 rulesets do so)."""

        def prepare(self, entry: Mapping[str, object], where: str = "") -> Combatant:
            """The base's, then nothing more."""
            return super().prepare(entry, where)

    check_hooks(Own, Ruleset)
