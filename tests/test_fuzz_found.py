"""What fuzzing every file from elsewhere found (tests/test_fuzz_journals.py and
tests/test_fuzz_readers.py), one plain test each: a refusal leaves every file as it was
and is one sentence naming the file, never a Python repr or a traceback."""

from __future__ import annotations

import pytest

from tests.fuzz_helpers import files_in, own_folders, run
from tests.ui_helpers import BASIC_TEXT


def test_a_refused_command_adds_no_line_break_to_a_file_that_ends_without_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`tracker do f.toml next` on a hand-made file of no events and no final newline
    said "the fight has not started yet" and left a line break at its end."""
    with own_folders() as folder:
        path = folder / "f.toml"
        path.write_bytes(BASIC_TEXT.rstrip("\n").encode("utf-8"))
        before = files_in(folder)
        outcome = run(capsys, "do", path, "next")
        assert outcome.err == "tracker: the fight has not started yet — type 'start'\n"
        assert files_in(folder) == before
        assert run(capsys, "do", path, "start").code == 0
        assert run(capsys, "check", path).code == 0
