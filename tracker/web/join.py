"""Joining the page: the join token, the address to listen on, the URL and its QR code.

The token is ``secrets.token_urlsafe(TOKEN_BYTES)`` (192 bits), new for every run, sent as
``?t=`` in the URL; a page keeps it for its stream and its files: another run's token is
refused. It is kept per encounter file in the user's private runtime folder
(:func:`kept_token`), so a GM who stops ``tracker serve`` and starts it again on the same
fight with ``--same-link`` (within :data:`KEEP_HOURS`) gets the same URL and every open
page reconnects. ``--lan`` listens on
the laptop's LAN address, found without the internet: a UDP socket "connected" to a
private address (no packet is sent) tells which local address the route uses; failing
that, the host name's address; failing that, loopback.
"""

from __future__ import annotations

import errno
import hashlib
import io
import os
import re
import secrets
import socket
import time
from pathlib import Path

from tracker.core.errors import TrackerError
from tracker.core.safe_text import visible
from tracker.store.holder import runtime_folder
from tracker.store.private_file import read_private, remove, write_private

TOKEN_BYTES = 24
KEEP_HOURS = 12
"""How long after a serve starts the next serve of the same file keeps its link."""
_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
"""What a kept token must look like (``token_urlsafe(24)``); anything else is made anew."""
LOOPBACK = "127.0.0.1"
_PROBE = ("10.254.254.254", 1)
"""A private address: routing to it picks the LAN interface; nothing is sent."""


def new_token() -> str:
    """A fresh join token (URL-safe, 192 random bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def kept_token(path: Path, fresh: bool = False) -> str:
    """The join token of ``path``: the one its last ``tracker serve`` used if that started
    less than :data:`KEEP_HOURS` ago (a restart in the same session), else (or when
    ``fresh``) a new one, kept for the next run (a new one each run when no private folder
    can be had): last week's link does not open this week's fight."""
    folder = runtime_folder()
    if folder is None:
        return new_token()
    _forget_old(folder)
    file = folder / f"join-{_file_key(path)}"
    kept = "" if fresh or not _recent(file) else read_private(file, 64)
    if _TOKEN.fullmatch(kept):
        _touch(file)
        return kept
    token = new_token()
    write_private(file, token + "\n")
    return token


def _forget_old(folder: Path) -> None:
    """Remove the kept links no serve can use any more (older than KEEP_HOURS)."""
    try:
        names = [name for name in os.listdir(folder) if name.startswith("join-")]
    except OSError:
        return
    for name in names:
        if not _recent(folder / name):
            remove(folder / name)


def _recent(file: Path) -> bool:
    try:
        return time.time() - os.stat(file, follow_symlinks=False).st_mtime < KEEP_HOURS * 3600
    except OSError:
        return False


def _touch(file: Path) -> None:
    try:
        os.utime(file, follow_symlinks=False)
    except (OSError, NotImplementedError):
        pass


def _file_key(path: Path) -> str:
    """A name for ``path`` in the runtime folder: a hash of where it really is."""
    try:
        where = path.resolve()
    except (OSError, RuntimeError):  # a loop of links
        where = path.absolute()
    return hashlib.sha256(str(where).encode("utf-8", "surrogateescape")).hexdigest()[:32]


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


QR_BORDER = 2
"""Light modules around the code: two (not the print standard's four) keep the code, the
address and the last line within 24 rows; phone cameras read it."""
_WHITE_ON_BLACK = "\x1b[97;40m"
_RESET = "\x1b[0m"


def qr_text(url: str, colour: bool = False) -> str:
    """The URL as a QR code drawn with block characters, for the terminal.

    The blocks are the light modules, so on a terminal with light text on dark the code
    reads as printed. ``colour`` (a real terminal) sets white on black for each line, so
    a light-background terminal does not show it inverted (some phones cannot read that).
    """
    import segno

    out = io.StringIO()
    segno.make(url, error="l", micro=False).terminal(out=out, compact=True, border=QR_BORDER)
    lines = out.getvalue().splitlines()
    if colour:
        lines = [f"{_WHITE_ON_BLACK}{line}{_RESET}" for line in lines]
    return "".join(f"{line}\n" for line in lines)


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
