"""The players' web page without live links.

textual-serve's page runs xterm.js with its web-links addon: every ``https://…`` on the
screen (a combatant named ``https://evil.example/x``) becomes a link a player opens with
one tap. ``tracker serve`` serves the page from its own template (``web/app_index.html``,
which also stops the page from opening any window) and textual-serve's page script with
the line that loads that addon taken out. If a textual-serve release changes that line,
``tracker serve`` refuses to start rather than serve live links.
"""

from __future__ import annotations

import re
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import textual_serve

from tracker.core.errors import TrackerError

TEMPLATES = Path(__file__).with_name("web")
"""The folder of the page's template (``app_index.html``, textual-serve's name for it)."""

SCRIPT_ROUTE = "/static/js/textual.js"
"""Where the page asks for its script."""

_LINKS_ADDON = re.compile(
    r"this\.weblinksAddon=new [\w$]+\.WebLinksAddon,"
    r"this\.terminal\.loadAddon\(this\.weblinksAddon\),"
)


def served_script_path() -> Path:
    """textual-serve's page script, as installed."""
    return Path(textual_serve.__file__).with_name("static") / "js" / "textual.js"


def page_script(source: Path | None = None) -> bytes:
    """The page script without the web-links addon; a TrackerError (one line) when it
    cannot be read or the addon cannot be found exactly once."""
    path = source if source is not None else served_script_path()
    try:
        script = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise TrackerError(f"cannot read textual-serve's page script: {err}") from None
    patched, found = _LINKS_ADDON.subn("", script)
    if found != 1 or "weblinksAddon" in patched:
        raise TrackerError(
            f"textual-serve {_serve_version()} loads its web-links addon in a way tracker "
            "does not know: the players' page would turn URLs into live links, so it is not "
            "served (textual-serve 1.1 is known to work)"
        )
    return patched.encode("utf-8")


def _serve_version() -> str:
    try:
        return version("textual-serve")
    except PackageNotFoundError:
        return "(unknown version)"
