"""Keys that arrive in one burst (a fast typist, a paste, a laggy SSH link) are taken in
the order typed: nothing typed after Enter joins the line just run, and two quick undos
never both run at once nor get lost: the second waits for the first's replay."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App

from tests.ui_helpers import basic_file, make_app, opened, play_of, state_of, ui_test
from tracker.core import events as ev
from tracker.ui.outcome import Outcome
from tracker.ui.panes.command_bar import CommandBar
from tracker.ui.panes.initiative import InitiativePane


def burst(app: App[Any], *keys: tuple[str, str | None]) -> None:
    """Send keys the way a terminal does, all at once, without waiting between them."""
    driver = app._driver  # the only way to queue keys as one burst from a test
    assert driver is not None
    for key, char in keys:
        event = events.Key(key, char)
        event.set_sender(app)
        driver.send_message(event)


@ui_test
async def test_a_key_after_enter_never_joins_the_command(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s", ":", *"dmg gob 1")
        burst(app, ("enter", "\r"), ("0", "0"))
        await pilot.pause(0.3)
        assert app.state is not None
        assert state_of(app).combatant("gob").track("hp") == 6  # 1 damage, not 10
        await pilot.press(":", *"note X")
        burst(app, ("enter", "\r"), ("n", "n"))
        await pilot.pause(0.3)
        notes = [e.text for e in play_of(app).encounter.events if isinstance(e, ev.NoteAdded)]
        assert notes == ["X"]


@ui_test
async def test_a_refused_line_gives_the_keys_back_and_comes_back_on_up(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s", ":", *"dmg nobody 3", "enter")
        await pilot.pause()
        bar = app.query_one(CommandBar)
        refusal = bar.message
        assert refusal.startswith("✗ no combatant 'nobody'")
        assert isinstance(app.focused, InitiativePane)
        await pilot.press("j", "k")  # moving the selection is no command: the refusal stays
        assert bar.message == refusal and bar.input.value == ""
        acting = state_of(app).current
        await pilot.press("n")  # the next key is a key of the table, not of the bar
        assert state_of(app).current != acting and bar.message != refusal
        await pilot.press(":", "up")
        assert bar.input.value == "dmg nobody 3"


@ui_test
async def test_two_quick_undos_on_a_long_journal_are_two_undos_in_turn(tmp_path: Path) -> None:
    app = make_app(basic_file(tmp_path))
    app.session.replay_in_worker_after = 0  # every undo replays in a worker, as on a long journal
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        await pilot.press("s")
        first = state_of(app).current
        await pilot.press("n", "n")
        assert app.play is not None
        answers: list[Outcome] = []
        run_line = app.run_line

        def recorded(line: str) -> Outcome:
            answers.append(run_line(line))
            return answers[-1]

        app.run_line = recorded  # type: ignore[method-assign]
        replay, replaying = app.session.replay, threading.Event()

        def slow_replay(line: str) -> Outcome:  # a long journal: still replaying at the 2nd u
            replaying.wait(timeout=5)
            return replay(line)

        app.session.replay = slow_replay  # type: ignore[method-assign]
        burst(app, ("u", "u"), ("u", "u"))
        await pilot.pause(0.5)
        assert len(answers) == 1 and app.busy == "replaying"  # the second u waits its turn
        replaying.set()
        for _ in range(100):
            await pilot.pause(0.05)
            if not app.busy and len(answers) == 2 and app.keys.settled:
                break
        undos = [e for e in play_of(app).encounter.events if isinstance(e, ev.HistoryUndone)]
        assert len(undos) == 2  # both nexts taken back, one after the other
        assert [a.message for a in answers] == ["undo: replaying the journal…"] * 2
        assert state_of(app).current == first
