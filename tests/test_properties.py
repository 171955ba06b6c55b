"""Property-based tests: random command sequences keep the tracker's invariants."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import basic_encounter
from tracker.core.dice import Dice
from tracker.core.errors import RuleError
from tracker.core.fold import replay
from tracker.core.session import Encounter
from tracker.store.encounter_file import EncounterFile, load, new_file

WHO = st.sampled_from(["ann", "bo", "gob", "orc", "."])
COMMANDS = st.one_of(
    st.just("next"),
    st.just("next"),
    st.just("prev"),
    st.just("undo"),
    st.just("redo"),
    st.builds("dmg {} {}".format, WHO, st.integers(0, 9)),
    st.builds("heal {} {}".format, WHO, st.integers(0, 9)),
    st.builds("ail {} Prone rounds={}".format, WHO, st.integers(0, 3)),
    st.builds("cure {} Prone".format, WHO),
    st.builds("delay {}".format, WHO),
    st.builds("act {}".format, WHO),
    st.builds("swap {} {}".format, WHO, WHO),
    st.builds("{} {}".format, st.sampled_from(["dead", "revive", "down", "remove"]), WHO),
    st.builds("add Troll-{} hp=5".format, st.integers(1, 3)),
    st.builds("init {} {}".format, WHO, st.integers(1, 30)),
)


def play(fight: Encounter, lines: list[str], seed: int) -> None:
    """Run the lines, ignoring the ones the rules refuse."""
    dice = Dice(seed=seed)
    for line in lines:
        try:
            fight.run(line, dice)
        except RuleError:
            pass


def order_is_a_permutation_of_the_active(fight: Encounter) -> bool:
    state = fight.state
    slots = list(state.order) + list(state.delayed)
    active = {c.id for c in state.combatants.values() if c.status != "removed"}
    owners = [s.split("@")[0] for s in slots]
    return len(set(slots)) == len(slots) and set(owners) == active


@settings(max_examples=60, deadline=None)
@given(lines=st.lists(COMMANDS, max_size=30), seed=st.integers(0, 1000))
def test_order_stays_a_permutation_of_the_active_combatants(lines: list[str], seed: int) -> None:
    fight = basic_encounter()
    fight.run("start", Dice(seed=seed))
    play(fight, lines, seed)
    if fight.state.phase != "running":
        return
    assert order_is_a_permutation_of_the_active(fight)
    if fight.state.current is not None:
        assert fight.state.current in fight.state.order


@settings(max_examples=60, deadline=None)
@given(lines=st.lists(COMMANDS, min_size=1, max_size=25), seed=st.integers(0, 1000))
def test_undo_then_redo_restores_the_same_state(lines: list[str], seed: int) -> None:
    fight = basic_encounter()
    fight.run("start", Dice(seed=seed))
    play(fight, lines, seed)
    before = fight.state
    if fight.undo_target() is None:
        return
    fight.run("undo", Dice(seed=0))
    fight.run("redo", Dice(seed=0))
    after = fight.state
    assert (after.combatants, after.order, after.current, after.round, after.delayed) == (
        before.combatants,
        before.order,
        before.current,
        before.round,
        before.delayed,
    )


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(lines=st.lists(COMMANDS, max_size=20), seed=st.integers(0, 1000))
def test_replaying_the_saved_file_equals_the_live_state(lines: list[str], seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fight.toml"
        new_file(path, "basic", "Property")
        dice = Dice(seed=seed)
        with EncounterFile(path) as play_file:
            for line in ["add Ann side=pc hp=9 init=2", "add Gob hp=5", "start", *lines]:
                try:
                    play_file.execute(line, dice)
                except RuleError:
                    pass
            live = play_file.encounter.state
            live_events = play_file.encounter.events
        reloaded = load(path).encounter
        assert reloaded.events == live_events
        assert reloaded.state == live
        assert replay(reloaded.initial, reloaded.events) == live


@settings(max_examples=40, deadline=None)
@given(
    lines=st.lists(COMMANDS, min_size=1, max_size=30),
    seed=st.integers(0, 1000),
    every=st.integers(1, 7),
)
def test_checkpointed_replay_equals_a_full_replay(lines: list[str], seed: int, every: int) -> None:
    from tracker.core.fold import Checkpoints

    fight = basic_encounter()
    fight.checkpoints = Checkpoints(every=every)
    fight.run("start", Dice(seed=seed))
    dice = Dice(seed=seed)
    for line in [*lines, "undo", "undo", "redo", *lines[:3], "undo"]:
        try:
            fight.run(line, dice)
        except RuleError:
            continue
        assert fight.state == replay(fight.initial, fight.events)
