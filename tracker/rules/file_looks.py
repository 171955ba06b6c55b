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


def encoding_of(data: bytes) -> str:
    """The encoding bytes that are not UTF-8 were clearly saved in: ``"UTF-16"`` (with a
    byte-order mark, or ASCII text with every other byte NUL) or ``"Latin-1"`` (no control
    byte, at most one byte in eight above ASCII); ``""`` when they do not say. Decodes
    nothing but a sample: call it once a file has failed to read as UTF-8."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or looks_utf16(data):
        return "UTF-16"
    if _looks_latin1(data):
        return "Latin-1"
    return ""


def looks_utf16(data: bytes) -> bool:
    """ASCII text saved as UTF-16 without a byte-order mark (which is valid UTF-8, NUL
    bytes and all): in the first 4 KB one of the two byte lanes is nearly all NUL, the
    other nearly never, and the text is printable. Cheap enough for every file read."""
    sample = data[:4096]
    sample = sample[: len(sample) // 2 * 2]
    if len(sample) < 4:
        return False
    even, odd = sample[0::2], sample[1::2]
    for codec, zero, other in (("utf-16-be", even, odd), ("utf-16-le", odd, even)):
        if zero.count(0) >= 0.9 * len(zero) and other.count(0) <= 0.1 * len(other):
            text = sample.decode(codec, "replace")
            return all(char.isprintable() or char in "\t\r\n" for char in text)
    return False


def _looks_latin1(data: bytes) -> bool:
    """No NUL or other control byte, and at most one byte in eight above ASCII: a text
    file saved by an editor in Latin-1 (or Windows-1252)."""
    sample = data[:65536]
    if any(byte < 0x20 and byte not in b"\t\r\n" for byte in sample) or 0x7F in sample:
        return False
    high = sum(byte >= 0x80 for byte in sample)
    return 0 < high <= len(sample) / 8


def encoding_said(data: bytes) -> str:
    """``": it looks like UTF-16 — save it as UTF-8"`` for bytes that are not UTF-8 and
    clearly of another encoding (every reader says it after its "not UTF-8"); "" else."""
    encoding = encoding_of(data)
    return f": it looks like {encoding} — save it as UTF-8" if encoding else ""
