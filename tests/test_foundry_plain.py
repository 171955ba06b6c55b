"""Foundry HTML to plain text: tags, scripts and enrichers go, entities are decoded."""

from __future__ import annotations

import pytest

from tracker.core.safe_text import UNSAFE
from tracker.store.foundry.plain import plain_line, plain_lines


@pytest.mark.parametrize(
    ("html", "text"),
    [
        ("<p>Acid <strong>blood</strong>.</p><p>Hunts alone.</p>", "Acid blood. Hunts alone."),
        ("Roll [[/r 1d6]] and [[2d6]] days", "Roll 1d6 and 2d6 days"),
        (
            "See @UUID[Actor.abc123]{the Queen} and @Compendium[alienrpg.tables.Panic]",
            "See the Queen and Panic",
        ),
        ("&lt;b&gt;not bold&lt;/b&gt; &amp; &eacute;", "<b>not bold</b> & é"),  # shown as text
        ("<script>alert(1)</script><style>p {}</style>ok", "ok"),
        ("a\x1b[31mb\u202ec\x00d", "a [31mb c d"),
        ("<img src=x onerror=alert(1)>", ""),
        (None, ""),
        # the official modules' creature texts hyphenate with &shy; (real data)
        (
            "<h5>STAGE II CHEST&shy;BURSTER</h5><p>A chest\u00adburster</p>",
            "STAGE II CHESTBURSTER A chestburster",
        ),
    ],
)
def test_plain_line(html: object, text: str) -> None:
    assert plain_line(html) == text
    assert not UNSAFE.search(plain_line(html))


def test_plain_lines_keep_paragraphs_and_cut() -> None:
    assert plain_lines("<p>one</p><p>two<br>three</p>") == "one\ntwo\nthree"
    assert plain_line("x" * 50, 10) == "x" * 9 + "…"
