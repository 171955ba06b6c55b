"""Our colour check (``tracker.store.colours``, no Textual: ``tracker themes`` and
``tracker check`` use it) and Textual's ``Color.parse`` (the TUI's) agree on every text
run through both: each name we list, its misspellings, the shapes and arbitrary text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from textual.color import Color, ColorParseError

from tracker.store.colours import colour_names, is_colour, nearest_colour

NAMES = sorted(colour_names())
SHAPES = [
    "#fff",
    "#FFFA",
    "#12345",
    "#123456",
    "#1234567",
    "#12345678",
    "rgb(1,2,3)",
    "rgb( 1 , 2.5 , 300 )",
    "rgb(1,2,3,)",
    "rgb(1,2)",
    "rgba(1,2,3,0.5)",
    "rgba(1,2,3)",
    "hsl(120,50%,50%)",
    "hsl(120,50,50)",
    "hsla(120, 50%, 50%, 0.2)",
    "#fff\n",
    "Crimson",
    "crimson ",
    "",
    "ansi_default",
    "ansi_reddish",
    "transparent",
]


def textual_takes(text: str) -> bool:
    """Whether the TUI's Textual takes ``text`` as a colour."""
    try:
        Color.parse(text)
    except ColorParseError:
        return False
    return True


def misspellings(name: str) -> list[str]:
    """``name`` with a letter dropped, doubled or swapped with the next, or one added."""
    dropped = [name[:i] + name[i + 1 :] for i in range(len(name))]
    doubled = [name[:i] + name[i] + name[i:] for i in range(len(name))]
    swapped = [name[:i] + name[i + 1] + name[i] + name[i + 2 :] for i in range(len(name) - 1)]
    return [*dropped, *doubled, *swapped, name + "s", name.upper()]


def test_every_name_and_shape_is_judged_alike() -> None:
    texts = [*NAMES, *SHAPES, *(bad for name in NAMES for bad in misspellings(name))]
    differ = [text for text in texts if is_colour(text) != textual_takes(text)]
    assert not differ
    assert all(is_colour(name) for name in NAMES) and len(NAMES) > 150


@given(st.text(alphabet="abcdefghilmnorstuwy_#0123456789(),.% ", max_size=24))
def test_any_text_is_judged_alike(text: str) -> None:
    assert is_colour(text) == textual_takes(text)


@given(st.sampled_from(NAMES), st.integers(min_value=0, max_value=200))
def test_a_misspelt_name_is_judged_alike(name: str, which: int) -> None:
    wrong = misspellings(name)
    text = wrong[which % len(wrong)]
    assert is_colour(text) == textual_takes(text)


def test_a_misspelt_name_points_to_the_one_meant() -> None:
    assert nearest_colour("crimsn") == "crimson"
    assert nearest_colour("ansi_brigt_red") == "ansi_bright_red"
    assert nearest_colour("#zzz") == ""
