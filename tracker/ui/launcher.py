"""``tracker`` with no FILE: the launcher. Resume, pick an encounter, a sample, or start one.

The list (newest first): the encounter played last (Enter resumes it: it is the first
row), the campaigns in the GM's encounters folder or opened lately from anywhere
(opening one shows its party screen, ``party.py``; the next fight made there, or a
fight chosen in its list, is played), the GM's encounters (also those opened lately
from other folders), the bundled samples (opening one plays a copy in the encounters
folder) and "new encounter". Typing filters the list, fuzzily, best match first
(``launcher_search``); up/down move; Enter opens. The
app exits with the file to play (``launch.py`` then runs the tracker on it), or None
when the GM leaves. A file that cannot be opened is one line in the launcher.

Keys (``BINDINGS``): up/down/pgup/pgdn/home/end move, Enter opens, ctrl+n new encounter,
Esc clears the search (or leaves when it is empty), ctrl+q leaves. Keys typed in one
write (a fast typist, a paste) are taken one at a time, in order (``key_order``).
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tracker.core.errors import TrackerError, one_line
from tracker.core.safe_text import visible
from tracker.store.campaign_file import load_campaign
from tracker.store.durable import make_folder
from tracker.store.encounter_file import new_file
from tracker.store.errors import StoreError
from tracker.store.fresh_copy import fresh_copy
from tracker.store.lock import WriterLock
from tracker.store.settings import Settings, remember_opened
from tracker.ui.key_order import KeyDone, KeyOrder
from tracker.ui.launcher_choices import (
    SECTIONS,
    Choice,
    file_name_for,
    launcher_choices,
    prompt,
    shown_folder,
)
from tracker.ui.launcher_search import ranked
from tracker.ui.modals.new_encounter import NewEncounterScreen
from tracker.ui.party import PartyScreen
from tracker.ui.plain import PlainFooter, PlainTextApp
from tracker.ui.themes import DEFAULT_THEME, ThemeShelf, load_themes


def _key(
    key: str, action: str, description: str, binding_id: str, tooltip: str, show: bool = True
) -> Binding:
    return Binding(key, action, description, show=show, id=binding_id, tooltip=tooltip)


LIST_ACTIONS = ("open", "move", "new", "clear")
"""The launcher's own keys for its list (they rest under the party screen and dialogs)."""


class LauncherApp(PlainTextApp[Path | None]):
    """Pick the encounter to play; exits with its path (None: the GM left)."""

    CSS_PATH = ["tracker.tcss", "launcher.tcss"]
    TITLE = "tracker"
    BINDINGS = [
        _key("enter", "open", "open", "launcher-open", "open the highlighted row"),
        _key("down", "move('cursor_down')", "down", "launcher-down", "the next row", False),
        _key("up", "move('cursor_up')", "up", "launcher-up", "the row above", False),
        _key("pagedown", "move('page_down')", "page", "launcher-page-down", "a page down", False),
        _key("pageup", "move('page_up')", "page", "launcher-page-up", "a page up", False),
        _key("ctrl+n", "new", "new encounter", "launcher-new", "start a new encounter"),
        _key("escape", "clear", "clear / leave", "launcher-clear", "clear the search, or leave"),
        _key("ctrl+q", "quit", "quit", "launcher-quit", "leave the tracker"),
    ]

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        message: str = "",
        shelf: ThemeShelf | None = None,
        campaign: Path | None = None,
    ) -> None:
        """``campaign``: a campaign file whose party screen opens at once (``tracker
        CAMPAIGN``); Esc there comes back to the list."""
        super().__init__()
        self.campaign = campaign
        self.settings = settings if settings is not None else Settings.load()
        self.message = message or self.settings.problem
        self.shelf = shelf if shelf is not None else load_themes()
        self.choices: list[Choice] = []
        self.shown: list[Choice] = []
        self.problem = ""
        """The line of trouble shown under the list ("" : none)."""
        self.keys = KeyOrder(self)
        """The terminal's keys, one at a time in order (``ctrl+n`` then a title typed in
        one write: the title goes into the dialog ``ctrl+n`` opened)."""
        for theme in self.shelf.themes.values():
            self.register_theme(theme)
        wanted = self.settings.theme if self.settings.theme in self.shelf.themes else DEFAULT_THEME
        if wanted in self.shelf.themes:
            self.theme = wanted

    def compose(self) -> ComposeResult:
        """Where the encounters are, the search field, the list, a problem line, keys."""
        folder = shown_folder(self.settings.encounters)
        yield Static(
            Text.assemble(("tracker", "bold"), " · your encounters in ", folder),
            id="launcher-header",
        )
        yield Input(
            placeholder="type to search · ↑↓ choose · Enter opens",
            id="launcher-search",
            compact=True,
        )
        yield OptionList(id="launcher-list")
        yield Static(id="launcher-problem")
        yield PlainFooter()

    def on_mount(self) -> None:
        """List everything and start in the search field."""
        self.choices = launcher_choices(self.settings)
        self.show_choices("")
        self.say(self.message)
        self.query_one("#launcher-search", Input).focus()
        if self.campaign is not None:
            self.open_party(self.campaign)

    async def on_event(self, event: events.Event) -> None:
        """A key or paste goes to its widget once the one before has done all it does."""
        await self.keys.hand_over(event, super().on_event)

    def on_key_done(self, done: KeyDone) -> None:
        """A key has been through every widget it went to."""
        self.keys.arrived(done)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The list's keys only while the list is on screen (not under the party screen
        or a dialog); leaving, and Textual's own keys (Tab between a screen's panes), always
        work."""
        return action not in LIST_ACTIONS or len(self.screen_stack) == 1

    # --- the list ---------------------------------------------------------------------

    def show_choices(self, query: str) -> None:
        """Rebuild the list with the rows matching ``query``, best first; highlight the
        first."""
        self.shown = ranked(self.choices, query)
        options: list[Option] = []
        if not query and all(c.kind in ("sample", "new") for c in self.choices):
            options.append(Option(Text(FIRST_RUN), disabled=True))
        section = ""
        for index, choice in enumerate(self.shown):
            if choice.kind != section:
                section = choice.kind
                if SECTIONS[section]:
                    options.append(Option(Text(SECTIONS[section]), disabled=True))
            options.append(Option(prompt(choice), id=f"choice-{index}"))
        listing = self.query_one("#launcher-list", OptionList)
        listing.set_options(options)
        first = next((i for i, option in enumerate(options) if not option.disabled), None)
        listing.highlighted = first
        if not self.shown:
            listing.add_option(Option(Text(f"nothing matches {query!r}"), disabled=True))

    @on(Input.Changed, "#launcher-search")
    def _typed(self, event: Input.Changed) -> None:
        self.say("")
        self.show_choices(event.value)

    @on(Input.Submitted, "#launcher-search")
    def _entered(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_open()

    @on(OptionList.OptionSelected, "#launcher-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.open_option(event.option)

    def highlighted(self) -> Choice | None:
        """The row under the cursor."""
        option = self.query_one("#launcher-list", OptionList).highlighted_option
        return self._choice(option) if option is not None else None

    def _choice(self, option: Option) -> Choice | None:
        if option.id is None or not option.id.startswith("choice-"):
            return None
        return self.shown[int(option.id.removeprefix("choice-"))]

    # --- actions ----------------------------------------------------------------------

    def action_move(self, how: str) -> None:
        """Move the list's cursor (the search field keeps the keyboard)."""
        listing = self.query_one("#launcher-list", OptionList)
        getattr(listing, f"action_{how}")()

    def action_open(self) -> None:
        """Open the highlighted row (with none, say why nothing opens)."""
        choice = self.highlighted()
        if choice is not None:
            self.open_choice(choice)
        elif not self.shown:
            typed = self.query_one("#launcher-search", Input).value
            self.say(
                f"nothing matches {typed!r}: Esc clears the search, ctrl+n starts a new encounter"
            )

    def open_option(self, option: Option) -> None:
        """Open the row behind a list option (a click)."""
        choice = self._choice(option)
        if choice is not None:
            self.open_choice(choice)

    def open_choice(self, choice: Choice) -> None:
        """Play a file, a copy of a sample, or ask for a new encounter."""
        if choice.campaign is not None:
            self.open_party(choice.campaign.path)
            return
        if choice.kind == "new" or choice.summary is None:
            self.action_new()
            return
        if choice.summary.problem:
            self.say(choice.summary.problem)
            return
        path = choice.summary.path
        if choice.kind != "sample" and not path.is_file():
            self.gone(path)
            return
        try:
            if choice.kind == "sample":
                path = fresh_copy(path, self.settings.encounters)
            else:
                check_free(path)
        except (TrackerError, OSError) as err:
            self.say(one_line(err))
            return
        self.exit(path)

    def gone(self, path: Path) -> None:
        """A listed file moved or deleted since the list was read: say so, read it again."""
        self.choices = launcher_choices(self.settings)
        self.show_choices(self.query_one("#launcher-search", Input).value)
        self.say(
            f"{path.name} is no longer in {shown_folder(path.parent)}: it was moved or "
            "deleted after the list was read, so the list is read again"
        )

    def open_party(self, path: Path) -> None:
        """The party screen of a campaign file; its next fight is played from there."""
        if not path.is_file():
            self.gone(path)
            return
        try:
            loaded = load_campaign(path)
        except (TrackerError, OSError) as err:
            self.say(one_line(err))
            return
        remember_opened(path)  # listed from now on, wherever it lives

        def back(fight: Path | None) -> None:
            if fight is not None:
                self.exit(fight)
                return
            self.choices = launcher_choices(self.settings)
            self.show_choices(self.query_one("#launcher-search", Input).value)

        self.push_screen(PartyScreen(loaded), back)

    def action_new(self) -> None:
        """Ask for a title and a ruleset; play the new file."""

        def made(path: Path | None) -> None:
            if path is not None:
                self.exit(path)

        self.push_screen(NewEncounterScreen(self.create, self.last_ruleset()), made)

    def create(self, title: str, ruleset: str) -> Path | str:
        """Make the new encounter file; its path, or why not (one line)."""
        folder = self.settings.encounters
        try:
            make_folder(folder)
            path = file_name_for(title, folder)
            new_file(path, ruleset, title)
        except (TrackerError, OSError) as err:
            return one_line(err)
        return path

    def last_ruleset(self) -> str:
        """The ruleset of the newest encounter (the likely one for the next)."""
        mine = [c for c in self.choices if c.kind == "file" and c.summary is not None]
        return mine[0].summary.ruleset if mine and mine[0].summary is not None else ""

    def action_clear(self) -> None:
        """Clear the search; with nothing typed, leave."""
        search = self.query_one("#launcher-search", Input)
        if search.value:
            search.value = ""
        else:
            self.exit(None)

    def say(self, message: str) -> None:
        """Show one line of trouble under the list (empty: hide it)."""
        self.problem = message
        line = self.query_one("#launcher-problem", Static)
        line.update(Text(f"✗ {visible(message)}") if message else "")
        line.set_class(bool(message), "-shown")


FIRST_RUN = "No encounters yet: Enter plays a sample below, ctrl+n starts a new one"
"""The list's first line while the GM has no encounter or campaign of their own."""


def check_free(path: Path) -> None:
    """StoreError (one line) if another GM's tracker holds ``path`` for writing."""
    try:
        with WriterLock(path):
            pass
    except StoreError:
        raise
    except OSError as err:
        raise StoreError(f"{path}: cannot open: {err.strerror or err}") from None
