"""Alien initiative cards: Speed, lowest first, surprise, ambush, holding off (seed 003)."""

from __future__ import annotations

import pytest

from tests.alien_helpers import Table
from tracker.core import events as ev
from tracker.core.errors import RuleError


def test_speed_two_draws_two_cards_and_acts_twice() -> None:
    # seed 003, "Combat Mode": draw initiative card - 1 card per speed
    table = Table()
    table.start()
    state = table.state
    assert state.initiative["drone"] == 9 and state.initiative["drone@2"] == 5
    assert [s for s in state.order if s.startswith("drone")] == ["drone@2", "drone"]


def test_lowest_card_acts_first() -> None:
    # seed 003: "Players and NPCs take their turn in order starting lowest first"
    table = Table()
    lines = table.start()
    assert table.state.order == ("bishop", "ripley", "drone@2", "hicks", "drone")
    assert table.state.current == "bishop"
    assert "Round 1 cards: Bishop 2, Ripley 4, Drone (#2) 5, Hicks 7, Drone 9" in lines


def test_cards_are_recorded_in_the_journal() -> None:
    # seed 003 l.58: "Draw initiative card - 1 card per speed"; docs/rulesets/alien-evolved.md
    # ("Cards"): "cards drawn are recorded", so replay deals the same.
    table = Table()
    table.start()
    dealt = {e.who: e.rolls for e in table.encounter.events if isinstance(e, ev.InitiativeSet)}
    assert dealt == {"ripley": (4,), "hicks": (7,), "bishop": (2,), "drone": (9,), "drone@2": (5,)}


def test_a_card_already_dealt_is_drawn_again() -> None:
    # docs/rulesets/alien-evolved.md ("Cards"): a draw "draws again if that card is gone"
    # (one deck, seed 003 l.58).
    table = Table()
    table.do("start", [4, 4, 7, 2, 9, 5])
    assert table.state.initiative["hicks"] == 7


def test_cards_are_dealt_afresh_each_round_and_both_drone_cards_play() -> None:
    # seed 003 l.58-61: a card per Speed, turns "starting lowest first", and once everyone
    # has had their turn "return to step 1": the round is dealt afresh.
    table = Table()
    table.start()
    seen = [table.state.current]
    for _ in range(4):
        table.do("next")
        seen.append(table.state.current)
    assert seen == ["bishop", "ripley", "drone@2", "hicks", "drone"]
    table.do("next", [1, 2, 3, 4, 5])
    assert table.state.round == 2
    assert table.state.initiative == {
        "ripley": 1,
        "hicks": 2,
        "bishop": 3,
        "drone": 4,
        "drone@2": 5,
    }
    assert table.state.current == "ripley"


def test_surprise_gives_the_attacker_card_one() -> None:
    # seed 003, "Surprise": attacker draws #1 initiative card, everyone else draws
    table = Table()
    table.do("start attacker=drone", [4, 7, 2, 5])
    assert table.state.initiative["drone"] == 1
    assert table.state.current == "drone"


def test_surprise_from_the_encounter_options() -> None:
    # seed 003 l.64, "Surprise": the attacker "draws #1 initiative card" — named in the
    # encounter's options too.
    table = Table(options={"surprise": "hicks"})
    table.do("start", [4, 2, 9, 5])
    assert table.state.initiative["hicks"] == 1


def test_core_surprised_option_is_explained() -> None:
    # seed 003 l.64: surprise gives the attacker card 1; there is no "surprised" side.
    table = Table()
    with pytest.raises(RuleError, match="attacker takes card 1"):
        table.do("start surprised=drone")


def test_ambushers_take_the_lowest_cards_and_targets_cannot_dodge() -> None:
    # seed 003, "Ambush": ambushing party draw the lowest cards; targets cannot defend
    # or dodge
    table = Table()
    table.do("start ambush=drone", [2, 1, 4, 7, 9])  # the Drone's two cards: from 1-2
    assert sorted([table.state.initiative["drone"], table.state.initiative["drone@2"]]) == [1, 2]
    assert table.who("ripley").condition("Ambushed")
    with pytest.raises(RuleError, match="ambush"):
        table.do("dodge ripley")
    while table.state.round == 1:
        table.do("next", [1, 2, 3, 4, 5])
    assert not table.who("ripley").condition("Ambushed")


def test_holding_off_swaps_cards_and_the_other_acts_now() -> None:
    # seed 003, "Holding Off": swap initiative card with someone else, they cannot refuse
    table = Table()
    table.start()  # Bishop 2 is acting
    lines = table.do("swap bishop hicks")
    assert table.state.initiative["bishop"] == 7 and table.state.initiative["hicks"] == 2
    assert table.state.current == "hicks"
    assert any("cannot refuse" in line for line in lines)
    assert table.state.order == ("hicks", "ripley", "drone@2", "bishop", "drone")
    table.do("next")
    assert table.state.current == "ripley"
    table.do("next")
    table.do("next")
    assert table.state.current == "bishop"  # Bishop acts on card 7


def test_cannot_swap_with_someone_who_has_acted() -> None:
    # seed 003 l.70, "Holding Off"; docs/rulesets/alien-evolved.md ("Holding off"): refused
    # "only when either card has already been played this round".
    table = Table()
    table.start()
    table.do("next")  # Bishop acted, Ripley's turn
    with pytest.raises(RuleError, match="already acted"):
        table.do("swap ripley bishop")


def test_a_newcomer_draws_from_the_cards_left() -> None:
    # docs/rulesets/alien-evolved.md ("Cards"): "A newcomer mid-round draws from the cards
    # nobody holds" (seed 003 l.58: one deck).
    table = Table()
    table.start()
    table.do("add Dallas side=pc health=3", [1])
    assert table.state.initiative["dallas"] == 1
    assert table.state.order[0] == "dallas"


def test_the_one_giving_up_the_earlier_card_is_the_one_holding_off() -> None:
    # issue 12: "swap hicks ripley" named Hicks (card 7) as holding off; seed 003,
    # "Holding Off": the one who holds off gives up their earlier card
    table = Table()
    table.start()  # Bishop 2 is acting, Ripley holds 4, Hicks 7
    lines = table.do("swap hicks ripley")
    assert "Ripley holds off: card 4 goes to Hicks (who cannot refuse), card 7 to Ripley" in lines
