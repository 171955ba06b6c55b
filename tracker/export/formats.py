"""The export formats by name (``md``, ``html``, ``txt``, ``json``) and exporting a file."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from pathlib import Path

from tracker.core.errors import TrackerError
from tracker.core.frozen_record import FrozenRecord, frozen_record
from tracker.core.joining import slug
from tracker.core.safe_text import json_safe, visible_lines
from tracker.export.recap import ExportOptions, Recap, build_recap
from tracker.store.encounter_load import Loaded, load


@frozen_record
class Format(FrozenRecord):
    """An export format: its name, file suffix, what it is, and its renderer."""

    name: str
    suffix: str
    title: str
    render: Callable[[Recap], str]


def _finished(where: str, finish: Callable[[str], str]) -> Callable[[Recap], str]:
    """The renderer ``where`` names (``module:function``, imported when it first renders:
    ``tracker log`` in Markdown never loads the HTML page's charts and theme) with its
    output passed through ``finish`` (the sink's last safety net)."""
    module, name = where.split(":")

    def rendered(recap: Recap) -> str:
        render: Callable[[Recap], str] = getattr(import_module(module), name)
        return finish(render(recap))

    return rendered


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format(
            "md",
            ".md",
            "Markdown",
            _finished("tracker.export.markdown:render_markdown", visible_lines),
        ),
        Format(
            "html",
            ".html",
            "HTML page",
            _finished("tracker.export.html_recap:render_html", visible_lines),
        ),
        Format(
            "txt", ".txt", "plain text", _finished("tracker.export.text:render_text", visible_lines)
        ),
        Format(
            "json",
            ".json",
            "JSON events",
            _finished("tracker.export.json_log:render_json", json_safe),
        ),
    )
}


def format_named(name: str) -> Format:
    """The format called ``name`` (``markdown``/``text`` accepted); TrackerError otherwise."""
    key = {"markdown": "md", "text": "txt", "htm": "html"}.get(name.casefold(), name.casefold())
    if key not in FORMATS:
        raise TrackerError(f"unknown format {name!r} — formats: {', '.join(FORMATS)}")
    return FORMATS[key]


def format_for(path: Path, default: str = "md") -> Format:
    """The format a file name asks for by its suffix (``default`` when it says nothing)."""
    suffix = SUFFIX_ALIASES.get(path.suffix.casefold(), path.suffix.casefold())
    for fmt in FORMATS.values():
        if suffix == fmt.suffix:
            return fmt
    return FORMATS[default]


SUFFIX_ALIASES = {".markdown": ".md", ".htm": ".html", ".text": ".txt"}


def recap_of(loaded: Loaded, options: ExportOptions) -> Recap:
    """The recap of a loaded encounter file."""
    return build_recap(loaded.encounter, loaded.rules, loaded.head, options)


def export_text(loaded: Loaded, fmt: Format, options: ExportOptions) -> str:
    """A loaded encounter rendered in ``fmt``."""
    return fmt.render(recap_of(loaded, options))


def export_file(source: Path, fmt: Format, options: ExportOptions) -> str:
    """Load an encounter file (read-only) and render it in ``fmt``."""
    return export_text(load(source), fmt, options)


def recap_file_name(title: str, options: ExportOptions, suffix: str) -> str:
    """``bandits-at-the-ford-round-3.md``: the encounter's ``title`` made into a file name,
    then what is exported (``round-3``, ``rounds-2-4``, ``round-log`` for the whole fight,
    ``gm-copy`` after a GM copy) — the export dialog's default and "copy this round"
    alike."""
    what = [title, options.label or "round log"]
    stem = slug(" ".join([*what, "gm copy" if options.gm else ""]))[:FILE_STEM_LIMIT]
    return f"{stem.strip('-') or 'round-log'}{suffix}"


FILE_STEM_LIMIT = 80
"""The longest file name (before its suffix) a recap is given by default."""


def round_markdown(loaded: Loaded, round_no: int, *, gm: bool = False) -> str:
    """One round as Markdown (for "copy this round" in the TUI)."""
    options = ExportOptions(round_no, round_no, gm=gm)
    return FORMATS["md"].render(recap_of(loaded, options))
