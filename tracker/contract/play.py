"""The clauses about play: the samples replay as they play, hostile names stay data, every
refusal is one line."""

from __future__ import annotations

import shutil
from pathlib import Path

from tracker.contract.fights import (
    add_named,
    fresh_fight,
    made_up_fight,
    nonsense_lines,
    one_line,
    play_fight,
    run_line,
    samples_of,
    try_line,
)
from tracker.contract.verdicts import broken
from tracker.core.dice import Dice
from tracker.export.formats import export_file, format_named
from tracker.export.recap import ExportOptions
from tracker.rules.base import Ruleset
from tracker.rules.guarded import draw_views
from tracker.store.encounter_file import EncounterFile

HOSTILE_NAMES = ("[bold]Orc[/bold] [@click=app.quit]", "<script>x</script> $(rm -rf)")
"""Names that are markup or code elsewhere: a fight keeps them as plain data."""


def samples_play(rules: Ruleset, work: Path) -> None:
    """Each sample loads and plays start, next, damage, undo and redo; after every command
    the file replays to the state in play."""
    samples = samples_of(rules)
    if not samples:
        samples = [made_up_fight(rules, work)]
    for number, sample in enumerate(samples):
        path = work / f"play-{number}.toml"
        shutil.copyfile(sample, path)
        play_fight(path, rules)


def hostile_names_stay_data(rules: Ruleset, work: Path) -> None:
    """Names that are markup or code are kept as typed, every view takes them and the
    HTML export escapes them; a name with control bytes is refused in one line, the file
    unchanged."""
    path = fresh_fight(rules, work / "hostile.toml")
    samples = samples_of(rules)
    if samples:
        shutil.copyfile(samples[0], path)
    with EncounterFile(path) as play:
        template = next(iter(play.encounter.state.combatants.values()), None)
        for name in HOSTILE_NAMES:
            add_named(play, name, template)
        state = play.encounter.state
        before = path.read_bytes()
        one_line(lambda: run_line(play, "add 'Bad\x1b[2Jname'", Dice(seed=3)), "add")
    if path.read_bytes() != before:
        raise broken("a refused name changed the file")
    kept = {c.name for c in state.combatants.values()}
    if not set(HOSTILE_NAMES) <= kept:
        raise broken(f"hostile names were changed on the way in: {sorted(kept)}")
    faults = draw_views(rules, state)  # a package's views are guarded: failures are kept
    if faults:
        raise broken(faults[0].removeprefix("⚠ "))
    page = export_file(path, format_named("html"), ExportOptions(gm=True))
    if "<script>" in page:
        raise broken("a name reached the HTML export unescaped")


def errors_are_one_line(rules: Ruleset, work: Path) -> None:
    """Every verb given nothing, nobody, or nonsense refuses in one line (a ``TrackerError``),
    never a traceback, and keeps nothing."""
    path = fresh_fight(rules, work / "errors.toml")
    sample = samples_of(rules)
    if sample:
        shutil.copyfile(sample[0], path)
    with EncounterFile(path) as play:
        try_line(play, "start")
        for name in sorted(rules.verbs()):
            for line in nonsense_lines(name):
                try_line(play, line)
