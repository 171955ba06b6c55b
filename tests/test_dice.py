"""Dice: parsing, rolling, recording and replaying, and the pool-counting helpers."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tracker.core.dice import (
    MAX_EXPLOSIONS,
    Dice,
    DiceError,
    DiceExpr,
    DiceTerm,
    Roll,
    ScriptedDice,
    count,
    exalted,
    icons,
    keep_highest,
    keep_lowest,
    parse,
    replay,
    roll,
    successes,
)

# --------------------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("d100", "1d100"),
        ("1d10+4", "1d10+4"),
        ("2d10-1", "2d10-1"),
        ("d66", "d66"),
        ("d3", "1d3"),
        ("1d5", "1d5"),
        ("6d6", "6d6"),
        ("4d6kh3", "4d6kh3"),
        ("2d20kl1", "2d20kl1"),
        ("1d10!", "1d10!"),
        ("7", "7"),
        ("1d10+1d5+3", "1d10+1d5+3"),
        ("  2 d10 -  1 ", "2d10-1"),
        ("D10", "1d10"),
        ("4D6KH3", "4d6kh3"),
        ("-1d4+2", "-1d4+2"),
    ],
)
def test_parse_gives_canonical_text(text: str, canonical: str) -> None:
    assert str(parse(text)) == canonical


def test_parse_builds_terms() -> None:
    expr = parse("4d6kh3-2")
    assert expr.terms == (
        (1, DiceTerm(count=4, sides=6, keep=3)),
        (-1, DiceTerm.const(2)),
    )


def test_d66_is_not_a_66_sided_die() -> None:
    expr = parse("d66")
    assert expr.terms[0][1].is_d66
    assert (expr.minimum, expr.maximum) == (11, 66)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("100000d100000", "too many dice"),
        ("d0", "no sides"),
        ("1d", "number of sides must follow 'd'"),
        ("junk", "not a dice expression"),
        ("2d6+", "must follow '+'"),
        ("d1", "at least 2 sides"),
        ("101d6", "at most 100 dice"),
        ("", "no dice expression"),
        ("   ", "no dice expression"),
        ("d1001", "at most 1000 sides"),
        ("0d6", "no dice"),
        ("4d6kh5", "more dice than it rolls"),
        ("4d6kh0", "keeps no dice"),
        ("4d6kh", "to keep must follow 'kh'"),
        ("4d6kh3!", "keeps and explodes"),
        ("2d66", "D66"),
        ("7kh1", "must follow dice"),
        ("1d6 2", "expected '+' or '-'"),
        ("1+1+1+1+1+1+1+1+1+1+1", "at most 10 terms"),
        ("9" * 30, "too large"),
        ("1d6+" * 100, "too long"),
        ("1d6\n+x", "'x'"),
    ],
)
def test_refusals_are_one_line_sentences(text: str, words: str) -> None:
    with pytest.raises(DiceError) as caught:
        parse(text)
    message = str(caught.value)
    assert "\n" not in message
    assert words in message
    assert "e.g." in message or "like" in message


def test_refusal_message_matches_the_game_master_wording() -> None:
    with pytest.raises(DiceError, match=r"^'1d' is not a dice expression: a number of sides"):
        parse("1d")
    with pytest.raises(DiceError, match=r"^d0 has no sides: dice need at least 2 sides"):
        parse("d0")
    with pytest.raises(DiceError, match=r"^100000d100000 is too many dice: at most 100 dice"):
        parse("100000d100000")


def test_dice_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse("junk")


# --------------------------------------------------------------------------- rolling


def test_d66_gives_only_tens_and_ones_from_1_to_6() -> None:
    dice = Dice(seed=3)
    results = {dice.d66() for _ in range(2000)}
    assert results == {10 * t + o for t in range(1, 7) for o in range(1, 7)}
    rolled = [dice.roll("d66") for _ in range(500)]
    for r in rolled:
        assert 11 <= r.total <= 66
        assert len(r.dice) == 2
        assert r.total == 10 * r.dice[0] + r.dice[1]


def test_scripted_d66_reads_tens_then_ones() -> None:
    assert ScriptedDice([3, 5]).d66() == 35


def test_modifier_adds_to_scripted_face() -> None:
    assert ScriptedDice([7]).roll("1d10+4") == Roll("1d10+4", (7,), 11)


def test_minus_term_subtracts() -> None:
    assert ScriptedDice([3, 4]).roll("2d10-1").total == 6


def test_keep_highest_keeps_the_right_dice() -> None:
    result = ScriptedDice([2, 6, 1, 5]).roll("4d6kh3")
    assert result.dice == (2, 6, 1, 5)
    assert result.total == 13


def test_keep_lowest_keeps_the_right_die() -> None:
    assert ScriptedDice([17, 4]).roll("2d20kl1").total == 4


def test_exploding_die_rolls_again_on_maximum() -> None:
    result = ScriptedDice([10, 10, 3]).roll("1d10!")
    assert result.dice == (10, 10, 3)
    assert result.total == 23


def test_exploding_stops_after_twenty_extra_dice() -> None:
    faces = [6] * (1 + MAX_EXPLOSIONS)
    result = ScriptedDice(faces + [1]).roll("1d6!")
    assert result.dice == tuple(faces)
    assert result.total == 6 * len(faces)


def test_sum_of_terms() -> None:
    assert ScriptedDice([9, 2]).roll("1d10+1d5+3").total == 14


def test_same_seed_gives_same_rolls() -> None:
    first, second = Dice(seed=42), Dice(seed=42)
    exprs = ["1d100", "6d6", "d66", "4d6kh3", "1d10!+2"]
    assert [first.roll(e) for e in exprs] == [second.roll(e) for e in exprs]
    assert first.pool(10) == second.pool(10)
    assert first.d(20) == second.d(20)


def test_injected_rng_is_used() -> None:
    assert Dice(rng=random.Random(5)).pool(8, 10) == Dice(seed=5).pool(8, 10)


def test_module_roll_matches_dice_roll() -> None:
    assert roll("3d6+1", random.Random(9)) == Dice(seed=9).roll("3d6+1")


def test_plain_die_and_pool_stay_in_range() -> None:
    dice = Dice(seed=1)
    assert all(1 <= dice.d(5) <= 5 for _ in range(200))
    pool = dice.pool(50, 6)
    assert len(pool) == 50 and all(1 <= face <= 6 for face in pool)
    assert dice.pool(0) == ()


@pytest.mark.parametrize("bad", [lambda d: d.d(1), lambda d: d.pool(101), lambda d: d.pool(-1)])
def test_impossible_plain_rolls_are_refused(bad: Callable[[Dice], object]) -> None:
    with pytest.raises(DiceError):
        bad(Dice(seed=1))


def test_scripted_dice_run_out() -> None:
    dice = ScriptedDice([4])
    assert dice.d(6) == 4
    with pytest.raises(DiceError, match="ran out of scripted dice"):
        dice.d(6)


def test_scripted_face_must_fit_the_die() -> None:
    with pytest.raises(DiceError, match="does not fit a d6"):
        ScriptedDice([7]).roll("1d6")


# --------------------------------------------------------------------------- replay


def test_replay_recomputes_without_rolling() -> None:
    assert replay("4d6kh3+1", [1, 6, 6, 2]).total == 15


@pytest.mark.parametrize("faces", [[], [3], [3, 4, 5], [3, 11]])
def test_replay_refuses_faces_that_do_not_fit(faces: list[int]) -> None:
    with pytest.raises(DiceError) as caught:
        replay("2d10", faces)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("expr", "faces", "says"),
    [("2d6", [3], ": 1 face recorded, not enough"), ("1d6", [3, 4], ": 2 faces recorded but")],
)
def test_replay_counts_the_faces_in_words(expr: str, faces: list[int], says: str) -> None:
    """A hand-edited journal with one face for 2d6 read "1 faces are not enough"."""
    with pytest.raises(DiceError, match=says):
        replay(expr, faces)


# --------------------------------------------------------------------------- counting


def test_icons_count_4_and_5_once_and_6_twice() -> None:
    assert icons([4, 5, 6, 1]) == 4
    assert icons([1, 2, 3]) == 0


def test_exalted_counts_sixes() -> None:
    assert exalted([6, 6, 5, 1]) == 2


def test_successes_default_to_sixes() -> None:
    assert successes([6, 5, 6, 1]) == 2
    assert successes([4, 5, 3], target=4) == 2


def test_count_finds_ones_on_stress_dice() -> None:
    assert count([1, 1, 6, 3], 1) == 2


def test_keep_helpers() -> None:
    assert keep_highest([2, 6, 1, 5], 3) == (6, 5, 2)
    assert keep_lowest([2, 6, 1, 5], 2) == (1, 2)
    assert keep_highest([3], 5) == (3,)
    with pytest.raises(DiceError):
        keep_highest([3], -1)


# --------------------------------------------------------------------------- properties


@st.composite
def dice_terms(draw: st.DrawFn) -> DiceTerm:
    """Any valid term: constant, D66, plain, keep or exploding dice."""
    kind = draw(st.sampled_from(["const", "d66", "plain", "keep", "explode"]))
    if kind == "const":
        return DiceTerm.const(draw(st.integers(0, 100)))
    if kind == "d66":
        return DiceTerm(count=1, sides=66)
    sides = draw(st.integers(2, 1000).filter(lambda s: s != 66))
    dice = draw(st.integers(1, 100))
    if kind == "keep":
        keep = draw(st.integers(1, dice))
        return DiceTerm(dice, sides, keep=keep, keep_low=draw(st.booleans()))
    return DiceTerm(dice, sides, explode=kind == "explode")


expressions = st.lists(
    st.tuples(st.sampled_from([1, -1]), dice_terms()), min_size=1, max_size=10
).map(lambda terms: DiceExpr(tuple(terms)))


@given(expr=expressions, seed=st.integers(0, 2**32))
def test_any_roll_stays_in_range_and_replays(expr: DiceExpr, seed: int) -> None:
    result = roll(expr, random.Random(seed))
    assert expr.minimum <= result.total <= expr.maximum
    assert replay(expr, result.dice) == result
    assert replay(str(expr), list(result.dice)).total == result.total


@given(expr=expressions)
def test_canonical_text_parses_back(expr: DiceExpr) -> None:
    assert parse(str(expr)) == expr


@given(terms=st.lists(dice_terms(), min_size=1, max_size=10))
def test_lowest_and_highest_faces_reach_the_stated_bounds(terms: list[DiceTerm]) -> None:
    expr = DiceExpr(tuple((1, term) for term in terms))
    assert Dice(rng=_Fixed(1)).roll(expr).total == expr.minimum
    assert Dice(rng=_Fixed(1000)).roll(expr).total == expr.maximum


class _Fixed(random.Random):
    """A random source that always shows the highest (or lowest) face."""

    def __init__(self, face: int) -> None:
        super().__init__(0)
        self.face = face

    def randint(self, a: int, b: int) -> int:
        return min(self.face, b)
