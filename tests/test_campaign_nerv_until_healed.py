"""nerv-d100: a condition an injury keeps on "until you heal" is in the next fight too.

Seed 000 l.214 (Head 4+ Blinded): "Until you heal, you are unable to see"; l.225 (Leg 3
Broken Foot): "All of your movement is Hindered" — and Broken Leg (l.226) is "As all
above". Asuka: Physique 45 → Physique Bonus 4 (Wounds 4; incapacitated past 4 Injuries).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from tests.campaign_helpers import ASUKA, fighter, injured, member, next_fight, ok, refused, tokyo
from tests.party_helpers import choices, form, launcher, settle
from tests.ui_helpers import ui_test
from tracker.rules.nerv_d100.ruleset import NervRules
from tracker.rules.registry import load_ruleset
from tracker.ui.party_view import tracks


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Asuka with no Wounds left, so the next wound is an Injury point."""
    path = tokyo(tmp_path, capsys, ASUKA)
    ok(capsys, "campaign", "set", path, "asuka", "wounds", "0")
    return path


def test_blinded_until_healed(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Head 4 Blinded (l.214) is Blinded in the next fight, shown, and ends with treatment."""
    injured(capsys, campaign, tmp_path / "f1.toml", 3, "head")
    assert fighter(tmp_path / "f1.toml", "asuka").condition("Blinded") is not None
    asuka = member(campaign, "asuka")
    assert [i.name for i in asuka.lasting.injuries] == ["Blinded"]
    shown = ok(capsys, "campaign", "show", campaign)
    assert "Blinded until Head 4 Blinded heals" in shown
    rules = load_ruleset("nerv-d100")
    party_pane = tracks(asuka, rules.downtime()).plain  # the party screen's PC pane
    assert "Blinded until Head 4 Blinded heals" in party_pane

    log = next_fight(capsys, campaign, tmp_path / "f2.toml")
    assert fighter(tmp_path / "f2.toml", "asuka").condition("Blinded") is not None
    assert "until Head 4 Blinded heals" in log

    ok(capsys, "campaign", "treat", campaign, "asuka", "blinded", "--note", "surgery")
    assert "Blinded until" not in ok(capsys, "campaign", "show", campaign)
    next_fight(capsys, campaign, tmp_path / "f3.toml")
    assert fighter(tmp_path / "f3.toml", "asuka").condition("Blinded") is None

    ok(capsys, "campaign", "undo", campaign)  # fight 3 …
    ok(capsys, "campaign", "undo", campaign)  # … and the treatment undone: blind again
    assert "Blinded until Head 4 Blinded heals" in ok(capsys, "campaign", "show", campaign)
    next_fight(capsys, campaign, tmp_path / "f4.toml")
    assert fighter(tmp_path / "f4.toml", "asuka").condition("Blinded") is not None


def test_broken_foot_and_leg_keep_hindered(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Leg 3 Broken Foot (l.225) is Hindered in the next fight; Broken Leg carries it as
    above until the Broken Foot is treated too."""
    injured(capsys, campaign, tmp_path / "f1.toml", 2, "left_leg")
    assert "Hindered until Left Leg 3 Broken Foot heals" in ok(capsys, "campaign", "show", campaign)
    next_fight(capsys, campaign, tmp_path / "f2.toml")
    assert fighter(tmp_path / "f2.toml", "asuka").condition("Hindered") is not None
    ok(capsys, "campaign", "treat", campaign, "asuka", "broken foot")
    next_fight(capsys, campaign, tmp_path / "f3.toml")
    assert fighter(tmp_path / "f3.toml", "asuka").condition("Hindered") is None


def test_healed_in_the_fight_ends_it(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An injury healed in the fight takes what it kept on with it; Confused, which the
    Fracture put on at once (a shake-off ailment), stays."""
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "set", campaign, "asuka", "injuries", "3")
    ok(capsys, "campaign", "fight", campaign, fight, "--title", "Sachiel")
    for line in ("start", "wound asuka 1 @head", "heal asuka 1 @head"):
        ok(capsys, "do", fight, *line.split())
    asuka = fighter(fight, "asuka")
    assert asuka.condition("Blinded") is None and asuka.condition("Confused") is not None
    assert "Blinded ends, the injury healed" in ok(capsys, "log", fight, "-f", "text")


def test_every_until_healed_condition_is_one_the_row_puts_on() -> None:
    """The chart's lasting conditions are conditions it applies, and in the catalogue."""
    rules = load_ruleset("nerv-d100")
    assert isinstance(rules, NervRules)
    tables = rules.tables
    rows = [row for chart in tables.charts.values() for row in chart if row.until_healed]
    assert {(row.chart, row.name) for row in rows} == {("head", "Blinded"), ("leg", "Broken Foot")}
    for row in rows:
        assert set(row.until_healed) <= set(row.applies)
        assert all(tables.condition(name) for name in row.until_healed)


def test_removing_what_an_injury_keeps_on_says_to_treat_the_injury(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`campaign set … condition -Blinded` with Head 4 Blinded carried: refused, saying
    where Blinded comes from and the command that ends it; the file as it was."""
    injured(capsys, campaign, tmp_path / "f1.toml", 3, "head")
    said = refused(
        capsys, [campaign], "campaign", "set", campaign, "asuka", "condition", "-Blinded"
    )
    treat = f"`tracker campaign treat {campaign} Asuka head:Blinded`"
    assert said == (
        "tracker: Blinded comes from Asuka's injury Head 4 Blinded — it ends when that "
        f"injury is treated ({treat})\n"
    )
    ok(capsys, *treat.strip("`").split()[1:])
    assert "Blinded" not in ok(capsys, "campaign", "show", campaign)


@ui_test
async def test_the_party_screen_s_edit_form_says_the_same(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The edit form's "Add a condition…" with -Blinded: the refusal stays in the form,
    pointing at t (treat) on the party screen."""
    injured(capsys, campaign, tmp_path / "f1.toml", 3, "head")
    before = campaign.read_bytes()
    app = launcher(tmp_path, campaign)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        await pilot.press(*["down"] * choices(app).index("Add a condition…"), "enter")
        await pilot.press(*"-Blinded", "enter")
        await settle(pilot)
        said = str(form(app).query_one("#change-error", Static).content)
    assert said == (
        "Blinded comes from Asuka's injury Head 4 Blinded — it ends when that injury is "
        "treated (t on this screen, then Head 4 Blinded)"
    )
    assert campaign.read_bytes() == before
