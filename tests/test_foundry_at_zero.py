"""A Foundry sheet with no Wounds or Health left joins a fight at 0, with what the ruleset
derives from 0 (Alien: Broken and down; Wrath & Glory: Exhausted at 0 Shock, a Hero down,
Unconscious and Prone at 0 Wounds, a threat out of the fight); a sheet that keeps no value
joins full and the report says so. The two differ in the real data models: Alien's
``header.health.value`` is the Health left, W&G's ``combat.wounds.value`` the Wounds taken.

Fixtures (invented, in the real shapes): Tech Sella Varn (Alien, Health 0 of 4), Duct
Stalker (Alien creature, no ``value``), Sister Ilvane Korr (W&G agent, every Wound and
Shock taken), Overseer Brakka Dune (W&G threat, 12 of 12 Wounds taken), Gate Sentry Holm
(W&G threat, no ``value``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.foundry_helpers import FIXTURES, alien_fight, hurt, on, run, wrath_fight
from tracker.cli import main
from tracker.core.model import Combatant
from tracker.store.encounter_file import load
from tracker.store.foundry.importing import plan


def joined(capsys: pytest.CaptureFixture[str], fixture: Path, fight: Path) -> str:
    capsys.readouterr()
    code, out, err = run(capsys, str(fixture), "--into", str(fight))
    assert code == 0, err
    return out


def fighter(fight: Path, who: str) -> Combatant:
    return load(fight).encounter.state.combatant(who)


def test_an_alien_sheet_at_0_health_joins_broken_and_down(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = alien_fight(tmp_path)
    out = joined(capsys, FIXTURES / "alien-varn-broken-v13.json", fight)
    assert "Tech Sella Varn: Health 4 → 0, as on its sheet" in out
    assert "the sheet shows Health 0 of 4: it joins a fight (--into) so — Broken" in out
    varn = fighter(fight, "tech-sella-varn")
    assert varn.track("health") == 0 and varn.status == "down"
    assert varn.condition("Broken") is not None
    assert not [e for e in load(fight).encounter.events if "critical" in e.text]  # not rolled
    assert main(["do", str(fight), "undo"]) == 0  # one command: joining, harm, Broken
    assert "tech-sella-varn" not in load(fight).encounter.state.combatants


def test_an_alien_synthetic_at_0_health_keeps_operating(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bishop = hurt(tmp_path, "alien-synthetic.json", {"header.health.value": 0})
    fight = alien_fight(tmp_path)
    joined(capsys, bishop, fight)
    synthetic = list(load(fight).encounter.state.combatants.values())[-1]  # the one joined
    assert synthetic.name.startswith("Bishop") and synthetic.track("health") == 0
    assert synthetic.condition("Broken") is None and synthetic.status == "active"


def test_an_alien_sheet_keeping_no_health_value_joins_full_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    converted = plan([FIXTURES / "alien-stalker-novalue.json"]).actors[0].converted
    assert converted.now == {}
    assert "the sheet keeps no Health left (header.health.value): it joins with 7" in (
        converted.remarks
    )
    fight = alien_fight(tmp_path)
    joined(capsys, FIXTURES / "alien-stalker-novalue.json", fight)
    assert fighter(fight, "duct-stalker").track("health") == 7


def test_a_wrath_hero_with_nothing_left_joins_down_unconscious_and_exhausted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = wrath_fight(tmp_path)
    out = joined(capsys, FIXTURES / "wrath-agent-spent-v10.json", fight)
    assert "Sister Ilvane Korr: Wounds 7 → 0, as on its sheet" in out
    assert "Sister Ilvane Korr: Shock 6 → 0, as on its sheet" in out
    assert "(down at 0 Wounds and Exhausted at 0 Shock)" in out
    korr = fighter(fight, "sister-ilvane-korr")
    assert korr.status == "down"
    assert {"Exhausted", "Unconscious", "Prone"} <= set(on(fight, "sister-ilvane-korr"))


def test_a_wrath_threat_with_no_wounds_left_joins_out_of_the_fight(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fight = wrath_fight(tmp_path)
    out = joined(capsys, FIXTURES / "wrath-overseer-fallen-v12.json", fight)
    assert "the sheet shows Wounds 0 of 12, Shock 5 of 8" in out
    dune = fighter(fight, "overseer-brakka-dune")
    assert (dune.track("wounds"), dune.track("shock"), dune.status) == (0, 5, "down")
    assert "Exhausted" not in on(fight, "overseer-brakka-dune")


def test_a_wrath_sheet_keeping_no_value_joins_full_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    converted = plan([FIXTURES / "wrath-sentry-novalue-v12.json"]).actors[0].converted
    assert converted.now == {}
    said = converted.remarks
    assert "the sheet keeps no Wounds taken (combat.wounds.value): it joins with them full" in said
    assert "the sheet keeps no Shock taken (combat.shock.value): it joins with them full" in said
    fight = wrath_fight(tmp_path)
    joined(capsys, FIXTURES / "wrath-sentry-novalue-v12.json", fight)
    holm = fighter(fight, "gate-sentry-holm")
    assert (holm.track("wounds"), holm.track("shock"), holm.status) == (12, 8, "active")


def test_an_alien_sheet_below_0_health_joins_broken_not_unhurt(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A sheet of the template.json era kept Health below 0 (a token bar typed down to -2);
    such a character joined the fight unhurt, at full Health."""
    vasquez = hurt(tmp_path, "alien-character.json", {"header.health.value": -2})
    fight = alien_fight(tmp_path)
    out = joined(capsys, vasquez, fight)
    assert (
        "the sheet shows Health 0 of 5 (its Health -2 is below 0): it joins a fight (--into) so"
        " — Broken" in out
    )
    joined_now = list(load(fight).encounter.state.combatants.values())[-1]
    assert joined_now.name.startswith("Pvt. Vasquez")
    assert joined_now.track("health") == 0 and joined_now.condition("Broken") is not None
