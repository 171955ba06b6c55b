"""What a ruleset's package ships beside its code: sample encounters, bestiary blocks,
themes and a docs page, found through the package itself (its import spec).

::

    cairn/                  the ruleset's package (bundled ones: tracker/rules/<id>/)
      samples/*.toml        sample encounters: `tracker samples`, the launcher
      bestiary/*.toml       stat blocks `add` can find: `tracker bestiary`
      themes/*.toml         themes: `tracker themes`, the `t` key
      docs.md               its rules page: `?` in the TUI, `tracker rulesets check`

Nothing of the ruleset is imported to find them: the package's folder is read from its
import spec (a zipped package ships nothing this way).
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

from tracker.paths import bundled_dir
from tracker.rules.registry import RULESETS, installed

KINDS = ("samples", "bestiary", "themes")
"""The folders a ruleset's package may ship, each of ``*.toml`` files."""
DOCS = "docs.md"
"""The name of a ruleset's docs page inside its package."""


def package_folder(ruleset_id: str) -> Path | None:
    """The folder of the package that holds ``ruleset_id`` (None: not installed, not a
    folder on disk, or a broken package: ``tracker rulesets`` says why)."""
    if ruleset_id in RULESETS:
        module = RULESETS[ruleset_id]
    elif ruleset_id in installed():
        module = installed()[ruleset_id].module
    else:
        return None
    try:
        spec = find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if spec.submodule_search_locations:  # a package: its folder, without importing it
        folder = Path(next(iter(spec.submodule_search_locations)))
    elif spec.origin and spec.has_location:  # a module: the folder it sits in
        folder = Path(spec.origin).parent
    else:
        return None
    return folder if folder.is_dir() else None


def shipped(ruleset_id: str, kind: str) -> list[Path]:
    """The ``*.toml`` files of ``kind`` (samples, bestiary, themes) the ruleset ships."""
    folder = package_folder(ruleset_id)
    if folder is None:
        return []
    return sorted(path for path in (folder / kind).glob("*.toml") if path.is_file())


def shipped_by_all(kind: str) -> list[Path]:
    """The ``*.toml`` files of ``kind`` every installed ruleset ships, by ruleset id."""
    return [path for rid in sorted({*RULESETS, *installed()}) for path in shipped(rid, kind)]


def shipped_folders(kind: str) -> list[Path]:
    """The ``kind`` folders (themes …) of every installed ruleset that ships some."""
    return sorted({path.parent for path in shipped_by_all(kind)})


def docs_page(ruleset_id: str) -> Path | None:
    """The ruleset's docs page: ``docs.md`` in its package; for a bundled ruleset in a
    checkout, ``docs/rulesets/<id>.md`` (None: it has none here)."""
    folder = package_folder(ruleset_id)
    candidates = [folder / DOCS] if folder is not None else []
    if ruleset_id in RULESETS:
        candidates.append(bundled_dir("docs") / "rulesets" / f"{ruleset_id}.md")
    return next((page for page in candidates if page.is_file()), None)


def ruleset_docs(ruleset_id: str) -> str:
    """The ruleset's docs page (``docs_page``: a package's ``docs.md``, a bundled
    ruleset's ``docs/rulesets/<id>.md``), as text (empty: none, or one that cannot be
    read)."""
    page = docs_page(ruleset_id)
    if page is None:
        return ""
    try:
        return page.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


def sample_files() -> list[Path]:
    """Every sample encounter: the tracker's own, then those the rulesets ship."""
    own = sorted(bundled_dir("encounters").glob("*.toml"))
    return [*own, *shipped_by_all("samples")]
