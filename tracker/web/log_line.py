"""``tracker serve``'s log: every record one line on stderr, never a traceback, the
error's own words cut short and every control character shown visibly (both the page
server of ``tracker.web`` and the terminal one of ``tracker serve --terminal``)."""

from __future__ import annotations

import asyncio
import logging
import re
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
        unread = _unreadable(record, error)
        if unread:
            message = unread
        elif error is not None:
            message = f"{message}: {said(error)}"
        return "tracker serve: " + visible(" ".join(message.split()))


_BYTES = re.compile(r"""[\s:]*"?(?:bytearray\()?b?['"].*$""", re.DOTALL)
"""The raw bytes aiohttp quotes at the end of a request it could not read."""


def _unreadable(record: logging.LogRecord, error: BaseException | None) -> str:
    """aiohttp's "Error handling request from HOST" for a request it could not parse (an
    HTTP error carrying a ``code`` and a ``message``), said as the server's own refusals
    are, without the raw bytes: ``refused a request from HOST it could not read: Got more
    than 8190 bytes when reading (400)``; "" for any other record."""
    code, words = getattr(error, "code", None), getattr(error, "message", None)
    if not str(record.msg).startswith("Error handling request"):
        return ""
    if not isinstance(code, int) or not isinstance(words, str):
        return ""
    host = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
    reason = _BYTES.sub("", words).rstrip(" .") or "a malformed request"
    return f"refused a request from {host} it could not read: {cut(reason)} ({code})"


def cut(words: str) -> str:
    """``words`` cut to the most a log line keeps."""
    return words if len(words) <= LOG_MOST else words[: LOG_MOST - 1] + "…"


def said(error: BaseException) -> str:
    """An error in a few words: its own message, cut short."""
    return cut(" ".join(str(error).split()) or type(error).__name__)


def one_line_exception(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """An error no handler caught, as one log line (an event loop's exception handler)."""
    error = context.get("exception")
    words = said(error) if isinstance(error, BaseException) else ""
    log.info("%s%s", context.get("message", "an error"), f": {words}" if words else "")
