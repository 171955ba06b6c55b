"""Foundry text to plain text: HTML stripped, entities decoded, nothing a sink could act on.

Foundry keeps descriptions, notes and roll-table results as HTML, and lets enrichers
into them (``[[1d6]]`` inline rolls, ``@UUID[…]{Label}`` links). What the tracker keeps is
the words: tags go, ``<script>`` and ``<style>`` go with their content, entities are
decoded (``&lt;b&gt;`` becomes the visible text ``<b>``, as Foundry shows it; a soft
hyphen ``&shy;`` goes, as a browser hides it), paragraph
and line breaks become newlines, and control, direction and zero-width characters become
spaces. The result is data for the safe-text layer, never markup.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from tracker.core.safe_text import UNSAFE, UNSAFE_EXCEPT_LINES

_DROPPED = frozenset({"script", "style", "template", "iframe", "object", "noscript", "svg"})
_BREAKS = frozenset(
    {
        "br",
        "p",
        "div",
        "li",
        "ul",
        "ol",
        "tr",
        "table",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "section",
        "article",
        "blockquote",
        "hr",
        "dt",
        "dd",
    }
)
_INLINE_ROLL = re.compile(r"\[\[\s*(?:/\w+\s+)?([^\]]*?)\s*\]\]")
_LABELLED_LINK = re.compile(r"@\w+\[[^\]]*\]\{([^}]*)\}")
_BARE_LINK = re.compile(r"@\w+\[([^\]]*)\]")
_SOFT_HYPHEN = "\u00ad"
"""``&shy;``: where a browser may break a word; a terminal shows it as a stray dash or
nothing (and Rich counts it a cell), so it goes."""


class _Words(HTMLParser):
    """Collects the text of an HTML fragment, with newlines where blocks break."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _DROPPED:
            self.hidden += 1
        elif tag in _BREAKS:
            self.parts.append("\n")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BREAKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _DROPPED:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BREAKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def html_words(html: str) -> str:
    """The text of ``html`` with line breaks kept (blank lines collapsed), tidied."""
    parser = _Words()
    parser.feed(html)
    parser.close()
    text = "".join(parser.parts).replace(_SOFT_HYPHEN, "")
    text = _LABELLED_LINK.sub(r"\1", text)
    text = _BARE_LINK.sub(lambda m: m.group(1).rsplit(".", 1)[-1], text)
    text = _INLINE_ROLL.sub(r"\1", text)
    text = UNSAFE_EXCEPT_LINES.sub(" ", text.replace("\r\n", "\n").replace("\t", " "))
    lines = [" ".join(line.split()) for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def plain_line(value: object, limit: int = 0) -> str:
    """``value`` (HTML or not) as one line of plain text, cut to ``limit`` characters."""
    if not isinstance(value, str):
        return ""
    text = " ".join(UNSAFE.sub(" ", html_words(value)).split())
    return cut(text, limit)


def plain_lines(value: object, limit: int = 0) -> str:
    """``value`` as plain text that may keep line breaks, cut to ``limit`` characters."""
    if not isinstance(value, str):
        return ""
    return cut(html_words(value), limit)


def cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters (0: no limit), ending in ``…`` when cut."""
    if limit <= 0 or len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + "…"
