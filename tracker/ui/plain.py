"""User text on its way to Textual: plain ``Content``, never markup.

Textual reads a ``str`` given to a border title, a ``Static``, a palette entry or a
notification as markup: a name like ``[/x]`` would crash the screen and
``[@click=…]`` would become a live action. Everything a GM, a player or another
table wrote goes through here instead.
"""

from __future__ import annotations

from textual.content import Content
from textual.markup import escape

from tracker.core.safe_text import visible


def plain(text: str) -> Content:
    """``text`` exactly as written (control characters shown visibly), as Content."""
    return Content(visible(text))


def escaped(text: str) -> str:
    """``text`` as a markup string that shows exactly as written, for APIs that take markup."""
    return escape(visible(text))
