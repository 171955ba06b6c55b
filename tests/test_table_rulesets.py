"""The table screen with each ruleset's sample, as a GM plays it (issue 27's siblings):
what a row, the status pane and the dialogs say at 80x24 agrees with the rule texts and
is never cut where the GM must read it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.app import SystemCommand
from textual.pilot import Pilot

from tests.alien_helpers import Table
from tests.player_helpers import copy_sample, screen_text
from tests.ui_helpers import make_app, message_rows, opened, state_of, ui_test, visible_status
from tracker.ui.app import TrackerApp
from tracker.ui.modals.damage import DamageScreen
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.panes.status import StatusPane
from tracker.ui.screen_actions import system_commands


@asynccontextmanager
async def at_the_table(
    folder: Path, sample: str, size: tuple[int, int] = (80, 24), seed: int = 7
) -> AsyncIterator[tuple[TrackerApp, Pilot[int]]]:
    """The app on a fresh copy of the bundled ``sample``, opened at ``size``."""
    app = make_app(copy_sample(sample, folder), seed=seed)
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        yield app, pilot


@ui_test
async def test_alien_a_dying_row_leaves_every_other_name_whole_at_80x24(tmp_path: Path) -> None:
    # seen at 80x24: after Ripley's lethal critical the whole order read "Dron…(1)",
    # "Pvt. Hu… Health 4/4 Stress 1" and Ripley's own row "H 0/3 BROKEN dying/ro" (the
    # death-roll timer cut without a mark); dying is Broken already (seed 003 l.135-142)
    async with at_the_table(tmp_path, "alien-operations-deck.toml") as (app, pilot):
        for line in ("start", "dmg ripley 4", "crit ripley 23 Gut wound lethal=round"):
            assert app.run_line(line).ok, line
        await pilot.pause()
        order = app.query_one(InitiativePane)
        rows = [row.rstrip() for row in order.plain_lines]
        width = order.scrollable_content_region.width
        assert all(cell_len(row) <= width for row in rows), rows
        for fighter in state_of(app).combatants.values():
            assert any(fighter.name in row for row in rows), (fighter.name, rows)
        ripley = next(row for row in rows if "Ripley" in row)
        assert "dying/round" in ripley, ripley


def test_alien_actions_left_say_two_quick_or_a_full_and_a_quick() -> None:
    # seen in the status pane on a drone's turn: "Actions left: a full and 2 quick" (three
    # actions); seed 003 l.60: "take 2 Quick Actions or 1 Quick Action and 1 Full Action"
    table = Table()
    table.start()
    assert "Actions left: 2 quick, or a full and 1 quick" in _lines(table, "bishop")
    table.do("quick bishop aim")
    assert "Actions left: a quick or a full" in _lines(table, "bishop")
    table.do("full bishop ranged")
    assert "No actions left" in _lines(table, "bishop")


def test_alien_after_a_full_action_one_quick_is_left() -> None:
    # seed 003 l.76: "one full action and one quick action, or two quick actions"
    table = Table()
    table.start()
    table.do("full bishop ranged")
    assert "Actions left: 1 quick" in _lines(table, "bishop")


def _lines(table: Table, who: str) -> list[str]:
    return table.rules.status_lines(table.who(who), table.state)


@ui_test
async def test_nerv_the_selected_ones_tracks_and_ailment_are_whole_at_80x24(
    tmp_path: Path,
) -> None:
    # seen at 80x24 with Sachiel selected and no reminder open: "Injuries 0/6…",
    # "Fatigued above 6,…", "Physical: Burning, Damage 4 (1…" — the thresholds of seed
    # 000 l.205 and l.275's growing fire cut although nothing else wanted the rows
    async with at_the_table(tmp_path, "nerv-sachiel.toml") as (app, pilot):
        lines = ("start", "dmg sachiel 12 @core exploit", "ail sachiel Burning")
        for line in (*lines, "next", "next", "next", "shake sachiel fail"):
            assert app.run_line(line).ok, line
        app.selected = "sachiel"
        await pilot.pause()
        assert not state_of(app).reminders
        drawing = app.query_one("#status-text", Drawing)
        rows = [drawing.render_line(y).text.rstrip() for y in range(drawing.size.height)]
        assert not any(row.endswith("…") for row in rows), rows
        shown = " ".join(" ".join(visible_status(app)).split())
        for whole in ("0/6 incapacitated above 6", "Fatigued above 6, Exhausted at 8"):
            assert whole in shown, shown
        said = " ".join(" ".join(rows).split())
        assert "Burning, Damage 4 (1 failed" in said, said


@ui_test
async def test_persona_the_damage_dialog_lists_every_option_at_80x24(tmp_path: Path) -> None:
    # seen at 80x24: the damage dialog's Options field showed its usage as a one-row
    # placeholder, cut after "[@LOC|hit=NN] [pen=N]": element=, technical, stagger,
    # crit, same, longshot, confirm= and cmod= (seed 004's weaknesses, Technical and
    # Critical hits) were nowhere in the dialog
    async with at_the_table(tmp_path, "persona-d100-shadows.toml") as (app, pilot):
        assert app.run_line("start").ok
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DamageScreen)
        shown = " ".join(screen_text(app).split())
        usage = app.screen.verb.usage.split()
        for option in usage[3:]:
            assert option in shown, (option, shown)


@ui_test
async def test_nerv_reminders_wrap_to_the_pane_when_its_scrollbar_comes(tmp_path: Path) -> None:
    # seen at 200x50 after `u` `U`: a reminder wrapped for the pane without its scrollbar
    # was wrapped again when the scrollbar came, "…suffered an injury, a" / "Fear" /
    # "trigger: Will or…", "(impact:" / "Stunned," / "rending: …" / "voltaic:"
    path = copy_sample("nerv-sachiel.toml", tmp_path)
    lance = " ".join(["Light lance from the palms."] * 8)
    roster = f'wounds = 8\ntraits = [{{ name = "Lance", text = "{lance}", kind = "ability" }}]\n'
    path.write_text(path.read_text().replace("wounds = 8\n", roster, 1))
    app = make_app(path, seed=3)
    async with app.run_test(size=(180, 50)) as pilot:
        await opened(pilot)
        assert app.run_line("start").ok and app.run_line("dmg rei 20 @head").ok
        # Rei (Fate 1) falls: her allies' Fear tests (seed 000 l.382) are put aside here
        assert app.run_line("dismiss unit-02").ok
        app.selected = "unit-02"
        await pilot.pause()
        pane = app.query_one(StatusPane)
        assert not pane.show_vertical_scrollbar
        app.selected = "sachiel"  # the reminders and a long trait: the scrollbar comes
        await pilot.pause()
        assert pane.show_vertical_scrollbar
        width = app.query_one("#status-text", Drawing).size.width
        shown = visible_status(app)
        for reminder in state_of(app).reminders:
            rows = [row.plain.rstrip() for row in Text(reminder.text).wrap(app.console, width)]
            first = shown.index(rows[0])
            assert shown[first : first + len(rows) - 1] == rows[:-1], (rows, shown)
            assert shown[first + len(rows) - 1].startswith(rows[-1]), (rows, shown)


@ui_test
async def test_basic_the_ailment_dialog_does_not_promise_a_shake_off(tmp_path: Path) -> None:
    # seen in basic's ailment dialog: "Rounds (0: until shaken off or cured)" — basic,
    # eva-escale and persona-d100 (the rulesets whose conditions take rounds=) have no
    # shake-off test (seed 001, 004): a condition without rounds lasts until cured
    async with at_the_table(tmp_path, "basic-bandits-at-the-ford.toml") as (app, pilot):
        assert app.run_line("start").ok
        await pilot.press("a")
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert "Rounds (0: until cured)" in shown, shown
        assert "shaken off" not in shown, shown


@ui_test
async def test_wrath_enter_in_an_empty_damage_dialog_says_which_field(tmp_path: Path) -> None:
    # seen: `d`, Tab, Enter answered "✗ fill in the fields first" — which field?
    async with at_the_table(tmp_path, "wrath-ork-boarding.toml") as (app, pilot):
        assert app.run_line("start").ok
        await pilot.press("d", "tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DamageScreen)
        shown = " ".join(screen_text(app).split())
        assert "✗ type the amount first" in shown, shown


def test_the_palettes_screenshot_names_its_folder_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # seen in the palette after `tracker nerv-sachiel.toml`: "Save an SVG picture of the
    # screen in ." — the encounter's folder, named as the command line named the file
    monkeypatch.chdir(tmp_path)
    shot = SystemCommand("Screenshot", "Save an SVG screenshot", lambda: None)
    offered = list(system_commands(cast(Any, None), [shot], Path("nerv-sachiel.toml").parent))
    assert offered[0].help == f"Save an SVG picture of the screen in {tmp_path}"


@ui_test
async def test_a_key_that_does_not_apply_says_why(tmp_path: Path) -> None:
    # seen in every ruleset: `1`, `0`, Enter, `s`, `n`, `v`, `y`, `u` did nothing at all
    # where they did not apply (the footer had dropped them); now each says why
    async with at_the_table(tmp_path, "wrath-ork-boarding.toml") as (app, pilot):
        said = {}
        for key in ("n", "v", "y", "u", "1", "0"):
            await pilot.press(key)
            await pilot.pause()
            said[key] = message_rows(app)
        assert app.run_line("start").ok
        for key in ("enter", "s"):
            await pilot.press(key)
            await pilot.pause()
            said[key] = message_rows(app)
    assert "✗ the fight has not started yet — s rolls initiative" in said["n"]
    assert "✗ no round has been played yet: nothing to look back at" in said["v"]
    assert "✗ no round has been played yet: nothing to copy" in said["y"]
    assert "✗ nothing to undo" in said["u"]
    assert "✗ no reminder is open" in said["1"] and "✗ no reminder is open" in said["0"]
    assert "✗ Trooper Kell is not delaying" in said["enter"]
    assert "✗ the fight has already started" in said["s"]


@ui_test
async def test_esc_on_the_table_stays_silent(tmp_path: Path) -> None:
    # Esc is pressed by habit (after a dialog): it is not answered with a refusal
    async with at_the_table(tmp_path, "wrath-ork-boarding.toml") as (app, pilot):
        assert app.run_line("start").ok
        before = message_rows(app)
        await pilot.press("escape")
        await pilot.pause()
        assert message_rows(app) == before


@ui_test
async def test_persona_the_one_more_track_says_what_it_is_for(tmp_path: Path) -> None:
    # seen at 120x36: "One More 2 act … onemore, baton, allout, or stamina" — read as a
    # line cut short; seed 004 l.122-124: an extra action, a Baton Pass, a charge of
    # Stamina, or an All-Out Attack when every enemy is Staggered
    async with at_the_table(tmp_path, "persona-d100-shadows.toml", (120, 36), seed=5) as (
        app,
        pilot,
    ):
        assert app.run_line("start").ok and app.run_line("dmg slime 12 element=fire").ok
        app.selected = "yu"
        await pilot.pause()
        shown = " ".join(" ".join(visible_status(app)).split())
        assert "One More 1 an extra action, a Baton Pass, Stamina or an All-Out Attack" in shown
        assert "…" not in shown, shown


@ui_test
async def test_one_who_joins_above_the_turn_is_marked_to_act_next(tmp_path: Path) -> None:
    # seen with eva-escale: Unit-01 defeated on Unit-02's turn, Shinji ejected on foot and
    # rolled initiative 9 — his row sat at the top, unmarked, above Ramiel's ✓, and `n`
    # went to him, not to Misato below ▶ (the first slot yet to act acts next)
    async with at_the_table(tmp_path, "basic-bandits-at-the-ford.toml") as (app, pilot):
        for line in ("start", "next", "next", "add Scout side=enemy hp=5 init=40"):
            assert app.run_line(line).ok, line
        await pilot.pause()
        rows = [row.rstrip() for row in app.query_one(InitiativePane).plain_lines]
        scout = next(row for row in rows if "Scout" in row)
        assert scout.startswith("»"), rows
        assert app.run_line("next").ok
        await pilot.pause()
        assert state_of(app).current == "scout"
        rows = [row.rstrip() for row in app.query_one(InitiativePane).plain_lines]
        assert next(row for row in rows if "Scout" in row).startswith("▶"), rows
        assert app.run_line("next").ok
        await pilot.pause()
        rows = [row.rstrip() for row in app.query_one(InitiativePane).plain_lines]
        assert next(row for row in rows if "Scout" in row).startswith("✓"), rows


@ui_test
async def test_alien_the_add_dialogs_title_is_whole_at_80x24(tmp_path: Path) -> None:
    # seen at 80x24: "Add a combatant — add [N] NAME|BLOCK [hidden] [side=enemy] [stat=N …"
    # — the title cut, "| add party [PC …]" never shown
    async with at_the_table(tmp_path, "alien-operations-deck.toml") as (app, pilot):
        assert app.run_line("start").ok
        await pilot.press("plus")
        await pilot.pause()
        rows = [row for row in screen_text(app).splitlines() if row.strip()]
        title = next(i for i, row in enumerate(rows) if "Add a combatant —" in row)
        assert "add party [PC …]" in rows[title + 1], rows


@ui_test
async def test_moving_the_top_row_up_says_it_is_at_the_top(tmp_path: Path) -> None:
    # seen: shift+↑ on the first row (and shift+↓ on the last) did nothing at all
    async with at_the_table(tmp_path, "wrath-ork-boarding.toml") as (app, pilot):
        assert app.run_line("start").ok
        app.selected = state_of(app).order[0]
        await pilot.press("shift+up")
        await pilot.pause()
        assert "✗ already at the top of the order" in message_rows(app)
        app.selected = state_of(app).order[-1]
        await pilot.press("shift+down")
        await pilot.pause()
        assert "✗ already at the foot of the order" in message_rows(app)


@ui_test
async def test_nerv_a_message_cut_short_says_so_once(tmp_path: Path) -> None:
    # seen at 80x24 after `s`: "Rei Ayanami (on foot) initiative … … m shows all" — the
    # row cut with its own "…" before the one that says more follows
    async with at_the_table(tmp_path, "nerv-sachiel.toml") as (app, pilot):
        await pilot.press("s")
        await pilot.pause()
        shown = message_rows(app).rstrip()
        assert shown.endswith(" … m shows all"), shown
        assert "… …" not in shown and shown.count("…") == 1, shown


@ui_test
async def test_persona_the_ailment_dialog_opens_whole_at_80x24(tmp_path: Path) -> None:
    # seen at 80x24: `a` opened the dialog scrolled past its title (24 rows of fields for
    # 24 rows of screen): the GM saw "Target" first, not what the dialog is for
    async with at_the_table(tmp_path, "persona-d100-shadows.toml") as (app, pilot):
        assert app.run_line("start").ok
        await pilot.press("a")
        await pilot.pause()
        shown = screen_text(app)
        assert "Ailment — an ailment: one per category" in shown, shown
        assert "Enter apply · ↑↓ pick · Tab next field · Esc close" in shown, shown
