"""``tracker serve FILE``: bind, print the URL and its QR code, serve until Ctrl+C.

The address is bound before anything is printed (a port in use is one line, exit 1).
Ctrl+C (or SIGTERM, or SIGHUP: the GM closed the terminal) wakes every stream so it ends,
closes every connection and removes the count file; the exit status is 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

from tracker.core.errors import TrackerError
from tracker.core.safe_text import visible
from tracker.store.follow import FileFollower, first_look
from tracker.store.journal_repair import tail_note
from tracker.web.join import bind, kept_token, page_url, qr_text
from tracker.web.log_line import OneLine, one_line_exception
from tracker.web.phones import PhoneCount
from tracker.web.server import DEFAULT_MAX_VIEWERS, PlayersServer
from tracker.web.stage import Stage

log = logging.getLogger("tracker.serve")
_STOPPING = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""Ctrl+C, a kill, or the GM closing the terminal: each stops serving cleanly."""


@dataclass(frozen=True)
class ServeOptions:
    """How ``tracker serve`` listens and whom it lets in."""

    host: str
    port: int
    max_viewers: int = DEFAULT_MAX_VIEWERS
    large: bool = False
    public_url: str = ""
    qr: bool = True
    same_link: bool = False
    """Serve with the link of this file's last serve (``--same-link``), if recent."""


def serve_file(path: Path, options: ServeOptions) -> int:
    """Serve the players' page of ``path`` until Ctrl+C; the exit status."""
    follower = first_look(path)
    if isinstance(follower, str):
        print(f"tracker: {visible(follower)}", file=sys.stderr)
        return 1
    torn = follower.loaded.torn if follower.loaded is not None else None
    if torn is not None and torn.damage:
        print(f"tracker: {visible(tail_note(path, torn))}", file=sys.stderr)
    return serve_page(follower, options)


def serve_page(follower: FileFollower, options: ServeOptions) -> int:
    """Serve the players' page of the file ``follower`` has read, until Ctrl+C."""
    try:
        sock = bind(options.host, options.port)
    except TrackerError as err:
        print(f"tracker: {err}", file=sys.stderr)
        return 1
    quiet_logging()
    token = kept_token(follower.path, fresh=not options.same_link)
    host, port = sock.getsockname()[:2]
    url = page_url(str(host), int(port), token, options.large, options.public_url)

    def ready() -> None:
        qr = options.qr and _draws_blocks(sys.stdout)  # an ASCII terminal gets the address
        print(welcome(follower.path.name, url, qr, sys.stdout.isatty()), end="", flush=True)

    try:
        asyncio.run(_serve(follower, token, options, sock, ready))
    except KeyboardInterrupt:  # Ctrl+C before the server could catch it itself
        pass
    print("tracker: stopped serving; every page is closed", flush=True)
    return 0


async def _serve(
    follower: FileFollower,
    token: str,
    options: ServeOptions,
    sock: socket.socket,
    ready: Callable[[], None],
) -> None:
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(one_line_exception)
    stop = asyncio.Event()
    for sig in _STOPPING:
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    stage = Stage(follower)
    stage.look()
    count = PhoneCount(follower.path)
    server = PlayersServer(stage, token, options.max_viewers, count)
    runner = web.AppRunner(server.app(), access_log=None, shutdown_timeout=2.0)
    await runner.setup()
    await web.SockSite(runner, sock, shutdown_timeout=2.0).start()
    following = asyncio.create_task(stage.follow())
    count.write(0)
    ready()
    try:
        await stop.wait()
    finally:
        stage.close()
        following.cancel()
        await runner.cleanup()
        count.drop()


def _draws_blocks(stream: object) -> bool:
    """Whether ``stream``'s encoding holds the block characters a QR code is drawn with."""
    try:
        "\u2580\u2584\u2588".encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def welcome(name: str, url: str, qr: bool = True, colour: bool = False) -> str:
    """What the GM reads when serving starts: the QR code, then the address on a line of
    its own, so that both stay on an 80x24 screen (the code first: the address is never
    the line that scrolls away)."""
    code = qr_text(url, colour) if qr else ""
    return (
        f"{code}tracker: the players' page of {visible(name)}: scan the code or open\n"
        f"{url}\ntracker: Ctrl+C stops serving\n"
    )


def quiet_logging() -> None:
    """Every log line of the server, aiohttp's included, as one line on stderr."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLine())
    for name in ("tracker.serve", "aiohttp.server", "aiohttp.web", "asyncio"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.propagate = False
        logger.setLevel(logging.INFO if name == "tracker.serve" else logging.ERROR)
    # aiohttp says "not HTTP at all" (a TLS hello, noise) at debug level: one line too
    server = logging.getLogger("aiohttp.server")
    server.setLevel(logging.DEBUG)
    server.filters[:] = [_bad_requests_and_errors]
    logging.getLogger("aiohttp.access").setLevel(logging.ERROR)


def _bad_requests_and_errors(record: logging.LogRecord) -> bool:
    """aiohttp's errors, and its debug line about a request it could not read."""
    return record.levelno >= logging.ERROR or str(record.msg).startswith("Error handling")
