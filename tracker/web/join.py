"""Joining the page: the join token, the address to listen on, the URL and its QR code.

The token is ``secrets.token_urlsafe(TOKEN_BYTES)`` (192 bits), new for every run, sent as
``?t=`` in the URL; a page keeps it for its stream and its files. ``--lan`` listens on
the laptop's LAN address, found without the internet: a UDP socket "connected" to a
private address (no packet is sent) tells which local address the route uses; failing
that, the host name's address; failing that, loopback.
"""

from __future__ import annotations

import errno
import io
import secrets
import socket

from tracker.core.errors import TrackerError
from tracker.core.safe_text import visible

TOKEN_BYTES = 24
LOOPBACK = "127.0.0.1"
_PROBE = ("10.254.254.254", 1)
"""A private address: routing to it picks the LAN interface; nothing is sent."""


def new_token() -> str:
    """A fresh join token (URL-safe, 192 random bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def lan_address() -> str:
    """The laptop's address on the local network (loopback when it has none)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(_PROBE)
        address = str(probe.getsockname()[0])
    except OSError:
        address = ""
    finally:
        probe.close()
    if address and not address.startswith("127.") and address != "0.0.0.0":
        return address
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return LOOPBACK
    return address or LOOPBACK


def page_url(host: str, port: int, token: str, large: bool = False, public: str = "") -> str:
    """The address a phone opens: ``http://HOST:PORT/?t=TOKEN`` (``&large`` for a TV)."""
    base = public.rstrip("/") if public else f"http://{_bracketed(host)}:{port}"
    return f"{base}/?t={token}" + ("&large" if large else "")


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def qr_text(url: str) -> str:
    """The URL as a QR code drawn with block characters, for the terminal."""
    import segno

    out = io.StringIO()
    segno.make(url, error="l", micro=False).terminal(out=out, compact=True)
    return out.getvalue()


def _why(err: BaseException) -> str:
    """Why an address cannot be listened on, and what to do."""
    if isinstance(err, OSError) and err.errno == errno.EADDRINUSE:
        return "it is in use — pick another with --port"
    if isinstance(err, OSError) and err.strerror:
        return f"{err.strerror} — check --host and --port"
    return "that is not an address this computer has — check --host"


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; a TrackerError (one line) when it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except (OSError, UnicodeError, TypeError, ValueError, OverflowError) as err:
        sock.close()
        raise TrackerError(f"cannot listen on {visible(host)}:{port}: {_why(err)}") from None
    sock.setblocking(False)
    return sock
