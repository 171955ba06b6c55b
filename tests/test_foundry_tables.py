"""Foundry RollTable exports → the GM's roll tables and the Alien critical and panic tables
(issue 14); the GM's roll-table files (tracker.store.tables)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.alien_helpers import ROSTER, Table
from tests.conftest import basic_encounter
from tests.foundry_helpers import FIXTURES, run
from tracker.core.dice import ScriptedDice
from tracker.core.errors import RuleError
from tracker.core.library import MemoryLibrary, RollTable, TableRow
from tracker.paths import user_data_dir
from tracker.rules.alien_evolved.tables import CriticalTable, default_table_path
from tracker.store.foundry.importing import ImportFailed, apply, plan
from tracker.store.tables import load_tables, read_table, save_table, tables_dir


def fixture(name: str) -> str:
    return str(FIXTURES / name)


# --- generic roll tables --------------------------------------------------------------


def test_an_old_rolltable_becomes_a_table_the_gm_can_roll(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, fixture("rolltable-generic.json"))
    assert code == 0, err
    assert out.startswith("rolltable-generic.json: roll table 'Wandering horrors' (1d6, 3 results)")
    assert (tables_dir() / "wandering-horrors.toml").is_file()
    tables, problems = load_tables()
    assert problems == []
    assert tables == [
        RollTable(
            "Wandering horrors",
            "1d6",
            (
                TableRow(1, 3, "Nothing: the vents rattle."),
                TableRow(4, 5, "A drone drops from the ceiling & hisses."),
                TableRow(6, 6, "Facehugger"),  # a result pointing at an actor: its name
            ),
        )
    ]
    fight = basic_encounter()
    fight.library = MemoryLibrary(tables=tables)
    events = fight.run("roll table Wandering horrors", ScriptedDice([5]))
    assert "A drone drops from the ceiling & hisses." in events[-1].text


def test_into_with_only_roll_tables_says_it_took_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "fight.toml"
    fight.write_bytes(
        (Path(__file__).parents[1] / "encounters" / "alien-operations-deck.toml").read_bytes()
    )
    before = fight.read_bytes()
    code, out, err = run(capsys, fixture("rolltable-generic.json"), "--into", str(fight))
    assert code == 0, err
    assert out.splitlines()[-1] == (
        f"--into {fight} took nothing: only actors join an encounter; roll tables go to "
        "your tables folder, where every encounter rolls on them"
    )
    assert (tables_dir() / "wandering-horrors.toml").is_file()
    assert fight.read_bytes() == before


def test_a_foundry_13_table_reads_name_and_description(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, fixture("rolltable-panic-new.json"))
    assert code == 0
    table = read_table(tables_dir() / "panic-table-homebrew.toml")
    assert table.find(7) == TableRow(7, 7, "Nervous Twitch. Stress level +1.")
    assert table.find(14) == TableRow(13, 15, "Catatonic. You collapse & stare into oblivion.")
    assert "--tables alien-panic" in out  # a hint: this looks like the Alien panic table


@pytest.mark.parametrize(
    ("name", "linked", "row"),
    [
        ("rolltable-subtable-v13.json", "Hive wounds, the deep cuts", (5, 6)),  # documentUuid
        ("rolltable-subtable-old.json", "Things in the vents", (4, 6)),  # collection RollTable
    ],
)
def test_a_result_that_draws_from_another_table_says_to_roll_it(
    name: str, linked: str, row: tuple[int, int]
) -> None:
    # the official Xenomorph critical table's 3 draws on its sub table (real data): the
    # row held the sub table's bare name, with nothing telling the GM to roll it
    (item,) = plan([FIXTURES / name]).tables
    assert item.table.rows[-1] == TableRow(*row, f"Roll on {linked}: 'roll table {linked}'.")
    assert item.table.rows[0].text in (
        "Shrugs it off: It hisses and keeps coming.",
        "Dripping water.",
    )


def test_a_bad_table_file_is_one_line_and_the_rest_still_load() -> None:
    save_table(RollTable("Good", "1d2", (TableRow(1, 2, "fine"),)))
    bad = tables_dir() / "bad.toml"
    bad.write_text(
        'name = "Bad"\nformula = "1d6"\n\n[[results]]\nrange = [4, 2]\ntext = "x"\n',
        encoding="utf-8",
    )
    (tables_dir() / "alien-evolved.toml").write_text("[[panic]]\nroll = 1\neffect = 'x'\n")
    tables, problems = load_tables()
    assert [t.name for t in tables] == ["Good"]  # the Alien tables file is not a roll table
    assert problems == [
        f"{bad}:5:1: result 1: range must be [low, high] (low ≤ high) or one number"
    ]


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ('name = "X"\nformula = "1d6+@x"\n[[results]]\nrange = 1\ntext = "a"\n', ":2:1:", "'@'"),
        ('name = "X"\n[[results]]\nrange = 1\n', ":2:1:", "result 1 needs text"),
        ('name = "X"\ncolour = 3\n[[results]]\nrange = 1\ntext = "a"\n', ":2:1:", "unknown key"),
        ('name = "X\\u001b"\n[[results]]\nrange = 1\ntext = "a"\n', ":1:1:", "ESC"),
        ("name = [\n", ":2:1:", "the file ends where a value belongs"),
    ],
)
def test_table_file_errors_name_the_place(text: str, where: str, what: str) -> None:
    path = tables_dir() / "t.toml"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    _tables, problems = load_tables()
    assert len(problems) == 1 and problems[0].startswith(f"{path}{where}") and what in problems[0]


# --- the Alien critical injuries --------------------------------------------------------


def test_imported_criticals_carry_lethal_timers_the_text_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _err = run(
        capsys, fixture("rolltable-criticals-old.json"), "--tables", "alien-critical-injuries"
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("rolltable-criticals-old.json: Alien critical injuries, 7 rows → ")
    # FATAL: YES with TIME LIMIT "One Stretch" / "One Round" map; "See MO/TH/ER" does not
    assert lines[1] == (
        "  lethal timers from the text: 21 (stretch), 22 (round); lethal with no "
        "round/stretch/shift in the text: 23 — timer left empty (enter it with crit WHO N … "
        "lethal=…)"
    )
    table = CriticalTable()
    assert table.find(14, synthetic=False).name == "Cracked ribs"  # type: ignore[union-attr]
    assert table.find(14, synthetic=False).effect == (  # type: ignore[union-attr]
        "-1 to Mobility. Healing time: 1d6 days"
    )
    assert table.find(23, synthetic=False).timer == ""  # type: ignore[union-attr]
    assert table.find(36, synthetic=False).name == "Bruised"  # type: ignore[union-attr]
    assert table.find(37, synthetic=False) is None  # not a D66 result


def test_a_critical_rolled_on_an_imported_table_is_entered_with_its_effect() -> None:
    # seed 003 l.153: at zero Health "roll a D66 on the table" (the GM's: the text's table is
    # a picture, l.169); l.155: a lethal one calls for death rolls after its time limit,
    # "If the time limit is round, Death Roll on your every turn, right after you act".
    apply(plan([Path(fixture("rolltable-criticals-old.json"))], tables="alien-critical-injuries"))
    table = Table(tables=default_table_path())
    table.start()
    lines = table.do("dmg ripley 4", [2, 2])
    assert "Ripley suffers critical 22, Severed artery: Blood everywhere., lethal (round)" in lines
    ripley = table.who("ripley")
    assert [(i.score, i.name, i.effect) for i in ripley.injuries] == [
        (22, "Severed artery", "Blood everywhere.")
    ]
    assert ripley.condition("Dying") and not table.reminders()  # entered, not to look up
    views = {v.label: v.note for v in table.rules.track_views(ripley)}
    assert views["Critical injuries"] == "22 Severed artery"
    while table.state.current != "ripley":
        table.do("next")
    table.do("next")  # the round timer: a death roll right after Ripley acts
    assert ("ripley", "deathroll") in table.reminders()


def test_critical_systems_take_d6_rows_only() -> None:
    result = plan([Path(fixture("rolltable-generic.json"))], tables="alien-critical-systems")
    assert [r["roll"] for r in result.tables[0].rows] == [[1, 2, 3], [4, 5], 6]
    with pytest.raises(ImportFailed, match="no result of this table is a critical injuries roll"):
        plan([Path(fixture("rolltable-generic.json"))], tables="alien-critical-injuries")


# --- the Alien panic table ------------------------------------------------------------

PANIC_ROSTER: list[dict[str, Any]] = [
    *ROSTER,
    {"id": "gorman", "name": "Gorman", "side": "pc", "kind": "human", "stats": {"stress": 10}},
]


def panic_table() -> Table:
    apply(plan([Path(fixture("rolltable-panic-new.json"))], tables="alien-panic"))
    return Table(roster=PANIC_ROSTER, tables=default_table_path())


def test_panic_with_an_imported_table_logs_the_effect() -> None:
    # seed 003 l.11-13, "Stress Roll": the response table is a picture — the GM's own table
    # gives the effect of 1d6 + stress (docs/rulesets/alien-evolved.md)
    table = panic_table()
    lines = table.do("panic hicks", [6])  # Hicks: stress 1, 6 + 1 = 7
    assert lines == [
        "Hicks's panic roll: 1d6 [6] + stress 1 = 7",
        "Hicks panics: 7, Nervous Twitch — Stress level +1.",
    ]
    panicking = table.who("hicks").condition("Panicking")
    assert panicking is not None and panicking.level == 7
    assert panicking.source == "Nervous Twitch — Stress level +1."


def test_a_calm_result_is_logged_without_panic() -> None:
    table = panic_table()
    lines = table.do("panic hicks", [3])  # 3 + 1 = 4: keeping cool
    assert lines[-1] == "Hicks keeps cool: 4, Keeping Cool — No effect."
    assert table.who("hicks").condition("Panicking") is None


def test_the_top_row_covers_every_higher_total() -> None:
    table = panic_table()
    lines = table.do("panic gorman", [6])  # 6 + stress 10 = 16, past the table's 15
    assert lines[-1] == "Gorman panics: 16, Catatonic — You collapse & stare into oblivion."


def test_a_total_entered_by_hand_is_looked_up_too() -> None:
    table = panic_table()
    assert table.do("panic hicks 9") == ["Hicks panics: 9, Tremble — Drop what you hold."]
    assert table.do("panic ripley 9 Freeze") == ["Ripley panics: 9, Freeze"]  # the GM's words win


def test_without_a_panic_table_the_gm_looks_it_up() -> None:
    table = Table()
    lines = table.do("panic hicks", [4])
    assert lines == [
        "Hicks's panic roll: 1d6 [4] + stress 1 = 5",
        "Hicks: look up panic 5 and enter it — 'panic hicks 5 EFFECT'",  # a reminder
    ]
    assert ("hicks", "panic-table") in table.reminders()


def test_importing_panic_keeps_the_critical_tables_and_comments() -> None:
    path = default_table_path()
    path.parent.mkdir(parents=True)
    path.write_text(
        '# my criticals\n[[critical_injuries]]\nroll = 34\nname = "Cracked ribs"\n\n'
        '[[panic]]\nroll = 1\neffect = "old"\n',
        encoding="utf-8",
    )
    apply(plan([Path(fixture("rolltable-panic-new.json"))], tables="alien-panic"))
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# my criticals\n[[critical_injuries]]\nroll = 34")
    table = CriticalTable(path)
    assert table.find(34, synthetic=False) is not None
    assert [row.name for row in table.panic][0] == "Keeping Cool" and "the old row" not in text


def test_one_panic_table_per_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(
        capsys,
        fixture("rolltable-panic-new.json"),
        fixture("rolltable-generic.json"),
        "--tables",
        "alien-panic",
    )
    assert code == 1 and "takes one RollTable file, not 2" in err
    assert not user_data_dir().exists()


@pytest.mark.parametrize(
    ("row", "what"),
    [
        ('[[critical_injuries]]\nroll = "13+"\nname = "x"\n', "for the panic table"),
        ('[[panic]]\nroll = "9-7"\neffect = "x"\n', "runs backwards"),
        ('[[panic]]\nroll = "seven"\neffect = "x"\n', "a whole number, a list"),
        ("[[panic]]\nroll = 7\n", "needs an effect"),
    ],
)
def test_alien_table_rows_that_cannot_be_read_are_refused(
    tmp_path: Path, row: str, what: str
) -> None:
    path = tmp_path / "alien-evolved.toml"
    path.write_text(row, encoding="utf-8")
    table = Table(tables=path)
    with pytest.raises(RuleError, match=what):
        table.do("panic hicks", [1]) if "panic" in row else table.do("crit ripley", [1, 3])
