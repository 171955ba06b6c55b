"""Themes as data: ``themes/*.toml`` bundled with tracker, plus the user's themes folder.

A theme file holds the fields of a Textual ``Theme`` (``name``, ``primary``, ``background``
…, ``dark``) and an optional ``[variables]`` table. A user theme with the same name as a
bundled one replaces it. A broken file is skipped with a one-line complaint; one whose
text or numbers a load would refuse (an escape in ``name``) names ``file:line:col``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.color import Color, ColorParseError
from textual.theme import Theme

from tracker.core.safe_text import NAME_LIMIT
from tracker.paths import bundled_dir, user_config_dir
from tracker.rules.shipped import shipped_folders
from tracker.rules.user_files import read_regular
from tracker.store.errors import JournalError
from tracker.store.file_text import Fields, check_document
from tracker.store.locator import Locator
from tracker.store.settings import Settings
from tracker.store.toml_parse import parse_document

if TYPE_CHECKING:  # a type only: the player view reads themes without an encounter file
    from tracker.store.encounter_file import EncounterFile

DEFAULT_THEME = "default-dark"
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


@dataclass
class ThemeShelf:
    """The themes found on disk, by name, and what could not be read."""

    themes: dict[str, Theme] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        """Theme names, the default first, then alphabetical."""
        rest = sorted(n for n in self.themes if n != DEFAULT_THEME)
        return [DEFAULT_THEME, *rest] if DEFAULT_THEME in self.themes else rest


def user_themes_dir() -> Path:
    """The folder for the user's own themes (``~/.config/tracker/themes``)."""
    return user_config_dir() / "themes"


def load_themes(folders: list[Path] | None = None) -> ThemeShelf:
    """Read every ``*.toml`` theme in ``folders`` (bundled, then the user's)."""
    shelf = ThemeShelf()
    if folders is None:
        folders = [bundled_dir("themes"), *shipped_folders("themes"), user_themes_dir()]
    for folder in folders:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.toml")):
            try:
                theme = read_theme(path)
            except ThemeError as err:
                shelf.problems.append(str(err))
                continue
            shelf.themes[theme.name] = theme
    return shelf


class ThemeError(Exception):
    """A theme file that cannot be used; the message is one line naming the file."""


def read_theme(path: Path) -> Theme:
    """One theme file as a Textual ``Theme``; ThemeError if it is not a usable theme."""
    try:
        table = parse_document(path, read_regular(path))
        check_document(table, Locator(path), THEME_FIELDS)
    except OSError as err:
        raise ThemeError(f"theme {path.name}: {err.strerror or err}") from None
    except JournalError as err:
        raise ThemeError(f"theme {err}") from None
    return theme_from_table(table, path.stem, path.name)


def theme_from_table(table: dict[str, Any], default_name: str, where: str) -> Theme:
    """Build a Theme from a parsed table, checking every key and colour."""
    allowed = {"name", "dark", "variables", *COLOUR_KEYS, *NUMBER_KEYS}
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise ThemeError(
            f"theme {where}: unknown key {unknown[0]!r} — allowed: {', '.join(sorted(allowed))}"
        )
    if "primary" not in table:
        raise ThemeError(f'theme {where}: needs at least primary = "#rrggbb"')
    fields: dict[str, Any] = {"name": str(table.get("name", default_name))}
    for key in COLOUR_KEYS:
        if key in table:
            fields[key] = _colour(table[key], key, where)
    for key in NUMBER_KEYS:
        if key in table:
            fields[key] = _number(table[key], key, where)
    fields["dark"] = bool(table.get("dark", True))
    variables = table.get("variables", {})
    if not isinstance(variables, dict):
        raise ThemeError(f'theme {where}: [variables] must be a table of name = "value"')
    fields["variables"] = {str(k): str(v) for k, v in variables.items()}
    return Theme(**fields)


def _number(value: object, key: str, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ThemeError(f"theme {where}: {key} must be a number, such as 0.15")
    return float(value)


def _colour(value: object, key: str, where: str) -> str:
    try:
        Color.parse(str(value))
    except ColorParseError:
        raise ThemeError(
            f'theme {where}: {key} = {value!r} is not a colour (use "#rrggbb" or a colour name)'
        ) from None
    return str(value)


def starting_theme(play: EncounterFile, shelf: ThemeShelf) -> str:
    """The theme an opened encounter starts in: the one the GM chose for this file wins;
    then the file's own, its ruleset's, and the one the GM chose last (for a file naming
    none)."""
    table = play.loaded.head.get("encounter", {})
    settings = Settings.load()
    chosen = settings.file_themes.get(str(play.path.absolute()), "")
    named = (chosen, str(table.get("theme", "")), play.rules.theme, settings.theme)
    for wanted in named:
        if wanted in shelf.themes:
            return wanted
    return DEFAULT_THEME
