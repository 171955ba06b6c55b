"""The party screen (issue 15): a campaign's PCs between fights, reached from the
launcher (its own row, or `tracker CAMPAIGN`) and from the palette of a campaign fight.
It shows each PC's body chart and tracks and the fights played; f makes the next fight
and plays it, r rests as the ruleset's text says (R the highlighted PC only), t treats
one of their injuries with a note, e sets one of their values (the GM's ruling), u/U undo
and redo; a refusal is one line. Snapshots at 80x24 and 120x36."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from tests.campaign_helpers import NERV_SAMPLE, member, ok
from tests.test_ui_snapshots import still
from tests.ui_helpers import make_app, opened, text_of, ui_test
from tracker.core.campaign_events import LastingSet, Rested, Treated
from tracker.paths import bundled_dir
from tracker.store.campaign_file import CampaignFile, load_campaign
from tracker.store.encounter_file import load
from tracker.store.settings import Settings
from tracker.ui import launch as launch_module
from tracker.ui.app import TrackerApp
from tracker.ui.launcher import LauncherApp
from tracker.ui.palette import TableCommands, table_commands
from tracker.ui.panes.drawing import Drawing
from tracker.ui.party import PartyScreen
from tracker.ui.party_modals import ChangeForm, FightScreen, RestScreen
from tracker.ui.party_palette import party_entries
from tracker.ui.themes import load_themes

ASUKA = ("Asuka", "physique=45", "will=40", "grace=47", "fate=2")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The GM's encounters folder."""
    path = tmp_path / "encounters"
    path.mkdir()
    return path


@pytest.fixture
def campaign(folder: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Tokyo-3 (nerv-d100): Asuka and Rei; fight 1 (Sachiel) written back with Asuka's
    left leg hurt (Foot Pain) and 1 Stress."""
    path = folder / "tokyo.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100", "--title", "Tokyo-3")
    ok(capsys, "campaign", "add-pc", path, *ASUKA)
    ok(capsys, "campaign", "add-pc", path, "--from", NERV_SAMPLE, "rei")
    fight = folder / "sachiel.toml"
    ok(capsys, "campaign", "fight", path, fight, "--title", "Sachiel")
    for line in ("add Sachiel physique=60 grace=40", "wound asuka 5 @left_leg", "end"):
        ok(capsys, "do", fight, *line.split())
    ok(capsys, "campaign", "writeback", path, fight, "--yes")
    return path


def launcher(folder: Path, campaign: Path | None = None) -> LauncherApp:
    """A launcher on ``folder`` (bundled themes only), opening ``campaign``'s party."""
    settings = Settings(encounters=folder)
    shelf = load_themes([bundled_dir("themes")])
    return LauncherApp(settings, shelf=shelf, campaign=campaign)


def party(app: Any) -> PartyScreen:
    """The party screen on top."""
    assert isinstance(app.screen, PartyScreen), type(app.screen)
    return app.screen


def shown(app: Any, selector: str, width: int = 60) -> str:
    """The text a Static of the party screen shows."""
    return text_of(party(app).query_one(selector, Static), width)


def fights_shown(app: Any) -> str:
    """The rows of the Fights list, one a line."""
    listing = party(app).query_one("#party-fights", OptionList)
    rows = (listing.get_option_at_index(i).prompt for i in range(listing.option_count))
    return "\n".join(str(row) for row in rows)


def chart(app: Any) -> str:
    """The body chart as drawn (the figure, then the injuries)."""
    return text_of(party(app).query_one("#party-body Drawing"), 60)  # type: ignore[arg-type]


async def settle(pilot: Pilot[Any]) -> None:
    """Let the screen draw."""
    await pilot.pause()
    await pilot.pause()


@ui_test
async def test_the_launcher_lists_the_campaign_and_enter_shows_the_party(
    folder: Path, campaign: Path
) -> None:
    app = launcher(folder)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        kinds = [(c.kind, c.path.name if c.path else "") for c in app.shown]
        assert kinds[0] == ("campaign", "tokyo.toml")
        assert ("file", "tokyo.toml") not in kinds and ("file", "sachiel.toml") in kinds
        await pilot.press(*"tokyo", "enter")
        await settle(pilot)
        assert "Tokyo-3 · nerv-d100 · 2 PCs · 1 fight" in shown(app, "#party-header", 100)
        names = party(app).query_one("#party-list", OptionList)
        assert [str(names.get_option_at_index(i).prompt) for i in range(2)] == [
            "Asuka  ✖",
            "Rei Ayanami (on foot)",
        ]
        assert "Stress 1" in shown(app, "#party-tracks-text")
        assert "Foot Pain" in chart(app) and "Left leg 1" in chart(app)
        assert "1 Sachiel ✓ written back" in fights_shown(app)
        await pilot.press("j")
        await settle(pilot)
        assert "Foot Pain" not in chart(app)
        assert "Wounds 3/3" in shown(app, "#party-tracks-text")
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, PartyScreen)  # back to the list


@ui_test
async def test_r_rests_and_u_undoes_it(folder: Path, campaign: Path) -> None:
    app = launcher(folder, campaign)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(app.screen, RestScreen)
        await pilot.press("1")  # Short Downtime: Stress −1 (seed 000 l.347)
        await settle(pilot)
        said = party(app).message
        assert said.startswith("Short Downtime: Asuka, Rei Ayanami (on foot) — Asuka: ")
        assert "Stress 1 → 0" in said
        assert member(campaign, "asuka").lasting.track("stress") == 0
        assert "Stress 0" in shown(app, "#party-tracks-text")
        await pilot.press("u")
        await settle(pilot)
        assert party(app).message.startswith("Undone: Short Downtime")
        assert member(campaign, "asuka").lasting.track("stress") == 1
        await pilot.press("U")
        await settle(pilot)
        assert member(campaign, "asuka").lasting.track("stress") == 0
        await pilot.press("j", "u")  # Rei stays shown after the command
        await settle(pilot)
        heading = party(app).query_one("#party-body").query_one(Drawing).lines[0].plain
        assert heading.startswith("Rei")


@ui_test
async def test_f_makes_the_next_fight_with_the_injury_and_plays_it(
    folder: Path, campaign: Path
) -> None:
    app = launcher(folder, campaign)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        assert isinstance(app.screen, FightScreen)
        assert "Goes: Asuka, Rei Ayanami (on foot)" in text_of(
            app.screen.query_one("#fight-who", Static)
        )
        await pilot.press("enter")  # the suggested title: "Tokyo-3: fight 2"
        await settle(pilot)
    fight = folder / "tokyo-3-fight-2.toml"
    assert app.return_value == fight
    state = load(fight).encounter.state
    assert state.title == "Tokyo-3: fight 2"
    assert [i.name for i in state.combatants["asuka"].injuries] == ["Foot Pain"]
    assert load_campaign(campaign).campaign.state.fight(2) is not None


@ui_test
async def test_refusals_are_one_line_and_change_nothing(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = folder / "yashima.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "eva-escale", "--title", "Yashima")
    app = launcher(folder, path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f")  # nobody in the party
        await settle(pilot)
        assert party(app).message.startswith("✗ the party is empty")
        await pilot.press("r")  # the eva-escale text states no rest
        await settle(pilot)
        said = party(app).message
        assert said.startswith("✗ the eva-escale text states no rest") and "\n" not in said
        before = path.read_bytes()
        with CampaignFile(path):  # another GM's tracker holds it
            await pilot.press("u")
            await settle(pilot)
        assert party(app).message.startswith("✗ ") and "open for writing" in party(app).message
        assert "\n" not in party(app).message
        assert path.read_bytes() == before


@ui_test
async def test_names_are_shown_as_typed_never_as_markup(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = folder / "odd.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "basic", "--title", "[b]Odd[/x]")
    ok(capsys, "campaign", "add-pc", path, "[b]<i>x</i>", "hp=10")
    ok(capsys, "campaign", "add-pc", path, "[@click=app.quit]Bo", "hp=8")
    app = launcher(folder, path)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert "[b]Odd[/x]" in shown(app, "#party-header", 100)
        names = party(app).query_one("#party-list", OptionList)
        assert str(names.get_option_at_index(0).prompt) == "[b]<i>x</i>"
        assert str(names.get_option_at_index(1).prompt) == "[@click=app.quit]Bo"
        title = party(app).query_one("#party-tracks").border_title
        assert Content.from_markup(str(title)).plain == "[b]<i>x</i>"  # shown as typed


@ui_test
async def test_the_palette_of_a_campaign_fight_offers_the_party(
    folder: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = folder / "ramiel.toml"
    ok(capsys, "campaign", "fight", campaign, fight, "--title", "Ramiel")
    app = make_app(fight)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        titles = [c.title for c in table_commands(app)]
        assert titles[0] == "Party…"
        next(c for c in table_commands(app) if c.title == "Party…").run()
        await settle(pilot)
        assert "1 Sachiel" in fights_shown(app)
        await pilot.press("s")  # the fight's keys rest while the party is shown
        await settle(pilot)
        assert app.state is not None and app.state.phase == "setup"
        fight_hits = [hit async for hit in TableCommands(party(app)).discover()]
        assert fight_hits == []  # nor does the palette offer the fight's commands
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"short downtime", "enter")
        await settle(pilot)
        assert party(app).message.startswith("Short Downtime: Asuka, Rei Ayanami (on foot)")
        await pilot.press("f", "enter")
        await settle(pilot)
    assert app.then_open == folder / "tokyo-3-fight-3.toml"


@ui_test
async def test_a_one_off_encounter_offers_no_party(folder: Path) -> None:
    app = make_app(NERV_SAMPLE)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        assert "Party…" not in [c.title for c in table_commands(app)]


def test_tracker_campaign_opens_its_party_screen_then_plays_the_fight(
    campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fight = campaign.with_name("next.toml")
    seen: list[Path | None] = []

    def run(self: LauncherApp, **_: Any) -> Path | None:
        seen.append(self.campaign)
        return fight

    played: list[Path] = []

    def play(path: Path) -> str:
        played.append(path)
        return ""

    monkeypatch.setattr(LauncherApp, "run", run)
    monkeypatch.setattr(launch_module, "play", play)
    assert launch_module.launch(campaign) == 0
    assert seen == [campaign] and played == [fight]


def test_the_table_plays_the_fight_the_party_screen_made(
    campaign: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = campaign.with_name("sachiel.toml"), campaign.with_name("next.toml")
    second.write_bytes(first.read_bytes())
    opened_paths: list[Path] = []

    def run(self: TrackerApp, **_: Any) -> None:
        opened_paths.append(self.path)
        if self.path == first:
            self.then_open = second

    monkeypatch.setattr(TrackerApp, "run", run)
    assert launch_module.launch(first) == 0
    assert opened_paths == [first, second]


@ui_test
async def test_a_dead_pc_is_marked_and_left_out_of_the_next_fight(
    folder: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok(capsys, "campaign", "set", campaign, "rei", "dead", "fight 1: Sachiel")
    app = launcher(folder, campaign)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        names = party(app).query_one("#party-list", OptionList)
        assert str(names.get_option_at_index(1).prompt) == "Rei Ayanami (on foot) †"
        await pilot.press("j")
        await settle(pilot)
        assert shown(app, "#party-tracks-text").startswith("† dead — fight 1: Sachiel")
        await pilot.press("f")
        await settle(pilot)
        who = text_of(app.screen.query_one("#fight-who", Static), 100)
        assert who.startswith("Goes: Asuka\nRei Ayanami (on foot) is dead (fight 1: Sachiel)")


def form(app: Any) -> ChangeForm:
    """The change form on top."""
    assert isinstance(app.screen, ChangeForm), type(app.screen)
    return app.screen


def choices(app: Any) -> list[str]:
    """The choices the change form lists."""
    listing = form(app).query_one("#change-list", OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


def last_event(campaign: Path) -> Any:
    """The campaign's latest event."""
    return load_campaign(campaign).campaign.events[-1]


@ui_test
async def test_t_treats_an_injury_with_a_note_and_u_undoes_it(folder: Path, campaign: Path) -> None:
    app = launcher(folder, campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        assert choices(app) == ["Left Leg 1 Foot Pain: every Basic Move costs 1 Stress"]
        assert form(app).focused is form(app).query_one("#change-value")  # the only one
        await pilot.press(*"splinted at HQ", "enter")
        await settle(pilot)
        assert party(app).message == "Asuka's Left Leg 1 Foot Pain is treated: splinted at HQ"
        assert "Foot Pain" not in chart(app)
        asuka = member(campaign, "asuka").lasting
        assert asuka.injuries == () and asuka.track("injuries") == 0  # l.203: the total
        treated = last_event(campaign)
        assert isinstance(treated, Treated)
        assert (treated.who, treated.injury, treated.note) == (
            "asuka",
            "Left Leg 1 Foot Pain",
            "splinted at HQ",
        )
        await pilot.press("u")
        await settle(pilot)
        assert party(app).message.startswith("Undone: Asuka's Left Leg 1 Foot Pain is treated")
        assert [i.name for i in member(campaign, "asuka").lasting.injuries] == ["Foot Pain"]
        assert "Foot Pain" in chart(app)
        await pilot.press("j", "t")  # Rei has none: one line, no form
        await settle(pilot)
        assert party(app).message == "✗ Rei Ayanami (on foot) has no injury to treat"


@ui_test
async def test_e_sets_a_value_as_the_gms_ruling_and_u_undoes_it(
    folder: Path, campaign: Path
) -> None:
    app = launcher(folder, campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        offered = choices(app)
        assert offered[:6] == [
            "Wounds 0",
            "Injuries 1",
            "Stress 1",
            "Trauma 0",
            "Fate 2",
            "Exerts 0",
        ]
        assert "Fate maximum 2" in offered and "Add a condition…" in offered
        assert "Healing time of Left Leg 1 Foot Pain: until treated" in offered
        assert offered[-1] == "Dead…"
        await pilot.press("down", "down", "enter")  # Stress: its value, then the new one
        await pilot.press(*"x", "enter")  # a refusal stays in the form, in one line
        await settle(pilot)
        said = str(form(app).query_one("#change-error", Static).content)
        assert said == "stress takes a whole number, not 'x'"
        assert member(campaign, "asuka").lasting.track("stress") == 1
        await pilot.press("backspace", *"4", "enter")
        await settle(pilot)
        assert party(app).message == "Asuka: stress = 4 (GM)"
        assert "Stress 4" in shown(app, "#party-tracks-text")
        assert member(campaign, "asuka").lasting.track("stress") == 4
        set_event = last_event(campaign)
        assert isinstance(set_event, LastingSet)
        assert (set_event.who, set_event.key, set_event.value) == ("asuka", "stress", "4")
        await pilot.press("e", *["down"] * 8, "enter")  # Add a condition…
        await pilot.press(*"Blood Loss", "enter")
        await settle(pilot)
        assert member(campaign, "asuka").lasting.has("Blood Loss")
        await pilot.press("u", "u")
        await settle(pilot)
        asuka = member(campaign, "asuka").lasting
        assert asuka.track("stress") == 1 and not asuka.has("Blood Loss")
        before = campaign.read_bytes()
        await pilot.press("e", "down", "down", "enter", "9", "escape")  # Esc changes nothing
        await settle(pilot)
        assert isinstance(app.screen, PartyScreen) and campaign.read_bytes() == before
        assert party(app).message.startswith("Undone: Asuka: stress = 4")


@ui_test
async def test_shift_r_rests_the_highlighted_pc_only(folder: Path, campaign: Path) -> None:
    ok_rei = member(campaign, "rei").lasting
    app = launcher(folder, campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("R")
        await settle(pilot)
        assert isinstance(app.screen, RestScreen)
        assert text_of(app.screen.query_one("#rest-who", Static)) == "Who rests: Asuka only\n"
        await pilot.press("1")  # Short Downtime: Stress −1 (seed 000 l.347), for Asuka
        await settle(pilot)
        assert party(app).message.startswith("Short Downtime: Asuka — Asuka: ")
        rested = last_event(campaign)
        assert isinstance(rested, Rested) and list(rested.party) == ["asuka"]
        assert member(campaign, "asuka").lasting.track("stress") == 0
        assert member(campaign, "rei").lasting == ok_rei
        await pilot.press("u")
        await settle(pilot)
        assert member(campaign, "asuka").lasting.track("stress") == 1


@ui_test
async def test_the_palette_treats_edits_and_rests_the_highlighted_pc(
    folder: Path, campaign: Path
) -> None:
    app = launcher(folder, campaign)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        titles = [title for title, _, _ in party_entries(party(app))]
        assert "Treat Asuka…" in titles and "Edit Asuka…" in titles
        assert "Rest Asuka only: Long Downtime" in titles
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"rest asuka only: long", "enter")
        await settle(pilot)
        assert party(app).message.startswith("Long Downtime: Asuka — ")
        assert list(last_event(campaign).party) == ["asuka"]


# --- snapshots ----------------------------------------------------------------------------


async def _still(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    still(pilot)
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_party_screen_snapshot(
    snap_compare: Any, folder: Path, campaign: Path, size: tuple[int, int]
) -> None:
    assert snap_compare(launcher(folder, campaign), terminal_size=size, run_before=_still)
