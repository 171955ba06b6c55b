"""Campaign files among encounter files: told apart by their head alone.

The launcher lists a folder of ``*.toml`` files; a campaign file is one whose head has a
``[campaign]`` table and no ``[encounter]``. Only the head (before the first
``[[events]]``) is read, never the journal, as for encounters (``listing.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tracker.core.errors import TrackerError
from tracker.store.file_text import HEAD_FIELDS, flaw_in
from tracker.store.journal import HEADER_RE, parse_document

HEAD_BYTES = 64 * 1024
"""How much of a file's start is read to find its head (a campaign's head is tiny)."""


@dataclass(frozen=True)
class CampaignSummary:
    """A campaign file as a list shows it: its title and ruleset, when last written."""

    path: Path
    title: str
    ruleset: str
    last_played: float = 0.0
    """When the file was last written: a POSIX timestamp."""

    @property
    def played(self) -> datetime:
        """When it was last written, local time."""
        return datetime.fromtimestamp(self.last_played, UTC).astimezone()


def _head(path: Path) -> dict[str, Any] | None:
    """The TOML head of ``path``, or None if it cannot be read or parsed."""
    try:
        with path.open("rb") as file:
            data = file.read(HEAD_BYTES)
    except OSError:
        return None
    match = HEADER_RE.search(data)
    if match is None and len(data) == HEAD_BYTES:
        return None
    try:
        return parse_document(path, data[: match.start()] if match else data)
    except TrackerError:
        return None


def campaign_summary(path: Path) -> CampaignSummary | None:
    """The summary of ``path`` if it is a campaign file, else None."""
    head = _head(path)
    if head is not None and flaw_in(head, HEAD_FIELDS) is not None:
        return None  # listed with the problem the encounter listing names
    table = head.get("campaign") if head is not None else None
    if head is None or not isinstance(table, dict) or "encounter" in head:
        return None
    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    title = table.get("title")
    return CampaignSummary(
        path=path,
        title=title if isinstance(title, str) and title else path.stem,
        ruleset=str(table.get("ruleset", "")),
        last_played=mtime,
    )


def is_campaign(path: Path) -> bool:
    """Whether ``path`` is a campaign file (read from its head only)."""
    return path.is_file() and campaign_summary(path) is not None
