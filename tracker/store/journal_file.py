"""What an encounter file and a campaign file share: opening one for writing (the writer
lock held, a torn tail moved aside, one append per command) and creating one.

``tracker.store.encounter_file`` and ``tracker.store.campaign_file`` say what their heads
and events hold; the discipline is here once.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Generic, Protocol, Self, TypeVar

from tracker.core.safe_text import TITLE_LIMIT, text_problem
from tracker.rules.base import Ruleset
from tracker.rules.registry import UnknownRuleset, load_ruleset
from tracker.rules.user_files import why_not_a_file
from tracker.store.durable import create_file, remove_stale_temps
from tracker.store.errors import JournalError
from tracker.store.journal import TornTail, repair_torn

if TYPE_CHECKING:  # imported when a file is opened for writing: `tracker state` never is
    from tracker.store.lock import WriterLock
    from tracker.store.writer import JournalWriter


class LoadedJournal(Protocol):
    """A validated journal file as its loader returns it: its ruleset and any torn tail."""

    rules: Ruleset
    torn: TornTail | None


L = TypeVar("L", bound=LoadedJournal)


class JournalFile(Generic[L]):
    """A journal open for writing: the writer lock held, a torn tail or everything from
    damage in mid-file moved aside (its side file in ``recovered``, what was cut in
    ``loaded.torn``), each command's events appended (one write, one fsync); once
    settled (:meth:`settle`), its holder's note left and temp files a killed rewrite left
    removed.

    A subclass says how its kind of file loads (``load_journal``) and may finish opening
    in ``opened`` — there, a command that a crash cut short between this file and another
    is finished or dropped, one line each in ``repaired`` for the GM; a failure anywhere
    while opening releases the lock.
    """

    def __init__(
        self, path: Path, *, settle: bool = True, repair_late: bool = False, wait: float = 0.0
    ) -> None:
        """Lock, load and repair ``path``; LockedError or JournalError (one line).
        ``settle`` False leaves to :meth:`settle` what showing the file need not wait for;
        ``repair_late`` leaves a torn or damaged end where it is until the first command
        is written (:meth:`ready_to_write`): a command refused changes nothing on disk.
        ``wait``: seconds to wait for another writer to let go (``WriterLock.acquire``)."""
        from tracker.store.lock import WriterLock

        self.path = Path(path)
        self.settled = False
        """Whether the whole of opening is done (:meth:`settle`): commands may be run."""
        self.lock: WriterLock = WriterLock(self.path)
        self.lock.acquire(note=False, wait=wait)
        self._writer: JournalWriter | None = None
        try:
            self.loaded: L = self.load_journal(self.path)
            self.recovered: Path | None = None
            self.repaired: list[str] = []
            if not repair_late:
                self.ready_to_write()
            self.opened()
            if settle:
                self.settle()
        except BaseException:  # Ctrl+C or an exit in the middle too: the lock let go
            self.close()
            raise

    def ready_to_write(self) -> None:
        """Move a torn or damaged end aside (once) and open the writer, if not yet done."""
        from tracker.store.writer import JournalWriter

        if self._writer is not None:
            self._put_back_if_deleted()
            return
        if self.loaded.torn is not None and self.recovered is None:
            self.recovered = repair_torn(self.path, self.loaded.torn)
        self._writer = JournalWriter(self.path)

    def _put_back_if_deleted(self) -> None:
        """The file was deleted while open: write it back under its name (never over a
        file that took the name meanwhile: then beside it), lock it and go on there; the
        command about to be saved is refused in one line that says so."""
        assert self._writer is not None
        data = self._writer.deleted()
        if data is None:
            return
        from tracker.store.journal_repair import keep_aside

        try:
            create_file(self.path, data)
        except FileExistsError:
            side = keep_aside(self.path, data, "deleted")
            raise JournalError(
                self.path,
                f"was deleted while open and another file has its name now — the fight so "
                f"far is kept in {side}: quit and play that file",
            ) from None
        except OSError as err:
            why = f"was deleted while open and cannot be written back: {err.strerror or err}"
            if not self.path.parent.exists():
                why = (
                    f"was deleted while open, with its folder {self.path.parent} — make "
                    "the folder again and the next command writes the fight back there"
                )
            raise JournalError(self.path, why) from None
        self.rewritten()
        raise JournalError(
            self.path,
            "was deleted while open — it is written back with every command so far; the "
            "last one was not saved: make it again",
        )

    def name_now(self) -> str:
        """The file's name as it is now: where it was moved while open (commands are
        written there), else the name it was opened by."""
        moved = self._writer.moved_to() if self._writer is not None else None
        return (moved or self.path).name

    @property
    def writer(self) -> JournalWriter:
        """The file's writer (a torn end is moved aside before the first write)."""
        self.ready_to_write()
        assert self._writer is not None
        return self._writer

    def said_on_opening(self) -> list[str]:
        """What opening did to the file, one line each for the GM: a torn or damaged end
        moved aside (``file:line:col`` and the side file), a command a crash cut short
        finished or dropped."""
        from tracker.store.journal_repair import tail_note

        torn, side = self.loaded.torn, self.recovered
        aside = [tail_note(self.path, torn, side)] if torn is not None and side else []
        return aside + self.repaired

    def settle(self) -> None:
        """The rest of opening, which nothing shown waits for (the TUI does it with the
        fight on screen, before it takes a command): the holder's note, which names this
        process to a second writer, and the removal of temp files a killed rewrite left
        (with the lock held nobody else is rewriting the file). Nothing once closed."""
        if self.settled or not self.lock.held:
            return
        self.lock.leave_note()
        remove_stale_temps(self.path, older_than=None)
        self.settled = True

    def load_journal(self, path: Path) -> L:
        """Read and validate the file (its kind's loader); JournalError on any problem."""
        raise NotImplementedError

    def rewritten(self) -> None:
        """Follow a rewrite of the whole file (``os.replace``): lock the new file, append
        to it. JournalError if it cannot be locked."""
        if self._writer is not None:
            self._writer.close()
        if not self.lock.lock_file():
            raise JournalError(
                self.path, "the file was taken by another writer while it was rewritten"
            )
        from tracker.store.writer import JournalWriter

        self._writer = JournalWriter(self.path)

    def opened(self) -> None:
        """Finish opening, the lock held and the writer ready (nothing by default)."""

    @property
    def rules(self) -> Ruleset:
        """The file's ruleset."""
        return self.loaded.rules

    def close(self) -> None:
        """Close the journal and release the lock."""
        if self._writer is not None:
            self._writer.close()
        self.lock.release()

    def __enter__(self) -> Self:
        """Return self; the file is already open and locked."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close and unlock."""
        self.close()


def checked_start(path: Path, ruleset_id: str, title: str, exists: str) -> tuple[str, str]:
    """(ruleset id, title) for a new file at ``path``: JournalError (``exists`` if there is
    a file already, or an unknown ruleset, or a title that is not plain text)."""
    if os.path.islink(path):  # a dangling one too: nothing is created through a link
        raise JournalError(
            path, "is a symbolic link: nothing is created through it — pick another name"
        )
    if os.path.lexists(path) and not os.path.isfile(path):
        raise JournalError(path, f"{why_not_a_file(path)} — pick another name")
    if os.path.lexists(path):
        raise JournalError(path, exists)
    try:
        rules = load_ruleset(ruleset_id)
    except UnknownRuleset as err:
        raise JournalError(path, str(err)) from None
    problem = text_problem(title, "the title", TITLE_LIMIT)
    if problem:
        raise JournalError(path, problem)
    return rules.id, title or path.stem.replace("-", " ").title()
