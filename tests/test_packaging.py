"""The package as a Python user expects it (issue 32): a licence file that the wheel
carries, a distribution name of its own (``tracker`` is taken on the package index) while
the command stays ``tracker``, one version, and the metadata an index page shows."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import tracker

ROOT = Path(__file__).resolve().parents[1]


def project() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        data: dict[str, Any] = tomllib.load(file)
    return data


def test_the_licence_is_in_the_repository_and_declared_for_the_wheel() -> None:
    meta = project()["project"]
    assert meta["license"] == "MIT"
    assert meta["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text
    assert "LICENSE" in project()["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]


def test_the_distribution_is_not_called_tracker_but_the_command_is() -> None:
    meta = project()["project"]
    assert meta["name"] == "tabletop-tracker"
    assert meta["scripts"] == {"tracker": "tracker.cli:main"}


def test_the_version_has_one_source() -> None:
    data = project()
    assert data["project"]["dynamic"] == ["version"] and "version" not in data["project"]
    assert data["tool"]["hatch"]["version"]["path"] == "tracker/__init__.py"
    assert all(part.isdigit() for part in tracker.__version__.split("."))


def test_an_index_page_can_say_what_it_is() -> None:
    meta = project()["project"]
    assert {"tabletop", "ttrpg", "initiative"} <= set(meta["keywords"])
    classifiers = meta["classifiers"]
    assert "Topic :: Games/Entertainment :: Role-Playing" in classifiers
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert not [c for c in classifiers if c.startswith("License ::")]  # the SPDX field says it
