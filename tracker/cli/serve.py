"""``tracker view`` and ``tracker serve``: the players' view in a terminal or a browser.

Textual and textual-serve are imported only when the command runs.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from tracker.cli.numbers import whole_number


def setup_view(p: argparse.ArgumentParser) -> None:
    """``tracker view FILE [--large]``."""
    p.add_argument("file", type=Path)
    p.add_argument(
        "--large",
        action="store_true",
        help="start in the large-type layout (a TV across the table; key l)",
    )


def view(ns: argparse.Namespace) -> int:
    """Run the player view in this terminal."""
    from tracker.ui.player.launch import run_view

    return run_view(ns.file, large=ns.large)


def setup_serve(p: argparse.ArgumentParser) -> None:
    """``tracker serve FILE [--host H] [--port P] [--public-url URL] [--large]``."""
    setup_view(p)
    p.add_argument(
        "--host",
        type=_host,
        default="127.0.0.1",
        help="address to listen on (default: loopback only; there is no password)",
    )
    p.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    p.add_argument(
        "--public-url", default=None, help="the address browsers use, if not http://HOST:PORT"
    )


def _port(text: str) -> int:
    """A TCP port number, 1 to 65535."""
    number = whole_number(text)
    if number is None or not 1 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {text!r}")
    return number


_HOST = re.compile(r"[A-Za-z0-9][A-Za-z0-9.\-]{0,252}|[0-9A-Fa-f:.]{2,45}|\[[0-9A-Fa-f:.]{2,45}\]")


def _host(text: str) -> str:
    """An address to listen on: an IPv4 or IPv6 address, or a host name."""
    if not _HOST.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"an address such as 127.0.0.1, ::1 or a host name, not {text!r}"
        )
    return text.strip("[]")


def serve(ns: argparse.Namespace) -> int:
    """Serve the player view to browsers until Ctrl+C."""
    from tracker.ui.player.launch import serve as serve_view

    return serve_view(ns.file, ns.host, ns.port, large=ns.large, public_url=ns.public_url)
