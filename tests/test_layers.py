"""Imports only point down: ui -> contract -> web -> export -> store -> api -> rules -> core
(DESIGN.md, "Layers"), and no module imports itself through others (no cycle of any
kind: under ``TYPE_CHECKING`` and inside functions count too).

Every module of the package is read with ``ast`` (nothing is imported); an import of a
higher layer from a lower one fails here with the file and line that made it. The CLI
and the package's own helpers (``tracker.paths``) sit outside the ladder.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tracker"
LADDER = ["core", "rules", "api", "store", "export", "web", "contract", "testing", "ui"]
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


def module_names(package: Path) -> dict[str, Path]:
    """Every module below ``package`` by its dotted name (a package by its own name)."""
    root = package.parent
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module -> the package modules it imports, wherever the import stands (top level,
    ``if TYPE_CHECKING:``, inside a function). ``from a import b`` counts ``a.b`` when
    that is a module, else ``a``."""
    modules = module_names(package)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        graph[name] = {
            target
            for imported in _imported_names(tree, name, path.name == "__init__.py")
            if (target := _owning_module(imported, modules)) and target != name
        }
    return graph


def _imported_names(tree: ast.AST, module: str, is_package: bool) -> list[str]:
    own_package = module if is_package else module.rpartition(".")[0]
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = own_package.split(".")
                parent = parts[: len(parts) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            names += [f"{base}.{alias.name}" for alias in node.names]
    return names


def _owning_module(name: str, modules: Mapping[str, Path]) -> str:
    """The longest module name that ``name`` starts with (empty: not the package's)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name


def import_cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, round about (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_no_module_imports_itself_round_about() -> None:
    assert import_cycles(import_graph(PACKAGE)) == []


def test_the_check_catches_cycles_hidden_in_functions_and_type_checking(tmp_path: Path) -> None:
    fake = tmp_path / "tracker"
    (fake / "store").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "store" / "__init__.py").write_text("")
    (fake / "store" / "a.py").write_text("from tracker.store.b import thing\n")
    (fake / "store" / "b.py").write_text("def f():\n    from tracker.store import c\n")
    (fake / "store" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\n"
    )
    (fake / "store" / "d.py").write_text("from tracker.store import a\n")
    assert import_cycles(import_graph(fake)) == [
        ["tracker.store.a", "tracker.store.b", "tracker.store.c"]
    ]
