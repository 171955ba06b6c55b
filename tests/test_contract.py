"""``tracker rulesets check ID`` and the pytest plugin find what a ruleset author gets
wrong: a verb that raises instead of refusing, a fight that replays to another state, a
missing docs page — one line each, exit status 1; a ruleset that keeps the contract
passes, from the command line and from its own test suite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tracker.contract import CLAUSES

EXAMPLE = Path(__file__).resolve().parent / "example_ruleset"

PROBE = '''
import random
from tracker.api import RosterError, Ruleset, SummaryPart, TrackView, by_name, set_track, verb
from tracker.api import RuleError

WANTS_HP = False


class Rules(Ruleset):
    """A ruleset with the slips the contract is there to find."""

    id = "probe"
    title = "Probe"

    def starting_tracks(self, fighter):
        hp = HP
        return {"hp": hp}, {"hp": hp}

    def verbs(self):
        return by_name(verb("dmg", "dmg WHO N", "lose N hp", self.dmg))

    def dmg(self, draft, command, dice):
        fighter = draft.state.combatants[command.args[0]]   # KeyError for a name
        set_track(draft, fighter.id, "hp", fighter.track("hp") - int(command.args[1]))

    def check_fighter(self, fighter):
        if WANTS_HP and "hp" not in fighter.stats:
            raise RosterError(f"{fighter.name} needs hp")

    def summary_parts(self, fighter):
        return [SummaryPart(f"HP {fighter.track('hp')}")]

    def track_views(self, fighter):
        return [TrackView("HP", fighter.track("hp"))]
'''

SAMPLE = """format = 2
[encounter]
title = "Two"
ruleset = "probe"

[[combatants]]
id = "ann"
name = "Ann"
side = "pc"
stats = { hp = 4 }

[[combatants]]
id = "orc"
name = "Orc"
stats = { hp = 4 }
"""


def install(where: Path, hp: str, wants_hp: bool = False) -> Path:
    """The probe package and its entry point under ``where``."""
    package = where / "probe"
    (package / "samples").mkdir(parents=True)
    code = PROBE.replace("hp = HP", f"hp = {hp}").replace(
        "WANTS_HP = False", f"WANTS_HP = {wants_hp}"
    )
    (package / "__init__.py").write_text(code)
    (package / "samples" / "two.toml").write_text(SAMPLE)
    info = where / "probe-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: probe\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tracker.rulesets]\nprobe = probe:Rules\n")
    return where


def cairn_site(where: Path) -> Path:
    """The example's entry point under ``where`` (its package is read from EXAMPLE)."""
    info = where / "tracker_cairn-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tracker-cairn\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text("[tracker.rulesets]\ncairn = cairn:CairnRules\n")
    return where


def run(argv: list[str], path: list[Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``argv`` in a fresh interpreter seeing ``path`` first."""
    joined = os.pathsep.join([*map(str, path), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": joined.rstrip(os.pathsep), "XDG_DATA_HOME": str(cwd)}
    return subprocess.run(argv, capture_output=True, text=True, env=env, cwd=cwd, timeout=180)


def check(rid: str, path: list[Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``tracker rulesets check rid``."""
    return run([sys.executable, "-m", "tracker", "rulesets", "check", rid], path, cwd)


def test_each_slip_is_a_failed_clause_in_one_line(tmp_path: Path) -> None:
    checked = check("probe", [install(tmp_path / "site", "3")], tmp_path)
    assert checked.returncode == 1 and checked.stderr == ""
    lines = checked.stdout.splitlines()
    assert len(lines) == len(CLAUSES) + 1 and lines[-1] == "probe: 8 of 10 clauses hold"
    verdicts = [line.split()[0] for line in lines[:-1]]
    assert verdicts == ["ok", "ok", "FAILED", "ok", "ok", "ok", "FAILED", "ok", "ok", "warning"]
    assert lines[2] == (
        "FAILED   every verb and reading is in its docs page: "
        "the package ships no docs.md beside the ruleset"
    )
    assert lines[6].startswith("FAILED   errors are one line: 'dmg' raised IndexError")


def test_a_fight_that_replays_to_another_state_is_found(tmp_path: Path) -> None:
    checked = check("probe", [install(tmp_path / "site", "random.randint(1, 10**9)")], tmp_path)
    assert checked.returncode == 1
    assert "the file replays to another state" in checked.stdout


def test_a_ruleset_that_wants_numbers_at_add_gets_its_hostile_names_checked(
    tmp_path: Path,
) -> None:
    checked = check("probe", [install(tmp_path / "site", "3", wants_hp=True)], tmp_path)
    assert "ok       hostile names stay data" in checked.stdout.splitlines()


def test_a_badge_or_initiative_in_words_that_fails_is_found(tmp_path: Path) -> None:
    # A stranger's level_words raised on every condition: the row drew its default and
    # the contract said "8 of 8 clauses hold", as no clause ever drew a condition's level.
    for hook, body in (
        ("level_words(self, condition)", "raise ValueError('a slip')"),
        ("initiative_words(self, value)", "return {}[value]"),
    ):
        site = install(tmp_path / hook[:5], "3")
        probe = site / "probe" / "__init__.py"
        probe.write_text(probe.read_text() + f"\n    def {hook}:\n        {body}\n")
        lines = check("probe", [site], tmp_path).stdout.splitlines()
        assert lines[5].startswith("FAILED   hostile names stay data: the ruleset's "), lines
        assert hook.split("(")[0] in lines[5], lines


def test_the_example_keeps_the_contract_from_its_own_tests(tmp_path: Path) -> None:
    (tmp_path / "test_cairn.py").write_text(
        "def test_cairn(ruleset_contract):\n    ruleset_contract('cairn')\n\n"
        "def test_probe(ruleset_contract):\n    ruleset_contract('probe')\n"
    )
    path = [EXAMPLE, cairn_site(tmp_path / "site"), install(tmp_path / "more", "3")]
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "tracker.testing", "-p", "no:cacheprovider"]
    tested = run([*argv, "test_cairn.py"], path, tmp_path)
    assert "1 failed, 1 passed" in tested.stdout, tested.stdout
    assert "probe breaks the ruleset contract:" in tested.stdout
    assert "errors are one line: 'dmg" in tested.stdout


def test_the_contract_and_its_plugin_load_no_textual(tmp_path: Path) -> None:
    code = (
        "import contextlib, io, sys\nfrom tracker.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['rulesets', 'check', 'basic'])\n"
        "import tracker.testing\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    )
    ran = run([sys.executable, "-c", code], [], tmp_path)
    assert ran.stdout.strip() == "[]", ran.stderr


def test_the_damage_verb_is_played_by_its_role_whatever_its_name(tmp_path: Path) -> None:
    # A stranger's Mothership damage verb is ``harm``: the contract used to play only a
    # verb named ``dmg``, so a ``harm`` that raised on every hit kept the contract.
    site = install(tmp_path / "site", "3")
    code = (site / "probe" / "__init__.py").read_text()
    code = code.replace(
        'verb("dmg", "dmg WHO N", "lose N hp", self.dmg)',
        'verb("harm", "harm WHO N", "lose N hp", self.harm, role="damage")',
    ).replace("def dmg(self, draft, command, dice):", HARM + "\n    def dmg(self, d, c, x):")
    (site / "probe" / "__init__.py").write_text(code)
    bug = code.splitlines().index("            1 / 0") + 1  # the line of the slip
    lines = check("probe", [site], tmp_path).stdout.splitlines()
    assert lines[3] == (
        "FAILED   its samples play start, next, damage, undo, redo; replay = live: "
        f"'harm orc 3' raised ZeroDivisionError: division by zero at probe/__init__.py:{bug}"
    )  # where the bug is, as the refusal at the table says


HARM = """def harm(self, draft, command, dice):
        if list(command.args[1:]) == ["3"]:
            1 / 0
        raise RuleError("harm whom?")
"""


def test_a_shipped_stat_block_that_cannot_make_a_combatant_fails(tmp_path: Path) -> None:
    site = install(tmp_path / "site", "3")
    (site / "probe" / "bestiary").mkdir()
    (site / "probe" / "bestiary" / "probe.toml").write_text(
        'ruleset = "probe"\n\n[[blocks]]\nid = "ogre"\nname = "Ogre"\nstats = { hp = "lots" }\n'
    )
    checked = check("probe", [site], tmp_path)
    lines = checked.stdout.splitlines()
    assert checked.returncode == 1 and lines[4].startswith("FAILED   its bestiary's blocks load: ")
    assert lines[4].endswith("probe.toml:6:1: block 'ogre': stats.hp must be a whole number")


def test_a_theme_the_package_does_not_ship_fails(tmp_path: Path) -> None:
    # The stranger's theme = "mothership-amber" without a themes/ file: the fight opened
    # in the default theme, and nothing said why.
    site = install(tmp_path / "site", "3")
    code = (site / "probe" / "__init__.py").read_text()
    code = code.replace('title = "Probe"', 'title = "Probe"\n    theme = "probe-amber"')
    (site / "probe" / "__init__.py").write_text(code)
    lines = check("probe", [site], tmp_path).stdout.splitlines()
    assert lines[0] == (
        "FAILED   its data loads: "
        "its theme 'probe-amber' is neither the tracker's nor in the package's themes/"
    )
    (site / "probe" / "themes").mkdir()
    (site / "probe" / "themes" / "probe-amber.toml").write_text(
        (EXAMPLE / "cairn" / "themes" / "cairn-moss.toml").read_text()
    )
    assert check("probe", [site], tmp_path).stdout.splitlines()[0] == "ok       its data loads"


def test_a_reading_the_docs_page_does_not_name_fails(tmp_path: Path) -> None:
    # The guide asks for each reading on the docs page; nothing checked it.
    site = install(tmp_path / "site", "3")
    code = (site / "probe" / "__init__.py").read_text()
    code = code.replace('title = "Probe"', 'title = "Probe"\n    data_file = "data.toml"')
    (site / "probe" / "__init__.py").write_text(code)
    (site / "probe" / "data.toml").write_text(READING)
    (site / "probe" / "docs.md").write_text("# Probe\n\n| `dmg WHO N` | lose N hp |\n")
    lines = check("probe", [site], tmp_path).stdout.splitlines()
    assert lines[2] == (
        "FAILED   every verb and reading is in its docs page: "
        "docs.md does not name the reading morale-check"
    )
    (site / "probe" / "docs.md").write_text(
        "# Probe\n\n| `dmg WHO N` | lose N hp |\n\n- `morale-check` (seed 007 l.112): …\n"
    )
    lines = check("probe", [site], tmp_path).stdout.splitlines()
    assert lines[2] == "ok       every verb and reading is in its docs page"


READING = """[readings.morale-check]
about = "is the morale check made when the first ally falls, or the first PC?"
seed = "007"
line = "112"
default = "ally"
[readings.morale-check.choices]
ally = "the first ally to fall calls a morale check"
pc = "only the first PC to fall calls a morale check"
"""


def test_a_timed_condition_nothing_counts_down_fails(tmp_path: Path) -> None:
    # A stranger's Brinkwater gave the shared ``ail`` (``rounds=N``) and no countdown:
    # "Tam is Bleeding for 2 round(s)" and Tam bled for ever, the contract all green.
    site = install(tmp_path / "site", "3")
    probe = site / "probe" / "__init__.py"
    code = probe.read_text().replace(
        'by_name(verb("dmg", "dmg WHO N", "lose N hp", self.dmg))',
        'by_name(verb("dmg", "dmg WHO N", "lose N hp", self.dmg), condition_verbs(self))',
    )
    probe.write_text("from tracker.api import condition_verbs, countdown\n" + code)
    lines = check("probe", [site], tmp_path).stdout.splitlines()
    assert lines[7] == (
        "FAILED   timed conditions run out: 'ail orc Dazed rounds=1' still holds a round "
        "later: count timed conditions down (countdown(draft, slot) in on_turn_end, as the "
        "guide shows; for one that takes the turn away, in on_round_end)"
    )
    probe.write_text(
        probe.read_text()
        + "\n    def on_turn_end(self, draft, slot, dice):\n        countdown(draft, slot)\n"
    )
    assert check("probe", [site], tmp_path).stdout.splitlines()[7] == (
        "ok       timed conditions run out"
    )


STUNNED = """
    def catalogue(self):
        return [AilmentSpec("Dazed"), AilmentSpec("Stunned", summary="loses the turn")]

    def takes_turn(self, state, slot):
        held = state.combatant(slot).condition("Stunned")
        return held is None and super().takes_turn(state, slot)

    def on_turn_end(self, draft, slot, dice):
        countdown(draft, slot)
"""


def test_a_timed_condition_that_takes_the_turn_away_must_run_out_too(tmp_path: Path) -> None:
    # A stranger's Stunned (rounds=1) took the bearer's turn away; the turn's countdown
    # never ran, so it held for ever — the contract tried only Dazed, the first listed.
    site = install(tmp_path / "site", "3")
    probe = site / "probe" / "__init__.py"
    code = probe.read_text().replace(
        'by_name(verb("dmg", "dmg WHO N", "lose N hp", self.dmg))',
        'by_name(verb("dmg", "dmg WHO N", "lose N hp", self.dmg), condition_verbs(self))',
    )
    header = "from tracker.api import AilmentSpec, condition_verbs, countdown\n"
    probe.write_text(header + code + STUNNED)
    lines = check("probe", [site], tmp_path).stdout.splitlines()
    assert lines[7].startswith(
        "FAILED   timed conditions run out: 'ail orc Stunned rounds=1' still holds a round"
    ), lines
    probe.write_text(
        probe.read_text()
        + "\n    def on_round_end(self, draft, dice):\n"
        + "        for fighter in draft.state.active:\n"
        + "            if fighter.condition('Stunned'):\n"
        + "                countdown(draft, fighter.id)\n"
    )
    assert check("probe", [site], tmp_path).stdout.splitlines()[7] == (
        "ok       timed conditions run out"
    )


def test_an_id_that_is_not_the_entry_points_name_says_both(tmp_path: Path) -> None:
    site = install(tmp_path / "site", "3")
    probe = site / "probe" / "__init__.py"
    probe.write_text(probe.read_text().replace('id = "probe"', 'id = "probe-rules"'))
    checked = check("probe", [site], tmp_path)
    assert checked.returncode == 1
    assert "has id = 'probe-rules': the class's id and the entry point's name must be the same" in (
        checked.stdout + checked.stderr
    )


def test_a_verb_that_declares_no_options_is_a_warning_and_one_that_does_holds(
    tmp_path: Path,
) -> None:
    # 'dmg goblin 5 pierc=2' was taken by every verb that read no pierce: the clause runs
    # each verb with an option it does not read and wants it refused in one line.
    site = install(tmp_path / "site", "3")
    last = check("probe", [site], tmp_path).stdout.splitlines()[-2]
    assert last == (
        "warning  an option a verb does not read is refused: dmg: no options declared — one "
        "typed wrong is handed to the verb unchecked; list those each reads with "
        "verb(…, options=(…))"
    )
    probe = site / "probe" / "__init__.py"
    probe.write_text(probe.read_text().replace("self.dmg))", "self.dmg, options=()))"))
    checked = check("probe", [site], tmp_path).stdout.splitlines()
    assert checked[-2] == "ok       an option a verb does not read is refused"
