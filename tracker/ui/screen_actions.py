"""What the table's screen keys do outside the journal (no command runs): zoom a pane,
the body chart full screen, a picture of the screen, the next theme, the round copied."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual.app import App, SystemCommand
from textual.widget import Widget

from tracker.core.errors import TrackerError, one_line
from tracker.core.outcome import Outcome
from tracker.store.encounter_file import EncounterFile
from tracker.ui.panes.body_chart import BodyChart
from tracker.ui.panes.initiative import InitiativePane
from tracker.ui.screenshot import save_screen


def zoom(app: App[Any]) -> None:
    """The focused pane full screen, or back to every pane."""
    screen = app.screen
    if screen.maximized is not None:
        restore_panes(app)
        return
    pane = app.focused
    while pane is not None and not (isinstance(pane, Widget) and pane.allow_maximize):
        pane = pane.parent if isinstance(pane.parent, Widget) else None
    screen.maximize(pane if pane is not None else app.query_one("#initiative-frame"))


def body_chart(app: App[Any]) -> None:
    """The selected combatant's body chart full screen (again: back)."""
    body = app.query_one(BodyChart)
    if app.screen.maximized is body:
        restore_panes(app)
    else:
        app.screen.maximize(body, container=False)
        body.focus()


def copy_round(app: App[Any], play: EncounterFile, round_no: int) -> Outcome:
    """Copy round ``round_no``'s log as Markdown (and save it under recaps/)."""
    from tracker.export.formats import recap_file_name, round_markdown
    from tracker.export.recap import ExportOptions
    from tracker.ui.export_screen import copy_round_markdown

    try:
        markdown = round_markdown(play.loaded, round_no)
    except TrackerError as err:
        return Outcome(False, one_line(err))
    title = play.loaded.encounter.state.title
    name = recap_file_name(title, ExportOptions(round_no, round_no), ".md")
    return Outcome(True, copy_round_markdown(app, markdown, name))


def restore_panes(app: App[Any]) -> None:
    """Every pane back, the order focused."""
    app.screen.minimize()
    app.query_one(InitiativePane).focus()


def screenshot_beside(app: App[Any], folder: Path) -> None:
    """Save an SVG picture of the screen in ``folder`` and say where."""
    said = save_screen(app, folder)
    error = said.startswith("no ")
    app.notify(said, severity="error" if error else "information", markup=False)


def next_theme(names: list[str], current: str) -> str:
    """The theme after ``current`` in ``names`` (the first when it is not one of them)."""
    index = names.index(current) + 1 if current in names else 0
    return names[index % len(names)]


def system_commands(
    app: App[Any], commands: Iterable[SystemCommand], folder: Path
) -> Iterable[SystemCommand]:
    """Textual's own palette commands, less its theme picker (it offers Textual's ~20
    themes; the palette's "Theme: …" entries and t offer this app's), its Quit (ours
    says that everything is saved), and its Screenshot saved beside the encounter file
    (Textual's wants a Downloads folder): in ``folder``, beside the encounter file."""
    folder = folder.absolute()  # "in ." says nothing when the file was named relatively
    for command in commands:
        if command.title == "Screenshot":
            yield SystemCommand(
                "Screenshot",
                f"Save an SVG picture of the screen in {folder}",
                lambda: app.set_timer(0.1, lambda: screenshot_beside(app, folder)),
            )
        elif command.title not in ("Theme", "Quit"):
            yield command
