"""The contract every installed ruleset keeps, bundled or a package of its own.

``tracker rulesets check ID`` runs it and prints a line per clause; a ruleset's own test
suite runs the same clauses through the pytest plugin (``tracker.testing``). Each clause
either passes, is skipped with a reason (a bundled ruleset's page outside a checkout), or
fails with one sentence a ruleset author can act on.
"""

from __future__ import annotations

import re
import shlex
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tracker.core.dice import Dice
from tracker.core.errors import RulesetFault, TrackerError
from tracker.core.model import Combatant, EncounterState
from tracker.core.protocol import DiceLike
from tracker.core.roles import CONDITION, DAMAGE, role_verb
from tracker.export.formats import export_file, format_named
from tracker.export.recap import ExportOptions
from tracker.paths import bundled_dir
from tracker.rules.base import Ruleset
from tracker.rules.guarded import draw_views
from tracker.rules.registry import RULESETS, load_ruleset
from tracker.rules.shipped import docs_page, sample_files, shipped
from tracker.store.bestiary import bestiary_files, read_blocks
from tracker.store.encounter_file import EncounterFile, load, new_file

CORE_VERBS = frozenset(
    "start next prev end init roll-init delay act swap add remove down dead revive hide "
    "reveal note gm-note roll dismiss notes save-template undo redo".split()
)
"""Commands every fight has: a ruleset's docs page need not list them."""

HOSTILE_NAMES = ("[bold]Orc[/bold] [@click=app.quit]", "<script>x</script> $(rm -rf)")
"""Names that are markup or code elsewhere: a fight keeps them as plain data."""


class ContractBroken(TrackerError):
    """A clause of the contract does not hold; the sentence says what and where."""


class Skipped(TrackerError):
    """A clause that cannot be checked here; the sentence says why."""


class Warned(TrackerError):
    """A clause that holds, with something the author should know; the sentence says
    what (a verb that declares no options is handed a typo'd one in silence)."""


Check = Callable[[Ruleset, Path], None]


@dataclass(frozen=True)
class Clause:
    """One promise a ruleset keeps: its name and the check (``ContractBroken`` if not)."""

    name: str
    check: Check


@dataclass(frozen=True)
class Verdict:
    """A clause's outcome for one ruleset: ``ok``, ``skipped`` or ``FAILED`` and why."""

    clause: str
    outcome: str
    why: str = ""


def _broken(what: str) -> ContractBroken:
    return ContractBroken(what)


# --- the clauses ------------------------------------------------------------------------


def data_loads(rules: Ruleset, work: Path) -> None:
    """Its data file and tables load, it has a title, its catalogue names are unique, and
    the theme it opens in is bundled or in its package's ``themes/`` (a misspelt or
    unshipped one would fall back to the default in silence)."""
    if not rules.title:
        raise _broken(f"{type(rules).__name__}.title is empty")
    themes = [*bundled_dir("themes").glob("*.toml"), *shipped(rules.id, "themes")]
    if rules.theme not in {path.stem for path in themes}:
        raise _broken(
            f"its theme {rules.theme!r} is neither the tracker's nor in the package's themes/"
        )
    names = [spec.name.casefold() for spec in rules.catalogue()]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise _broken(f"the catalogue names {', '.join(twice)} more than once")


def verbs_have_help(rules: Ruleset, work: Path) -> None:
    """Every verb has a usage line starting with its name, and a summary."""
    for name, verb in rules.verbs().items():
        if not verb.usage.split() or verb.usage.split()[0] != name:
            raise _broken(f"the usage line of {name!r} does not start with {name!r}")
        if not verb.summary.strip():
            raise _broken(f"the verb {name!r} has no summary line")


def verbs_documented(rules: Ruleset, work: Path) -> None:
    """Every verb but the core's has a row in the ruleset's docs page (``| `verb …` |``),
    and the page names each reading (`` `KEY` ``), so the GM can learn what it decides."""
    page = docs_page(rules.id)
    if page is None:
        if rules.id in RULESETS:
            raise Skipped("no docs/rulesets page beside this installation")
        raise _broken("the package ships no docs.md beside the ruleset")
    text = page.read_text(encoding="utf-8")
    cells = [row.split(" | ")[0] for row in text.splitlines() if row.startswith("| `")]
    documented = {word for cell in cells for word in re.findall(r"`([a-z][a-z0-9-]*)", cell)}
    missing = sorted(set(rules.verbs()) - documented - CORE_VERBS)
    if missing:
        raise _broken(f"{page.name} has no row for {', '.join(missing)}")
    unsaid = [r.key for r in rules.readings() if f"`{r.key}`" not in text]
    if unsaid:
        word = "reading" if len(unsaid) == 1 else "readings"
        raise _broken(f"{page.name} does not name the {word} {', '.join(unsaid)}")


def samples_play(rules: Ruleset, work: Path) -> None:
    """Each sample loads and plays start, next, damage, undo and redo; after every command
    the file replays to the state in play."""
    samples = _samples(rules)
    if not samples:
        samples = [_made_up_fight(rules, work)]
    for number, sample in enumerate(samples):
        path = work / f"play-{number}.toml"
        shutil.copyfile(sample, path)
        _play(path, rules)


def bestiary_loads(rules: Ruleset, work: Path) -> None:
    """Every stat block the ruleset ships (its package's ``bestiary/``, or the tracker's
    starters for a bundled one) makes a combatant: ``add 2 BLOCK`` would not refuse it."""
    for path, starter in bestiary_files(rules.id):
        if not starter:
            continue  # the GM's own blocks are not the ruleset's to answer for
        try:
            blocks = read_blocks(path, rules)
        except TrackerError as err:
            raise _broken(str(err)) from None
        problems = [problem for _, problem in blocks if problem]
        if problems:
            raise _broken(problems[0])


def hostile_names_stay_data(rules: Ruleset, work: Path) -> None:
    """Names that are markup or code are kept as typed, every view takes them and the
    HTML export escapes them; a name with control bytes is refused in one line, the file
    unchanged."""
    path = _fresh_fight(rules, work / "hostile.toml")
    samples = _samples(rules)
    if samples:
        shutil.copyfile(samples[0], path)
    with EncounterFile(path) as play:
        template = next(iter(play.encounter.state.combatants.values()), None)
        for name in HOSTILE_NAMES:
            _add(play, name, template)
        state = play.encounter.state
        before = path.read_bytes()
        _one_line(lambda: _run(play, "add 'Bad\x1b[2Jname'", Dice(seed=3)), "add")
    if path.read_bytes() != before:
        raise _broken("a refused name changed the file")
    kept = {c.name for c in state.combatants.values()}
    if not set(HOSTILE_NAMES) <= kept:
        raise _broken(f"hostile names were changed on the way in: {sorted(kept)}")
    faults = draw_views(rules, state)  # a package's views are guarded: failures are kept
    if faults:
        raise _broken(faults[0].removeprefix("⚠ "))
    page = export_file(path, format_named("html"), ExportOptions(gm=True))
    if "<script>" in page:
        raise _broken("a name reached the HTML export unescaped")


def errors_are_one_line(rules: Ruleset, work: Path) -> None:
    """Every verb given nothing, nobody, or nonsense refuses in one line (a ``TrackerError``),
    never a traceback, and keeps nothing."""
    path = _fresh_fight(rules, work / "errors.toml")
    sample = _samples(rules)
    if sample:
        shutil.copyfile(sample[0], path)
    with EncounterFile(path) as play:
        _try(play, "start")
        for name in sorted(rules.verbs()):
            for line in _nonsense(name):
                _try(play, line)


def unknown_options_refused(rules: Ruleset, work: Path) -> None:
    """Every verb that declares its options (``verb(…, options=…)``) refuses one it does
    not read in one line naming it; one that declares none is a warning."""
    verbs = sorted(rules.verbs().items())
    with EncounterFile(_fresh_fight(rules, work / "options.toml")) as play:
        for line in (f"{name} . zqxv=1" for name, v in verbs if v.options is not None):
            try:
                _run(play, line, Dice(seed=12))
            except TrackerError as err:
                if "\n" in str(err) or "zqxv=1" not in str(err):
                    raise _broken(f"{line!r} is refused, not for its option: {err}") from None
                continue
            raise _broken(f"{line!r} is taken: an option the verb does not read is dropped")
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
    sample = (_samples(rules) or [_made_up_fight(rules, work)])[0]
    names = [spec.name for spec in rules.catalogue()] or ["Dazed"]
    refused: list[str] = []
    for index, name in enumerate(names):
        path = work / f"timed-{index}.toml"
        shutil.copyfile(sample, path)
        line = _still_held(path, f"{given.name} {{who}} {shlex.quote(name)} rounds=1", refused)
        if line:
            raise _broken(
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
        _run(play, "start", dice)
        state = play.encounter.state
        if state.current is None:
            raise Skipped("nobody acts after 'start'")
        bearer = next((s for s in state.order if s != state.current), state.current)
        line = pattern.format(who=bearer)
        timed = _timed(play.encounter.state, bearer)
        try:
            _run(play, line, dice)
        except TrackerError as err:
            refused.append(f"{line!r} is refused: {err}")
            return ""
        given = _timed(play.encounter.state, bearer) - timed
        for _ in range(len(play.encounter.state.order) + 1):
            _run(play, "next", dice)
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
    shutil.copyfile((_samples(rules) or [_made_up_fight(rules, work)])[0], path)
    dice = Dice(seed=9)
    with EncounterFile(path) as play:
        for line in ("start", "next"):
            _run(play, line, dice)
        before = play.encounter.state
        try:
            made = _run(play, "end", dice)
        except TrackerError as err:
            if "'end " not in str(err) or play.encounter.state != before:
                raise _broken(f"'end' refused without the 'end …' that answers: {err}") from None
            return
        said = [e.text for e in made] if isinstance(made, list) else []
        if any("\n" in text for text in said) or play.encounter.state.phase != "ended":
            raise _broken("'end' did not end the fight in one line")
        _run(play, "undo", dice)
        if (
            play.encounter.state.phase == "ended"
            or load(path).encounter.state != play.encounter.state
        ):
            raise _broken("'undo' of 'end' did not bring the fight back as the file replays it")


CLAUSES = (
    Clause("its data loads", data_loads),
    Clause("every verb has a usage line and a summary", verbs_have_help),
    Clause("every verb and reading is in its docs page", verbs_documented),
    Clause("its samples play start, next, damage, undo, redo; replay = live", samples_play),
    Clause("its bestiary's blocks load", bestiary_loads),
    Clause("hostile names stay data", hostile_names_stay_data),
    Clause("errors are one line", errors_are_one_line),
    Clause("timed conditions run out", timed_conditions_end),
    Clause("the fight ends in one line (on_fight_end), and undo restores it", fight_end_runs),
    Clause("an option a verb does not read is refused", unknown_options_refused),
)
"""The contract, in the order it is checked."""


def run_contract(ruleset_id: str, work: Path) -> list[Verdict]:
    """Every clause checked for ``ruleset_id``, using ``work`` (an empty folder) for the
    fights it plays; a ruleset that does not load is one failed clause."""
    try:
        rules = load_ruleset(ruleset_id)
    except TrackerError as err:
        return [Verdict(CLAUSES[0].name, "FAILED", str(err))]
    return [_verdict(clause, rules, work) for clause in CLAUSES]


def run_clause(ruleset_id: str, clause: Clause, work: Path) -> Verdict:
    """One clause checked for ``ruleset_id`` (a ruleset that does not load fails it)."""
    try:
        rules = load_ruleset(ruleset_id)
    except TrackerError as err:
        return Verdict(clause.name, "FAILED", str(err))
    return _verdict(clause, rules, work)


def _verdict(clause: Clause, rules: Ruleset, work: Path) -> Verdict:
    folder = work / re.sub(r"[^a-z]+", "-", clause.name)
    folder.mkdir(parents=True, exist_ok=True)
    try:
        clause.check(rules, folder)
    except Skipped as why:
        return Verdict(clause.name, "skipped", str(why))
    except Warned as why:
        return Verdict(clause.name, "warning", str(why))
    except TrackerError as err:
        return Verdict(clause.name, "FAILED", str(err))
    except Exception as err:  # the ruleset's code may fail in any way: that is a finding
        return Verdict(clause.name, "FAILED", f"{type(err).__name__}: {err}")
    return Verdict(clause.name, "ok")


# --- helpers ------------------------------------------------------------------------------


def _samples(rules: Ruleset) -> list[Path]:
    if rules.id not in RULESETS:
        return shipped(rules.id, "samples")
    return [path for path in sample_files() if _ruleset_of(path) == rules.id]


def _ruleset_of(path: Path) -> str:
    try:
        return load(path).rules.id
    except TrackerError:
        return ""


def _fresh_fight(rules: Ruleset, path: Path) -> Path:
    path.unlink(missing_ok=True)
    new_file(path, rules.id, "Contract")
    return path


def _made_up_fight(rules: Ruleset, work: Path) -> Path:
    """A fight of two, for a ruleset with no sample: a PC and a foe added by name."""
    path = _fresh_fight(rules, work / "made-up.toml")
    with EncounterFile(path) as play:
        for line in ("add Hero side=pc", "add Foe side=enemy"):
            try:
                _run(play, line, Dice(seed=1))
            except TrackerError as err:
                raise _broken(f"no sample encounter, and {line!r} is refused: {err}") from None
    return path


def _add(play: EncounterFile, name: str, template: Combatant | None) -> None:
    """``add NAME``; if the ruleset wants numbers, with those of ``template`` (the
    sample's first combatant)."""
    line = f"add {shlex.quote(name)}"
    try:
        _run(play, line, Dice(seed=3))
        return
    except TrackerError as err:
        if template is None:
            raise _broken(f"{line!r} is refused: {err}") from None
    stats = " ".join(f"{key.replace(' ', '_')}={value}" for key, value in template.stats.items())
    try:
        _run(play, f"{line} side={template.side} {stats}", Dice(seed=3))
    except TrackerError as err:
        raise _broken(f"{line!r} is refused, with {template.name}'s stats too: {err}") from None


def _play(path: Path, rules: Ruleset) -> None:
    dice = Dice(seed=12)
    with EncounterFile(path) as play:
        for line in _script(play.encounter.state, rules):
            if line in ("start", "undo", "redo", "next"):
                _run(play, line, dice)
            else:
                _try(play, line)
            replayed = load(path).encounter.state
            if replayed != play.encounter.state:
                raise _broken(f"{path.name}: after {line!r} the file replays to another state")


def _script(state: EncounterState, rules: Ruleset) -> Iterator[str]:
    yield "start"
    yield "next"
    foe = next((c for c in state.combatants.values() if c.side == "enemy"), None)
    verbs = rules.verbs()  # the damage verb by its role (``harm``, ``hurt``), else ``dmg``
    damage = role_verb(verbs, DAMAGE) or verbs.get("dmg")
    if foe is not None and damage is not None:
        yield f"{damage.name} {foe.id} 3"
    yield from ("undo", "redo", "undo")


def _run(play: EncounterFile, line: str, dice: DiceLike) -> object:
    """``play.execute``, a ruleset's bug raised as the Python error it is: at the table it
    is a one-line refusal (``RulesetFault``), here it is a finding."""
    try:
        return play.execute(line, dice)
    except RulesetFault as fault:
        cause = fault.__cause__
        raise (cause if isinstance(cause, Exception) else fault) from None


def _try(play: EncounterFile, line: str) -> None:
    """Run ``line``; a refusal is fine if it is one line and keeps nothing."""
    _one_line(lambda: _run(play, line, Dice(seed=12)), line)


def _one_line(run: Callable[[], object], line: str) -> None:
    try:
        run()
    except TrackerError as err:
        if "\n" in str(err) or not str(err).strip():
            raise _broken(f"{line!r} is refused in more than one line: {str(err)!r}") from None
    except Exception as err:  # any other exception is a traceback at the table
        raise _broken(f"{line!r} raised {type(err).__name__}: {err}") from None


def _nonsense(verb: str) -> tuple[str, ...]:
    return (verb, f"{verb} nobody-here", f"{verb} . -7", f"{verb} . lots x=@@ @nowhere 1d0")
