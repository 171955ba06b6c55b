"""eva-escale and persona-d100, round seven: what the status pane says of a combatant's
actions out of turn, and what persona's Knock Down says of who falls.

Rules from ../shared/seeds/001_4a06b4925a00c8d1.txt ("seed 001") and
../shared/seeds/004_8c1967da84c8c8ef.txt ("seed 004"), cited by section or line.
"""

from __future__ import annotations

from tests import eva_helpers, persona_helpers
from tests.d100_helpers import Table


def _eva_economy(fight: Table, who: str) -> str:
    """The economy row of ``who``'s status pane (eva-escale)."""
    lines = eva_helpers.RULES.status_lines(fight.who(who), fight.state)
    return next(line for line in lines if "Reaction" in line)


def test_eva_out_of_turn_the_pane_shows_the_reaction_not_last_turn_s_half_actions() -> None:
    # seed 001, Actions: two Half Actions "per Turn"; a Reaction "may be used on other
    # characters' turns". Kaji spends a Full Action, then it is Misato's turn: his pane says
    # what he can still do (his Reaction), not "Half Actions 0/2" left over from his turn.
    fight = eva_helpers.table(
        eva_helpers.soldier("kaji"), eva_helpers.soldier("misato"), eva_helpers.angel()
    )
    fight.do("start", [9, 5, 1])
    fight.do("act kaji move full")
    fight.do("next")
    assert _eva_economy(fight, "kaji") == "Reaction ready"
    fight.do("act kaji dodge reaction")
    assert _eva_economy(fight, "kaji") == "Reaction used"
    fight.do("next")
    fight.do("next")
    assert fight.state.current == "kaji"
    assert _eva_economy(fight, "kaji") == "Half Actions 2/2 · Reaction ready"


def test_eva_a_delayed_turn_still_shows_what_is_left_of_it() -> None:
    # seed 001, Structured Time: one Turn per Round — a delayer holds the turn it began.
    fight = eva_helpers.table(
        eva_helpers.soldier("kaji"), eva_helpers.soldier("misato"), eva_helpers.angel()
    )
    fight.do("start", [9, 5, 1])
    fight.do("act kaji move full")
    fight.do("delay kaji")
    assert _eva_economy(fight, "kaji").startswith("Half Actions 0/2")


def test_persona_out_of_turn_after_round_one_shows_only_the_reaction() -> None:
    # seed 004 l.9: "two Half Actions a turn. They also gain a Reaction, which may be used
    # for actions during other characters' turns"; l.184: one Attack Subtype Action "per
    # turn". Yu attacks on his turn; on Yosuke's his pane says "Reaction ready" only — no
    # "Half Actions 1/2 · Attack used" from the turn that is over.
    table = persona_helpers.party()
    table.do("start", [9, 5, 3, 2, 1])
    table.do("act yu standard attack")
    table.do("next")
    lines = persona_helpers.RULES.status_lines(table.who("yu"), table.state)
    assert "Reaction ready" in lines
    assert not [line for line in lines if "Half Actions" in line or "Attack used" in line]


def test_persona_knock_down_says_who_falls_as_the_text_does() -> None:
    # seed 004 l.206, Knock Down: "If you win, your target is knocked prone. If you surpass
    # your enemy's DoS by two or more, you may choose to deal Unarmed damage … and inflict a
    # level of fatigue … If they surpass yours DoS by two or more, then you are knocked
    # prone instead." Any win fells the target; only the target's 2+ DoS win fells the
    # attacker — the log line of the action says so where the GM reads it.
    table = persona_helpers.party()
    table.do("start", [9, 5, 3, 2, 1])
    line = " ".join(table.do("act yu knockdown"))
    assert "Knock Down [attack, melee] — Half Action" in line
    assert "a win knocks the target prone" in line
    assert "2+ DoS: you may also deal Unarmed damage and a level of fatigue" in line
    assert "the target winning by 2+ DoS knocks you prone instead" in line
    assert "the loser by 2+ DoS" not in line
    spec = next(a for a in persona_helpers.RULES.actions if a.key == "knock down")
    assert spec.summary in line


def test_persona_other_actions_keep_their_short_log_line() -> None:
    # Only actions settled by an untracked opposed test carry their summary.
    table = persona_helpers.party()
    table.do("start", [9, 5, 3, 2, 1])
    assert table.do("act yu standard attack") == [
        "Yu: Standard Attack [attack] — Half Action (1 Half Action left)"
    ]
