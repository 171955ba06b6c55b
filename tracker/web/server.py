"""The players' page over HTTP: the routes, the join token, the limits, the log lines.

Every request must carry the run's join token (``?t=``) — on loopback too: without it,
or with another, the answer is 403 and nothing else. Only GET and HEAD; at most
``max_viewers`` live pages (the next is refused with 503 and one log line). Every answer
carries a Content-Security-Policy that allows only this server's own script, style and
stream (no inline script or style, no other origin). A bad request is one log line
(control characters shown visibly), never a traceback; nothing GM-only is in any answer.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from collections.abc import Awaitable, Callable

from aiohttp import web

from tracker.core.safe_text import visible
from tracker.web.page import page, static_file, theme_css
from tracker.web.phones import PhoneCount
from tracker.web.stage import Stage

log = logging.getLogger("tracker.serve")

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
SAFE_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}
PING_EVERY = 10.0
"""Seconds of quiet after which a stream is sent a ping (a dead page is noticed then)."""
DEFAULT_MAX_VIEWERS = 30
_SAID_MOST = 80
_REASONS = {
    403: "forbidden",
    404: "not found",
    405: "only GET",
    503: "the table is full",
}
NO_LINK = "This link no longer works: scan the GM's new code."
"""What a page opened with no, a wrong or an old run's token reads (the live page says the
same when its stream is refused): a phone that reloads an old link after the GM served
again learns what happened, and nothing else."""
_NO_LINK_PAGE = (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
    'content="width=device-width, initial-scale=1"><title>tracker</title></head>'
    f"<body><p>{NO_LINK.replace(chr(39), '&#x27;')}</p></body></html>\n"
)
_PAGE_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class PlayersServer:
    """The aiohttp application of one ``tracker serve`` run: a stage, a token, a limit."""

    def __init__(
        self,
        stage: Stage,
        token: str,
        max_viewers: int = DEFAULT_MAX_VIEWERS,
        count: PhoneCount | None = None,
    ) -> None:
        self.stage = stage
        self.token = token
        self.max_viewers = max_viewers
        self.count = count
        self.viewers = 0
        self.pages: dict[str, asyncio.Event] = {}
        """The stream of each page that names itself (``&p=``), to end when it comes again."""

    def app(self) -> web.Application:
        """The application: the page, its three files and the stream, behind the guard."""
        app = web.Application(middlewares=[self._guard], handler_args={"max_field_size": 8190})
        app.router.add_get("/", self._page)
        app.router.add_get("/events", self._events)
        app.router.add_get("/page.css", self._file("page.css", "text/css"))
        app.router.add_get("/live.js", self._file("live.js", "text/javascript"))
        app.router.add_get("/theme.css", self._theme)
        app.on_shutdown.append(self._shutdown)
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """The token first, then the method, then the route; each refusal one log line."""
        if not secrets.compare_digest(request.query.get("t", "").encode(), self.token.encode()):
            return refuse(request, 403, "no or a wrong join token")
        if request.method not in ("GET", "HEAD"):
            return refuse(request, 405, "a method other than GET")
        try:
            return await handler(request)
        except web.HTTPException as err:
            return refuse(request, err.status, _REASONS.get(err.status, "a bad request"))

    async def _page(self, request: web.Request) -> web.StreamResponse:
        if self.viewers >= self.max_viewers:
            return self._full(request)
        view = self.stage.view
        assert view is not None  # the stage looked at the file before serving
        html = page(view, self.token, large="large" in request.query)
        return web.Response(text=html, content_type="text/html", headers=SAFE_HEADERS)

    def _file(self, name: str, kind: str) -> Handler:
        data = static_file(name)

        async def send(request: web.Request) -> web.StreamResponse:
            return web.Response(body=data, content_type=kind, headers=SAFE_HEADERS)

        return send

    async def _theme(self, request: web.Request) -> web.StreamResponse:
        css = theme_css(self.stage.palette)
        return web.Response(text=css, content_type="text/css", headers=SAFE_HEADERS)

    def _full(self, request: web.Request) -> web.StreamResponse:
        pages = f"{self.viewers} page{'' if self.viewers == 1 else 's'}"
        return refuse(request, 503, f"{pages} already open (--max-viewers {self.max_viewers})")

    async def _events(self, request: web.Request) -> web.StreamResponse:
        """The live stream: the fragment now, then after every change; a ping when quiet.

        A page that comes back (``&p=`` the same: its phone woke, its Wi-Fi returned) takes
        the place of its old stream, which may be dead without the server knowing (a phone
        that left the network sends no goodbye): the old one ends, and neither the count
        nor ``--max-viewers`` counts a page twice.
        """
        page = _page_id(request)
        if self.viewers >= self.max_viewers and page not in self.pages:
            return self._full(request)
        headers = {**SAFE_HEADERS, "Content-Type": "text/event-stream", "X-Accel-Buffering": "no"}
        if request.method == "HEAD":
            return web.Response(headers=headers)
        stream = web.StreamResponse(headers=headers)
        replaced = self._take(page)
        self._counted(+1)
        try:
            await stream.prepare(request)
            await stream.write(b"retry: 2000\n\n")
            await self._push(request, stream, replaced)
        except (ConnectionError, RuntimeError):
            pass  # the page went away
        finally:
            self._counted(-1)
            if self.pages.get(page) is replaced:
                del self.pages[page]
        return stream

    def _take(self, page: str) -> asyncio.Event:
        """A new stream of ``page``: the event that will end it; its old stream is ended."""
        replaced = asyncio.Event()
        if page:
            old = self.pages.get(page)
            self.pages[page] = replaced
            if old is not None:
                old.set()
                self.stage.wake()
        return replaced

    async def _push(
        self, request: web.Request, stream: web.StreamResponse, replaced: asyncio.Event
    ) -> None:
        stage = self.stage
        seen = -1
        while not stage.closing and not replaced.is_set():
            if stage.version != seen:
                seen = stage.version
                await stream.write(event("board", stage.html))
            else:
                await stream.write(b"event: ping\ndata: \n\n")
            await stage.next_change(seen, PING_EVERY)
            if request.transport is None or request.transport.is_closing():
                return

    def _counted(self, step: int) -> None:
        self.viewers += step
        if self.count is not None:
            self.count.write(self.viewers)

    async def _shutdown(self, app: web.Application) -> None:
        self.stage.close()


def _page_id(request: web.Request) -> str:
    """The page's own name for itself (``&p=``, made by its script), or "" for none."""
    said = request.query.get("p", "")
    return said if _PAGE_ID.fullmatch(said) else ""


def event(name: str, data: str) -> bytes:
    """One server-sent event: every line of ``data`` on its own ``data:`` line."""
    lines = "".join(f"data: {line}\n" for line in data.split("\n"))
    return f"event: {name}\n{lines}\n".encode()


def refuse(request: web.Request, status: int, why: str) -> web.Response:
    """A short refusal and one log line: method, path (never the query), who, why."""
    method = visible(request.method[:_SAID_MOST])
    path = visible(request.path[:_SAID_MOST])
    log.info("refused %s %s from %s: %s (%d)", method, path, request.remote or "?", why, status)
    if status == 403:
        return web.Response(
            status=403, text=_NO_LINK_PAGE, content_type="text/html", headers=SAFE_HEADERS
        )
    body = _REASONS.get(status, "bad request") + "\n"
    return web.Response(status=status, text=body, headers=SAFE_HEADERS)
