"""Files the tracker rewrites whole (bestiary, roll tables, settings) take the journals'
writer lock: a second tracker saving at the same moment waits for it, reads the file
again, and loses nothing; one that cannot get it refuses in one line, writing nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from tracker.core.dice import Dice
from tracker.core.errors import TrackerError
from tracker.core.library import RollTable, TableRow
from tracker.store import rewrite_lock
from tracker.store.bestiary import save_block, user_bestiary_file
from tracker.store.durable import write_file_atomically
from tracker.store.encounter_file import EncounterFile
from tracker.store.lock import WriterLock
from tracker.store.settings import Settings, remember_theme, settings_path
from tracker.store.tables import save_table, table_path

ROOT = Path(__file__).resolve().parents[1]


def block(key: str) -> dict[str, object]:
    return {"id": key, "name": key.title(), "side": "enemy", "stats": {"hp": 5}}


def bestiary_ids() -> list[str]:
    data = tomllib.loads(user_bestiary_file("basic").read_text(encoding="utf-8"))
    return sorted(row["id"] for row in data.get("blocks", []))


def while_another_tracker_saves(path: Path, theirs: bytes, ours: Callable[[], object]) -> None:
    """Another tracker holds ``path``'s lock and replaces it with ``theirs`` (what it read
    before ours started, plus its change) while ``ours`` runs in a thread."""
    with WriterLock(path):
        worker = threading.Thread(target=ours)
        worker.start()
        worker.join(0.3)  # the old code wrote right away, before the other tracker
        write_file_atomically(path, theirs)
    worker.join()


def test_two_saves_to_the_bestiary_at_once_keep_both_blocks() -> None:
    save_block("basic", block("goblin"))
    path = user_bestiary_file("basic")
    theirs = path.read_bytes() + b'\n[[blocks]]\nid = "troll"\nname = "Troll"\n'
    while_another_tracker_saves(path, theirs, lambda: save_block("basic", block("orc")))
    assert bestiary_ids() == ["goblin", "orc", "troll"]


def test_the_first_save_to_a_new_bestiary_keeps_a_block_saved_in_between(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two trackers save the first blocks at once: ours makes the file, theirs locks it
    before ours does and writes its block; ours then waits, and must read theirs."""
    path = user_bestiary_file("basic")
    assert not path.exists()
    theirs = b'ruleset = "basic"\n\n[[blocks]]\nid = "troll"\nname = "Troll"\n'
    real_create = rewrite_lock._create
    others: list[threading.Thread] = []

    def made_then_taken(made: Path) -> bool:
        created = real_create(made)
        if created and made == path and not others:  # the other tracker locks it first
            lock = WriterLock(made)
            lock.acquire()

            def save_theirs() -> None:
                write_file_atomically(made, theirs)
                lock.release()

            others.append(threading.Timer(0.2, save_theirs))
            others[0].start()
        return created

    monkeypatch.setattr(rewrite_lock, "_create", made_then_taken)
    save_block("basic", block("orc"))
    others[0].join()
    assert bestiary_ids() == ["orc", "troll"]


def test_a_theme_chosen_while_another_tracker_saves_the_settings_keeps_both() -> None:
    path = settings_path()
    Settings(theme="nerv").save()
    theirs = path.read_bytes() + b'last_file = "/games/ford.toml"\n'
    while_another_tracker_saves(path, theirs, lambda: remember_theme("weyland", None))
    settings = Settings.load()
    assert settings.theme == "weyland" and settings.last_file == Path("/games/ford.toml")


def test_a_file_held_too_long_is_refused_in_one_line_and_left_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save_block("basic", block("goblin"))
    path = user_bestiary_file("basic")
    before = path.read_bytes()
    monkeypatch.setattr(rewrite_lock, "WAIT", 0.2)
    with WriterLock(path), pytest.raises(TrackerError) as refused:
        save_block("basic", block("orc"))
    assert "another tracker" in str(refused.value) and "nothing written" in str(refused.value)
    assert "\n" not in str(refused.value)
    assert path.read_bytes() == before


def test_a_new_file_that_could_not_be_saved_is_not_left_behind_empty() -> None:
    table = RollTable("Wandering horrors", "1d6", (TableRow(1, 6, "a grue"),))
    target = table_path(table.name)

    def full(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    with pytest.MonkeyPatch.context() as patch, pytest.raises(TrackerError):
        patch.setattr(os, "write", full)
        save_table(table)
    assert not target.exists() and not target.parent.exists()  # nor the folder made for it
    save_table(table)
    assert "a grue" in target.read_text(encoding="utf-8")


WRITER = """
import sys
from tracker.cli import main
from tracker.store import rewrite_lock
rewrite_lock.WAIT = 60.0  # a busy machine may hold an fsync for seconds: no refusal here
path, prefix = sys.argv[1], sys.argv[2]
for n in range(6):
    assert main(["do", path, "save-template", "captain", "as", f"{prefix}-{n}"]) == 0
"""


def test_two_trackers_saving_templates_at_once_lose_no_block(tmp_path: Path) -> None:
    """Both save their first block while the bestiary does not exist yet, then keep
    saving: every block is kept (how long a tracker waits before it refuses is checked
    by the tests beside it, not here, where a loaded machine could stretch a hold)."""
    sample = (ROOT / "encounters" / "basic-bandits-at-the-ford.toml").read_bytes()
    children = []
    for prefix in ("north", "south"):
        path = tmp_path / f"{prefix}.toml"
        path.write_bytes(sample)
        children.append(
            subprocess.Popen(
                [sys.executable, "-c", WRITER, str(path), prefix],
                cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
        )
    for child in children:
        _, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
    expected = sorted(f"{p}-{n}" for p in ("north", "south") for n in range(6))
    assert bestiary_ids() == expected


def test_a_writer_waits_for_a_short_hold() -> None:
    save_block("basic", block("goblin"))
    path = user_bestiary_file("basic")
    lock = WriterLock(path)
    lock.acquire()
    releaser = threading.Timer(0.2, lock.release)
    releaser.start()
    save_block("basic", block("orc"))  # waits for the lock instead of refusing
    releaser.join()
    assert bestiary_ids() == ["goblin", "orc"]


def test_a_link_to_nowhere_in_place_of_the_bestiary_is_refused_in_one_line(
    tmp_path: Path,
) -> None:
    path = user_bestiary_file("basic")
    path.parent.mkdir(parents=True)
    path.symlink_to(tmp_path / "nowhere.toml")
    with pytest.raises(TrackerError) as refused:
        save_block("basic", block("orc"))
    assert "link to a file that does not exist" in str(refused.value)
    assert path.is_symlink() and not (tmp_path / "nowhere.toml").exists()


def test_the_tuis_save_racing_another_trackers_save_keeps_both(tmp_path: Path) -> None:
    """The TUI saves through ``execute(..., meanwhile=…)`` (it draws while the disk
    syncs): its block and the other tracker's both stay, and it draws once."""
    save_block("basic", block("goblin"))
    path = user_bestiary_file("basic")
    fight = tmp_path / "ford.toml"
    fight.write_bytes((ROOT / "encounters" / "basic-bandits-at-the-ford.toml").read_bytes())
    drawn: list[object] = []

    def tui_saves() -> None:
        with EncounterFile(fight) as play:
            play.execute("save-template captain as brute", Dice(seed=1), meanwhile=drawn.append)

    theirs = path.read_bytes() + b'\n[[blocks]]\nid = "troll"\nname = "Troll"\n'
    while_another_tracker_saves(path, theirs, tui_saves)
    assert bestiary_ids() == ["brute", "goblin", "troll"]
    assert len(drawn) == 1
