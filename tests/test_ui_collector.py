"""While the table is open, Python's young garbage is collected once a key's frame is on
the screen, not in the middle of the next key; while the file is read, Python's young
collections wait as long; Python's own settings come back after."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from tests.ui_helpers import basic_file, make_app, opened, refused, ui_test
from tracker.store.encounter_file import EncounterFile, Loaded
from tracker.ui.collector import IDLE_SECONDS, NEVER, YOUNG, IdleCollector


def test_the_young_are_collected_after_the_frame_and_python_settings_come_back() -> None:
    saved = gc.get_threshold()
    collector = IdleCollector()
    assert not collector.frame_due()  # not running: nothing asked for
    collector.start()
    try:
        assert gc.get_threshold() == (max(saved[0], YOUNG), saved[1], NEVER)
        assert collector.frame_due()
        assert not collector.frame_due()  # one collection a frame, however many ask
        litter = [[index] for index in range(2000)]
        assert gc.get_count()[0] > 1000
        collector.after_frame()
        assert gc.get_count()[0] < 100
        assert collector.frame_due()  # asked again for the next frame
        del litter
    finally:
        collector.stop()
    assert gc.get_threshold() == saved


@ui_test
async def test_each_command_collects_after_its_frame(tmp_path: Path) -> None:
    saved = gc.get_threshold()
    app = make_app(basic_file(tmp_path))
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(pilot)
        before = app.collector.frames
        for line in ("start", "next", "next"):
            app.run_and_report(line)
            await pilot.pause()
        assert app.collector.frames >= before + 3
        assert gc.get_threshold()[2] == NEVER
    assert gc.get_threshold() == saved


@ui_test
async def test_the_file_is_read_without_pythons_young_collections_and_a_refusal_restores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []
    load_journal = EncounterFile.load_journal

    def noted(play: EncounterFile, path: Path) -> Loaded:
        seen.append(gc.get_threshold())  # as the worker reads the file
        return load_journal(play, path)

    monkeypatch.setattr(EncounterFile, "load_journal", noted)
    broken = basic_file(tmp_path, "broken.toml", extra='\n[[combatants]]\nid = "x"\n')
    app = make_app(broken)
    async with app.run_test(size=(120, 36)) as pilot:
        await refused(pilot)
    assert seen == [(max(saved[0], YOUNG), saved[1], NEVER)]
    assert gc.get_threshold() == saved and app.failure  # a file that cannot be played


def test_work_kept_off_the_keys_runs_once_when_the_gm_pauses_after_commands() -> None:
    done: list[int] = []
    collector = IdleCollector(paused=lambda: done.append(gc.get_count()[0]))
    collector.start()
    try:
        collector.tick()
        assert done == []  # no command yet: nothing to do
        collector.command_ran()
        collector.tick()
        assert done == []  # the GM has not paused yet
        collector.last_command -= IDLE_SECONDS
        collector.tick()
        collector.tick()
        assert len(done) == 1  # once a pause, not at every tick
        collector.command_ran()
        collector.last_command -= IDLE_SECONDS
        collector.tick()
        assert len(done) == 2
    finally:
        collector.stop()
