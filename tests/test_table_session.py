"""The table's session controller without Textual (issue 31): commands, undo and redo,
the replay of a long journal, the hidden-name question, the fight's end and looking back
— what the App draws, decided here."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.snapshot_helpers import command_end, played, written
from tests.ui_helpers import basic_file, nerv_file
from tracker.core.dice import ScriptedDice
from tracker.core.events import Event
from tracker.core.model import EncounterState
from tracker.store.encounter_file import EncounterFile
from tracker.store.errors import LockedError
from tracker.store.snapshot import EarlierEvents
from tracker.store.table_session import TableSession


def _session(tmp_path: Path, faces: list[int] | None = None) -> TableSession:
    session = TableSession(basic_file(tmp_path), ScriptedDice(faces or [15, 9, 12, 3]))
    session.open()
    return session


def test_nothing_runs_before_the_file_is_open_or_while_busy(tmp_path: Path) -> None:
    session = TableSession(basic_file(tmp_path), ScriptedDice([]))
    refused = session.refusal()
    assert refused is not None and refused.message == "one moment — opening the encounter"
    session.open()
    try:
        assert session.refusal() is None
        busy = session.refusal("replaying")
        assert busy is not None and busy.message == "one moment — replaying the encounter"
    finally:
        session.close()


def test_the_fight_is_there_to_show_before_the_rest_of_opening_and_nothing_runs_until_then(
    tmp_path: Path,
) -> None:
    path = basic_file(tmp_path)
    kept = path.read_bytes()
    stale = tmp_path / f".{path.name}.{'ab' * 6}.tmp"  # a rewrite killed before its rename
    stale.write_text("half a file", encoding="utf-8")
    session = TableSession(path, ScriptedDice([15, 9, 12, 3]))
    play = session.open(settle=False)
    try:
        assert set(play.encounter.state.combatants) == {"ann", "bo", "gob", "orc"}
        with pytest.raises(LockedError):  # the lock is held already: a second GM is refused
            EncounterFile(path)
        refused = session.refusal()
        assert refused is not None and refused.message == "one moment — opening the encounter"
        assert path.read_bytes() == kept and stale.exists()  # nothing written or removed yet
        session.settle()
        assert session.refusal() is None and not stale.exists()
        with pytest.raises(LockedError, match=f"pid {os.getpid()}"):  # now the note says who
            EncounterFile(path)
        assert session.run("start").outcome.ok
    finally:
        session.close()
    assert b"encounter.started" in path.read_bytes()


def test_a_command_its_undo_and_redo_say_what_they_did(tmp_path: Path) -> None:
    session = _session(tmp_path)
    try:
        shown: list[EncounterState] = []
        ran = session.run("dmg gob 5", meanwhile=shown.append)
        assert ran.outcome.ok and ran.outcome.message == "Goblin: HP 7 → 2"
        assert shown and shown[-1].combatant("gob").track("hp") == 2
        assert session.can_undo() and not session.can_redo()
        assert session.undo_redo() == ("Goblin: HP 7 → 2", "")
        assert session.run("undo").outcome.message == "Undone: Goblin: HP 7 → 2"
        assert session.can_redo() and session.undo_redo()[1] == "Goblin: HP 7 → 2"
        assert session.run("redo").outcome.ok
        state = session.state
        assert state is not None and state.combatant("gob").track("hp") == 2
        refused = session.run("dmg nobody 5").outcome
        assert not refused.ok and "nobody" in refused.message and "\n" not in refused.message
    finally:
        session.close()


def test_a_long_journal_replays_undo_off_the_screens_way(tmp_path: Path) -> None:
    session = _session(tmp_path)
    try:
        session.run("dmg gob 1")
        assert not session.replays_long("undo")
        session.replay_in_worker_after = 0
        assert session.replays_long(":undo") and not session.replays_long("dmg gob 1")
        outcome = session.replay("undo")
        assert outcome.ok and outcome.message == "Undone: Goblin: HP 7 → 6"
    finally:
        session.close()


def test_the_end_of_the_fight_and_a_hidden_name_are_said(tmp_path: Path) -> None:
    session = _session(tmp_path)
    try:
        session.run("add 'Secret Boss' hidden")
        asked = session.run("note The secret-boss lurks")
        assert not asked.outcome.ok and "Secret Boss" in asked.question
        assert asked.anyway == "note! The secret-boss lurks"
        assert session.run(asked.anyway).outcome.ok
        ended = session.run("end")
        assert ended.outcome.ok and ended.ended
        assert not session.run("note after").ended
    finally:
        session.close()


def test_looking_back_steps_through_the_turns_and_refuses_commands(tmp_path: Path) -> None:
    session = _session(tmp_path)
    try:
        assert session.look_back() is None  # no turn yet
        session.run("start")
        session.run("dmg gob 3")
        session.run("next")
        moment = session.look_back()
        assert moment is not None
        board = session.look_at(moment)
        assert board is not None and board.combatant("gob").track("hp") == 7
        assert session.place(moment).endswith("(1 of 2)")
        refused = session.refuse_while_looking()
        assert refused is not None and "Esc returns to the fight" in refused.message
        assert session.refusal() == refused
        assert session.stepped(-1) == moment  # nothing earlier: stays
        later = session.stepped(1)
        assert later is not None and later != moment
        session.look_at(later)
        assert session.stepped(1) is None  # past the last turn: back to the fight
        session.look_done()
        assert session.refusal() is None
    finally:
        session.close()


def test_the_session_needs_no_textual() -> None:
    code = (
        "import sys, tracker.store.table_session; "
        "print(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_reading_alone_is_shown_and_leaves_undo_to_the_last_change(tmp_path: Path) -> None:
    """``:reading`` lists the readings under the bar; the journal keeps nothing of it, so
    undo still takes back the GM's last change (issue 29: readings)."""
    session = TableSession(nerv_file(tmp_path), ScriptedDice([]))
    session.open()
    try:
        assert session.run("reading defend lapses").outcome.ok
        size = session.path.read_bytes()
        asked = session.run("reading").outcome
        assert asked.ok and asked.message.startswith("Reading ")
        assert "defend = lapses" in asked.message
        assert session.path.read_bytes() == size
        assert session.run("undo").outcome.message.startswith("Undone: Reading defend = lapses")
    finally:
        session.close()


def test_reading_ahead_held_while_opening_begins_once_released() -> None:
    read = threading.Event()

    def events() -> list[Event]:
        read.set()
        return []

    earlier = EarlierEvents(events, EncounterState(), 0)
    earlier.hold()
    earlier.start()  # asked for while the file is still opening: kept for later
    assert not read.wait(0.05) and not earlier.ready()
    earlier.release()  # opening is done: the reading begins now, on its own thread
    assert read.wait(10)
    assert earlier.result() == ([], EncounterState())
    earlier.release()  # a second release, or one without a hold, changes nothing


def test_a_fight_taken_up_from_a_snapshot_reads_its_earlier_events_after_settling(
    tmp_path: Path,
) -> None:
    fight = played(400)
    path = written(fight, tmp_path, snapshot_after=command_end(fight, len(fight.events) - 30))
    session = TableSession(path, ScriptedDice([]))
    play = session.open(settle=False)
    try:
        encounter = play.encounter
        assert encounter.taken_up_at > 0  # from the snapshot
        encounter.read_earlier_soon()  # the log asks for them as the fight is first drawn
        assert not encounter.earlier_ready
        session.settle()
        for _ in range(1000):
            if encounter.earlier_ready:
                break
            time.sleep(0.01)
        assert encounter.earlier_ready  # read ahead, on the thread
        assert encounter.events == fight.events
    finally:
        session.close()
