"""Shared by the tests that run ``tracker serve --terminal`` as a process: a free loopback
port, the command line, and a GET that waits while the server starts."""

from __future__ import annotations

import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

STARTUP = 8.0  # seconds the server may take to answer


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve_terminal(path: Path, port: int) -> list[str]:
    """The command line of ``tracker serve --terminal PATH --port PORT`` in this Python."""
    return [
        sys.executable,
        "-m",
        "tracker.cli",
        "serve",
        "--terminal",
        str(path),
        "--port",
        str(port),
    ]


def fetch(url: str, until: float) -> tuple[int, str]:
    """GET ``url``, retrying while the server starts; (status, body)."""
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:
                return reply.status, reply.read().decode("utf-8", "replace")
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > until:
                raise
            time.sleep(0.1)
