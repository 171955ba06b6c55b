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

from tracker.paths import user_config_dir
from tracker.store.settings import Settings
from tracker.store.theme_table import (
    COLOUR_KEYS,
    ThemeError,
    installed_themes,
    read_theme_file,
    theme_fields,
)

if TYPE_CHECKING:  # a type only: the player view reads themes without an encounter file
    from tracker.store.encounter_file import EncounterFile

DEFAULT_THEME = "default-dark"


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
    """Read every ``*.toml`` theme in ``folders`` (default: bundled, the rulesets', then the
    user's), checked as ``tracker themes`` checks them and each colour by Textual."""
    shelf = ThemeShelf()
    if folders is None:
        found, shelf.problems = installed_themes(_known_colour)
        for entry in found.values():
            _shelve(shelf, entry.fields, entry.path.name)
        return shelf
    for folder in folders:
        for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
            try:
                theme = read_theme(path)
            except ThemeError as err:
                shelf.problems.append(str(err))
                continue
            shelf.themes[theme.name] = theme
    return shelf


def _shelve(shelf: ThemeShelf, fields: dict[str, Any], where: str) -> None:
    try:
        shelf.themes[fields["name"]] = _theme(fields, where)
    except ThemeError as err:
        shelf.problems.append(str(err))


def read_theme(path: Path) -> Theme:
    """One theme file as a Textual ``Theme``; ThemeError if it is not a usable theme."""
    return _theme(read_theme_file(path, _known_colour).fields, path.name)


def theme_from_table(table: dict[str, Any], default_name: str, where: str) -> Theme:
    """Build a Theme from a parsed table, checking every key and colour."""
    return _theme(theme_fields(table, default_name, where, _known_colour), where)


def _theme(fields: dict[str, Any], where: str) -> Theme:
    for key in COLOUR_KEYS:
        if key in fields and not _known_colour(fields[key]):
            raise ThemeError(
                f"theme {where}: {key} = {fields[key]!r} is not a colour "
                '(use "#rrggbb" or a colour name)'
            )
    return Theme(**fields)


def _known_colour(text: str) -> bool:
    try:
        Color.parse(text)
    except ColorParseError:
        return False
    return True


def starting_theme(play: EncounterFile, shelf: ThemeShelf) -> tuple[str, str]:
    """The theme an opened encounter starts in: the one the GM chose for this file wins;
    then the file's own, its ruleset's, and the one the GM chose last (for a file naming
    none). With it, one line when the file names a theme that is not installed (the
    theme used instead), else ""."""
    table = play.loaded.head.get("encounter", {})
    settings = Settings.load()
    chosen = settings.file_themes.get(str(play.path.absolute()), "")
    own = str(table.get("theme", ""))
    named = (chosen, own, play.rules.theme, settings.theme)
    used = next((wanted for wanted in named if wanted in shelf.themes), DEFAULT_THEME)
    missing = own and own not in shelf.themes and chosen not in shelf.themes
    note = f"theme {own!r} (named in {play.path.name}) is not installed — playing in {used}"
    return used, note if missing else ""
