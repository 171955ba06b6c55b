"""``tracker view`` and ``tracker serve``: the players' view in a terminal or a browser.

``tracker serve`` serves a live web page (``tracker.web``, aiohttp, no Textual);
``tracker serve --terminal`` the terminal view through textual-serve. Each is imported
only when the command runs.
"""

from __future__ import annotations

import argparse
import re

from tracker.cli.numbers import whole_number
from tracker.cli.output import file_path, need_terminal


def setup_view(p: argparse.ArgumentParser) -> None:
    """``tracker view FILE [--large]``."""
    p.add_argument("file", type=file_path, metavar="FILE", help="the encounter file")
    p.add_argument(
        "--large",
        action="store_true",
        help="start in the large-type layout (a TV across the table; key l)",
    )


def view(ns: argparse.Namespace) -> int:
    """Run the player view in this terminal."""
    from tracker.ui.player.launch import run_view

    return run_view(ns.file, large=ns.large, ready=lambda: need_terminal("`tracker view`"))


def setup_serve(p: argparse.ArgumentParser) -> None:
    """``tracker serve FILE [--lan | --host H] [--port P] [--max-viewers N] [--terminal] …``."""
    setup_view(p)
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--lan",
        action="store_true",
        help="listen on this laptop's LAN address, for the players' phones (default: loopback)",
    )
    where.add_argument(
        "--host",
        type=_host,
        default=None,
        help="listen on this address (default 127.0.0.1)",
    )
    p.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    p.add_argument(
        "--max-viewers",
        type=_viewers,
        default=30,
        help="refuse pages past this many connected at once (default 30)",
    )
    p.add_argument(
        "--same-link",
        action="store_true",
        help="the join link of this file's last serve if it started within 12 hours, so "
        "the players' open pages reconnect (default: a new link; pages opened with the "
        "last one are told to scan the new code)",
    )
    p.add_argument(
        "--terminal",
        action="store_true",
        help="serve the terminal view through textual-serve instead of the web page",
    )
    p.add_argument(
        "--public-url",
        type=_public_url,
        default=None,
        help="the address browsers use, if not http://HOST:PORT",
    )


def _viewers(text: str) -> int:
    """How many pages may be connected: 1 to 10000."""
    number = whole_number(text)
    if number is None or not 1 <= number <= 10000:
        raise argparse.ArgumentTypeError(f"a number of pages from 1 to 10000, not {text!r}")
    return number


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


def _public_url(text: str) -> str:
    """An address the players' browsers open: http(s)://HOST[:PORT][/PATH], nothing else
    (the join token is added to it, and the QR code carries it to every phone)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - a port out of range raises here
    except ValueError:
        parts = None
    plain = text.isascii() and text.isprintable() and " " not in text
    if not (plain and parts and parts.scheme in ("http", "https") and parts.hostname):
        raise argparse.ArgumentTypeError(
            f"an address such as https://tv.example:8443, not {text!r}"
        )
    if parts.query or parts.fragment:
        raise argparse.ArgumentTypeError(f"an address without ? or #, not {text!r}")
    return text


def serve(ns: argparse.Namespace) -> int:
    """Serve the players' view to browsers until Ctrl+C."""
    from tracker.web.join import LOOPBACK, lan_address

    host = ns.host or (lan_address() if ns.lan else LOOPBACK)
    if ns.terminal:
        from tracker.ui.player.launch import serve as serve_view

        return serve_view(ns.file, host, ns.port, large=ns.large, public_url=ns.public_url)
    from tracker.web.run import ServeOptions, serve_file

    options = ServeOptions(
        host=host,
        port=ns.port,
        max_viewers=ns.max_viewers,
        large=ns.large,
        public_url=ns.public_url or "",
        same_link=ns.same_link,
    )
    return serve_file(ns.file, options)
