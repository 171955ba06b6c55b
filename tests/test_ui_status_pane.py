"""Pilot tests of the status pane: ailments under their category, reminders resolved by
number key, by 0 and by a click."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from tests.ui_helpers import (
    ROOT,
    basic_file,
    make_app,
    nerv_file,
    offers,
    opened,
    pane_text,
    state_of,
    text_of,
    ui_test,
    visible_status,
)
from tracker.ui.app import TrackerApp
from tracker.ui.modals.damage import DamageScreen
from tracker.ui.modals.dialog import target_options
from tracker.ui.panes.drawing import Drawing
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.panes.status import StatusPane


@ui_test
async def test_ailment_badge_shows_under_its_category(tmp_path: Path) -> None:
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("sachiel")
        assert app.run_line("ail sachiel Burning").ok
        await pilot.pause()
        status = pane_text(app, "#status-text")
        physical = next(line for line in status.splitlines() if line.startswith("Physical:"))
        assert "Burning" in physical
        assert not any(line.startswith("Mental:") for line in status.splitlines())


async def burning_sachiel_acts(pilot: Pilot[Any]) -> None:
    """Open the file, set Sachiel burning and move on to its turn: its shake-off is open."""
    await opened(pilot)
    app = pilot.app
    assert isinstance(app, TrackerApp)
    for line in ("start", "ail sachiel Burning"):
        assert app.run_line(line).ok
    while state_of(app).current != "sachiel":
        await pilot.press("n")


@ui_test
async def test_reminder_is_resolved_with_its_number_key(tmp_path: Path) -> None:
    # seed 000 "Ailments": a shake-off test at the start of the bearer's turn; each
    # failure adds Advantage to the next test.
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await burning_sachiel_acts(pilot)
        assert state_of(app).reminders
        status = pane_text(app, "#status-text")
        assert offers(status, "1", "pass") and offers(status, "2", "fail")
        assert app.table.check_action("resolve", ("2",))
        await pilot.press("2")
        assert not [r for r in state_of(app).reminders if r.who == "sachiel"]
        burning = state_of(app).combatant("sachiel").condition("Burning")
        assert burning is not None and burning.level == 1
        assert not offers(pane_text(app, "#status-text"), "1", "pass")


@ui_test
async def test_reminder_keys_stay_put_and_the_rest_are_reached_with_0(tmp_path: Path) -> None:
    # issue 12: Sachiel's [1] pass became [2] pass when another reminder arrived above it;
    # choices after the ninth had no key at all.
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await burning_sachiel_acts(pilot)
        before = pane_text(app, "#status-text")
        assert offers(before, "1", "pass") and offers(before, "2", "fail")
        # seed 000 l.203-205: an injury is a Fear trigger, a reminder of its own
        assert app.run_line("wound rei 4 @left-leg").ok
        await pilot.pause()
        after = pane_text(app, "#status-text")
        assert offers(after, "1", "pass") and offers(after, "2", "fail")
        assert "[0] every choice" in after
        fear = [r for r in state_of(app).reminders if r.who == "rei"]
        assert fear
        await pilot.press("0")
        listed = app.screen.query_one("#choices-list", OptionList)
        labels = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        assert any(label.startswith("[1]") and "pass" in label for label in labels)
        wanted = next(i for i, label in enumerate(labels) if "Fear" in label and "pass" in label)
        listed.highlighted = wanted
        await pilot.press("enter")
        await pilot.pause()
        assert not [r for r in state_of(app).reminders if r.who == "rei"]
        assert offers(pane_text(app, "#status-text"), "1", "pass")


@ui_test
async def test_a_click_on_a_choice_resolves_it_and_a_double_click_on_a_row_opens_damage(
    tmp_path: Path,
) -> None:
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await burning_sachiel_acts(pilot)
        status = app.query_one("#status-text", Drawing)
        row = next(i for i, line in enumerate(status_lines(app)) if offers(line, "2", "fail"))
        column = status_lines(app)[row].index("fail")
        await pilot.click(status, offset=(column, row))
        await pilot.pause()
        assert not [r for r in state_of(app).reminders if r.who == "sachiel"]
        burning = state_of(app).combatant("sachiel").condition("Burning")
        # seed 000 "Ailments": a failed shake-off adds Advantage to the next (level 1)
        assert burning is not None and burning.level == 1
        pane = app.query_one(InitiativePane)
        index = next(i for i, line in enumerate(pane.plain_lines) if "Sachiel" in line)
        await pilot.click(pane, offset=(10, index), times=2)
        await pilot.pause()
        assert isinstance(app.screen, DamageScreen)


def status_lines(app: TrackerApp) -> list[str]:
    """The status pane's rows as drawn (wrapped to its width)."""
    status = app.query_one("#status-text", Drawing)
    return text_of(status, status.size.width).splitlines()


@ui_test
async def test_the_selected_ones_side_reads_as_the_pickers_say_it(tmp_path: Path) -> None:
    # "Unit-01 · pc · active" in the status pane, "Unit-01 · PC" in the damage picker:
    # one wording of a side on one screen
    app = make_app(nerv_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        labels = {who: label.plain for label, who in target_options(state_of(app))}
        for who in ("unit-01", "sachiel"):
            app.select(who)
            await pilot.pause()
            head = pane_text(app, "#status-text").splitlines()[0]
            assert head.startswith(labels[who] + " · "), (head, labels[who])
        assert head.startswith("Sachiel · enemy · ")
        app.select("unit-01")
        await pilot.pause()
        assert pane_text(app, "#status-text").splitlines()[0].startswith("Unit-01 (Shinji) · PC · ")


@ui_test
async def test_reminders_past_the_pane_are_counted_under_the_last_shown(tmp_path: Path) -> None:
    # six Fear tests at 80x24, a row each and their keys, still leave no room for the
    # selected one's name: those that do not fit are counted, the name stays in sight
    path = tmp_path / "ork.toml"
    shutil.copyfile(ROOT / "encounters" / "wrath-ork-boarding.toml", path)
    app = make_app(path, seed=11)
    everyone = ("amelia", "varro", "kell", "nob", "boy-1", "boy-2")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        for line in ("start", *(f"fear {who}" for who in everyone)):
            assert app.run_line(line).ok, line
        app.select("kell")
        for _ in range(4):
            await pilot.pause()
        rows = visible_status(app)
        assert any(row.startswith("Trooper Kell · PC · active") for row in rows), rows
        shown = [row for row in rows if "meets something" in row]
        more = [row for row in rows if row.startswith("+")]
        assert more == [f"+{6 - len(shown)} more reminders  [0] every choice"], rows


@ui_test
async def test_a_condition_beside_a_line_of_its_category_word_is_still_said(
    tmp_path: Path,
) -> None:
    # eva-escale's construct line "Pilot: Shinji Ikari (aboard)" bears the label of the
    # catalogue's Pilot category; Sachiel gripping Unit-01 must not vanish behind it
    path = tmp_path / "ramiel.toml"
    shutil.copyfile(ROOT / "encounters" / "eva-escale-ramiel.toml", path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        app.select("unit-01")
        assert app.run_line("ail unit-01 Held by an Angel").ok
        await pilot.pause()
        status = pane_text(app, "#status-text").splitlines()
        assert any(line.startswith("Pilot:") and "Shinji" in line for line in status)
        assert any("Held by an Angel" in line for line in status), status


@ui_test
async def test_at_80x24_an_unarmoured_shadows_ailments_are_in_sight(tmp_path: Path) -> None:
    # persona's Gale Harpy has no armour and no wounds per location: six bare "Head",
    # "Right arm" … lines said nothing and pushed its Burn out of the 80x24 status pane
    path = tmp_path / "shadows.toml"
    shutil.copyfile(ROOT / "encounters" / "persona-d100-shadows.toml", path)
    app = make_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.select("gale")
        assert app.run_line("ail gale Burn category=Physical rounds=2").ok
        await pilot.pause()
        await pilot.pause()
        shown = visible_status(app)
        assert not any(line.strip() in ("Head", "Body", "Left leg") for line in shown), shown
        assert any("Burn" in line for line in shown), shown
        app.select("yu")
        await pilot.pause()
        yu = [line.strip() for line in pane_text(app, "#status-text").splitlines()]
        assert "Head A2" in yu  # armour is something to read


def long_named_nerv(tmp_path: Path) -> Path:
    """The nerv sample with two more pilots of 40-letter names, each bleeding and blind."""
    path = nerv_file(tmp_path)
    text = path.read_text(encoding="utf-8")
    block = text[text.rindex("[[combatants]]", 0, text.index('id = "rei"')) :]
    block = block[: block.index("[[", 2)]
    for cid, name in (
        ("voss", "Sergeant Mirela Voss of the Third Company"),
        ("kade", "Corporal Anselm Kade of the Third Company"),
    ):
        twin = block.replace('id = "rei"', f'id = "{cid}"')
        text = text.replace(block, block + twin.replace("Rei Ayanami (on foot)", name), 1)
    path.write_text(text, encoding="utf-8")
    return path


@ui_test
async def test_at_80x24_reminders_cut_to_a_row_say_what_they_ask(tmp_path: Path) -> None:
    # four reminders at 80x24 are cut to a row each; a 40-letter name took the whole row
    # ("Sergeant Mirela Voss of the…" twice): the GM could not tell the shake-off from the
    # Blood Loss test without opening the list
    app = make_app(long_named_nerv(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        lines = ["init voss 99", "init kade 98", "start", "next"]
        for who in ("voss", "kade"):
            lines[:0] = [f"ail {who} Blood Loss", f"ail {who} Blinded"]
        for line in lines:
            assert app.run_line(line).ok, line
        await pilot.pause()
        await pilot.pause()
        shown = visible_status(app)
        assert any("shake off" in line for line in shown), shown
        assert any("Blood Loss" in line for line in shown), shown


def style_of(app: TrackerApp, selector: str, words: str) -> str:
    """The style of the segment of ``selector``'s drawing that holds ``words``."""
    drawing = app.query_one(selector, Drawing)
    for y in range(drawing.size.height):
        for segment in drawing.render_line(y):
            if words in segment.text:
                return str(segment.style)
    raise AssertionError(f"{words!r} is not in {selector}")


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=lambda s: f"{s[0]}x{s[1]}")
@ui_test
async def test_a_goblin_marked_dead_at_full_hp_reads_as_fallen(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # the order's row turned red for a GM's "dead gob" at 7/7, while the status pane's
    # (and at 120x36 the body pane's) HP bar stayed green, as for one unhurt
    app = make_app(basic_file(tmp_path))
    pane = "#status-text" if size[0] < 120 else "#body-drawing"
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        app.select("gob")
        assert app.run_line("start").ok and app.run_line("dmg gob 7").ok
        await pilot.pause()
        beaten = style_of(app, pane, "0/7")
        assert app.run_line("undo").ok and app.run_line("dead gob").ok
        await pilot.pause()
        assert style_of(app, pane, "7/7") == beaten


@ui_test
async def test_a_turn_asks_the_ruleset_for_its_catalogue_once_per_status_drawing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each of eva's status lines asked the ruleset for its whole catalogue again (26
    catalogues built at every turn, a third of the pane's drawing): now one a drawing,
    and the pane still files each line under its category."""
    path = tmp_path / "ramiel.toml"
    shutil.copy(ROOT / "encounters" / "eva-escale-ramiel.toml", path)
    app = make_app(path)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        rules = app.session.play.rules if app.session.play is not None else None
        assert rules is not None
        if state_of(app).round == 0:
            assert app.run_line("start").ok
        before = visible_status(app)
        asked: list[str] = []
        real = type(rules).catalogue

        def catalogue(self: Any) -> Any:
            asked.append(app.selected)
            return real(self)

        monkeypatch.setattr(type(rules), "catalogue", catalogue)
        drawn: list[str] = []
        real_redraw = StatusPane.redraw

        def redraw(self: Any, *args: Any, **kwargs: Any) -> Any:
            drawn.append(app.selected)
            return real_redraw(self, *args, **kwargs)

        monkeypatch.setattr(StatusPane, "redraw", redraw)
        for _ in range(3):
            await pilot.press("n")
            await pilot.pause()
        assert drawn and len(asked) <= 2 * len(drawn)
        assert visible_status(app) != before  # the turn moved on: another combatant shown
