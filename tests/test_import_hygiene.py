"""The domain layers never import Textual (DESIGN.md, "Layers")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

DOMAIN = [
    "tracker.core.session",
    "tracker.core.dice",
    "tracker.rules.registry",
    "tracker.store.encounter_file",
    "tracker.export.logbook",
    "tracker.cli",
]


@pytest.mark.parametrize("module", DOMAIN)
def test_domain_module_loads_no_textual(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "from tracker.rules.registry import RULESETS, load_ruleset\n"
        "[load_ruleset(r) for r in RULESETS]\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'textual')\n"
        "print(','.join(bad))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == ""


def test_headless_cli_run_loads_no_textual(tmp_path: object) -> None:
    code = (
        "import sys\nfrom tracker.cli import main\n"
        "main(['rulesets'])\n"
        "print('TEXTUAL' if any(m.startswith('textual') for m in sys.modules) else 'CLEAN')"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip().splitlines()[-1] == "CLEAN"


def _modules_after(argv: list[str]) -> set[str]:
    """The modules a ``tracker`` run with ``argv`` has imported when it ends."""
    code = (
        "import sys\nfrom tracker.cli import main\n"
        f"main({argv!r})\n"
        "print('MODULES', ' '.join(sorted(sys.modules)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    line = result.stdout.strip().splitlines()[-1]
    assert line.startswith("MODULES ")
    return set(line.split()[1:])


SAMPLE = str(Path(__file__).resolve().parents[1] / "encounters" / "nerv-sachiel.toml")


def test_state_imports_only_what_it_needs() -> None:
    loaded = _modules_after(["state", SAMPLE])
    assert "tracker.export.state_json" in loaded  # the run did print a state
    unwanted = {
        "tracker.store.foundry.importing",
        "tracker.cli.campaign",
        "tracker.cli.ls",
        "tracker.store.bestiary",
        "importlib.metadata",  # a bundled ruleset needs no entry points
    }
    assert not unwanted & loaded


def _copied_sample(tmp_path: Path) -> str:
    fight = tmp_path / "fight.toml"
    fight.write_bytes(Path(SAMPLE).read_bytes())
    return str(fight)


CAMPAIGN_AND_REST = {
    "tracker.core.campaign",
    "tracker.core.campaign_events",
    "tracker.store.campaign_load",
    "tracker.rules.downtime",
    "tracker.rules.nerv_d100.downtime",
}
"""What only a campaign, a rest or ``add party`` needs (issue 32: a one-off fight's
``state`` and ``do`` start without them)."""


def test_state_and_do_on_a_one_off_fight_load_no_campaign_or_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    fight = _copied_sample(tmp_path)
    for argv in (["state", fight], ["do", fight, "roll", "1d6"]):
        loaded = _modules_after(argv)
        assert "tracker.core.events" in loaded  # the run did read the fight
        assert not CAMPAIGN_AND_REST & loaded, argv
    read_only = _modules_after(["state", fight])
    assert not {"hashlib", "base64"} & read_only  # no lock key, no snapshot in a short fight
    assert "shutil" not in read_only  # argparse's terminal width, read without it
    assert "threading" not in read_only  # no fsync, no snapshot read ahead


def test_do_with_a_runtime_folder_set_reads_no_platform_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    loaded = _modules_after(["do", _copied_sample(tmp_path), "roll", "1d6"])
    assert "platformdirs" not in loaded and "socket" not in loaded
    assert (runtime / "tracker").is_dir()  # the holder's note went there


WRITING_START_SKIPS = {
    "hashlib",  # OpenSSL: the stand-in name's digest only while a stand-in is there
    "platformdirs",  # the notes' folder read from $XDG_CACHE_HOME/$HOME on Linux
    "tempfile",
    "shutil",
    "difflib",  # a ruleset's helper names far from every hook: no guess to make
    "tracker.store.bestiary",  # read the first time a command looks up a stat block
    "tracker.rules.shipped",
    "tomli_w",  # only a whole file's head is written with it
    "tracker.store.format_upgrade",  # only a file of an older format is rewritten
    "tracker.core.state_codec",  # only a long fight's snapshot is read or written
    "binascii",
}
"""What ``do`` and ``state`` on a one-off fight need not import (issue 32: their start
<= 3x the floor)."""

READ_ONLY_SKIPS = {"tracker.store.lock", "tracker.store.writer", "fcntl", "json"}
"""What ``state`` (no lock, no note, no block written) need not import either."""


def test_do_without_a_runtime_folder_skips_digests_platform_folders_and_the_bestiary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    fight = _copied_sample(tmp_path)
    for argv in (["do", fight, "start"], ["do", fight, "roll", "1d6"], ["state", fight]):
        loaded = _modules_after(argv)
        assert "tracker.core.events" in loaded  # the run did read the fight
        assert not WRITING_START_SKIPS & loaded, argv
    assert not READ_ONLY_SKIPS & loaded  # the last run: state
    assert "random" not in _modules_after(["do", fight, "next"])  # no die rolled
    assert (tmp_path / "cache" / "tracker" / "run").is_dir()  # the holder's note went there
    assert "encounter.started" in Path(fight).read_text(encoding="utf-8")


def test_log_in_markdown_loads_no_console_progress_bar_or_html_page(tmp_path: Path) -> None:
    loaded = _modules_after(["log", _copied_sample(tmp_path)])
    assert "tracker.export.markdown" in loaded  # the run did write the recap
    assert not {"rich.console", "rich.progress", "tracker.export.html_recap"} & loaded


PLAYING_ONLY = {
    "tracker.store.journal_file",  # the writer lock and appending
    "tracker.store.next_snapshot",  # a snapshot due in play
    "tracker.store.sheet_marks",  # copies joining from a Foundry sheet
    "tracker.store.taken_up",  # a journal taken up from its snapshot (the sample has none)
}
"""What a fight read to be shown (``log``, ``state``) need not import."""


RENDERERS = {"md": "markdown", "txt": "text", "json": "json_log"}


@pytest.mark.parametrize("fmt", sorted(RENDERERS))
def test_log_and_state_import_only_what_the_format_and_the_file_need(
    tmp_path: Path, fmt: str
) -> None:
    fight = _copied_sample(tmp_path)
    recap = _modules_after(["log", fight, "-f", fmt])
    assert f"tracker.export.{RENDERERS[fmt]}" in recap  # the run did write the recap
    for loaded in (recap, _modules_after(["state", fight])):
        # no Rich: names in columns one cell a letter are counted without its tables
        assert not {m for m in loaded if m.split(".")[0] == "rich"}
        assert not PLAYING_ONLY & loaded


@pytest.mark.parametrize("columns", [60, 100])
def test_help_still_wraps_at_the_terminal_width(
    columns: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    result = subprocess.run(
        [sys.executable, "-m", "tracker", "log", "--help"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    widest = max(len(line) for line in result.stdout.splitlines())
    assert columns - 12 <= widest <= columns - 2


def test_help_imports_no_subcommand_or_ruleset() -> None:
    loaded = _modules_after(["--help"])
    assert not {m for m in loaded if m.startswith(("tracker.core.events", "tracker.rules."))}
    assert not {m for m in loaded if m.startswith("tracker.store.")}


def test_a_ruleset_not_bundled_reads_the_entry_points() -> None:
    code = (
        "import sys\nfrom tracker.rules.registry import UnknownRuleset, load_ruleset\n"
        "try:\n    load_ruleset('no-such-ruleset')\nexcept UnknownRuleset:\n    pass\n"
        "print('importlib.metadata' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "True"
