"""The numbers ``tracker`` reads from its command line and environment: ``--seed``,
``--dice``, ``TRACKER_SEED`` (and ``whole_number`` for the others). A value that is not
a whole number of ASCII digits is a misused command line (UsageError, exit status 2) —
``'²'.isdigit()`` is True, yet ``int('²')`` raises.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from tracker.core.errors import TrackerError

if TYPE_CHECKING:
    from tracker.core.protocol import DiceLike


class UsageError(TrackerError):
    """The command line itself is wrong (an option's value, a missing argument): status 2."""


def whole_number(text: str) -> int | None:
    """``text`` as a whole number of ASCII digits; None when it is not one."""
    text = text.strip()
    if not text or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def seed_value(text: str) -> int:
    """``--seed``'s value: a whole number (argparse says so in one line if not)."""
    number = whole_number(text)
    if number is None:
        raise argparse.ArgumentTypeError(f"a whole number, not {text!r}")
    return number


def make_dice(seed: int | None, faces: str = "") -> DiceLike:
    """Real dice typed by the GM, or a seeded (or random) roller (``TRACKER_SEED`` seeds
    it when ``--seed`` does not); UsageError (one line) for a value that is not one."""
    from tracker.core.dice import Dice, ScriptedDice

    if faces:
        numbers = [whole_number(f) for f in faces.replace(" ", "").split(",") if f]
        if not numbers or None in numbers:
            raise UsageError(f"--dice takes whole numbers separated by commas, not {faces!r}")
        return ScriptedDice([n for n in numbers if n is not None])
    env = os.environ.get("TRACKER_SEED", "")
    if seed is None and env:
        seed = whole_number(env)
        if seed is None:
            raise UsageError(f"TRACKER_SEED takes a whole number, not {env!r}")
    return Dice(seed=seed)


def dice_options(
    words: list[str], seed: int | None, faces: str
) -> tuple[list[str], int | None, str]:
    """``--seed N`` and ``--dice F,F`` may also come after the file, among the command's
    words (``tracker do f.toml dmg orc 5 --dice 6,2``); take them out of the command."""
    rest: list[str] = []
    while words:
        word = words.pop(0)
        name, equals, value = word.partition("=")
        if name not in ("--seed", "--dice"):
            rest.append(word)
            continue
        if not equals:
            if not words:
                raise UsageError(
                    f"{name} needs a value, e.g. {name} {'7' if name == '--seed' else '6,2'}"
                )
            value = words.pop(0)
        if name == "--dice":
            faces = value
        elif whole_number(value) is None:
            raise UsageError(f"--seed takes a whole number, not {value!r}")
        else:
            seed = whole_number(value)
    return rest, seed, faces
