"""The export layer stays headless: no Textual, whatever format is rendered."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

FIXTURE = Path(__file__).parent / "fixtures" / "bridge-at-kell.toml"


def test_every_export_format_renders_without_importing_textual() -> None:
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from tracker.export.batch import plan, run_jobs\n"
        "from tracker.export.formats import FORMATS, export_file\n"
        "from tracker.export.recap import ExportOptions\n"
        f"texts = [export_file(Path({str(FIXTURE)!r}), f, ExportOptions()) for f in "
        "FORMATS.values()]\n"
        "assert all(texts)\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] == 'textual')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == ""
