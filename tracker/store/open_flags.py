"""``os.open`` flags that only some platforms define, as 0 where they are missing."""

from __future__ import annotations

import os

# Windows only: open without newline translation, so the bytes read are the bytes on disk.
O_BINARY: int = getattr(os, "O_BINARY", 0)
