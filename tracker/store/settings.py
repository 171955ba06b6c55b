"""The GM's settings: ``settings.toml`` in the user config folder.

Four keys, all optional (docs/bestiary.md, "Settings")::

    encounters = "~/games/encounters"   # the launcher's folder (default: data folder);
                                        # a relative one is beside settings.toml
    theme = "weyland"                   # the last theme chosen with t
    last_file = "/home/gm/games/encounters/ford.toml"
    recent = ["/home/gm/campaigns/tokyo.toml", …]   # opened lately, newest first

Reading is tolerant: a missing file is the defaults; a broken one is the defaults plus a
one-line ``problem`` for the caller to show (never a traceback); so is a key close to
one it knows (``Theme``, ``theem``: "did you mean theme?"), and a file of another kind.
Other keys this version does not know are kept and written back. Saving replaces the
whole file atomically, under the file's writer lock, from the settings as they are once
the lock is held; the GM's comments, blank lines and order in the file are kept
(``tomlkit`` edits the file as it was: only what changed is rewritten).
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from tracker.core.errors import TrackerError
from tracker.paths import user_config_dir, user_data_dir
from tracker.rules.user_files import read_regular
from tracker.store.errors import JournalError
from tracker.store.file_text import SETTINGS_FIELDS, check_document
from tracker.store.locator import Locator
from tracker.store.other_files import what_it_is
from tracker.store.rewrite_lock import rewrite
from tracker.store.toml_parse import parse_document

KEYS = ("encounters", "theme", "last_file")
RECENT_MOST = 10
"""How many recently opened files (encounters and campaigns) the settings keep."""


def settings_path() -> Path:
    """Where the settings live (``~/.config/tracker/settings.toml``)."""
    return user_config_dir() / "settings.toml"


def default_encounters() -> Path:
    """The default encounters folder (``~/.local/share/tracker/encounters``)."""
    return user_data_dir() / "encounters"


@dataclass
class Settings:
    """What the tracker remembers between runs."""

    encounters: Path = field(default_factory=default_encounters)
    """The folder the launcher lists and new encounters go to."""
    theme: str = ""
    """The theme the GM last chose ("" : none chosen yet)."""
    last_file: Path | None = None
    """The encounter opened last (the launcher offers to resume it)."""
    recent: tuple[Path, ...] = ()
    """Encounters and campaigns opened lately, wherever they live, newest first (the
    launcher lists those still there)."""
    file_themes: dict[str, str] = field(default_factory=dict)
    """The theme chosen for each encounter file (its full path), saved as ``[themes]``."""
    problem: str = ""
    """Why the file could not be read (one line), or "" — never saved."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Keys this version does not know, kept as they were."""
    encounters_written: tuple[str, Path] | None = field(default=None, compare=False)
    """``encounters`` as the GM wrote it and the folder it names: saved back as written
    (``"games"`` stays relative) while the folder is the same."""

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """The settings in ``path`` (default :func:`settings_path`), tolerant of damage."""
        path = path or settings_path()
        try:
            data: bytes | None = read_regular(path)
        except FileNotFoundError:
            data = None
        except OSError as err:
            return cls(problem=_problem(path, err))
        return cls.read(path, data)

    @classmethod
    def read(cls, path: Path, data: bytes | None) -> Settings:
        """The settings ``data`` holds (None or empty: the defaults), tolerant of damage."""
        if not data:
            return cls()
        try:
            table = parse_document(path, data)
        except JournalError as err:
            where = JournalError(path, "cannot read the settings", err.line, err.col)
            return cls(problem=f"{where} ({err.message}) — using the defaults")
        kind = what_it_is(table)
        if kind and not kind.startswith("a settings file"):
            where = Locator(path).error(f"this is {kind}, not the settings", "")
            return cls(problem=f"{where} — using the defaults")
        try:
            check_document(table, Locator(path), SETTINGS_FIELDS)
        except JournalError as err:
            return cls(problem=f"{err} — using the defaults")
        return _from_table(path, table)

    def save(self, path: Path | None = None) -> None:
        """Write the settings (under the file's writer lock, temp file + ``os.replace``);
        TrackerError on failure."""
        rewrite(path or settings_path(), self.text)

    def text(self, old: bytes | None = None) -> bytes:
        """The settings file's bytes; given the file as it was (``old``), its comments,
        blank lines and order are kept and only what changed is rewritten."""
        import tomlkit
        from tomlkit.exceptions import ParseError

        try:
            document = tomlkit.parse(old.decode("utf-8")) if old else tomlkit.document()
        except (UnicodeDecodeError, ParseError):  # a damaged file: written anew
            document = tomlkit.document()
        _merge(document, self.table())
        return tomlkit.dumps(document).encode("utf-8")

    def table(self) -> dict[str, Any]:
        """The settings as the TOML table that is saved."""
        table: dict[str, Any] = dict(self.extra)
        written = self.encounters_written
        if written is not None and written[1] == self.encounters:
            table["encounters"] = written[0]
        elif self.encounters != default_encounters():  # the default follows XDG_DATA_HOME
            table["encounters"] = _home_relative(self.encounters)
        if self.theme:
            table["theme"] = self.theme
        if self.last_file is not None:
            table["last_file"] = str(self.last_file)
        if self.recent:
            table["recent"] = [str(path) for path in self.recent]
        if self.file_themes:
            table["themes"] = dict(self.file_themes)
        return table


def _merge(target: MutableMapping[str, Any], table: dict[str, Any]) -> None:
    """Make ``target`` (a tomlkit document or table) hold ``table``, touching only the keys
    whose values differ: the others keep their comments and layout."""
    for key in [key for key in target if key not in table]:
        del target[key]
    for key, value in table.items():
        old = target.get(key)
        if isinstance(value, dict) and isinstance(old, MutableMapping):
            _merge(old, value)
        elif isinstance(value, list) and _one_per_line(old) and old != value:
            target[key] = _one_per_line_array(old, value)
        elif key not in target or old != value:
            target[key] = value


def _one_per_line(old: object) -> TypeGuard[list[Any]]:
    """Whether ``old`` is an array the GM wrote over several lines (a one-line array is
    rewritten whole: tomlkit keeps its trailing comment and spaces it evenly)."""
    return isinstance(old, list) and "\n" in getattr(old, "as_string", str)()


def _one_per_line_array(old: list[Any], values: list[Any]) -> Any:
    """``values`` as an array of one item a line, each item that was in ``old`` with the
    comment the GM wrote beside it (the comment after the closing bracket stays too)."""
    import tomlkit

    said = _comments_beside(old)
    array = tomlkit.array()
    for value in values:
        array.add_line(value, indent="    ", comment=said.get(value))
    array.add_line(indent="")
    return array


def _comments_beside(old: list[Any]) -> dict[Any, str]:
    """The comment after each item of the multi-line array ``old`` (``"a",  # mine``)."""
    said: dict[Any, str] = {}
    for line in getattr(old, "as_string", str)().splitlines():
        text = line.strip()
        for item in old:
            shown = getattr(item, "as_string", str)()
            rest = text.removeprefix(shown).lstrip(" \t,")
            if text.startswith(shown) and rest.startswith("#"):
                said[item] = rest[1:].strip()
    return said


def _from_table(path: Path, table: dict[str, Any]) -> Settings:
    known = (*KEYS, "themes", "recent")
    settings = Settings(extra={k: v for k, v in table.items() if k not in known})
    wrong = [key for key in KEYS if key in table and not isinstance(table[key], str)]
    if wrong:
        settings.problem = f"{path}: {wrong[0]} should be text in quotes — ignored"
    else:
        settings.problem = _misspelt(path, settings.extra, known)
    if isinstance(table.get("encounters"), str) and table["encounters"].strip():
        settings.encounters = _beside(path, table["encounters"])
        settings.encounters_written = (table["encounters"], settings.encounters)
    if isinstance(table.get("theme"), str):
        settings.theme = table["theme"]
    if isinstance(table.get("last_file"), str) and table["last_file"]:
        settings.last_file = Path(table["last_file"]).expanduser()
    recent = table.get("recent", [])
    if isinstance(recent, list) and all(isinstance(p, str) for p in recent):
        settings.recent = tuple(Path(p).expanduser() for p in recent if p)[:RECENT_MOST]
    elif not settings.problem:
        settings.problem = f"{path}: recent should be a list of file paths in quotes — ignored"
    themes = table.get("themes")
    if isinstance(themes, dict):
        settings.file_themes = {k: v for k, v in themes.items() if isinstance(v, str)}
    return settings


def _misspelt(path: Path, extra: dict[str, Any], known: tuple[str, ...]) -> str:
    """``settings.toml:2:1: 'Theme' is not a setting — did you mean theme? (ignored)`` for
    the first key the tracker does not know that is close to one it does (another case, a
    letter off), which would otherwise be kept and ignored in silence; "" when none is.
    Keys far from every setting are a newer tracker's, kept as they are."""
    from tracker.core.nearest_word import nearest

    for key in extra:
        meant = nearest(key, known, cutoff=0.8)  # a newer tracker's key is rarely this close
        if meant is not None:
            said = f"{key!r} is not a setting — did you mean {meant}? (ignored)"
            return str(Locator(path).error(said, key))
    return ""


def _beside(path: Path, written: str) -> Path:
    """The folder ``written`` in the settings file ``path`` names: ``~`` is the home
    folder, and a relative folder is taken from the settings file's own folder (where
    the GM who wrote it was looking), not from wherever the tracker was started."""
    folder = Path(written).expanduser()
    return folder if folder.is_absolute() else path.absolute().parent / folder


def _problem(path: Path, err: Exception) -> str:
    """One line saying why the settings file was not read."""
    text = " ".join(str(err).split()) if not isinstance(err, OSError) else err.strerror or ""
    return f"{path}: cannot read the settings ({text}) — using the defaults"


def _home_relative(folder: Path) -> str:
    """``~/games`` for a folder under the home folder, else the full path."""
    try:
        return "~/" + folder.relative_to(Path.home()).as_posix()
    except ValueError:
        return str(folder)


def remember(**changes: Any) -> str:
    """Change the settings and save them; the one-line problem if saving failed, else ""."""

    def edit(settings: Settings) -> None:
        for key, value in changes.items():
            setattr(settings, key, value)

    return update_settings(edit)


def update_settings(edit: Callable[[Settings], None], path: Path | None = None) -> str:
    """Read the settings under the file's writer lock, ``edit`` them and save them (another
    tracker saving at the same moment loses nothing); the one-line problem, or "".
    A file the GM has to fix is never overwritten."""
    path = path or settings_path()

    def change(data: bytes | None) -> bytes:
        settings = Settings.read(path, data)
        if settings.problem:
            raise TrackerError(settings.problem)
        edit(settings)
        try:  # never write what the reader would refuse (a file name with an ESC in it)
            check_document(settings.table(), Locator(path), SETTINGS_FIELDS)
        except JournalError as err:
            raise TrackerError(f"not saved, the settings are kept as they were: {err}") from None
        return settings.text(data)

    try:
        rewrite(path, change)
    except (TrackerError, OSError) as err:
        return str(err)
    return ""


def remember_opened(path: Path, **changes: Any) -> str:
    """``path`` (an encounter or a campaign) was opened: first in the recent files, which
    keep ``RECENT_MOST`` that are still there; other ``changes`` as ``remember``."""
    opened = path.absolute()
    kept = [p for p in Settings.load().recent if p != opened and p.is_file()]
    return remember(recent=(opened, *kept)[:RECENT_MOST], **changes)


def remember_theme(theme: str, file: Path | None) -> str:
    """The GM chose ``theme`` (for ``file``, if one is open): it is the launcher's from now
    on, and that file's whenever it is opened again. The one-line problem, or ""."""

    def edit(settings: Settings) -> None:
        settings.theme = theme
        if file is not None:
            settings.file_themes = {**settings.file_themes, str(file.absolute()): theme}

    return update_settings(edit)
