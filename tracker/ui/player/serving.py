"""``tracker serve``: textual-serve's web server, made to clean up after every browser.

textual-serve starts one ``tracker view`` process per browser connection. Left to
itself, a connection that closes while its process is still starting can leave the
process spinning, a browser may ask for a terminal of any size, and a malformed request
prints long tracebacks. Here each process:

- runs in a session (process group) of its own and dies with the server (on Linux the
  kernel sends it SIGKILL when the server goes, however the server goes);
- is asked to quit when its connection closes, then terminated, then killed, each after
  a short wait;
- gets a terminal no larger than ``MAX_COLUMNS`` x ``MAX_ROWS``.

A request that is not a websocket, a request HTTP cannot read, or a message that is not
what the page sends, is one log line (control characters shown visibly), never a
traceback. The page is served without live links (``page.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import logging
import os
import signal
import socket
import sys
from collections.abc import Callable, Sequence
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from tracker.ui.player.page import SCRIPT_ROUTE, TEMPLATES, page_script
from tracker.web.log_line import OneLine, one_line_exception

log = logging.getLogger("tracker.serve")

MAX_COLUMNS = 400
MAX_ROWS = 150
QUIT_WAIT = 2.0
TERM_WAIT = 1.0

_LIVE: set[asyncio.subprocess.Process] = set()
"""Every player-view process started and not yet reaped."""


def terminal_size(width: object, height: object) -> tuple[int, int]:
    """A browser's terminal size, as whole numbers within bounds (80x24 if unreadable)."""
    return (_bounded(width, 80, 20, MAX_COLUMNS), _bounded(height, 24, 5, MAX_ROWS))


def _bounded(value: object, default: int, low: int, high: int) -> int:
    try:
        number = int(str(value))
    except ValueError:
        return default
    return max(low, min(high, number))


def _die_with_parent() -> None:
    """In the child, before exec: SIGKILL when the server process goes (Linux only)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class PlayerViewService(AppService):
    """One browser's ``tracker view`` process, started without a shell and always reaped."""

    def __init__(self, argv: Sequence[str], **kwargs: Any) -> None:
        super().__init__(" ".join(argv), **kwargs)
        self.argv = list(argv)

    async def _open_app_process(
        self, width: int = 80, height: int = 24
    ) -> asyncio.subprocess.Process:
        environment = self._build_environment(width=width, height=height)
        process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )
        _LIVE.add(process)
        self._process = process
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def set_terminal_size(self, width: int, height: int) -> None:
        """Pass a resize on, within bounds."""
        columns, rows = terminal_size(width, height)
        await super().set_terminal_size(columns, rows)

    async def stop(self) -> None:
        """Ask the process to quit; terminate, then kill it if it does not."""
        process, task = self._process, self._task
        self._task = None
        if process is None:
            return
        if process.returncode is None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.send_meta({"type": "quit"}), QUIT_WAIT)
        await end_process(process)
        if task is not None:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task


async def end_process(process: asyncio.subprocess.Process) -> None:
    """Wait a moment for ``process`` to end, then SIGTERM and SIGKILL its process group."""
    for sig, wait in ((None, QUIT_WAIT), (signal.SIGTERM, TERM_WAIT), (signal.SIGKILL, 5.0)):
        if sig is not None:
            _signal_group(process, sig)
        try:
            await asyncio.wait_for(process.wait(), wait)
            break
        except TimeoutError:
            continue
    _LIVE.discard(process)


def _signal_group(process: asyncio.subprocess.Process, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, sig)


def kill_every_view() -> None:
    """SIGKILL every player-view process still known (the server is going)."""
    for process in list(_LIVE):
        if process.returncode is None:
            _signal_group(process, signal.SIGKILL)
    _LIVE.clear()


class PlayerServer(Server):
    """textual-serve's ``Server`` for ``tracker view``: bounded, quiet, and tidy."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        title: str,
        host: str,
        port: int,
        public_url: str | None = None,
    ) -> None:
        super().__init__(
            " ".join(argv),
            host=host,
            port=port,
            title=title,
            public_url=public_url or (f"http://[{host}]:{port}" if ":" in host else None),
            templates_path=TEMPLATES,
        )
        self.argv = list(argv)
        self.script = page_script()
        """The page's script, without the web-links addon."""

    def initialize_logging(self) -> None:
        """One plain line per message on standard error; no tracebacks, no locals."""
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(OneLine())
        for name in ("tracker.serve", "textual-serve", "aiohttp"):
            logger = logging.getLogger(name)
            logger.handlers[:] = [handler]
            logger.propagate = False
            logger.setLevel(logging.INFO if name == "tracker.serve" else logging.ERROR)
        logging.getLogger("aiohttp.access").setLevel(logging.ERROR)

    async def _make_app(self) -> web.Application:
        """textual-serve's routes, less its downloads and folder listings, with the page
        script that has no web-links addon (its route before the static files')."""
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get(SCRIPT_ROUTE, self.handle_script, name="script"),
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def handle_script(self, request: web.Request) -> web.Response:
        """The page's script, without the web-links addon."""
        return web.Response(body=self.script, content_type="application/javascript")

    async def on_startup(self, app: web.Application) -> None:
        """Nothing to print: ``serve`` has said where the view is."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Every browser's process goes with the server."""
        kill_every_view()

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """Run one ``tracker view`` for this browser until either side goes."""
        websocket = web.WebSocketResponse(heartbeat=15)
        if not websocket.can_prepare(request).ok:
            log.info("refused a request for %s that was not a websocket", request.path)
            raise web.HTTPBadRequest(text="This address is for the player view page.\n")
        width, height = terminal_size(
            request.query.get("width", "80"), request.query.get("height", "24")
        )
        await websocket.prepare(request)
        service = PlayerViewService(
            self.argv,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        try:
            await service.start(width, height)
            await self._relay(websocket, service)
        except (asyncio.CancelledError, ConnectionError):
            pass
        except Exception as error:  # a browser must never take the server down
            log.info("a player view connection failed: %s", " ".join(str(error).split()))
        finally:
            await asyncio.shield(service.stop())
            with contextlib.suppress(Exception):
                await websocket.close()
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, service: PlayerViewService) -> None:
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            envelope = _envelope(message.data)
            if envelope is None:
                log.info("ignored a message the player view page does not send")
                continue
            await _deliver(websocket, service, *envelope)

    def serve_on(self, sock: socket.socket, ready: Callable[[], None]) -> None:
        """Serve on an already bound socket until SIGINT/SIGTERM; ``ready`` once listening."""
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        loop.set_exception_handler(one_line_exception)
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, self.request_exit)
        ready()
        try:
            web.run_app(
                self._make_app(),
                sock=sock,
                handle_signals=False,
                loop=loop,
                print=None,
                access_log=None,
            )
        finally:
            kill_every_view()


def _envelope(data: str) -> tuple[str, Any] | None:
    """``[type, payload]`` from a websocket text message, or None if it is not one."""
    try:
        envelope = json.loads(data)
    except ValueError:
        return None
    if not isinstance(envelope, list) or len(envelope) != 2 or not isinstance(envelope[0], str):
        return None
    return envelope[0], envelope[1]


async def _deliver(
    websocket: web.WebSocketResponse, service: PlayerViewService, kind: str, payload: Any
) -> None:
    if kind == "stdin" and isinstance(payload, str):
        await service.send_bytes(payload.encode("utf-8"))
    elif kind == "resize" and isinstance(payload, dict):
        await service.set_terminal_size(payload.get("width", 80), payload.get("height", 24))
    elif kind == "ping":
        await websocket.send_json(["pong", payload])
    elif kind == "blur":
        await service.blur()
    elif kind == "focus":
        await service.focus()
