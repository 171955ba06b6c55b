"""The clauses about the fight's flow: timed conditions run out, the fight ends (and undo
brings it back), an option a verb does not read is refused."""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

from tracker.contract.fights import fresh_fight, made_up_fight, run_line, samples_of
from tracker.contract.verdicts import Skipped, Warned, broken
from tracker.core.dice import Dice
from tracker.core.errors import TrackerError
from tracker.core.model import EncounterState
from tracker.core.roles import CONDITION, role_verb
from tracker.rules.base import Ruleset
from tracker.store.encounter_file import EncounterFile, load


def unknown_options_refused(rules: Ruleset, work: Path) -> None:
    """Every verb that declares its options (``verb(…, options=…)``) refuses one it does
    not read in one line naming it; one that declares none is a warning."""
    verbs = sorted(rules.verbs().items())
    with EncounterFile(fresh_fight(rules, work / "options.toml")) as play:
        for line in (f"{name} . zqxv=1" for name, v in verbs if v.options is not None):
            try:
                run_line(play, line, Dice(seed=12))
            except TrackerError as err:
                if "\n" in str(err) or "zqxv=1" not in str(err):
                    raise broken(f"{line!r} is refused, not for its option: {err}") from None
                continue
            raise broken(f"{line!r} is taken: an option the verb does not read is dropped")
    silent = [name for name, v in verbs if v.options is None]
    if silent:
        raise Warned(
            f"{', '.join(silent)}: no options declared — one typed wrong is handed to the "
            "verb unchecked; list those each reads with verb(…, options=(…))"
        )


def timed_conditions_end(rules: Ruleset, work: Path) -> None:
    """Every condition of the catalogue given for one round (the condition verb's
    ``rounds=1``) to the one acting next has ended a round of turns later: something
    counts timed conditions down, for a bearer who loses the turn too (``takes_turn``)."""
    given = role_verb(rules.verbs(), CONDITION)
    if given is None or "rounds=" not in given.usage:
        return  # no condition is given for a number of rounds
    sample = (samples_of(rules) or [made_up_fight(rules, work)])[0]
    names = [spec.name for spec in rules.catalogue()] or ["Dazed"]
    refused: list[str] = []
    for index, name in enumerate(names):
        path = work / f"timed-{index}.toml"
        shutil.copyfile(sample, path)
        line = _still_held(path, f"{given.name} {{who}} {shlex.quote(name)} rounds=1", refused)
        if line:
            raise broken(
                f"{line!r} still holds a round later: count timed conditions down "
                "(countdown(draft, slot) in on_turn_end, as the guide shows; for one that "
                "takes the turn away, in on_round_end)"
            )
    if len(refused) == len(names):
        raise Skipped(refused[0])


def _still_held(path: Path, pattern: str, refused: list[str]) -> str:
    """The line (``pattern`` naming the one acting after the one acting at ``start``)
    when the condition it gives still holds a round of turns later, else ""; a refusal
    is noted in ``refused``."""
    dice = Dice(seed=5)
    with EncounterFile(path) as play:
        run_line(play, "start", dice)
        state = play.encounter.state
        if state.current is None:
            raise Skipped("nobody acts after 'start'")
        bearer = next((s for s in state.order if s != state.current), state.current)
        line = pattern.format(who=bearer)
        timed = _timed(play.encounter.state, bearer)
        try:
            run_line(play, line, dice)
        except TrackerError as err:
            refused.append(f"{line!r} is refused: {err}")
            return ""
        given = _timed(play.encounter.state, bearer) - timed
        for _ in range(len(play.encounter.state.order) + 1):
            run_line(play, "next", dice)
        held = given & _timed(play.encounter.state, bearer)
    return line if held else ""


def _timed(state: EncounterState, who: str) -> set[str]:
    """The names of ``who``'s conditions with rounds still to run."""
    return {c.name for c in state.combatant(who).conditions if c.rounds > 0}


def fight_end_runs(rules: Ruleset, work: Path) -> None:
    """``end`` after a round (``on_fight_end``): it ends the fight in one line, or is
    refused in one line naming the ``end`` option that answers the ruleset's question,
    keeping nothing; ``undo`` brings the fight back; the file replays to the state."""
    path = work / "end.toml"
    shutil.copyfile((samples_of(rules) or [made_up_fight(rules, work)])[0], path)
    dice = Dice(seed=9)
    with EncounterFile(path) as play:
        for line in ("start", "next"):
            run_line(play, line, dice)
        before = play.encounter.state
        try:
            made = run_line(play, "end", dice)
        except TrackerError as err:
            if "'end " not in str(err) or play.encounter.state != before:
                raise broken(f"'end' refused without the 'end …' that answers: {err}") from None
            return
        said = [e.text for e in made] if isinstance(made, list) else []
        if any("\n" in text for text in said) or play.encounter.state.phase != "ended":
            raise broken("'end' did not end the fight in one line")
        run_line(play, "undo", dice)
        if (
            play.encounter.state.phase == "ended"
            or load(path).encounter.state != play.encounter.state
        ):
            raise broken("'undo' of 'end' did not bring the fight back as the file replays it")
