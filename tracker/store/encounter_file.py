"""Encounter files: create, and play with autosave (loading to read is
:mod:`.encounter_load`'s, named here too for those who play).

Opening for play takes the writer lock, moves a torn tail aside (saying so once), and
appends each new event the moment it is decided, with the journal's next snapshot in front
of it when one is due (:mod:`.next_snapshot`). The reading of a file's parts and their
checks are :mod:`.encounter_read`'s.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tracker.core.codec import to_table
from tracker.core.draft import Draft
from tracker.core.errors import TrackerError
from tracker.core.events import Event, TemplateSaved
from tracker.core.joining import add_copies
from tracker.core.library import Block
from tracker.core.model import EncounterState
from tracker.core.protocol import DiceLike
from tracker.core.session import Encounter
from tracker.rules.registry import load_ruleset
from tracker.store.encounter_load import Ahead, Loaded, load
from tracker.store.encounter_read import initial_state as initial_state
from tracker.store.errors import JournalError, StoreError
from tracker.store.journal import (
    create_document,
)
from tracker.store.journal_file import JournalFile, checked_start
from tracker.store.next_snapshot import NextSnapshot
from tracker.store.options_check import chosen_readings
from tracker.store.sheet_marks import Marks, as_on_the_sheet, put_on
from tracker.store.snapshot import (
    EVERY,
    head_bytes,
    snapshot_line,
)
from tracker.store.standing_line import head_mark, standing_line
from tracker.store.upgrade import CURRENT_FORMAT

if TYPE_CHECKING:
    from tracker.store.writer import PendingBatch


def new_file(path: Path, ruleset_id: str, title: str = "", readings: Sequence[str] = ()) -> None:
    """Create an empty encounter file; refuse to overwrite an existing one. ``readings``:
    ``KEY=CHOICE`` words, written as the encounter's options (JournalError if one is not
    a reading of the ruleset, or not one of its choices)."""
    exists = "already exists — pick another name or open it with `tracker`"
    ruleset, title = checked_start(path, ruleset_id, title, exists)
    encounter: dict[str, Any] = {"title": title, "ruleset": ruleset}
    if readings:
        encounter["options"] = chosen_readings(path, load_ruleset(ruleset), readings)
    create_document(path, {"format": CURRENT_FORMAT, "encounter": encounter}, [])


class EncounterFile(JournalFile[Loaded]):
    """An encounter open for play: the writer lock held, every event appended at once."""

    def __init__(
        self,
        path: Path,
        *,
        settle: bool = True,
        ahead: Ahead | None = None,
        repair_late: bool = False,
        wait: float = 0.0,
    ) -> None:
        """Lock, load and repair ``path`` (``JournalFile``); ``ahead``: see :func:`load`."""
        self._ahead = ahead
        self._saving: tuple[PendingBatch, tuple[int, EncounterState]] | None = None
        super().__init__(path, settle=settle, repair_late=repair_late, wait=wait)

    def load_journal(self, path: Path) -> Loaded:
        """Read and validate the encounter file (under the lock)."""
        return load(path, self._ahead)

    def opened(self) -> None:
        """Shelve the ruleset's bestiary (and the campaign's party, for a campaign's
        fight) for the encounter's 'add' commands (imported here: a read-only load needs
        neither the bestiary nor the campaign); count from the file's newest snapshot to
        the next."""
        from tracker.store.campaign_party import party_of
        from tracker.store.shelf import ShelvedLibrary

        party = party_of(self.loaded.head, self.path, self.loaded.rules)
        self.library = ShelvedLibrary(self.loaded.rules, party)
        self.loaded.encounter.library = self.library
        self.next_snapshot = NextSnapshot(self.loaded.snapshot_seq, EVERY, self._snapshot_line)
        self.repaired = self._save_cut_short() + _forget_upgrade_copies(self.path)

    def _save_cut_short(self) -> list[str]:
        """The last command saved stat blocks (``save-template``) that never reached the
        bestiary — a crash between the two writes: save them now; one line each."""
        batch = self.encounter.latest_batch()
        if not any(isinstance(event, TemplateSaved) for event in batch):
            return []  # the bestiary is not even imported
        from tracker.store.bestiary import save_block, saves_cut_short

        lines = []
        for event in saves_cut_short(batch, self.rules.id):
            try:
                save_block(self.rules.id, event.block)
            except TrackerError as err:
                lines.append(f"the stat block '{event.key}' is not in the bestiary yet: {err}")
                continue
            lines.append(
                f"the stat block '{event.key}' saved by the last command was cut short "
                "before the bestiary: it is saved now"
            )
        return lines

    @property
    def encounter(self) -> Encounter:
        """The encounter in play."""
        return self.loaded.encounter

    def execute(
        self,
        line: str,
        dice: DiceLike,
        at: datetime | None = None,
        *,
        meanwhile: Callable[[EncounterState], object] | None = None,
    ) -> list[Event]:
        """Decide a command, append its events to the file (all or none), then fold them in.

        A failed write leaves the file and the state as they were (JournalError). A
        stat block saved with ``save-template`` goes to the bestiary once the command is
        in the journal (and the command is cut back off if the bestiary refuses).
        ``meanwhile`` (the screen) gets the new state, and this returns with the events
        written but not yet synced: the screen paints its frame, then calls
        :meth:`finish_saving` (so does anything else that writes or closes the file
        first). Without ``meanwhile``, the events are on disk by the time this returns.
        """
        self.finish_saving()  # decided against the state as it is on disk
        events = self.encounter.decide(line, dice, at)
        self._keep(events, meanwhile)
        return events

    def add_blocks(
        self,
        blocks: Sequence[Block],
        dice: DiceLike,
        now: Sequence[Mapping[str, int]] = (),
        marks: Sequence[Marks] = (),
    ) -> list[Event]:
        """One copy of each block joins the fight, as one command; ``now`` (one table a
        block) holds tracks that stand below their maximum as the actor's sheet did
        (``wounds`` 9 of 12): the copy's tracks are set so; ``marks`` (one a block) the
        ruleset's conditions the sheet had on (``Prone``), put on by its condition verb."""

        def join(draft: Draft) -> None:
            for n, block in enumerate(blocks):
                fighter = add_copies(draft, self.rules, dice, block, 1)[0]
                as_on_the_sheet(draft, self.rules, fighter.id, now[n] if n < len(now) else {})
                if n < len(marks):
                    put_on(draft, self.encounter.verbs, fighter.id, marks[n], dice)

        events = self.encounter.decide_with(join, "add")
        self._keep(events)
        return events

    def _keep(
        self, events: list[Event], meanwhile: Callable[[EncounterState], object] | None = None
    ) -> None:
        """Fold the events in, then write them (behind them, the standing line of the state
        they lead to); if the write fails, the state goes back to what it was."""
        self.finish_saving()
        tables = [to_table(event) for event in events]
        if tables:
            self.ready_to_write()  # a torn end moved aside first (opened with repair_late)
        if tables and self.loaded.source_format < CURRENT_FORMAT:
            self._bring_up_to_date()
        encounter = self.encounter
        was = (encounter.count, encounter.state)
        before = self.next_snapshot.take(encounter.count, built_ahead_only=meanwhile is not None)
        encounter.commit(events)
        after = self._standing(events)
        saves = any(isinstance(event, TemplateSaved) for event in events)
        try:
            if saves:
                self._keep_with_blocks(events, tables, (before, after))
            elif meanwhile is None:
                self.writer.append_batch(tables, before, after)
            else:
                self._saving = (self.writer.start_batch(tables, before, after), was)
        except (JournalError, StoreError):
            encounter.take_back(*was)
            raise
        if meanwhile is not None:
            meanwhile(encounter.state)

    @property
    def saving(self) -> bool:
        """Whether the last command, written and drawn, still waits for its fsync."""
        return self._saving is not None

    def finish_saving(self) -> None:
        """Sync the last command drawn before its fsync (a no-op if none); if the
        fsync failed, the file is cut back, the command taken back from the state, and
        JournalError says so (the screen draws the state again)."""
        if self._saving is None:
            return
        (pending, was), self._saving = self._saving, None
        try:
            pending.wait()
        except BaseException:  # a failed fsync, or Ctrl+C in it: cut back off the file
            self.encounter.take_back(*was)
            raise

    def close(self) -> None:
        """Finish the last command's save, then close the journal and release the lock
        (a save that fails here is cut back off the file, as at any other time; the
        screen's quit finishes it first, to say so)."""
        try:
            self.finish_saving()
        except JournalError:
            pass  # cut back already: the file is as it was before the command
        finally:
            super().close()

    def _standing(self, events: Sequence[Event]) -> bytes:
        """The standing line after ``events`` (b"" if there are none, or no head to vouch
        for: a file that stays in an older format)."""
        loaded = self.loaded
        if not events or loaded.head_mark[0] == 0:
            return b""
        return standing_line(events[-1].seq, self.encounter.state, loaded.head_mark, loaded.head)

    def rewritten(self) -> None:
        """Follow a rewrite of the whole file (a format upgrade): its head is read again
        for the standing lines."""
        super().rewritten()
        self.next_snapshot.forget()
        try:
            self.loaded.head_mark = head_mark(head_bytes(self.path))
        except OSError:
            self.loaded.head_mark = (0, 0)  # the lines vouch for no head: ls reads in full

    def prepare_snapshot(self) -> bool:
        """Build the snapshot that is due (the newest is ``EVERY`` events behind) for the
        state as it stands, ahead of the next command, which writes it in front of its
        events: the screen calls this when the GM pauses, so that no key waits for one.
        Whether a snapshot is ready (a state that cannot be written makes none)."""
        return self.next_snapshot.prepare(self.encounter.count)

    def _snapshot_line(self, count: int) -> bytes:
        """The snapshot line of the state after ``count`` events (b"": it cannot be made)."""
        try:
            return snapshot_line(count, self.encounter.state, head_bytes(self.path))
        except (OSError, TypeError, ValueError):
            return b""

    def _bring_up_to_date(self) -> None:
        """Before the first command is appended to a file of an older format, rewrite it
        in today's, as a step of its own (see ``tracker.store.format_upgrade``)."""
        from tracker.store.format_upgrade import upgrade_on_disk  # only an older file's

        upgraded = upgrade_on_disk(self.path, self.loaded.source_format)
        self.loaded.source_format = CURRENT_FORMAT  # tried once: a hard-linked file stays
        if upgraded:
            self.rewritten()
        else:  # an older format stays: no standing lines (ls reads it the full way)
            self.loaded.head_mark = (0, 0)

    def _keep_with_blocks(
        self, events: list[Event], tables: list[dict[str, Any]], around: tuple[bytes, bytes]
    ) -> None:
        """The journal first, then the stat blocks into the bestiary: if the bestiary
        refuses, the command is cut back off the journal (neither file changed); a crash
        between the two leaves the journal's command, whose blocks the next opening saves."""
        from tracker.store.bestiary import save_block

        size = self.writer.append_batch(tables, *around)
        try:
            for event in events:
                if isinstance(event, TemplateSaved):
                    save_block(self.rules.id, event.block)
        except (TrackerError, OSError) as err:
            try:
                self.writer.take_back(size)
            except JournalError:
                raise StoreError(
                    f"{err} — the command is kept; its block is saved when the file is next opened"
                ) from err
            raise StoreError(f"{err} — the command was not saved") from err
        finally:
            self.library.forget()


def _forget_upgrade_copies(path: Path) -> list[str]:
    """Remove the copies an upgrade cut short left beside ``path`` (one line each); the
    upgrade's module (and its TOML writer) is loaded only when the folder holds one."""
    real = os.path.realpath(path)
    try:
        names = os.listdir(os.path.dirname(real))
    except OSError:
        return []
    prefix = os.path.basename(real) + ".format"
    if not any(name.startswith(prefix) for name in names):
        return []
    from tracker.store.format_upgrade import forget_finished_copies

    return forget_finished_copies(path)
