"""``tracker serve``'s log: every record one line on stderr, never a traceback, the
error's own words cut short and every control character shown visibly (both the page
server of ``tracker.web`` and the terminal one of ``tracker serve --terminal``)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from tracker.core.safe_text import visible

log = logging.getLogger("tracker.serve")
LOG_MOST = 200
"""The most characters of an error's own words a log line keeps."""


class OneLine(logging.Formatter):
    """A log record as one line: its message, and the error's own words if it carries
    one (never a traceback), every control character shown visibly."""

    def format(self, record: logging.LogRecord) -> str:
        """``tracker serve: MESSAGE[: ERROR]``, on one line."""
        message = record.getMessage()
        error = record.exc_info[1] if record.exc_info else None
        if error is not None:
            message = f"{message}: {said(error)}"
        return "tracker serve: " + visible(" ".join(message.split()))


def said(error: BaseException) -> str:
    """An error in a few words: its own message, cut short."""
    words = " ".join(str(error).split()) or type(error).__name__
    return words if len(words) <= LOG_MOST else words[: LOG_MOST - 1] + "…"


def one_line_exception(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """An error no handler caught, as one log line (an event loop's exception handler)."""
    error = context.get("exception")
    words = said(error) if isinstance(error, BaseException) else ""
    log.info("%s%s", context.get("message", "an error"), f": {words}" if words else "")
