"""Imports only point down: ui -> web -> export -> store -> rules -> core (DESIGN.md, "Layers").

Every module of the package is read with ``ast`` (nothing is imported); an import of a
higher layer from a lower one fails here with the file and line that made it. The CLI
and the package's own helpers (``tracker.paths``) sit outside the ladder.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tracker"
LADDER = ["core", "rules", "store", "export", "web", "ui"]
"""Lowest first: a layer may import its own and any lower layer, never a higher one."""
OUTSIDE = {"cli", "paths", "__init__", "__main__", "_data"}


def layer_of(module: str) -> str | None:
    """The layer of ``tracker.X…`` (None for modules outside the ladder or the package)."""
    parts = module.split(".")
    if parts[0] != "tracker" or len(parts) < 2 or parts[1] in OUTSIDE:
        return None
    return parts[1]


def imports_of(path: Path, root: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in a file, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            found.append((node.lineno, base))
    return found


def upward_imports(package: Path) -> list[str]:
    """``file:line imports module`` for every import of a higher layer below ``package``."""
    root = package.parent
    upward = []
    for path in sorted(package.rglob("*.py")):
        own = layer_of(".".join(path.relative_to(root).with_suffix("").parts))
        if own is None:
            continue
        for line, module in imports_of(path, root):
            theirs = layer_of(module)
            if theirs is not None and LADDER.index(theirs) > LADDER.index(own):
                upward.append(f"{path.relative_to(root).as_posix()}:{line} imports {module}")
    return upward


def test_no_import_points_up() -> None:
    assert upward_imports(PACKAGE) == []


def test_the_check_catches_an_upward_import(tmp_path: Path) -> None:
    fake = tmp_path / "tracker"
    (fake / "core").mkdir(parents=True)
    (fake / "rules").mkdir()
    (fake / "core" / "probe.py").write_text("import os\nfrom tracker.ui.app import App\n")
    (fake / "rules" / "probe.py").write_text("from ..store import journal\n")
    assert upward_imports(fake) == [
        "tracker/core/probe.py:2 imports tracker.ui.app",
        "tracker/rules/probe.py:1 imports tracker.store",
    ]
