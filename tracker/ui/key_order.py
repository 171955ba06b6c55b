"""Keys in the order typed, wherever each one lands.

Textual hands a key from the terminal to the widget that has the focus *when the app
takes the key*, but a table key acts only once it has travelled up through the panes to
the app's bindings. Keys that arrive in one burst (a fast typist, a paste, an SSH link)
were all handed out before the first had acted: in ``:next`` the ``:`` opened the bar
after ``n`` and ``e`` had gone to the order pane as table keys (next turn, export);
in ``dm⇥cap`` the letters after Tab joined the line before Tab completed it; ``d5⏎``
lost the 5 to a dialog not yet on the screen.

Every app that takes keys from the GM (the table, the launcher with its party screen)
routes its events through :meth:`KeyOrder.hand_over` and its ``KeyDone`` messages to
:meth:`KeyOrder.arrived`.

``KeyOrder`` hands the app one key (or paste) at a time: the next waits until the one
before has reached every widget it goes through (a ``KeyDone`` follows it there), the
app has done what the key asked of it, a screen the key opened is up, and one finishing
the key's work in a worker (``Finishing``: the export writing, an undo replaying a long
journal) is done. Keys typed
while the file is still opening wait for the fight. Nothing is dropped: a key whose
widget closed under it (its ``KeyDone`` lost) lets the next go after ``BACKSTOP``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, runtime_checkable

from textual import events
from textual.app import App
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget

Typed = events.Key | events.Paste
"""What the terminal sends that goes to the focused widget."""

BACKSTOP = 0.5
"""Seconds after which the next key goes even if the last one's ``KeyDone`` was lost."""

LOOK_AGAIN = 0.02
"""Seconds between two looks at a screen (or app) still finishing what a key started."""


@runtime_checkable
class Finishing(Protocol):
    """A screen or an app that finishes in a worker what a key asked (the export dialog
    writing its file before it closes, the table replaying a long journal for an undo):
    the keys typed meanwhile wait, then go where the keys go (a second ``u`` undoes once
    the first is done)."""

    def finishing(self) -> bool:
        """Whether the work a key started is still under way."""
        ...


class KeyDone(Message):
    """Follows a key from the widget it went to up to the app: the key has been through
    every widget on its way (and the bindings it asked for have run). A second one then
    follows the messages the key made its widget post (an Input's ``Changed``) to where
    they are handled."""

    def __init__(self, number: int, lap: int = 1) -> None:
        super().__init__()
        self.number = number
        """Which key it follows (the ``KeyOrder``'s count)."""
        self.lap = lap
        """1: behind the key; 2: behind what the key's widget posted."""


class KeyOrder:
    """Hands ``app`` the keys and pastes from the terminal one at a time, in order."""

    def __init__(self, app: App[Any], *, paused: bool = False) -> None:
        """``paused``: hold every key until :meth:`resume` (the file is opening)."""
        self.app = app
        self._sent = 0
        """Keys handed over so far (the last one's ``KeyDone`` carries the count)."""
        self._held: deque[Typed] = deque()
        self._at_work = False
        """A key is on its way through the widgets."""
        self._next: Typed | None = None
        """The held key handed back to the app, to be let through."""
        self._paused = paused
        self._backstop: Timer | None = None
        self._target: Widget | None = None
        """The widget the last key went to."""

    @property
    def settled(self) -> bool:
        """Whether every key typed so far has done all it does (none held, none at work)."""
        return not (self._at_work or self._held or self._next is not None)

    async def hand_over(
        self, event: events.Event, deliver: Callable[[events.Event], Awaitable[None]]
    ) -> None:
        """The app's ``on_event``: ``deliver`` (the App's own) gets every event at once
        but a key or paste from the terminal, which it gets once the one before has done
        all it does."""
        if not isinstance(event, Typed) or event.is_forwarded:
            await deliver(event)
        elif self.app.screen_stack and not self.holds(event):  # none: the app closes
            await deliver(event)
            self.sent()

    def holds(self, event: Typed) -> bool:
        """Whether ``event`` must wait (a key before it is still at work, or the file is
        opening); a key let through is at work until :meth:`arrived`."""
        if event is self._next:
            self._next = None
        elif self._at_work or self._paused or self._held or self._next is not None:
            self._held.append(event)
            return True
        self._at_work = True
        return False

    def sent(self) -> None:
        """The key has been handed to the focused widget: follow it with a ``KeyDone``."""
        self._sent += 1
        number = self._sent
        self._target = self.app.focused or self.app.screen
        self._target.post_message(KeyDone(number))
        self._backstop = self.app.set_timer(BACKSTOP, lambda: self._let_next(number))

    def arrived(self, done: KeyDone) -> None:
        """A ``KeyDone`` reached the app: the first sends the second after the messages
        the key's widget posted; once the second is back and what the key asked of the
        app is done (a focus moved, a screen pushed and mounted), the next key goes."""
        if done.lap == 1:
            target = self._target if self._target and self._target.is_attached else None
            (target or self.app.focused or self.app.screen).post_message(KeyDone(done.number, 2))
        else:
            self.app.call_later(self._after_screen, done.number)

    def resume(self) -> None:
        """Hand over the keys held meanwhile."""
        self._paused = False
        if not self._at_work:
            self._let_next(self._sent)

    def _after_screen(self, number: int) -> None:
        # The screen on top (a dialog the key opened) runs the callback once it is
        # composed, mounted and laid out (Tab's next field is found by where the fields
        # are: one the key showed must have its place); the app then runs it after the
        # focus it was given.
        if self.app.screen_stack:  # not while the app closes
            self.app.call_after_refresh(self.app.call_later, self._let_next, number)

    def _let_next(self, number: int) -> None:
        if number != self._sent or not self.app.screen_stack:  # a late KeyDone of a key
            return  # the backstop let pass; the app closing
        if any(isinstance(it, Finishing) and it.finishing() for it in (self.app, self.app.screen)):
            self.app.set_timer(LOOK_AGAIN, lambda: self._let_next(number))
            return
        if self._backstop is not None:
            self._backstop.stop()
            self._backstop = None
        self._at_work = False
        if self._held and not self._paused and self._next is None:
            self._next = self._held.popleft()
            self.app.post_message(self._next)
