"""The write-back's edit (issue 15): e then a number edits what is written back for
that PC — a track's number, an injury, a condition or a death left out or put back — as
one event; declined, the campaign is left byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from tests.campaign_helpers import member, ok
from tests.ui_helpers import make_app, opened, ui_test
from tests.writeback_helpers import (
    campaign_fixture,  # noqa: F401 (a fixture: pytest finds it here)
    fight_fixture,  # noqa: F401 (a fixture: pytest finds it here)
    message,
    summary,
)
from tracker.core.campaign import Lasting
from tracker.core.campaign_changes import edit_planned, writeback_changes
from tracker.core.campaign_events import WrittenBack
from tracker.core.errors import RuleError
from tracker.core.model import Condition
from tracker.store.campaign_file import load_campaign
from tracker.ui.app import TrackerApp
from tracker.ui.modals.writeback import WritebackScreen
from tracker.ui.party_modals import ChangeForm


def form_choices(app: TrackerApp) -> list[str]:
    """The choices the edit form lists."""
    assert isinstance(app.screen, ChangeForm), type(app.screen)
    listing = app.screen.query_one("#change-list", OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def pick(pilot: Pilot[int], app: TrackerApp, label: str, *typed: str) -> None:
    """In the edit form, go down to the choice ``label``, Enter, type, Enter."""
    downs = ["down"] * form_choices(app).index(label)
    await pilot.press(*downs, "enter")
    if typed:
        await pilot.press(*typed, "enter")
    await pilot.pause()


@ui_test
async def test_e_edits_a_pc_before_writing_back_as_one_event(
    campaign: Path, fight: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = make_app(fight)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("colon", *"end", "enter")
        await pilot.pause()
        await pilot.press("e", "1")
        await pilot.pause()
        assert form_choices(app) == [
            "Wounds 0 (before the fight 4)",
            "Injuries 1 (before the fight 0)",
            "Stress 1 (before the fight 0)",
            "Trauma 0",
            "Fate 2",
            "Exerts 0",
            "Leave out Left Leg 1 Foot Pain",
        ]
        await pick(pilot, app, "Stress 1 (before the fight 0)", "x")  # refused in the form
        assert isinstance(app.screen, ChangeForm)
        error = str(app.screen.query_one("#change-error", Static).content)
        assert error == "Stress must be a whole number, not 'x'"
        await pilot.press("backspace", "0", "enter")
        await pilot.pause()
        shown = summary(app)
        assert "Stress 0 → 1" not in shown and "edited by you: Stress 1 → 0" in shown
        await pilot.press("e", "1", "down", "enter")  # in Wounds' value field …
        await pilot.press(*["down"] * 5, "enter")  # … down to a change with no value
        await pilot.pause()
        assert isinstance(app.screen, WritebackScreen)
        shown = summary(app)
        assert "+ injury" not in shown and "Injuries 0 → 1" not in shown
        assert "edited by you: − injury Left Leg 1 Foot Pain" in shown
        assert "edited by you: Injuries 1 → 0" in shown  # the count follows (l.203)
        assert "[x] 1 Asuka:\n      Wounds 4 → 0\n" in shown
        await pilot.press("y")
        await pilot.pause()
        assert message(app) == "Fight 1 written back to Tokyo-3 (tokyo.toml)"
    events = load_campaign(campaign).campaign.events
    written = events[-1]
    assert isinstance(written, WrittenBack) and sum(isinstance(e, WrittenBack) for e in events) == 1
    assert written.text == (
        "Fight 1 (Sachiel) written back: Asuka, Rei Ayanami (on foot); Asuka edited by the GM: "
        "Injuries 1 → 0, Stress 1 → 0, − injury Left Leg 1 Foot Pain"
    )
    asuka = member(campaign, "asuka").lasting
    assert asuka.injuries == () and asuka.track("stress") == 0 and asuka.track("wounds") == 0
    assert asuka.track("injuries") == 0
    ok(capsys, "campaign", "undo", campaign)  # the edited write-back goes back as one
    assert member(campaign, "asuka").lasting.track("wounds") == 4


@ui_test
async def test_edits_declined_leave_the_campaign_byte_identical(
    campaign: Path, fight: Path
) -> None:
    before = campaign.read_bytes()
    app = make_app(fight)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.run_and_report("end")
        await pilot.pause()
        await pilot.press("e", "escape")  # Esc after e: no edit, the offer stays
        await pilot.pause()
        assert isinstance(app.screen, WritebackScreen)
        await pilot.press("1", "e", "1")  # Asuka out; editing her takes her back in
        await pilot.pause()
        await pick(pilot, app, "Fate 2", "backspace", "1")
        await pilot.press("e", "1")
        await pilot.pause()
        assert "Fate 1 (before the fight 2)" in form_choices(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "[x] 1 Asuka:" in summary(app) and "edited by you: Fate 2 → 1" in summary(app)
        await pilot.press("n")
        await pilot.pause()
        assert message(app).startswith("not written back")
    assert campaign.read_bytes() == before


def test_the_edit_leaves_out_and_puts_back_a_condition_or_a_death() -> None:
    before = Lasting(tracks={"stress": 0})
    left = Lasting(
        tracks={"stress": 2}, conditions=(Condition("Blood Loss"),), dead="fight 1: Sachiel"
    )
    offered = [c.label for c in writeback_changes(left, left, before)]
    assert offered == [
        "Stress 2 (before the fight 0)",
        "Leave out Blood Loss",
        "Leave out death (fight 1: Sachiel)",
    ]
    alive = edit_planned(left, left, "dead", "-death (fight 1: Sachiel)")
    assert alive.dead == "" and edit_planned(left, alive, "dead", "death").dead == left.dead
    clean = edit_planned(left, alive, "condition", "-Blood Loss")
    assert clean.conditions == () and "Put back Blood Loss" in [
        c.label for c in writeback_changes(left, clean, before)
    ]
    assert edit_planned(left, clean, "condition", "Blood Loss").has("Blood Loss")
    with pytest.raises(RuleError, match="Stress must be between"):
        edit_planned(left, clean, "stress", "99999999")
