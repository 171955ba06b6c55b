"""Helpers for the web page tests: a players' server in this process, its stream, and the
rules of a style sheet."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient, TestServer

from tracker.store.follow import FileFollower
from tracker.web.server import PlayersServer
from tracker.web.stage import Stage

TOKEN = "k3Yb1n9Zr0wQ8nHq5Wc2Xa7Tf4Lm6Pe1"
WAIT = 20.0
"""Seconds a test waits for something that should come at once (never a timing goal)."""


@asynccontextmanager
async def served(path: Path, max_viewers: int = 30) -> AsyncIterator[TestClient]:
    """A players' server on ``path`` (token ``TOKEN``), following the file, and a client."""
    stage = Stage(FileFollower(path), every=0.02)
    stage.look()
    server = PlayersServer(stage, TOKEN, max_viewers)
    async with TestClient(TestServer(server.app())) as client:
        following = asyncio.create_task(stage.follow())
        try:
            yield client
        finally:
            stage.close()
            following.cancel()


def with_token(route: str, token: str = TOKEN) -> str:
    """``route?t=TOKEN`` (or ``&t=`` when it has a query already)."""
    return f"{route}{'&' if '?' in route else '?'}t={token}"


async def next_event(stream: ClientResponse, name: str = "board") -> str:
    """The data of the stream's next event called ``name`` (other events are skipped)."""
    while True:
        raw = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), WAIT)
        lines = raw.decode("utf-8").strip("\n").split("\n")
        if f"event: {name}" in lines:
            return "\n".join(line[6:] for line in lines if line.startswith("data: "))


async def board_where(stream: ClientResponse, wanted: str) -> str:
    """The first board the stream sends that holds ``wanted``."""

    async def first() -> str:
        while True:
            board = await next_event(stream)
            if wanted in board:
                return board

    return await asyncio.wait_for(first(), WAIT)


def css_rules(css: str) -> dict[str, dict[str, str]]:
    """Every ``selector { property: value; … }`` of a style sheet, by selector."""
    found: dict[str, dict[str, str]] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        pairs = (d.split(":", 1) for d in body.split(";") if ":" in d)
        declared = {k.strip(): v.strip() for k, v in pairs}
        for selector in selectors.split(","):
            found.setdefault(" ".join(selector.split()), {}).update(declared)
    return found
