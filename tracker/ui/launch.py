"""``tracker [FILE]``: open the TUI on a file, or the launcher (tracker/ui/launcher.py).

Every file opened is remembered in the settings (``last_file``: the launcher offers to
resume it; ``recent``: the launcher lists it wherever it lives). With FILE, a file that
cannot be opened (a load error, another GM holding it) prints its one-line error on
stderr and returns 1; from the launcher, the launcher comes back with that line. The
file is left as it was.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from tracker.core.safe_text import visible
from tracker.rules.user_files import loads_toml, read_regular, why_not_a_file
from tracker.store.errors import StoreError
from tracker.store.lock import WriterLock
from tracker.store.settings import remember_opened

PREFERRED_RULESETS = ("nerv-d100", "basic")


def sample_ruleset(path: Path) -> str:
    """The ruleset a sample encounter names (``""`` if it cannot be read)."""
    try:
        head = loads_toml(read_regular(path).decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return ""
    table = head.get("encounter", {})
    return str(table.get("ruleset", "")) if isinstance(table, dict) else ""


def pick_sample(samples: list[Path]) -> Path | None:
    """The sample to open: a nerv-d100 one if there is one, else basic, else the first."""
    by_ruleset: dict[str, Path] = {}
    for path in samples:
        by_ruleset.setdefault(sample_ruleset(path), path)
    for wanted in PREFERRED_RULESETS:
        if wanted in by_ruleset:
            return by_ruleset[wanted]
    return samples[0] if samples else None


def launch(path: Path | None) -> int:
    """Run the TUI on ``path``, or the launcher first when there is none (or when ``path``
    is a campaign file: the launcher opens on its party screen); the exit status."""
    from tracker.store.campaign_listing import is_campaign

    campaign = path if path is not None and is_campaign(path) else None
    if path is not None and campaign is None:
        failure = play(path)
        if failure:
            print(f"tracker: {visible(failure)}", file=sys.stderr)
        return 1 if failure else 0
    from tracker.ui.launcher import LauncherApp

    message = ""
    while True:  # a file that fails to open brings the launcher back, saying why
        chosen = LauncherApp(message=message, campaign=campaign).run()
        campaign = None
        if chosen is None:
            return 0
        message = play(chosen)
        if not message:
            return 0


def _what_to_do(path: Path) -> str:
    """How to go on when ``path`` is no file: open the ``.toml`` file of that name if there
    is one, else make it (``tracker new`` adds ``.toml`` to a name without a suffix)."""
    toml = path.with_name(f"{path.name}.toml") if not path.suffix and path.name else path
    if toml != path and toml.is_file():
        return f" — did you mean `tracker {toml}`?"
    return f" — create one with `tracker new {toml} --ruleset basic`"


def play(path: Path) -> str:
    """Play ``path`` in the tracker, remembered as the last file; why it failed, or ""."""
    if not path.is_file():
        what = why_not_a_file(path)
        if what not in ("does not exist", "is a folder"):  # a pipe, socket or device
            return f"{path}: {what}"
        return f"{path}: {what}{_what_to_do(path)}"
    try:  # another GM holding the file: say so before the screen opens
        with WriterLock(path):
            pass
    except StoreError as err:
        return str(err)
    problem = remember_opened(path, last_file=path.absolute())  # said once the fight shows
    from tracker.ui.app import TrackerApp

    app = TrackerApp(path, settings_problem=problem)
    app.run()
    if app.then_open is not None and not app.failure:
        return play(app.then_open)  # the party screen made the next fight: play it
    return app.failure
