"""The players' page as HTML: the whole page and the live fragment the stream pushes.

User text (names, titles, log lines, ailments) is escaped in one place, :func:`text`
(control characters first shown visibly, then ``html.escape``); no user text is ever a
link or an attribute other than an escaped class-free ``title``. The page carries no
inline script or style: ``/page.css``, ``/theme.css`` and ``/live.js`` are same-origin
files, as the Content-Security-Policy demands. A screen reader hears each new turn from
one small live region outside ``<main>`` (``#said``, kept up to date by the script), not
the whole board again on every change. The fragment's ``data-look`` names the theme's
colours, so a page left open when the GM replaces the file with a fight in another theme
loads the new colours (and the tab takes the new title).
"""

from __future__ import annotations

import html
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

from tracker.core.safe_text import visible
from tracker.export.player_log import PlayerLine
from tracker.export.player_view import PlayerBoard, PlayerRow
from tracker.export.theme import COLOURS, Palette
from tracker.web.colours import on_colours

LOG_SHOWN = 60
"""The most log lines a page holds (the newest): a long fight stays a light page."""

STALE = "The GM's file cannot be read just now; this is how it last stood."
TO_TURN = (
    '<p class="to-turn"><a href="#acting">Go to the acting row'
    ' <span aria-hidden="true">↓</span></a></p>'
)
"""A way down to the acting row in a long fight, without the script too (our own words:
no user text is ever a link; a screen reader is not read the arrow)."""

_MARK_WORDS = {
    "▶": "acting",
    "⏸": "delaying",
    "!": "surprised",
    "↓": "down",
    "✝": "dead",
    "✓": "has acted",
}
_SIDES = ("pc", "ally", "enemy", "neutral")


@dataclass(frozen=True)
class PlayersView:
    """Everything one page shows: the board, the public log, and whether it is stale."""

    board: PlayerBoard
    log: tuple[PlayerLine, ...]
    problem: bool = False
    look: str = ""
    """A short hash of the theme's colours: a page whose look changed loads them again."""


def text(value: str) -> str:
    """User text as HTML: control characters made visible, then escaped (the one place)."""
    return html.escape(visible(value), quote=True)


def fragment(view: PlayersView) -> str:
    """The live part of the page: where the fight stands, the order, the log."""
    parts = [_where(view.board, view.look)]
    if view.problem:
        parts.append(f'<p class="stale" role="status">{text(STALE)}</p>')
    parts += [_order(view.board.rows), _log(view.log)]
    return "".join(parts)


def page(view: PlayersView, token: str, large: bool = False) -> str:
    """The whole page; ``token`` (URL-safe) rides along on every same-origin file it loads."""
    query = f"?t={html.escape(token)}"
    title = text(view.board.title)
    body_class = ' class="large"' if large else ""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{title} · tracker</title>"
        '<link rel="icon" href="data:,">'
        f'<link rel="stylesheet" href="/page.css{query}">'
        f'<link rel="stylesheet" id="theme" href="/theme.css{query}">'
        f'<script src="/live.js{query}" defer></script>'
        f'</head><body{body_class} data-stream="/events{query}">'
        '<p id="status" class="status" role="status" hidden>reconnecting…</p>'
        '<noscript><p class="status">Reload the page to see the latest turn.</p></noscript>'
        '<p id="said" class="said-aloud" aria-live="polite" aria-atomic="true">'
        f"{_turn(view.board)}</p>"
        f'<main id="live">{fragment(view)}</main>'
        "</body></html>\n"
    )


def _turn(board: PlayerBoard) -> str:
    """Round and whose turn: "Round 2 · Ann's turn"."""
    return " · ".join(text(w) for w in board.where)


def _where(board: PlayerBoard, look: str) -> str:
    pools = "".join(f"<li>{text(p)}</li>" for p in board.pools)
    return (
        f'<header class="where" data-look="{text(look)}"><h1>{text(board.title)}</h1>'
        f'<p class="turn">{_turn(board)}</p>'
        + (f'<p class="next">Next: {text(board.next_up)}</p>' if board.next_up else "")
        + (TO_TURN if any(row.acting for row in board.rows) else "")
        + (f'<ul class="pools">{pools}</ul>' if pools else "")
        + "</header>"
    )


def _order(rows: Sequence[PlayerRow]) -> str:
    items = "".join(_row(row) for row in rows) or '<li class="row">Nobody yet.</li>'
    return (
        '<section class="order" aria-labelledby="order-h">'
        f'<h2 id="order-h">Initiative</h2><ol class="rows">{items}</ol></section>'
    )


def _row(row: PlayerRow) -> str:
    side = row.side if row.side in _SIDES else "neutral"
    classes = " ".join(
        ["row", f"side-{side}", *(["acting"] if row.acting else []), *(["out"] if row.out else [])]
    )
    current = ' id="acting" aria-current="step"' if row.acting else ""
    word = _MARK_WORDS.get(row.mark, "")
    mark = f'<span class="mark" title="{word}">{text(row.mark.strip())}</span>' if word else ""
    said = f'<span class="said">{word}</span>' if word and not _said_already(row, word) else ""
    if row.side_word:  # not by the row's colour alone
        said = f'<span class="side">{row.side_word}</span>{said}'
    init = f'<span class="init">{text(row.initiative)}</span>' if row.initiative else ""
    badges = "".join(f"<li>{text(a)}</li>" for a in row.ailments)
    details = "".join(f"<li>{text(d)}</li>" for d in row.details)
    return (
        f'<li class="{classes}"{current}><div class="line">{mark}{init}'
        f'<span class="name">{text(row.name)}</span>{said}'
        f'<span class="health">{text(row.health)}</span></div>'
        + (f'<ul class="badges">{badges}</ul>' if badges else "")
        + (f'<ul class="details">{details}</ul>' if details else "")
        + "</li>"
    )


def _said_already(row: PlayerRow, word: str) -> bool:
    """Whether the row's health says the mark's word, or says how a fallen combatant
    is in the ruleset's own word ("incapacitated" for "down"): the word is not said twice."""
    return word.casefold() in row.health.casefold().split() or (row.out and bool(row.health))


def _log(lines: Sequence[PlayerLine]) -> str:
    shown = list(lines)[-LOG_SHOWN:][::-1]
    items = "".join(f'<li class="{_kind(line.kind)}">{text(line.text)}</li>' for line in shown)
    return (
        '<section class="log" aria-labelledby="log-h"><h2 id="log-h">Log</h2>'
        f'<ol class="lines" reversed>{items or "<li>Nothing yet.</li>"}</ol></section>'
    )


def _kind(kind: str) -> str:
    return f"log-{kind}" if kind in ("round", "turn") else "log-line"


def theme_css(palette: Palette) -> str:
    """The theme's colours as CSS custom properties (``--primary`` …) for ``/page.css``,
    with the text colour that reads on each coloured fill (``--on-secondary`` …).

    A palette holds only ``#rrggbb`` values (checked when the theme file is read).
    """
    lines = [f"  --{name}: {getattr(palette, name)};" for name in COLOURS]
    lines += [f"  --{name}: {colour};" for name, colour in on_colours(palette).items()]
    scheme = "dark" if palette.dark else "light"
    return ":root {\n" + "\n".join(lines) + f"\n  color-scheme: {scheme};\n}}\n"


def look_of(palette: Palette) -> str:
    """A short name for the palette's colours (it changes when any colour does)."""
    return f"{zlib.crc32(theme_css(palette).encode()):08x}"


def static_file(name: str) -> bytes:
    """A file the page loads (``page.css``, ``live.js``), from the package."""
    return resources.files("tracker.web").joinpath("static", name).read_bytes()
