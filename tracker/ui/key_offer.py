"""Which of the table's keys apply now: the screen offers a key (the footer shows it, the
key runs) only where it applies, asks again only when the answer may have changed, and
tells a key refused only because an earlier turn is shown (``held_back``).

``KeyOffer`` is the table's screen (``table_screen.TableScreen``) as far as its keys go;
what each key checks is ``app_keys.key_checks``, the reminders' number keys
``reminder_keys``.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Input

from tracker.core.model import EncounterState
from tracker.ui import key_refusals
from tracker.ui.app_keys import OUR_ACTIONS, ROLE_KEYS, STILL_OFFERED, key_checks
from tracker.ui.modals.help import KeyRow, key_rows
from tracker.ui.reminder_keys import KEYS, Choice, ReminderKeys, by_key
from tracker.ui.table_host import TableHost


class KeyOffer(Screen[None]):
    """A screen whose keys apply only where the fight allows them."""

    host: TableHost
    reminder_keys: ReminderKeys
    _offered: tuple[object, ...]
    """The keys that applied when the footer was last refreshed (``key_signature``)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer a key only where it applies (the Footer shows just those)."""
        if action not in OUR_ACTIONS:
            return True
        if isinstance(self.app.screen, ModalScreen) or isinstance(self.app.focused, Input):
            return False
        if self.host.session.looking_back and action not in STILL_OFFERED:
            return False
        state = self.host.state
        if state is None:
            return action in ("quit", "help", "next_theme")
        check = self.checks(state, parameters).get(action)
        return check() if check is not None else True

    def held_back(self, action: str) -> bool:
        """Whether ``action`` is refused only because an earlier turn is shown."""
        return (
            self.host.session.looking_back
            and action not in STILL_OFFERED
            and self._pressed_at_table(action)
        )

    def why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why a table key the footer does not offer does nothing now (None: it applies,
        or is not the table's, or a dialog or the bar has the keys)."""
        state = self.host.state
        if (
            state is None
            or not self._pressed_at_table(action)
            or self.check_action(action, parameters)
        ):
            return None
        key = str(parameters[0]) if parameters else ""
        keyed = any(choice.key for choice in self.choices(state))
        plays = self.host.session.role_verb
        return key_refusals.refusal(action, key, state, self.host.selected, keyed, plays)

    def _pressed_at_table(self, action: str) -> bool:
        """Whether ``action`` is a table key pressed at the table (no dialog open, the
        command bar not typing)."""
        return (
            action in OUR_ACTIONS
            and not isinstance(self.app.screen, ModalScreen)
            and not isinstance(self.app.focused, Input)
        )

    def checks(
        self, state: EncounterState, parameters: tuple[object, ...]
    ) -> dict[str, Callable[[], bool]]:
        """Whether each of the table's actions applies now (``app_keys.key_checks``)."""
        return key_checks(
            state,
            self.host.selected,
            self.host.session,
            lambda: self._has_choice(state, parameters),
            lambda: bool(self.choices(state)),
        )

    def key_signature(self) -> tuple[object, ...]:
        """Which of the keys apply now, and which reminder keys are handed out."""
        state = self.host.state
        if state is None:
            return ()
        checks = self.checks(state, ())
        keys = tuple(c.key for c in self.choices(state))
        return (*(check() for name, check in checks.items() if name != "resolve"), keys)

    def offer_keys(self) -> None:
        """Refresh the footer, but only when the keys that apply have changed (asking
        every key whether it applies costs more than the rest of a command)."""
        signature = self.key_signature()
        if signature != self._offered:
            self._offered = signature
            self.refresh_bindings()

    def choices(self, state: EncounterState) -> list[Choice]:
        """The open reminders' choices, with the number keys handed out."""
        return self.reminder_keys.keyed(state, self.host.session.rules_or_fail())

    def _has_choice(self, state: EncounterState, parameters: tuple[object, ...]) -> bool:
        """A choice has this key; the footer's ``1-9 resolve`` (key 1) stays while any
        reminder choice has a key, whichever numbers are left."""
        key = parameters[0] if parameters else ""
        choices = self.choices(state)
        if key == KEYS[0]:
            return any(choice.key for choice in choices)
        return isinstance(key, str) and by_key(choices, key) is not None

    def key_rows(self) -> list[KeyRow]:
        """(keys, description, tooltip, id) for each binding, with the user's keymap."""
        return key_rows(self.app, [b for b in self.BINDINGS if isinstance(b, Binding)])

    def verb_keys(self, rows: list[KeyRow]) -> dict[str, str]:
        """The key that runs each verb playing a role (``hurt`` → ``d``), for help."""
        keys = {binding_id: shown for shown, _, _, binding_id in rows}
        found = {}
        for binding_id, role in ROLE_KEYS.items():
            verb = self.host.session.role_verb(role)
            if verb is not None and binding_id in keys:
                found[verb.name] = keys[binding_id]
        return found
