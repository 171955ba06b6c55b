"""The tests change the process's environment only through ``monkeypatch``: a test that
set ``os.environ["XDG_RUNTIME_DIR"]`` and deleted it after (``test_web_cli``) removed
a value the run had before it, and left its own behind when it failed between the two."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _is_environ(node: ast.AST) -> bool:
    """``os.environ`` (or ``environ`` imported from os)."""
    if isinstance(node, ast.Attribute):
        return node.attr == "environ" and isinstance(node.value, ast.Name)
    return isinstance(node, ast.Name) and node.id == "environ"


def _edits(tree: ast.AST) -> list[int]:
    """The lines of ``tree`` that change ``os.environ`` in place."""
    lines = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign | ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.AugAssign):
            targets = [node.target]
        if any(isinstance(t, ast.Subscript) and _is_environ(t.value) for t in targets):
            lines.append(targets[0].lineno)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            changing = node.func.attr in {"pop", "update", "setdefault", "clear", "popitem"}
            if changing and _is_environ(node.func.value):
                lines.append(node.lineno)
    return lines


def test_no_test_edits_the_environment_by_hand() -> None:
    found = [
        f"{path.relative_to(TESTS)}:{line}"
        for path in sorted(TESTS.rglob("*.py"))
        for line in _edits(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert found == [], "use monkeypatch.setenv/delenv: " + ", ".join(found)


def test_the_check_finds_each_kind_of_edit() -> None:
    source = (
        "import os\nos.environ['A'] = '1'\ndel os.environ['A']\nos.environ.pop('A')\n"
        "os.environ.update(A='1')\nenv = {**os.environ, 'A': '1'}\nos.environ.get('A')\n"
    )
    assert _edits(ast.parse(source)) == [2, 3, 4, 5]
