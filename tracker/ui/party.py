"""The party screen: a campaign's PCs between fights.

The list of PCs (a dagger marks the dead), the highlighted PC's body chart (the table's
own ``BodyChart``, drawn from the PC as they would enter a fight now) and everything else
that lasts (tracks, healing times, conditions, drawbacks, the ruleset's notes), and the
fights played. Each key is one campaign command, run as ``tracker campaign …`` runs it:
the file is locked for that command only, one event appended, the screen redrawn from
the file. A refusal is one line under the panes.

Keys (``BINDINGS``): up/down or j/k choose a PC, f the next fight (its title, then Enter:
the screen closes with the new encounter file for the host to play), Tab to the Fights
list and Enter plays the fight highlighted there (the screen closes with its file), r rest (then the
rest's number), R rest the highlighted PC only, t treat one of their injuries (with a
note), e edit one of their values (as ``campaign set``), u undo, U redo, Esc or q back.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tracker.core.campaign import CampaignState, CarriedInjury, PartyMember
from tracker.core.campaign_changes import Change, set_changes, treat_changes
from tracker.core.campaign_events import CampaignEvent
from tracker.core.errors import TrackerError, one_line
from tracker.core.safe_text import visible
from tracker.export.campaign_recap import fight_source
from tracker.rules.party import leave, rename, rest, set_value, treat
from tracker.store.campaign_fight import fighting, left_out, make_fight, next_number, party_board
from tracker.store.campaign_file import CampaignFile, LoadedCampaign
from tracker.store.campaign_load import unread_end
from tracker.ui.launcher_choices import file_name_for
from tracker.ui.panes.body_chart import BodyChart
from tracker.ui.party_modals import ChangeForm, FightScreen, RestScreen
from tracker.ui.party_palette import PartyCommands
from tracker.ui.party_view import NO_FIGHT, fight_row, header, member_row, tracks
from tracker.ui.plain import PlainFooter, plain

Command = Callable[[CampaignFile], str]
"""One campaign command: given the campaign open for writing, keep its event and say
what it did."""


def _key(key: str, action: str, text: str, tip: str, show: bool = True) -> Binding:
    return Binding(key, action, text, show=show, id=f"party-{action.split('(')[0]}", tooltip=tip)


class PartyScreen(ModalScreen[Path | None]):
    """A campaign's party; dismissed with the next fight's encounter file, or None."""

    CSS_PATH = "party.tcss"
    COMMANDS = {PartyCommands}
    BINDINGS = [
        _key("f", "fight", "next fight", "a new encounter with the party as they stand"),
        _key("r", "rest", "rest", "downtime or rest as the ruleset's text states it"),
        _key("R", "rest_one", "rest PC", "rest the highlighted PC only"),
        _key("t", "treat", "treat", "record the treatment of one of the PC's injuries"),
        _key("e", "edit", "edit", "change one of the PC's values (logged as your ruling)"),
        _key("u", "undo", "undo", "take back the latest campaign command"),
        _key("U", "redo", "redo", "restore what undo took back"),
        _key("j", "pick(1)", "next PC", "the next PC", show=False),
        _key("k", "pick(-1)", "previous PC", "the PC above", show=False),
        _key("escape,q", "back", "back", "leave the party screen"),
        _key("ctrl+p", "palette", "palette", "every command of the party screen", show=False),
    ]

    def __init__(self, loaded: LoadedCampaign) -> None:
        """Show the campaign as ``loaded`` (the host loads it and reports a failure)."""
        super().__init__()
        self.loaded = loaded
        self.message = ""
        """The last line said under the panes."""

    def compose(self) -> ComposeResult:
        """Header; the PCs, their tracks and the fights beside the body chart; a line."""
        yield Static(id="party-header")
        with Horizontal(id="party-panes"):
            with Vertical(id="party-side"):
                yield OptionList(id="party-list")
                with VerticalScroll(id="party-tracks"):
                    yield Static(id="party-tracks-text")
                yield OptionList(id="party-fights")
            yield BodyChart(id="party-body")
        yield Static(id="party-message")
        yield PlainFooter(compact=True)

    def on_mount(self) -> None:
        """Draw the campaign (saying so if its end could not be read); the keyboard
        starts in the list of PCs."""
        self.show(self.loaded)
        self.query_one("#party-list", OptionList).focus()
        if self.loaded.torn is not None:
            self.say(unread_end(self.loaded.path, self.loaded.torn), ok=False)

    # --- drawing ------------------------------------------------------------------------

    def show(self, loaded: LoadedCampaign) -> None:
        """Redraw everything from ``loaded``, keeping the highlighted PC."""
        keep = self.member()
        self.loaded = loaded
        state = loaded.campaign.state
        self.query_one("#party-header", Static).update(header(state, loaded.path.name))
        chart = self.query_one(BodyChart)
        chart.rules = loaded.rules
        try:
            chart.present(party_board(loaded), chart.selected)
        except TrackerError as err:
            chart.present(None, chart.selected)
            self.say(one_line(err), ok=False)
        listing = self.query_one("#party-list", OptionList)
        listing.set_options(Option(member_row(m), id=m.id) for m in state.party.values())
        ids = list(state.party)
        listing.highlighted = ids.index(keep.id) if keep and keep.id in ids else 0
        listing.border_title = f"PCs ({len(ids)})"
        self._show_fights(state)
        self._show_member()

    def _show_fights(self, state: CampaignState) -> None:
        """The fights, oldest first, the latest highlighted (Enter plays it)."""
        played = self.query_one("#party-fights", OptionList)
        options = [Option(fight_row(f), id=f"fight-{f.link}") for f in state.fights]
        played.set_options(options or [Option(Text(NO_FIGHT, "italic"), disabled=True)])
        played.highlighted = len(options) - 1 if options else None
        played.border_title = f"Fights ({len(state.fights)}) · Enter plays"

    def member(self) -> PartyMember | None:
        """The highlighted PC (None: the party is empty)."""
        option = self.query_one("#party-list", OptionList).highlighted_option
        party = self.loaded.campaign.state.party
        return party.get(option.id) if option is not None and option.id else None

    @on(OptionList.OptionSelected, "#party-fights")
    def _fight_chosen(self, event: OptionList.OptionSelected) -> None:
        link = int((event.option.id or "fight-0").removeprefix("fight-"))
        self.play_fight(link)

    def play_fight(self, link: int) -> None:
        """Close with fight ``link``'s encounter file for the host to play (or say in one
        line why not: undone, or its file is gone)."""
        fight = self.loaded.campaign.state.fight(link)
        if fight is None:
            self.say(f"there is no fight {link} in this campaign", ok=False)
            return
        path = fight_source(Path(fight.file), self.loaded.path.parent)
        if not path.is_file():
            self.say(f"fight {link}: {path} is not there any more", ok=False)
            return
        self.dismiss(path)

    @on(OptionList.OptionHighlighted, "#party-list")
    def _highlighted(self) -> None:
        self._show_member()

    def _show_member(self) -> None:
        member = self.member()
        chart = self.query_one(BodyChart)
        chart.present(chart.state, member.id if member else "")
        text = self.query_one("#party-tracks-text", Static)
        if member is None:
            text.update(Text("No PC yet: `tracker campaign add-pc FILE NAME …`", "italic"))
            return
        readings = self.loaded.campaign.state.options  # the campaign's (the deadline's wording)
        text.update(tracks(member, self.loaded.rules.downtime().reading_as(readings)))
        self.query_one("#party-tracks", VerticalScroll).border_title = plain(member.name)

    def say(self, message: str, ok: bool = True) -> None:
        """One sentence under the panes, wrapped to be read whole (a rest's outcome for
        every PC); a refusal starts with ✗."""
        self.message = message if ok else f"✗ {message}"
        line = self.query_one("#party-message", Static)
        line.update(Text(visible(self.message)))
        line.set_class(not ok, "-error")

    # --- commands -----------------------------------------------------------------------

    def run_command(self, command: Command) -> bool:
        """Run one campaign command with the file locked; redraw, or say why not."""
        problem = self.attempt(command)
        if problem:
            self.say(problem, ok=False)
        return not problem

    def attempt(self, command: Command) -> str:
        """Run one campaign command with the file locked and redraw: empty when done,
        else why not (one line; nothing changed)."""
        try:
            with CampaignFile(self.loaded.path) as play:
                said = "; ".join([*play.repaired, command(play)])
                loaded = play.loaded
        except (TrackerError, OSError) as err:
            return one_line(err)
        self.show(loaded)
        self.say(said)
        return ""

    def action_pick(self, step: int) -> None:
        """Highlight the next (1) or previous (-1) PC."""
        listing = self.query_one("#party-list", OptionList)
        listing.action_cursor_down() if step > 0 else listing.action_cursor_up()

    def action_undo(self) -> None:
        """Take back the latest campaign command."""
        self.run_command(lambda play: _kept(play, play.campaign.undo()))

    def action_redo(self) -> None:
        """Restore what undo took back."""
        self.run_command(lambda play: _kept(play, play.campaign.redo()))

    def action_rest(self) -> None:
        """Ask which rest (the kinds the ruleset's text states), then rest the living."""
        living = [m.name for m in self.loaded.campaign.state.party.values() if not m.lasting.dead]
        self._ask_rest(", ".join(living) or "nobody (the party is empty or dead)", None)

    def action_rest_one(self) -> None:
        """Ask which rest, then rest the highlighted PC only (``rest --only PC``)."""
        member = self._chosen()
        if member is not None:
            self._ask_rest(f"{member.name} only", member.id)

    def _ask_rest(self, who: str, only: str | None) -> None:
        downtime = self.loaded.rules.downtime()
        if not downtime.rests:  # what to do here: the screen's edit, not the command line
            self.say(
                f"the {self.loaded.rules.id} text states no rest or downtime rule: press e "
                "to enter what you rule for the highlighted PC (it is logged)",
                ok=False,
            )
            return
        kinds = [(k, downtime.label(k), summary) for k, summary in downtime.rests.items()]

        def chosen(kind: str | None) -> None:
            if kind:
                self.rest_kind(kind, only)

        self.app.push_screen(RestScreen(kinds, who), chosen)

    def rest_kind(self, kind: str, only: str | None = None) -> None:
        """The living PCs (or the PC ``only``) rest, ``kind`` as the ruleset names it, as
        ``campaign rest [--only PC]``."""
        self.run_command(lambda play: _rested(play, kind, only))

    def _chosen(self) -> PartyMember | None:
        """The highlighted PC, or None with a line saying there is none."""
        member = self.member()
        if member is None:
            self.say("no PC yet — `tracker campaign add-pc` first", ok=False)
        return member

    def action_treat(self) -> None:
        """Pick one of the PC's injuries and type how it was treated, as ``campaign treat``."""
        member = self._chosen()
        if member is None:
            return
        if not member.lasting.injuries:
            self.say(f"{member.name} has no injury to treat", ok=False)
            return

        def treated(change: Change, note: str) -> str:
            return self.attempt(lambda play: _treated(play, member.id, change.key, note))

        changes = treat_changes(member.lasting)
        self.app.push_screen(ChangeForm(f"Treat {member.name}", changes, "Note", treated))

    def action_edit(self) -> None:
        """Pick one of the PC's values and type the new one, as ``campaign set``."""
        member = self._chosen()
        if member is None:
            return

        def edited(change: Change, value: str) -> str:
            return self.attempt(lambda play: _changed(play, member.id, change.key, value))

        title = f"Edit {member.name} (your ruling, logged)"
        changes = [*set_changes(member.lasting), *roster_changes(member)]
        self.app.push_screen(ChangeForm(title, changes, "Value", edited))

    def show_member(self, who: str) -> None:
        """Highlight the PC with id ``who``."""
        ids = list(self.loaded.campaign.state.party)
        if who in ids:
            self.query_one("#party-list", OptionList).highlighted = ids.index(who)

    def action_fight(self) -> None:
        """Ask the next fight's title, make it, and close with its file."""
        state = self.loaded.campaign.state
        try:
            going = fighting(state)
        except TrackerError as err:
            self.say(one_line(err), ok=False)
            return
        bring = "`add party` with their name, in the fight, brings them in"
        lines = [f"Goes: {', '.join(m.name for m in going)}", *left_out(state, bring=bring)]
        title = f"{state.title}: fight {next_number(self.loaded.campaign)}"
        self.app.push_screen(FightScreen(title, lines), self._make_fight)

    def _make_fight(self, title: str | None) -> None:
        if not title:
            return
        path = file_name_for(title, self.loaded.path.parent)

        def make(play: CampaignFile) -> str:
            return make_fight(play, path, title).text

        if self.run_command(make):
            self.dismiss(path)

    def action_palette(self) -> None:
        """The command palette, also over the launcher (whose own keys rest meanwhile)."""
        self.app.action_command_palette()

    def action_back(self) -> None:
        """Leave the party screen."""
        self.dismiss(None)


def _kept(play: CampaignFile, event: CampaignEvent) -> str:
    play.keep(event)
    return event.text


def _treated(play: CampaignFile, who: str, injury: str, note: str) -> str:
    return _kept(play, treat(play.campaign, play.rules, who, injury, note))


def _changed(play: CampaignFile, who: str, key: str, value: str) -> str:
    """``campaign set``, or the roster's own changes: a new name, leaving the party."""
    if key == RENAME:
        return _kept(play, rename(play.campaign, who, value))
    if key == LEAVE:
        return _kept(play, leave(play.campaign, who))
    return _kept(play, set_value(play.campaign, play.rules, who, key, value, _treat_here))


def _treat_here(member: PartyMember, injury: CarriedInjury) -> str:
    """How the party screen treats an injury."""
    return f"t on this screen, then {injury.label()}"


RENAME, LEAVE = "rename-pc", "remove-pc"
"""The edit form's keys for `campaign rename-pc` and `campaign remove-pc`."""


def roster_changes(member: PartyMember) -> list[Change]:
    """The edit form's last rows: a new name, and leaving the party (undo brings them back)."""
    return [
        Change(RENAME, f"Name {member.name}", member.name, "the name they go by from now on"),
        Change(LEAVE, "Leaves the party (u brings them back)", "-", typed=False),
    ]


def _rested(play: CampaignFile, kind: str, only: str | None = None) -> str:
    event, lines = rest(play.campaign, play.rules, kind, [only] if only else [])
    play.keep(event)
    party = play.campaign.state.party
    said = "; ".join(f"{party[w].name}: {', '.join(x) or 'no change'}" for w, x in lines.items())
    return f"{event.text} — {said}"
