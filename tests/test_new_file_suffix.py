"""``tracker new ambush`` makes ``ambush.toml``: a file without a suffix was made as
``ambush``, which ``tracker ls``, the launcher and the shell's completion (``*.toml``)
never found. ``tracker ambush`` then points at ``ambush.toml``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import run


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("command", [["new"], ["campaign", "new"]], ids=" ".join)
def test_a_name_without_suffix_is_made_as_toml_and_listed(
    capsys: pytest.CaptureFixture[str], folder: Path, command: list[str]
) -> None:
    status, out, _ = run(capsys, *command, "ambush", "--ruleset", "basic")
    assert status == 0 and out.startswith("created ambush.toml (basic)")
    assert sorted(p.name for p in folder.iterdir()) == ["ambush.toml"]
    status, out, _ = run(capsys, "ls", ".")
    assert status == 0 and "ambush.toml" in out and "no encounters" not in out


def test_a_name_with_a_suffix_is_made_as_typed(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    assert run(capsys, "new", "ford.fight", "--ruleset", "basic")[0] == 0
    assert (folder / "ford.fight").is_file()


def test_the_name_typed_without_toml_is_pointed_at_the_toml_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run(capsys, "new", "ambush", "--ruleset", "basic")
    status, _, err = run(capsys, "ambush")
    assert status == 1 and "ambush: does not exist — did you mean `tracker ambush.toml`?" in err
    status, _, err = run(capsys, "nothing")
    assert status == 1 and "create one with `tracker new nothing.toml --ruleset basic`" in err
