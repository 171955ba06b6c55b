"""The guide's promise, kept as CI keeps it: ``tests/example_ruleset`` (Cairn), built as a
wheel and installed (not editable) into a fresh virtual environment beside a tracker
built the same way, passes ``tracker rulesets check cairn`` — its data, samples and docs
page came in the wheel — and so does a bundled ruleset from the tracker's wheel.

Offline: both wheels are built with the hatchling already installed (the ``dev`` extra),
and the new environment reads the tracker's dependencies from this one."""

from __future__ import annotations

import os
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "example_ruleset"


def run(*argv: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run a command; its output in the assertion when it fails."""
    done = subprocess.run(
        [str(a) for a in argv], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, f"{argv}: {done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment holding the tracker and tracker-cairn, both from wheels."""
    pytest.importorskip("hatchling", reason="the dev extra builds wheels with hatchling")
    work = tmp_path_factory.mktemp("wheels")
    for project in (ROOT, EXAMPLE):
        pip: list[str | Path] = [sys.executable, "-m", "pip", "wheel", "--no-deps"]
        run(*pip, "--no-build-isolation", "--no-index", "--quiet", project, "-w", work / "dist")
    env = work / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", env)
    python = env / "bin" / "python"
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))")
    here = [sysconfig.get_path("purelib"), *site.getsitepackages()]
    Path(purelib.stdout.strip(), "deps.pth").write_text("\n".join(dict.fromkeys(here)) + "\n")
    wheels = sorted((work / "dist").glob("*.whl"))
    assert [w.name.split("-")[0] for w in wheels] == ["tabletop_tracker", "tracker_cairn"]
    run(
        sys.executable,
        "-m",
        "pip",
        "--python",
        python,
        "install",
        "--no-deps",
        "--no-index",
        "--ignore-installed",  # the tracker this suite runs from is on the path too
        "--quiet",
        *wheels,
    )
    return env


def tracker(env: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The console script of the new environment, away from this checkout."""
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [str(env / "bin" / "tracker"), *args],
        capture_output=True,
        text=True,
        env=clean,
        cwd=env,
        timeout=300,
    )


def test_the_wheel_carries_the_rulesets_files(venv: Path) -> None:
    found = tracker(venv, "samples")
    assert found.returncode == 0, found.stderr
    line = next(ln for ln in found.stdout.splitlines() if ln.startswith("cairn "))
    assert "site-packages/cairn/samples/cairn-barrow.toml" in line
    assert str(ROOT) not in found.stdout  # nothing read from this checkout


@pytest.mark.parametrize("rid", ["cairn", "nerv-d100"])
def test_rulesets_check_passes_from_the_wheels(venv: Path, rid: str) -> None:
    checked = tracker(venv, "rulesets", "check", rid)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"{rid}: 10 of 10 clauses hold" in checked.stdout
    assert "skipped" not in checked.stdout and "FAILED" not in checked.stdout
