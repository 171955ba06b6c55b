"""An initiative row fits any pane width and never shows a number cut short: long forms
when they fit, short forms, then whole badges and summary parts left out (and counted)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.style import Style

from tracker.core.model import Condition
from tracker.rules.base import LocationView, TrackView
from tracker.rules.display import SummaryPart, badges
from tracker.ui.panes.figure import draw_figure, figure_scale, location_box, track_bar
from tracker.ui.panes.row_fit import LEAD, elide, fit_row, least_summary, name_column

NUMBERS = re.compile(r"\d+")
WOUNDS = [SummaryPart("W 12/13", "Wounds 12/13"), SummaryPart("+1M", "One More ×1", 1)]


def test_the_long_forms_when_they_fit() -> None:
    shown = fit_row("Yu", WOUNDS, badges([Condition("Burning", level=2, rounds=3)]), 60, 2)
    assert shown.summary == "Wounds 12/13 One More ×1"
    assert shown.badges == ("Burning 2 · 3 rd",)


def test_short_forms_then_whole_badges_left_out_and_counted() -> None:
    held = badges([Condition("Prone"), Condition("Dying", level=1), Condition("Burning", level=3)])
    assert fit_row("Ripley", WOUNDS, held, 30, 6).summary == "W 12/13 +1M"
    # the most urgent badge outranks the One More count
    shown = fit_row("Ripley", WOUNDS, held, 17, 6)
    assert shown.summary == "W 12/13"
    assert shown.badges == ("Dyin1",) and shown.left_out == 2


def test_a_row_with_nothing_after_its_name_gives_the_name_its_room() -> None:
    # A stranger's PCs had only rank-1 parts (Mt 8 Sp 10 In 16): at 80x24 the row showed
    # "Orrin, Nano who Ta…" and twelve empty cells where the summary would have gone.
    pools = [SummaryPart("Mt 8 Sp 10 In 16", "Might 8/8 Speed 10/10 Intellect 16/16", 1)]
    name = "Orrin, Nano who Talks to Machines"
    shown = fit_row(name, pools, [], 11, 19)
    assert shown.summary == "" and shown.name == "Orrin, Nano who Talks to Mach…"
    assert cell_len(shown.name) <= 19 + 11
    assert fit_row(name, pools, [], 40, 33).name == name  # whole when it fits beside them
    assert fit_row(name, WOUNDS, [], 11, 19).name == "Orrin, Nano who Ta…"  # numbers first


def test_the_most_urgent_badge_comes_first() -> None:
    # issue 12: dying, broken, unconscious … before cosmetic ones
    held = badges([Condition("Prone"), Condition("Unconscious"), Condition("Dying", level=1)])
    assert [b.short for b in held] == ["Dyin1", "Unco", "Pron"]


def test_a_high_rank_part_gives_way_before_the_wound_pool() -> None:
    shown = fit_row("Yu", WOUNDS, [], 8, 2)
    assert shown.summary == "W 12/13"


def test_the_name_column_leaves_room_for_every_rows_least_summary() -> None:
    need = least_summary(WOUNDS, badges([Condition("Prone"), Condition("Fear")]))
    column = name_column(["Rei Ayanami (on foot)"], 40, [need])
    assert LEAD + column + 1 + need <= 40


def test_names_are_cut_before_a_number_and_keep_their_last_number() -> None:
    assert elide("Ork Boy (1)", 9) == "Ork B…(1)"
    assert elide("Bandit 12", 7) == "Band…12"
    assert elide("X 123456", 5) == "X…"
    assert elide("Sachiel", 20) == "Sachiel"


@st.composite
def summary_parts(draw: st.DrawFn) -> SummaryPart:
    """A part whose short and long forms show the same numbers."""
    word = draw(st.sampled_from(["Wounds", "Shock", "Health", "Stress", "Fate"]))
    now, top = draw(st.integers(0, 999_999)), draw(st.integers(0, 999_999))
    return SummaryPart(f"{word[0]} {now}/{top}", f"{word} {now}/{top}", draw(st.integers(0, 2)))


PART = summary_parts()
CONDITION = st.builds(
    Condition,
    st.sampled_from(["Prone", "Dying", "Burning", "Critical Injury", "Shaken", "Unconscious"]),
    st.just(""),
    st.integers(0, 999),
    st.integers(0, 999),
)


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(["Yu", "Ork Boy (12)", "Rei Ayanami on foot", "Bandit 107", "X"]),
    parts=st.lists(PART, min_size=1, max_size=3),
    held=st.lists(CONDITION, max_size=5),
    width=st.integers(20, 120),
)
def test_every_number_shown_is_whole(
    name: str, parts: list[SummaryPart], held: list[Condition], width: int
) -> None:
    made = badges(held)
    needs = [least_summary(parts, made)]
    column = name_column([name], width, needs, [least_summary(parts, made, counted=False)])
    shown = fit_row(name, parts, made, width - LEAD - column - 1, column)
    whole_numbers = set(NUMBERS.findall(" ".join([name, *(p.wide for p in parts)])))
    whole_numbers |= {n for b in made for n in NUMBERS.findall(b.long + " " + b.short)}
    for text in (shown.name, shown.summary, *shown.badges):
        assert set(NUMBERS.findall(text)) <= whole_numbers, (text, whole_numbers)
    row = cell_len(shown.summary) + sum(1 + cell_len(b) for b in shown.badges)
    row += cell_len(shown.more)
    # only the rank-0 summary may overrun a pane too narrow for it
    assert row <= max(width - LEAD - column - 1, least_summary(parts))
    assert shown.more in ("", " …", f" …{shown.left_out}")
    assert bool(shown.more) <= bool(shown.left_out)
    if cell_len(name) <= width - LEAD - 1 - least_summary(parts, made, counted=False):
        assert shown.name == name  # the count's digits never cut a name
    if made and width - LEAD - column - 1 >= least_summary(parts, made, counted=False):
        assert shown.more or shown.badges  # no row hides that it has conditions


def test_the_count_gives_way_to_a_whole_name() -> None:
    # wrath at 80x24: Kell's "S 5/5 W 0/6 ✗1 …3" cut every name to "Sister Amel…"
    names = ["Trooper Kell", "Sister Amelia"]
    column = name_column(names, 36, [14 + 3, 11 + 3], [14 + 2, 11 + 2])
    assert column == 13
    held = badges([Condition("Prone"), Condition("Bleeding"), Condition("Unconscious")])
    kell = fit_row("Trooper Kell", [SummaryPart("S 5/5 W 0/6 ✗1", "")], held, 16, column)
    assert kell.name == "Trooper Kell" and kell.more == " …" and kell.left_out == 3


def test_a_status_track_label_is_never_cut() -> None:
    # issue 12: "Defiance f", "Critical D 23" in the status pane
    styles = {k: Style() for k in ("ok", "hurt", "bad", "down", "frame")}
    line = track_bar(TrackView("Defiance failures", 1, 3), styles).plain
    assert line.startswith("Defiance failures ") and "1/3" in line


def test_a_narrow_body_box_never_runs_the_pool_into_the_armour() -> None:
    # issue 12: the eva arms read "12/12A4" at 120 columns (is it 12/124?)
    arm = LocationView("left-arm", "Left arm", armour=4, value=12, limit=12)
    box = [line.plain for line in location_box(arm, 10, Style(), Style())]
    assert "12/12A4" not in "".join(box)
    assert " 12/12 " in box[1] and " A4 " in box[2]
    wide = [line.plain for line in location_box(arm, 14, Style(), Style())]
    assert "12/12" in wide[1] and "A4" in wide[1]


def test_the_body_figure_doubles_where_there_is_room() -> None:
    # issue 12: at 200x50 the body chart sat small in a corner of an empty pane
    leg = LocationView("left-leg", "Left leg", value=1, limit=4, injuries=("1 Foot Pain",))
    styles = {k: Style() for k in ("ok", "hurt", "bad", "down", "frame")}
    assert figure_scale(60) == 1.0 and figure_scale(74) == 2.0
    small = "".join(line.plain for line in draw_figure([leg], styles))
    large = "".join(line.plain for line in draw_figure([leg], styles, figure_scale(90)))
    assert "Foot Pain" not in small and "Foot Pain" in large
