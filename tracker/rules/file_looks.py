"""What a file the GM gave looks like when it is not what the command reads: another kind
of file by its first bytes (an image, a zip, a PDF, an HTML page), or text saved in
another encoding than UTF-8 (UTF-16, Latin-1). Every reader of the GM's files words these
alike from here, so an encounter, a campaign, a bestiary, a theme, a keymap, the
settings, a roll table and an import say the same thing of the same bytes.
"""

from __future__ import annotations

import re

_MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a zip archive"),
    (b"PK\x05\x06", "a zip archive"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"Rar!\x1a\x07", "a RAR archive"),
    (b"\xd0\xcf\x11\xe0", "an Office document"),
    (b"SQLite format 3\x00", "an SQLite database"),
)
_WEBP = re.compile(rb"RIFF....WEBP", re.DOTALL)
_HTML = re.compile(
    rb"\A(?:\xef\xbb\xbf)?\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b", re.I | re.S
)
_XML = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*<\?xml\b")


def looks_like(data: bytes) -> str:
    """What ``data`` is by its first bytes (``"a PNG image"``, ``"an HTML page"`` …), or
    ``""`` when they do not say: a text file of any kind, or bytes of no known shape."""
    for magic, kind in _MAGIC:
        if data.startswith(magic):
            return kind
    if _WEBP.match(data[:12]):
        return "a WebP image"
    head = data[:4096]
    if _HTML.match(head):
        return "an HTML page"
    if _XML.match(head):
        return "an XML file"
    return ""
