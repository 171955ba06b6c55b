"""``tracker log``: where each recap goes, and exporting many files with a progress bar.

One file and no ``-o``: the recap goes to standard output. ``-o FILE``: there. ``-o DIR``
(an existing folder, a name ending in ``/``, or several files): one recap per encounter
as ``DIR/<name>[-round-N]<suffix>``. A bar (``rich.progress``, on standard error) shows
when the work takes more than a moment.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from tracker.core.errors import TrackerError
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.export.formats import (
    FORMATS,
    SUFFIX_ALIASES,
    Format,
    export_text,
    format_for,
    format_named,
)
from tracker.export.recap import ExportOptions
from tracker.store.durable import make_folder
from tracker.store.encounter_load import load
from tracker.store.journal_repair import tail_note
from tracker.store.output import check_output, write_output

if TYPE_CHECKING:  # the bar is made only once the work takes a while
    from rich.console import Console
    from rich.progress import Progress, TaskID

PROGRESS_DELAY = 0.4
"""Seconds of work before the progress bar appears."""


@frozen_record
class Job(FrozenRecord):
    """One encounter to export and where its recap goes (None: standard output), and
    whether it goes into a folder the GM named (made if missing) rather than a file."""

    source: Path
    target: Path | None
    in_folder: bool = False


def plan(
    sources: Sequence[Path], out: str | None, fmt_name: str | None, options: ExportOptions
) -> tuple[Format, list[Job]]:
    """The format and the jobs for ``tracker log``; TrackerError if they make no sense.

    ``out`` is the ``-o`` text as typed: a trailing ``/`` makes it a folder.
    """
    if len(sources) > 1 and not out:
        raise TrackerError("several encounters need a folder to write to: add -o DIR")
    target = Path(out).expanduser() if out else None
    into_folder = target is not None and (
        len(sources) > 1 or target.is_dir() or str(out).endswith(("/", "\\"))
    )
    if target is not None and into_folder and target.exists() and not target.is_dir():
        raise TrackerError(f"{target} is a file: -o needs a folder for several encounters")
    if fmt_name:
        fmt = format_named(fmt_name)
    elif target is not None and not into_folder:
        fmt = _format_of_name(target)
    else:
        fmt = FORMATS["md"]
    if target is None:
        return fmt, [Job(sources[0], None)]
    if not into_folder:
        return fmt, [Job(sources[0], target)]
    return fmt, _folder_jobs(sources, target, fmt, options)


def _format_of_name(target: Path) -> Format:
    """The format a file name's suffix asks for (Markdown for none); refuse a suffix
    that no format writes rather than put Markdown in ``recap.pdf``."""
    fmt = format_for(target)
    known = {f.suffix for f in FORMATS.values()} | set(SUFFIX_ALIASES)
    if target.suffix and target.suffix.casefold() not in known and not target.exists():
        raise TrackerError(
            f"-o {target.name}: the log is written as .md, .html, .txt or "
            ".json — name the file so, or say --format"
        )
    return fmt


def _folder_jobs(
    sources: Sequence[Path], folder: Path, fmt: Format, options: ExportOptions
) -> list[Job]:
    tail = f"-{options.label.replace(' ', '-').replace('–', '-')}" if options.label else ""
    taken: set[str] = set()
    jobs = []
    for source in sources:
        name, n = f"{source.stem}{tail}", 2
        while name in taken:
            name, n = f"{source.stem}{tail}-{n}", n + 1
        taken.add(name)
        jobs.append(Job(source, folder / f"{name}{fmt.suffix}", in_folder=True))
    return jobs


def run_jobs(
    jobs: Sequence[Job],
    fmt: Format,
    options: ExportOptions,
    say: Callable[[str], None],
    warn: Callable[[str], None],
) -> int:
    """Export every job; returns how many failed (each failure is one warning line)."""
    failures = 0
    with SlowProgress(len(jobs)) as progress:
        for job in jobs:
            progress.step(job.source.name)
            try:
                _run(job, fmt, options, say, warn)
            except (TrackerError, OSError) as err:
                if len(jobs) == 1:
                    raise
                failures += 1
                warn(f"{job.source}: {' '.join(str(err).split())}")
            progress.advance()
    return failures


def _run(
    job: Job,
    fmt: Format,
    options: ExportOptions,
    say: Callable[[str], None],
    warn: Callable[[str], None],
) -> None:
    if job.target is not None:
        if job.in_folder:  # the folder -o DIR/ names is made; a file's is checked
            make_folder(job.target.parent)
        check_output(job.target, [job.source])  # before the work, and again when writing
    loaded = load(job.source)
    if loaded.torn is not None:  # what is read is shown; the file is never changed here
        warn(tail_note(job.source, loaded.torn))
    text = export_text(loaded, fmt, options)
    if job.target is None:
        sys.stdout.write(text)
        return
    write_output(job.target, text.encode("utf-8"), [job.source])
    say(f"wrote {job.target} ({fmt.title})")


class SlowProgress:
    """A progress bar on standard error that only appears once work takes a while."""

    def __init__(self, total: int, delay: float = PROGRESS_DELAY) -> None:
        self.total = total
        self.delay = delay
        self.started = time.monotonic()
        self.console: Console | None = None
        self.bar: Progress | None = None
        self.task: TaskID | None = None
        self.done = 0
        self.label = ""

    def __enter__(self) -> SlowProgress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.bar is not None:
            self.bar.stop()

    def step(self, label: str) -> None:
        """Say which file is being exported (shows the bar once the delay has passed)."""
        self.label = label
        if (
            self.bar is None
            and self.total > 1
            and time.monotonic() - self.started >= self.delay
            and self._stderr().is_terminal
        ):
            self._show()
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, description=label)

    def advance(self) -> None:
        """One more file done."""
        self.done += 1
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, completed=self.done)

    def _stderr(self) -> Console:
        """The console on standard error (``rich.console`` imported now: a short export
        never shows a bar, and ``tracker log``'s start need not pay for it)."""
        if self.console is None:
            from rich.console import Console

            self.console = Console(stderr=True)
        return self.console

    def _show(self) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        self.bar = Progress(
            TextColumn("exporting {task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            console=self._stderr(),
            transient=True,
        )
        self.task = self.bar.add_task(self.label, total=self.total, completed=self.done)
        self.bar.start()
