"""Drawing a body figure from the ruleset's locations, and track bars for rulesets without.

Known locations (head, arms, body, legs, core) are placed like a figure facing the GM,
left arm on the left; any other location the ruleset names is drawn in extra rows
below. Each box shows the wound pool (``2/4``), armour (``A2``) and a mark per injury,
its colour set by the location's severity.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from tracker.rules.base import LocationView, TrackView
from tracker.ui.panes.row_fit import elide

SEVERITY_WORDS = {
    "ok": ("ok", "fine", "none", "unhurt", ""),
    "hurt": ("hurt", "light", "wounded", "low", "warn", "warning", "scratched", "minor"),
    "bad": ("bad", "serious", "heavy", "high", "injured", "critical", "danger", "severe"),
    "down": (
        "down",
        "dead",
        "destroyed",
        "out",
        "incapacitated",
        "lethal",
        "broken",
        "gone",
        "maimed",
        "lost",
        "crippled",
    ),
}
BOX_HEIGHT = 4
# place -> (column, width) on a 37-cell grid: arms 11, body 13, legs 12
PLACES: dict[str, tuple[int, int]] = {
    "head": (12, 13),
    "core": (26, 11),
    "left arm": (0, 11),
    "body": (12, 13),
    "right arm": (26, 11),
    "left leg": (6, 12),
    "right leg": (19, 12),
}
FIGURE_ROWS = (("head", "core"), ("left arm", "body", "right arm"), ("left leg", "right leg"))
FIGURE_WIDTH = 37


def severity_class(severity: str) -> str:
    """One of ok / hurt / bad / down for any severity word a ruleset uses."""
    word = severity.casefold().strip()
    for level, words in SEVERITY_WORDS.items():
        if word in words:
            return level
    return "hurt"


def place_of(key: str) -> str:
    """Where a location sits on the figure (``""``: not a figure part)."""
    word = key.casefold().replace("-", " ").replace("_", " ")
    side = (
        "left "
        if ("left" in word or word.startswith("l "))
        else ("right " if ("right" in word or word.startswith("r ")) else "")
    )
    for part in ("arm", "leg"):
        if part in word and side:
            return side + part
    for place, names in (
        ("head", ("head",)),
        ("core", ("core",)),
        ("body", ("body", "torso", "chest", "trunk", "hull")),
    ):
        if any(name in word for name in names):
            return place
    return ""


def short_label(view: LocationView) -> str:
    """``Left arm`` → ``L arm`` so the label fits its box."""
    label = view.label or view.key
    for word, short in (("left ", "L "), ("right ", "R ")):
        if label.casefold().startswith(word):
            return short + label[len(word) :]
    return label


def location_box(view: LocationView, width: int, style: Style, frame: Style) -> list[Text]:
    """A four-line box: label in the top border, pool and armour, then injury marks."""
    inner = width - 2
    label = short_label(view)[: inner - 2]
    top = Text("╭ " + label + " " + "─" * max(0, inner - len(label) - 2) + "╮", frame)
    pool = (
        f"{view.value}/{view.limit}"
        if view.value >= 0 and view.limit >= 0
        else (str(view.value) if view.value >= 0 else "")
    )
    armour = f"A{view.armour}" if view.armour else ""
    marks = f" {'✖' * len(view.injuries)} {_last_word(view.injuries)}" if view.injuries else " —"
    room = inner - 2
    if armour and len(pool) + 1 + len(armour) > room:
        # never ``12/12A4``: the armour goes down a line rather than touch the pool
        value, marks = f" {pool} ", f" {armour}{marks}"
    else:
        value = f" {pool:<{max(0, room - len(armour))}}{armour} "
    if cell_len(marks) > inner:
        marks = elide(marks, inner)  # never cut a number: ``✖ Critical Dam…41``
    lines = [
        top,
        _side(value, inner, style, frame),
        _side(marks[:inner], inner, style, frame),
        Text("╰" + "─" * inner + "╯", frame),
    ]
    return lines


def _last_word(injuries: tuple[str, ...]) -> str:
    """The newest injury's name without its chart number (``2 Broken Toes`` → ``Broken Toes``)."""
    number, _, name = injuries[-1].partition(" ")
    return name if number.isdigit() and name else injuries[-1]


def _side(body: str, inner: int, style: Style, frame: Style) -> Text:
    text = Text("│", frame)
    text.append(f"{body:<{inner}}", style)
    text.append("│", frame)
    return text


MAX_SCALE = 2.0
"""The figure is drawn twice as wide where there is room (injury names whole in the boxes)."""


def figure_scale(room: int) -> float:
    """How much wider than ``FIGURE_WIDTH`` the figure is drawn in ``room`` cells: twice
    when it fits (a whole scale keeps the figure symmetric), else as designed."""
    return MAX_SCALE if room >= FIGURE_WIDTH * MAX_SCALE else 1.0


def draw_figure(
    views: Sequence[LocationView], styles: Mapping[str, Style], scale: float = 1.0
) -> list[Text]:
    """The figure as lines, ``scale`` times as wide (see ``figure_scale``); ``styles``
    has ok/hurt/bad/down and ``frame``."""
    placed: dict[str, LocationView] = {}
    extra: list[LocationView] = []
    for view in views:
        place = place_of(view.key)
        if place and place not in placed:
            placed[place] = view
        else:
            extra.append(view)
    lines: list[Text] = []
    for row in FIGURE_ROWS:
        boxes = [(PLACES[p], placed[p]) for p in row if p in placed]
        if boxes:
            lines += _row(
                [(round(col * scale), round(width * scale), view) for (col, width), view in boxes],
                styles,
            )
    for start in range(0, len(extra), 3):
        chunk = extra[start : start + 3]
        step, width = round(13 * scale), round(12 * scale)
        lines += _row([(i * step, width, view) for i, view in enumerate(chunk)], styles)
    return lines


def _row(boxes: list[tuple[int, int, LocationView]], styles: Mapping[str, Style]) -> list[Text]:
    out = [Text(no_wrap=True) for _ in range(BOX_HEIGHT)]
    cursor = 0
    for column, width, view in boxes:
        style = styles[severity_class(view.severity)]
        frame = styles["frame"] + style
        for line, part in zip(out, location_box(view, width, style, frame), strict=True):
            line.append(" " * max(0, column - cursor))
            line.append_text(part)
        cursor = column + width
    return out


BAR_CELLS = 16
"""The widest bar of a track with more than ten points."""


def bar_cells(view: TrackView, room: int) -> int:
    """The bar's width for ``view`` in ``room`` cells: at most ``BAR_CELLS``, narrower
    where the label, the numbers and the note would not fit beside it (never under 4)."""
    numbers = len(f"  {view.value}/{view.limit}")
    note = len(f"  {view.note}") if view.note else 0
    return max(4, min(BAR_CELLS, room - max(10, len(view.label)) - 1 - numbers - note))


def track_bar(view: TrackView, styles: Mapping[str, Style], width: int = BAR_CELLS) -> Text:
    """``HP  ███████░░░  7/12`` (pips ●●○ for a pool of at most ten that fits in
    ``width`` cells, else a bar ``width`` wide), coloured by severity."""
    style = styles[severity_class(view.severity)]
    line = Text(f"{view.label:<10} ", styles["frame"])  # a long label is never cut
    if view.limit > 0:
        if view.limit <= min(10, width):
            filled = max(0, min(view.value, view.limit))
            line.append("●" * filled + "○" * (view.limit - filled), style)
        else:
            filled = round(width * max(0, min(view.value, view.limit)) / view.limit)
            line.append("█" * filled + "░" * (width - filled), style)
        line.append(f"  {view.value}/{view.limit}", style)
    else:
        line.append(str(view.value), style)
    if view.note:
        line.append(f"  {view.note}", styles["frame"])
    return line


def as_fallen(views: Sequence[TrackView], status: str) -> list[TrackView]:
    """The tracks as the order's row colours them: one down or dead has its first track
    with a limit in the down colour, whatever it holds (a GM's ``dead`` at 8/8 HP was a
    green bar in the status pane beside a red row)."""
    shown = list(views)
    if status not in ("down", "dead"):
        return shown
    for index, view in enumerate(shown):
        if view.limit > 0:
            shown[index] = TrackView(view.label, view.value, view.limit, "down", view.note)
            break
    return shown
