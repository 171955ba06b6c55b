"""The export modal (format, rounds, path, GM copy, a live preview) and "copy this round".

Open it with ``app.push_screen(ExportScreen(loaded), callback)``: it dismisses with the
``Path`` it wrote, or ``None`` when the GM cancels. A folder that does not exist is
refused in one line, as ``tracker log -o`` refuses it (only the recaps folder, and a
folder typed with a trailing ``/``, are made). ``copy_round_markdown(app, text, name)``
puts Markdown on the clipboard (OSC 52, where the terminal allows it) and always saves
it under ``user_data_dir()/recaps/`` too, returning a one-line message for the GM.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static, TextArea

from tracker.core.errors import TrackerError, one_line
from tracker.export.formats import FORMATS, Format, recap_file_name, recap_of
from tracker.export.recap import ExportOptions, parse_rounds
from tracker.paths import user_data_dir
from tracker.store.durable import make_folder
from tracker.store.encounter_load import Loaded
from tracker.store.output import write_output
from tracker.ui.modals.dialog import KeyHint
from tracker.ui.plain import plain

PREVIEW_FORMAT = {"html": "txt"}
"""Formats previewed as another (an HTML page reads best as its text)."""


def recaps_dir() -> Path:
    """Where recaps are saved by default: ``user_data_dir()/recaps``."""
    return user_data_dir() / "recaps"


class ExportScreen(ModalScreen[Path | None]):
    """Export the round log to a file, with a preview of what will be written.

    | Key | Action |
    | :- | :- |
    | escape | Close without exporting (dismisses with ``None``). |
    | ctrl+s | Write the file (dismisses with its ``Path``). |

    ``loaded`` is the encounter in play (``EncounterFile.loaded``); ``rounds`` pre-fills
    the rounds box (``"3"``, ``"2-4"``, ``""`` for all); ``gm`` ticks "GM copy".
    """

    DEFAULT_CSS = """
    ExportScreen { align: center middle; }
    ExportScreen > #dialog {
        width: 90%; height: 90%; padding: 1 2;
        border: thick $primary; background: $surface;
    }
    ExportScreen #title { text-style: bold; color: $primary; margin-bottom: 1; }
    ExportScreen .row { height: auto; }
    ExportScreen #format { width: 22; }
    ExportScreen #rounds { width: 24; }
    ExportScreen #path { width: 1fr; }
    ExportScreen #ticks { padding: 0 1; }
    ExportScreen #ticks Checkbox { margin-right: 3; }
    ExportScreen.-short > #dialog { height: 100%; width: 100%; padding: 0 1; }
    ExportScreen.-short #title { margin-bottom: 0; }
    ExportScreen #problem { color: $error; height: auto; }
    ExportScreen #problem.-quiet { display: none; }
    ExportScreen #preview { height: 1fr; margin: 1 0; }
    ExportScreen #buttons { height: auto; align-horizontal: right; }
    ExportScreen #buttons Button { margin-left: 2; }
    ExportScreen #keys { width: 1fr; color: $foreground-muted; text-style: italic; padding-top: 1; }
    """

    BINDINGS = [
        Binding(
            "escape", "cancel", "Cancel", id="export.cancel", tooltip="Close without exporting"
        ),
        Binding(
            "ctrl+s",
            "export",
            "Export",
            id="export.write",
            tooltip="Write the recap to the file named in the path box",
        ),
    ]

    def __init__(
        self, loaded: Loaded, *, rounds: str = "", gm: bool = False, fmt: str = "md"
    ) -> None:
        super().__init__()
        self.loaded = loaded
        self.start_rounds = rounds
        self.start_gm = gm
        self.start_format = fmt if fmt in FORMATS else "md"
        self.default_path = Path()
        self.path_touched = False
        self._writing = False

    def finishing(self) -> bool:
        """Whether the recap is being written (the keys typed after ctrl+s wait for the
        dialog to close, or to say why not: ``key_order.Finishing``)."""
        return self._writing

    def compose(self) -> ComposeResult:
        """The form, the preview and the buttons."""
        with Vertical(id="dialog"):
            yield Label("Export the round log", id="title")
            with Horizontal(classes="row"):
                yield Select(
                    [(f.title, f.name) for f in FORMATS.values()],
                    value=self.start_format,
                    allow_blank=False,
                    id="format",
                )
                yield Input(self.start_rounds, placeholder="all, 3 or 2-4", id="rounds")
            with Horizontal(classes="row", id="ticks"):  # a row of its own: 80 columns hold it
                yield Checkbox("GM copy", self.start_gm, id="gm", compact=True)
                yield Checkbox("with undone", False, id="undone", compact=True)
            yield Input(id="path")
            yield Static("", id="problem", classes="-quiet")
            yield TextArea("", read_only=True, soft_wrap=True, id="preview")
            with Horizontal(id="buttons"):
                yield KeyHint(
                    "ctrl+s export", "Tab next field", "Esc close", classes="dialog-keys", id="keys"
                )
                yield Button("Export", variant="primary", id="export")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        """Fill in the default path and draw the first preview."""
        self.refresh_form()

    # --- reading the form -----------------------------------------------------------

    @property
    def chosen_format(self) -> Format:
        """The format picked in the drop-down."""
        value = self.query_one("#format", Select).value
        return FORMATS[value] if isinstance(value, str) and value in FORMATS else FORMATS["md"]

    def options(self) -> ExportOptions:
        """The export options the form describes (TrackerError for bad rounds)."""
        first, last = parse_rounds(self.query_one("#rounds", Input).value)
        return ExportOptions(
            first,
            last,
            gm=self.query_one("#gm", Checkbox).value,
            with_undone=self.query_one("#undone", Checkbox).value,
        )

    def suggested_path(self, options: ExportOptions) -> Path:
        """``recaps/<title>-<round-N|rounds-N-M|round-log>[-gm-copy].<suffix>``, named as
        "copy this round" names its file."""
        title = self.loaded.encounter.state.title
        return recaps_dir() / recap_file_name(title, options, self.chosen_format.suffix)

    # --- reacting -------------------------------------------------------------------

    @on(Select.Changed)
    @on(Checkbox.Changed)
    @on(Input.Changed, "#rounds")
    def refresh_form(self) -> None:
        """Options changed: new default path, new preview (or the problem, in one line)."""
        try:
            options = self.options()
        except TrackerError as err:
            self.show_problem(str(err))
            return
        self.show_problem("")
        suggested = self.suggested_path(options)
        path_box = self.query_one("#path", Input)
        if not self.path_touched:
            self.default_path = suggested
            path_box.value = str(suggested)
        self.render_preview(options, self.chosen_format)

    @on(Input.Changed, "#path")
    def path_edited(self, event: Input.Changed) -> None:
        """Once the GM types a path of their own, it is no longer replaced."""
        if event.value != str(self.default_path):
            self.path_touched = True

    def show_problem(self, text: str) -> None:
        """Show one sentence of trouble (or hide the line when ``text`` is empty)."""
        self._writing = False
        problem = self.query_one("#problem", Static)
        problem.update(plain(text))
        problem.set_class(not text, "-quiet")
        self.query_one("#export", Button).disabled = bool(text)

    @work(thread=True, exclusive=True, group="export-preview")
    def render_preview(self, options: ExportOptions, fmt: Format) -> None:
        """Render the preview off the UI thread (big journals take a moment)."""
        shown = FORMATS[PREVIEW_FORMAT.get(fmt.name, fmt.name)]
        try:
            text = shown.render(recap_of(self.loaded, options))
        except TrackerError as err:
            self.app.call_from_thread(self.show_problem, str(err))
            return
        self.app.call_from_thread(self.query_one("#preview", TextArea).load_text, text)

    # --- actions --------------------------------------------------------------------

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Close without writing anything."""
        self.dismiss(None)

    @on(Button.Pressed, "#export")
    def action_export(self) -> None:
        """Write the recap where the path box says, then close with that path."""
        try:
            options = self.options()
        except TrackerError as err:
            self.show_problem(str(err))
            return
        raw = self.query_one("#path", Input).value.strip()
        if not raw:
            self.show_problem("name a file to write, e.g. recaps/fight.md")
            return
        path, make_folder = self.file_named(raw, options)
        self._writing = True
        self.write_recap(options, self.chosen_format, path, make_folder)

    def file_named(self, raw: str, options: ExportOptions) -> tuple[Path, bool]:
        """The file the path box names, and whether its folder is made if missing: the
        recaps folder (the tracker's own), or a folder typed with a trailing ``/`` (the
        file then takes the suggested name), as ``tracker log -o DIR/`` does. Any other
        folder that does not exist is refused, as the CLI refuses it: a typo is said, not
        made into folders."""
        path = Path(raw).expanduser()
        if raw.endswith(("/", os.sep)):
            return path / self.suggested_path(options).name, True
        return path, path.parent == recaps_dir()

    @work(thread=True, exclusive=True, group="export-write")
    def write_recap(self, options: ExportOptions, fmt: Format, path: Path, make: bool) -> None:
        """Render and write in a worker (making the folder if ``make``); problems come
        back as one sentence."""
        try:
            text = fmt.render(recap_of(self.loaded, options))
            if make:
                make_folder(path.parent)
            write_output(path, text.encode("utf-8"), [self.loaded.path])
        except (TrackerError, OSError) as err:  # the path box shows the file: not said twice
            said = one_line(err).removeprefix(f"{path}: ")
            self.app.call_from_thread(self.show_problem, said)
            return
        self.app.call_from_thread(self.dismiss, path)


def copy_round_markdown(app: App[Any], markdown: str, name: str) -> str:
    """Copy Markdown to the clipboard and save it as ``recaps/<name>`` (a
    ``recap_file_name``); one line for the GM."""
    app.copy_to_clipboard(markdown)
    path = recaps_dir() / name
    try:
        make_folder(path.parent)
        write_output(path, markdown.encode("utf-8"))
    except (TrackerError, OSError) as err:
        return f"Copied to the clipboard (if your terminal allows it); not saved: {one_line(err)}"
    return f"Copied to the clipboard (if your terminal allows it) and saved to {path}"
