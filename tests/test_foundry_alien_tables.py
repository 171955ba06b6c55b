"""The official Alien RollTables' wordings (issue 28): time limits ("One Round", "One Turn",
"One Shift", "One Day", "D6 Days"), lethal rows with no time limit, synthetic criticals
with name and effect in one string, the v0.7 panic table's "KEEPING IT TOGETHER" — each
row kind resolved through ``crit`` and ``panic``.

The fixtures are our own tables in the shapes of the official modules' RollTables:
labelled HTML rows (``INJURY: … FATAL: … TIME LIMIT: … EFFECTS: … HEALING TIME: …``) in a
Foundry 12 export, ``<strong>NAME:</strong> effect`` rows and ``<strong>NAME.</strong>
effect`` panic rows in older exports.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.alien_helpers import ROSTER, Table
from tests.foundry_helpers import FIXTURES
from tracker.core.errors import RuleError
from tracker.rules.alien_evolved.tables import INSTANT, TIMERS, default_table_path
from tracker.store.foundry.importing import apply, plan
from tracker.store.foundry.rolltable import FoundryTable, Result, critical_rows


def imported(name: str, kind: str) -> Table:
    apply(plan([FIXTURES / name], tables=kind))
    return Table(roster=CREW, tables=default_table_path())


CREW: list[dict[str, Any]] = [
    *ROSTER,
    *(
        {"id": who, "name": who.capitalize(), "side": "pc", "kind": "human", "stats": {"health": 3}}
        for who in ("ash", "kane", "lambert", "parker", "brett", "dallas")
    ),
]


# --- critical injuries --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "timer"),
    [
        (21, "round"),  # TIME LIMIT: One Round
        (22, "stretch"),  # One Turn: the core rules' turn is Evolved's stretch
        (23, "shift"),  # One Shift
        (24, "shift"),  # One Day: no timer of its own, the longest there is
        (25, "shift"),  # D6 Days
    ],
)
def test_every_time_limit_wording_becomes_a_death_roll_timer(number: int, timer: str) -> None:
    table = imported("rolltable-criticals-official.json", "alien-critical-injuries")
    lines = table.do(f"crit kane {number}")
    assert lines[0].endswith(f", lethal ({timer})")
    kane = table.who("kane")
    assert kane.condition("Dying") is not None and kane.status != "dead"
    assert table.rules.summary_parts(kane)[-1].short == f"dying/{timer}"


def test_a_lethal_row_with_no_time_limit_kills_at_once() -> None:
    # 66: FATAL Yes, TIME LIMIT "–", "Your heart gives out …": no death roll to make
    table = imported("rolltable-criticals-official.json", "alien-critical-injuries")
    lines = table.do("crit ash", [6, 6])  # a rolled D66: 66
    assert lines[-2:] == [
        "Ash suffers critical 66, Pierced heart: Your heart gives out. You are gone before you "
        "hit the floor., lethal (instant)",
        "Ash dies at once (Pierced heart: lethal with no time limit)",
    ]
    assert table.who("ash").status == "dead" and not table.reminders()


def test_rows_that_do_not_kill_carry_their_effect_and_healing_time() -> None:
    table = imported("rolltable-criticals-official.json", "alien-critical-injuries")
    table.do("crit parker 13")
    table.do("crit brett 11")
    (scar,) = table.who("parker").injuries
    assert (scar.name, scar.effect, scar.lethal) == (
        "Scarred face",
        "A jagged scar that never fades. Healing time: Permanent",
        False,
    )
    assert table.who("brett").injuries[0].name == "Knocked breathless"  # 11-12, no timer
    assert table.who("parker").condition("Dying") is None
    assert table.who("brett").condition("Dying") is None


def test_the_import_report_names_the_timers_and_the_instant_deaths() -> None:
    (item,) = plan(
        [FIXTURES / "rolltable-criticals-official.json"], tables="alien-critical-injuries"
    ).tables
    assert item.remarks[-2:] == [
        "lethal timers from the text: 21 (round), 22 (stretch: One Turn), 23 (shift), "
        "24 (shift: One Day), 25 (shift: D6 Days)",
        "lethal with no time limit (dies at once): 66",
    ]


def test_a_death_roll_modifier_in_the_fatal_column_stays_with_the_injury() -> None:
    # the core rules' "FATAL: Yes, –1" (real official table rows 52-55, 61-62): the -1 is
    # the death roll's, and the GM must see it when the injury is dealt
    table = imported("rolltable-criticals-death-modifier.json", "alien-critical-injuries")
    table.do("crit kane 31")
    table.do("crit lambert 32")
    table.do("crit parker 33")
    (vein,) = table.who("kane").injuries
    assert vein.effect == "Can’t use the arm. Death rolls –1. Healing time: 1d6 days"
    assert table.who("lambert").injuries[0].effect == (
        "STAMINA –2. Death rolls –2. Healing time: 3d6 days"
    )
    assert table.who("parker").injuries[0].effect == "MOBILITY –1. Healing time: 2d6 days"
    assert table.who("kane").condition("Dying") is not None
    assert table.who("parker").condition("Dying") is None


def test_a_critical_table_numbered_1_to_36_is_read_in_d66_order() -> None:
    # the system's first critical-injuries table (real NeDB pack, 2020) rolls 1d36 over
    # results 1-36 in D66 order: its 22nd result is D66 44, its 7th D66 21
    table = imported("rolltable-criticals-d36-v06.json", "alien-critical-injuries")
    lines = table.do("crit kane 44")
    assert lines[0] == "Kane suffers critical 44, Wound 22: Every breath whistles., lethal (shift)"
    table.do("crit parker 21")
    assert table.who("parker").injuries[0].name == "Wound 7"
    table.do("crit brett 66")
    assert table.who("brett").status == "dead"  # result 36: no time limit, dies at once
    (item,) = plan(
        [FIXTURES / "rolltable-criticals-d36-v06.json"], tables="alien-critical-injuries"
    ).tables
    assert any(r.startswith("numbered 1-36 (formula 1d36): read in D66") for r in item.remarks)
    assert len(item.rows) == 36 and "left out" not in " ".join(item.remarks)


def test_the_gm_may_enter_an_instant_death_by_hand() -> None:
    table = Table(roster=CREW)
    with pytest.raises(RuleError, match="lethal= takes round, stretch, shift, instant"):
        table.do("crit dallas 64 Crushed skull lethal=soon")
    table.do("crit dallas 64 Crushed skull lethal=instant")
    assert table.who("dallas").status == "dead"


LIMITS = ["One Round", "ONE TURN", "one stretch", "One Shift", "One Day", "D6 Days", "2 shifts"]


@given(st.sampled_from(LIMITS), st.sampled_from(["–", "-", "", "None"]))
def test_a_fatal_row_always_gets_a_timer_the_ruleset_knows(limit: str, none: str) -> None:
    def row(number: int, fatal: str, said: str) -> Result:
        body = f"INJURY: Hurt\nFATAL: {fatal}\nTIME LIMIT: {said}\nEFFECTS: Ouch."
        return Result(number, number, "", body)

    found = FoundryTable(
        "t", "1d66", (row(11, "Yes", limit), row(12, "Yes", none), row(13, "No", limit))
    )
    rows, _remarks = critical_rows(found, synthetic=False)
    assert rows[0]["lethal"] in TIMERS
    assert rows[1]["lethal"] == INSTANT
    assert "lethal" not in rows[2]


# --- critical systems damage ---------------------------------------------------------------


def test_a_synthetic_critical_splits_name_and_effect_and_keeps_the_effect_whole() -> None:
    table = imported("rolltable-synthetic-criticals.json", "alien-critical-systems")
    table.do("crit bishop 1")
    (ghosts,) = table.who("bishop").injuries
    assert ghosts.name == "SENSOR GHOSTS"
    assert ghosts.effect == (
        "Your optical feed fills with phantom shapes and false echoes; every Observation roll "
        "suffers a –2 modification until a technician recalibrates you with a Comtech roll."
    )
    table.do("crit bishop 6")
    assert table.who("bishop").condition("Shut down") is not None


# --- the v0.7 panic table ------------------------------------------------------------------


def test_keeping_it_together_is_calm() -> None:
    table = imported("rolltable-panic-v07.json", "alien-panic")
    assert table.do("panic hicks 2") == [
        "Hicks keeps cool: 2, KEEPING IT TOGETHER — You grit your teeth and hold on; nothing "
        "happens, this time."
    ]
    assert table.who("hicks").condition("Panicking") is None
    table.do("panic hicks", [5])  # 5 + stress 1 = 6, still the top of KEEPING IT TOGETHER
    assert table.who("hicks").condition("Panicking") is None


def test_a_v07_row_past_the_calm_ones_panics() -> None:
    table = imported("rolltable-panic-v07.json", "alien-panic")
    assert table.do("panic hicks 8") == [
        "Hicks panics: 8, TREMBLE — Your hands shake: –2 to every Agility roll until the stress "
        "is gone."
    ]
    assert table.who("hicks").condition("Panicking") is not None
