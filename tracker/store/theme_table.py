"""A theme file's table checked as the TUI checks it, without Textual.

The TUI (:mod:`tracker.ui.themes`) builds a Textual ``Theme`` from what
:func:`theme_fields` returns; ``tracker themes`` and ``tracker check`` list and look up
themes with :func:`installed_themes`, so a theme they offer is one the TUI takes. Every
colour is checked as the TUI checks it, names too (:mod:`tracker.store.colours`, without
Textual): a misspelt ``crimsn`` is refused with the name it is closest to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tracker.core.nearest_word import meant_or_listed
from tracker.core.safe_text import NAME_LIMIT
from tracker.paths import bundled_dir, user_config_dir
from tracker.rules.shipped import shipped_folders
from tracker.rules.user_files import read_regular
from tracker.store.colours import is_colour, nearest_colour
from tracker.store.errors import JournalError
from tracker.store.file_text import Fields, check_document
from tracker.store.locator import Locator
from tracker.store.other_files import what_it_is
from tracker.store.toml_parse import parse_document

COLOUR_KEYS = (
    "primary",
    "secondary",
    "warning",
    "error",
    "success",
    "accent",
    "foreground",
    "background",
    "surface",
    "panel",
    "boost",
)
NUMBER_KEYS = ("luminosity_spread", "text_alpha")
THEME_FIELDS = Fields(limits={"name": NAME_LIMIT})
"""Every text in a theme file is one plain line; its name as short as a combatant's."""

ColourCheck = Callable[[str], bool]
"""Whether a colour text is one the theme's reader takes (Textual's own check, in the
TUI; :func:`is_colour`, which agrees with it, elsewhere)."""


class ThemeError(Exception):
    """A theme file that cannot be used; the message is one line naming the file."""


@dataclass(frozen=True)
class ThemeFile:
    """One theme file that passed the checks: its name, fields and where it is."""

    name: str
    path: Path
    fields: dict[str, Any]


def theme_folders() -> list[Path]:
    """Where themes are found, in the order a later one replaces an earlier namesake:
    bundled, the rulesets', the GM's own."""
    return [bundled_dir("themes"), *shipped_folders("themes"), user_config_dir() / "themes"]


def read_theme_file(path: Path, known_colour: ColourCheck | None = None) -> ThemeFile:
    """The theme in ``path``, checked; ThemeError (one line naming the file) if unusable."""
    try:
        table = parse_document(path, read_regular(path))
        check_document(table, Locator(path), THEME_FIELDS)
    except OSError as err:
        raise ThemeError(f"theme {path.name}: {err.strerror or err}") from None
    except JournalError as err:
        raise ThemeError(f"theme {err}") from None
    fields = theme_fields(table, path.stem, path.name, known_colour or is_colour)
    return ThemeFile(fields["name"], path, fields)


def theme_fields(
    table: dict[str, Any], default_name: str, where: str, known: ColourCheck = is_colour
) -> dict[str, Any]:
    """A theme's fields from a parsed table, every key and colour checked (``known``
    says whether a colour is taken)."""
    allowed = {"name", "dark", "variables", *COLOUR_KEYS, *NUMBER_KEYS}
    kind = what_it_is(table)
    if "primary" not in table and kind and not kind.startswith("a theme"):
        raise ThemeError(f"theme {where}: this is {kind}, not a theme")
    unknown = sorted(set(table) - allowed)
    if unknown:
        said = meant_or_listed(unknown[0], allowed)
        raise ThemeError(f"theme {where}: unknown key {unknown[0]!r} — {said}")
    if "primary" not in table:
        raise ThemeError(f'theme {where}: needs at least primary = "#rrggbb"')
    fields: dict[str, Any] = {"name": _text(table.get("name", default_name), "name", where)}
    for key in COLOUR_KEYS:
        if key in table:
            fields[key] = _colour(table[key], key, where, known)
    for key in NUMBER_KEYS:
        if key in table:
            fields[key] = _number(table[key], key, where)
    dark = table.get("dark", True)
    if not isinstance(dark, bool):
        raise ThemeError(f"theme {where}: dark must be true or false")
    fields["dark"] = dark
    variables = table.get("variables", {})
    if not isinstance(variables, dict):
        raise ThemeError(f'theme {where}: [variables] must be a table of name = "value"')
    fields["variables"] = {k: _text(v, f"variables.{k}", where) for k, v in variables.items()}
    return fields


def _text(value: object, key: str, where: str) -> str:
    """``value`` if it is text; ThemeError (in words, no Python repr) if it is not."""
    if not isinstance(value, str):
        raise ThemeError(f'theme {where}: {key} must be text in quotes, such as "#rrggbb"')
    return value


def installed_themes(
    known_colour: ColourCheck | None = None,
) -> tuple[dict[str, ThemeFile], list[str]]:
    """Every usable theme by name (a GM's own replaces a bundled namesake) and one line
    for each file that is not usable."""
    themes: dict[str, ThemeFile] = {}
    problems: list[str] = []
    for folder in theme_folders():
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.toml")):
            try:
                theme = read_theme_file(path, known_colour)
            except ThemeError as err:
                problems.append(str(err))
                continue
            themes[theme.name] = theme
    return themes, problems


def _number(value: object, key: str, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ThemeError(f"theme {where}: {key} must be a number, such as 0.15")
    return float(value)


def _colour(value: object, key: str, where: str, known: ColourCheck) -> str:
    text = _text(value, key, where)
    if known(text):
        return text
    meant = nearest_colour(text)
    hint = f"did you mean {meant!r}?" if meant else 'use "#rrggbb" or a colour name'
    raise ThemeError(f"theme {where}: {key} = {text!r} is not a colour ({hint})")


def theme_stand_in(path: Path, head: dict[str, Any], ruleset_theme: str) -> str:
    """One line for an encounter whose ``theme`` is not installed (the theme played in
    instead, as the TUI picks it), or "" when its theme is installed or it names none."""
    from tracker.store.settings import Settings

    table = head.get("encounter", {})
    wanted = table.get("theme", "") if isinstance(table, dict) else ""
    found, _ = installed_themes()
    if not isinstance(wanted, str) or not wanted or wanted in found:
        return ""
    others = (ruleset_theme, Settings.load().theme)
    instead = next((name for name in others if name and name in found), "default-dark")
    where = Locator(path).error(f"theme {wanted!r} is not installed", "theme", "encounter")
    return f"{where} — it plays in {instead} (`tracker themes` lists those installed)"
