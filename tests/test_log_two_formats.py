"""``tracker log -f FMT -o FILE`` where FILE's suffix asks for another format is two
formats asked at once: a misused command line, nothing written (``-f md -o recap.html``
wrote Markdown into a web page), as ``campaign recap --html -f md`` is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import ford_copy, run


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    return ford_copy(tmp_path)


@pytest.mark.parametrize(
    ("fmt", "name", "hint"),
    [("md", "recap.html", "recap.md"), ("html", "recap.txt", "recap.html"), ("json", "r.md", "")],
)
def test_a_format_other_than_the_file_name_asks_is_refused(
    capsys: pytest.CaptureFixture[str], fight: Path, fmt: str, name: str, hint: str
) -> None:
    target = fight.parent / name
    status, out, err = run(capsys, "log", str(fight), "-f", fmt, "-o", str(target))
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert f"--format {fmt} and -o {name} ask for two formats" in err and hint in err
    assert not target.exists()


@pytest.mark.parametrize(
    ("fmt", "name"),
    [("markdown", "recap.md"), ("html", "recap.htm"), ("txt", "recap.text"), ("md", "recap")],
)
def test_the_same_format_said_twice_or_a_name_without_suffix_is_written(
    capsys: pytest.CaptureFixture[str], fight: Path, fmt: str, name: str
) -> None:
    target = fight.parent / name
    status, _, err = run(capsys, "log", str(fight), "-f", fmt, "-o", str(target))
    assert status == 0, err
    assert target.read_text(encoding="utf-8")
