"""The fights the contract plays: a ruleset's samples (or a fight of two made up for it),
its lines run, a refusal checked to be one line."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterator
from pathlib import Path

from tracker.contract.verdicts import broken
from tracker.core.dice import Dice
from tracker.core.errors import RulesetFault, TrackerError, failure
from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import DiceLike
from tracker.core.roles import DAMAGE, role_verb
from tracker.rules.base import Ruleset
from tracker.rules.registry import RULESETS
from tracker.rules.shipped import sample_files, shipped
from tracker.store.encounter_file import EncounterFile, load, new_file


def samples_of(rules: Ruleset) -> list[Path]:
    """The sample fights of ``rules``: its package's, or the bundled ones it plays."""
    if rules.id not in RULESETS:
        return shipped(rules.id, "samples")
    return [path for path in sample_files() if _ruleset_of(path) == rules.id]


def _ruleset_of(path: Path) -> str:
    try:
        return load(path).rules.id
    except TrackerError:
        return ""


def fresh_fight(rules: Ruleset, path: Path) -> Path:
    """An empty fight of ``rules`` at ``path`` (whatever was there is gone)."""
    path.unlink(missing_ok=True)
    new_file(path, rules.id, "Contract")
    return path


def made_up_fight(rules: Ruleset, work: Path) -> Path:
    """A fight of two, for a ruleset with no sample: a PC and a foe added by name."""
    path = fresh_fight(rules, work / "made-up.toml")
    with EncounterFile(path) as play:
        for line in ("add Hero side=pc", "add Foe side=enemy"):
            try:
                run_line(play, line, Dice(seed=1))
            except TrackerError as err:
                raise broken(f"no sample encounter, and {line!r} is refused: {err}") from None
    return path


def add_named(play: EncounterFile, name: str, template: Combatant | None) -> None:
    """``add NAME``; if the ruleset wants numbers, with those of ``template`` (the
    sample's first combatant)."""
    line = f"add {shlex.quote(name)}"
    try:
        run_line(play, line, Dice(seed=3))
        return
    except TrackerError as err:
        if template is None:
            raise broken(f"{line!r} is refused: {err}") from None
    stats = " ".join(f"{key.replace(' ', '_')}={value}" for key, value in template.stats.items())
    try:
        run_line(play, f"{line} side={template.side} {stats}", Dice(seed=3))
    except TrackerError as err:
        raise broken(f"{line!r} is refused, with {template.name}'s stats too: {err}") from None


def play_fight(path: Path, rules: Ruleset) -> None:
    """Play the script on ``path``; after each line the file replays to the live state."""
    dice = Dice(seed=12)
    with EncounterFile(path) as play:
        for line in _script(play.encounter.state, rules):
            if line in ("start", "undo", "redo", "next"):
                run_line(play, line, dice)
            else:
                try_line(play, line)
            replayed = load(path).encounter.state
            if replayed != play.encounter.state:
                raise broken(f"{path.name}: after {line!r} the file replays to another state")


def _script(state: EncounterState, rules: Ruleset) -> Iterator[str]:
    yield "start"
    yield "next"
    foe = next((c for c in state.combatants.values() if c.side == "enemy"), None)
    verbs = rules.verbs()  # the damage verb by its role (``harm``, ``hurt``), else ``dmg``
    damage = role_verb(verbs, DAMAGE) or verbs.get("dmg")
    if foe is not None and damage is not None:
        yield f"{damage.name} {foe.id} 3"
    yield from ("undo", "redo", "undo")


def run_line(play: EncounterFile, line: str, dice: DiceLike) -> object:
    """``play.execute``, a ruleset's bug raised as the Python error it is: at the table it
    is a one-line refusal (``RulesetFault``), here it is a finding."""
    try:
        return play.execute(line, dice)
    except RulesetFault as fault:
        cause = fault.__cause__
        raise (cause if isinstance(cause, Exception) else fault) from None


def try_line(play: EncounterFile, line: str) -> None:
    """Run ``line``; a refusal is fine if it is one line and keeps nothing."""
    one_line(lambda: run_line(play, line, Dice(seed=12)), line)


def one_line(run: Callable[[], object], line: str) -> None:
    """Call ``run``; a refusal must be one line, any other exception is a finding."""
    try:
        run()
    except TrackerError as err:
        if "\n" in str(err) or not str(err).strip():
            raise broken(f"{line!r} is refused in more than one line: {str(err)!r}") from None
    except Exception as err:  # any other exception is a traceback at the table
        raise broken(f"{line!r} raised {failure(err)}") from None


def nonsense_lines(verb: str) -> tuple[str, ...]:
    """``verb`` given nothing, nobody, a negative number and nonsense."""
    return (verb, f"{verb} nobody-here", f"{verb} . -7", f"{verb} . lots x=@@ @nowhere 1d0")
