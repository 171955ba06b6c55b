"""Reminder keys stay with their reminder while it is open (issue 12): a reminder that
arrives later, or one resolved before it, never moves the keys the GM has read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from tracker.core.model import EncounterState, Reminder
from tracker.rules.base import Ruleset
from tracker.ui.reminder_keys import ReminderKeys


@dataclass
class Board:
    """The two things the keys look at."""

    reminders: tuple[Reminder, ...]
    current: str = ""


class ThreeWays:
    """Every reminder resolves three ways."""

    def reminder_actions(self, reminder: Reminder) -> list[tuple[str, str]]:
        return [(label, f"resolve {reminder.who} {label}") for label in ("pass", "fail", "skip")]


RULES = cast(Ruleset, ThreeWays())
BURN = Reminder("sachiel", "shake:Burning", "shake off Burning", seq=4)
DIZZY = Reminder("asuka", "shake:Dizzy", "shake off Dizzy", seq=9)
FEAR = Reminder("rei", "fear", "Fear test", seq=12)
BLEED = Reminder("shinji", "bleed", "Blood Loss", seq=15)


def keys(book: ReminderKeys, *reminders: Reminder, acting: str = "") -> dict[str, str]:
    board = cast(Any, Board(reminders, acting))
    return {
        c.key: f"{c.reminder.who} {c.label}" for c in book.keyed(cast(EncounterState, board), RULES)
    }


def test_a_later_reminder_takes_the_next_free_keys() -> None:
    book = ReminderKeys()
    assert keys(book, BURN)["1"] == "sachiel pass"
    # the newcomer is the one acting, and still does not take Sachiel's keys
    shown = keys(book, BURN, DIZZY, acting="asuka")
    assert shown["1"] == "sachiel pass" and shown["4"] == "asuka pass"


def test_keys_freed_by_a_resolved_reminder_go_to_the_next_one_only() -> None:
    book = ReminderKeys()
    keys(book, BURN, DIZZY, FEAR)
    shown = keys(book, DIZZY, FEAR)
    assert shown["4"] == "asuka pass" and shown["7"] == "rei pass" and "1" not in shown
    shown = keys(book, DIZZY, FEAR, BLEED)
    assert shown["1"] == "shinji pass" and shown["7"] == "rei pass"


def test_past_nine_choices_a_reminder_has_no_key_until_one_is_free() -> None:
    book = ReminderKeys()
    shown = keys(book, BURN, DIZZY, FEAR, BLEED)
    assert "" in shown and shown[""].startswith("shinji")
    shown = keys(book, DIZZY, FEAR, BLEED)
    assert shown["1"] == "shinji pass" and "" not in shown
