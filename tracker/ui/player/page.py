"""The players' web page without live links.

textual-serve's page runs xterm.js with its web-links addon: every ``https://…`` on the
screen (a combatant named ``https://evil.example/x``) becomes a link a player opens with
one tap. It also loads xterm.js's clipboard addon, which lets an OSC 52 sequence on the
screen write the player's clipboard. ``tracker serve`` serves the page from its own
template (``web/app_index.html``, which also stops the page from opening any window) and
textual-serve's page script with the lines that load those two addons taken out. If a
textual-serve release changes those lines, ``tracker serve`` refuses to start rather
than serve live links.
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
_CLIPBOARD_ADDON = re.compile(
    r"const ([\w$]+)=new [\w$]+\.ClipboardAddon;this\.terminal\.loadAddon\(\1\),"
)


def served_script_path() -> Path:
    """textual-serve's page script, as installed."""
    return Path(textual_serve.__file__).with_name("static") / "js" / "textual.js"


def page_script(source: Path | None = None) -> bytes:
    """The page script without the web-links and clipboard addons; a TrackerError (one
    line) when it cannot be read or either addon is not loaded exactly once as expected."""
    path = source if source is not None else served_script_path()
    try:
        script = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise TrackerError(f"cannot read textual-serve's page script: {err}") from None
    patched, links = _LINKS_ADDON.subn("", script)
    patched, clipboard = _CLIPBOARD_ADDON.subn("", patched)
    if (links, clipboard) != (1, 1) or "weblinksAddon" in patched:
        raise TrackerError(
            f"textual-serve {_serve_version()} loads its web-links or clipboard addon in a way "
            "tracker does not know: the players' page could turn URLs into live links, so it "
            "is not served (textual-serve 1.1 is known to work)"
        )
    return patched.encode("utf-8")


def _serve_version() -> str:
    try:
        return version("textual-serve")
    except PackageNotFoundError:
        return "(unknown version)"
