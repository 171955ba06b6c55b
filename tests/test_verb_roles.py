"""Verb roles: the d/h/a keys, their dialogs, the palette, completion and help find a
ruleset's verbs by the role each declares, never by name (issue 31)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static

from tests.roles_helpers import CairnLite, cairn_fight
from tests.ui_helpers import make_app, opened, state_of, text_of, ui_test
from tracker.core.protocol import Asks, Verb
from tracker.core.roles import CONDITION, CURE, DAMAGE, HEAL, NOTE, role_problems, role_verb
from tracker.rules.registry import RULESETS, load_ruleset
from tracker.rules.ruledata import RuleDataError
from tracker.ui.completion import complete
from tracker.ui.modals.ailment import AilmentScreen
from tracker.ui.modals.damage import DamageScreen
from tracker.ui.palette import table_commands
from tracker.ui.panes.command_bar import example_line


def _noop(*_: object) -> None:
    return None


def test_the_verb_playing_a_role_is_found_whatever_its_name() -> None:
    verbs = {
        "strike": Verb("strike", "strike WHO N", "", _noop, DAMAGE),
        "note": Verb("note", "note TEXT", "", _noop),
    }
    found = role_verb(verbs, DAMAGE)
    assert found is not None and found.name == "strike"
    assert role_verb(verbs, HEAL) is None


def test_unknown_roles_and_a_role_played_twice_are_named() -> None:
    verbs = {
        "a": Verb("a", "a", "", _noop, "smite"),
        "b": Verb("b", "b", "", _noop, DAMAGE),
        "c": Verb("c", "c", "", _noop, DAMAGE, Asks(amount="lots")),
    }
    problems = role_problems(verbs)
    assert any("'smite'" in p for p in problems)
    assert any("'b' and 'c' both play 'damage'" in p for p in problems)
    assert any("'lots'" in p for p in problems)


def test_a_misspelt_role_is_refused_in_one_line_at_load(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(RULESETS, "cairn-lite", "tests.roles_helpers")
    monkeypatch.setattr(
        CairnLite,
        "verbs",
        lambda self: {"hurt": Verb("hurt", "hurt WHO N", "", _noop, "damge")},
    )
    with pytest.raises(RuleDataError) as refused:
        load_ruleset("cairn-lite")
    said = str(refused.value)
    assert said.startswith("cairn-lite: verb 'hurt' has role 'damge' — roles: damage, heal")
    assert "\n" not in said


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_bundled_ruleset_declares_its_roles(ruleset_id: str) -> None:
    from tracker.core.verbs import core_verbs

    rules = load_ruleset(ruleset_id)
    verbs = {**core_verbs(rules), **rules.verbs()}
    assert role_problems(verbs) == []
    for role in (DAMAGE, HEAL, CONDITION, CURE, NOTE):
        assert role_verb(verbs, role) is not None, f"{ruleset_id} has no {role} verb"


@ui_test
async def test_d_h_and_a_drive_verbs_named_otherwise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(cairn_fight(tmp_path, monkeypatch))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("bandit")
        await pilot.press("d")
        screen = app.screen
        assert isinstance(screen, DamageScreen) and screen.verb.name == "hurt"
        targets = screen.query_one("#damage-targets", Input)
        targets.value = "bandit, brute"
        await pilot.press("3", "space", "5")
        assert screen.command_line() == "hurt bandit,brute 3 5"
        await pilot.press("enter")
        state = state_of(app)
        assert state.combatant("bandit").track("hp") == 0  # 4 - 5, the highest die
        assert state.combatant("brute").track("hp") == 4
        await pilot.press("h")
        assert isinstance(app.screen, DamageScreen) and app.screen.verb.name == "mend"
        await pilot.press("2", "enter")
        assert state_of(app).combatant("bandit").track("hp") == 2
        await pilot.press("a")
        assert isinstance(app.screen, AilmentScreen)
        await pilot.press(*"fat", "enter")
        assert state_of(app).combatant("bandit").condition("Fatigued") is not None


@ui_test
async def test_palette_completion_and_help_follow_the_roles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(cairn_fight(tmp_path, monkeypatch))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.run_line("afflict kit deprived")
        assert example_line(state_of(app), app.session.verbs) == "hurt bandit 5"
        titles = {c.title: c for c in table_commands(app)}
        assert "Damage Bandit…" in titles and "Heal Kit…" in titles
        titles["Cure Deprived on Kit"].run()
        assert state_of(app).combatant("kit").condition("Deprived") is None
        state, verbs, rules = app.bar_source()
        assert state is not None
        assert "Deprived" in complete("afflict kit De", state, verbs, rules).candidates
        await pilot.press("question_mark")
        commands = text_of(app.screen.query_one("#help-verbs", Static), 120)
        assert "several attackers: the highest die hits (key d)" in commands
        assert "recover hit protection (key h)" in commands
        assert "a condition (key a)" in commands
