"""The verbs every ruleset shares: flow, initiative, roster, notes and dice."""

from __future__ import annotations

from collections.abc import Callable

from tracker.core import events as ev
from tracker.core import flow
from tracker.core.draft import Draft
from tracker.core.errors import RuleError
from tracker.core.grammar import Command, resolve, who_arg
from tracker.core.joining import add
from tracker.core.library import EmptyLibrary, Library
from tracker.core.library_verbs import (
    ADD_USAGE,
    GM_ROLL_USAGE,
    ROLL_USAGE,
    SAVE_USAGE,
    roll_table,
    save_template,
)
from tracker.core.model import slot_owner
from tracker.core.protocol import DiceLike, Handler, Rules, Verb
from tracker.core.records import record_roll
from tracker.core.roles import ADD, NOTE
from tracker.core.safe_text import NOTE_LIMIT, WORD_LIMIT, check_text
from tracker.core.wording import counted

LibraryOf = Callable[[], Library]
"""Where the verbs find the GM's library at the moment a command runs."""


def core_verbs(rules: Rules, library: LibraryOf = EmptyLibrary) -> dict[str, Verb]:
    """The shared verbs, bound to ``rules`` for their triggers and initiative, and to
    ``library`` (asked at each command) for stat blocks and roll tables."""
    table: list[tuple[str, str, str, Callable[..., None]]] = [
        ("start", "start [surprised=WHO,WHO]", "roll missing initiative and begin round 1", _start),
        ("next", "next [WHO]", "end this turn; the next in order (or WHO) acts", _next),
        ("prev", "prev", "step back to the previous turn", _prev),
        ("end", "end", "end the fight", _end),
        ("init", "init WHO N", "set initiative by hand", _init),
        ("roll-init", "roll-init [WHO|all]", "roll initiative", _roll_init),
        ("delay", "delay [WHO]", "hold a turn until 'act'", _delay),
        ("act", "act WHO", "a delaying combatant acts now", _act),
        ("swap", "swap A B", "two combatants trade places in the order", _swap),
        ("add", ADD_USAGE, "a combatant joins the fight (or N copies of a stat block)", _add),
        ("remove", "remove WHO", "take a combatant out of the fight", _remove),
        ("down", "down WHO", "mark a combatant down", _status("down")),
        ("dead", "dead WHO", "mark a combatant dead", _status("dead")),
        ("revive", "revive WHO", "bring a combatant back into the fight", _status("active")),
        ("hide", "hide WHO", "hide a combatant from the players", _reveal(True)),
        ("reveal", "reveal WHO", "show a hidden combatant to the players", _reveal(False)),
        ("note", "note TEXT", "write a note (a ruling) in the log", _note(False)),
        ("gm-note", "gm-note TEXT", "a note the players never see", _note(True)),
        ("notes", "notes WHO TEXT|-", "keep a GM note on a combatant (- clears it)", _notes),
        ("roll", ROLL_USAGE, "roll dice or one of your tables, recorded in the log", _roll),
        ("gm-roll", GM_ROLL_USAGE, "roll behind the screen: the players never see it", _gm_roll),
        ("save-template", SAVE_USAGE, "keep a combatant as a stat block in the bestiary", _save),
        ("dismiss", DISMISS_USAGE, "close a reminder (all of WHO's without KEY)", _dismiss),
    ]
    return {
        name: Verb(
            name,
            usage,
            summary,
            _bind(fn, rules, library),
            CORE_ROLES.get(name, ""),
            options=_options_of(name, rules),
        )
        for name, usage, summary, fn in table
    }


CORE_OPTIONS: dict[str, tuple[str, ...] | None] = {
    "start": ("surprised", "surprise"),
    "roll": ("for",),
    "gm-roll": ("for",),
    "add": None,
}
"""The options each shared verb reads (none, unless listed); ``add`` reads every
``key=value`` as the combatant's side, kind, armour or stats; ``end`` takes the ruleset's
``end_options``."""


def _options_of(name: str, rules: Rules) -> tuple[str, ...] | None:
    if name == "end":
        return tuple(getattr(rules, "end_options", ()))
    return CORE_OPTIONS.get(name, ())


CORE_ROLES = {"add": ADD, "notes": NOTE}
"""The table actions the shared verbs play (``tracker.core.roles``)."""


def _bind(fn: Callable[..., None], rules: Rules, library: LibraryOf) -> Handler:
    if fn in LIBRARY_VERBS:

        def with_library(draft: Draft, command: Command, dice: DiceLike) -> None:
            fn(draft, command, dice, rules, library())

        return with_library

    def handler(draft: Draft, command: Command, dice: DiceLike) -> None:
        fn(draft, command, dice, rules)

    return handler


def _start(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    names = command.options.get("surprised", "") or command.options.get("surprise", "")
    surprised = tuple(resolve(draft.state, n) for n in names.split(",") if n)
    flow.start(draft, rules, dice, surprised)


def _next(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    chosen = resolve(draft.state, command.args[0], slots=True) if command.args else None
    flow.next_turn(draft, rules, dice, chosen)


def _prev(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    flow.previous_turn(draft, rules)


def _end(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    if draft.state.phase == "ended":
        raise RuleError("the fight is already over")
    pending = rules.on_fight_end(draft, command.options, dice)
    rounds = draft.state.round
    said = f"after {counted(rounds, 'round')}" if rounds else "before its first round"
    still = f" — still pending: {'; '.join(pending)}" if pending else ""
    draft.emit(ev.EncounterEnded, text=f"The fight ends {said}{still}")


def _init(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    slot = resolve(draft.state, command.arg(0, "a combatant"), slots=True)
    value = command.number(1, "an initiative value")
    name = flow.name_of(draft.state, slot)
    draft.emit(ev.InitiativeSet, who=slot, value=value, text=f"{name}: initiative {value}")
    _resort(draft, rules, dice)


def _roll_init(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    token = command.args[0] if command.args else "all"
    state = draft.state
    if token == "all":
        who = [c.id for c in state.active if not c.out_of_fight]
    else:
        who = [resolve(state, token)]
    rules.roll_initiative(draft, who, dice)
    _resort(draft, rules, dice)


def _resort(draft: Draft, rules: Rules, dice: DiceLike) -> None:
    order = rules.sort_order(draft, dice)
    if order != draft.state.order:
        draft.emit(ev.OrderSet, order=order)


def _delay(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    slot = resolve(draft.state, command.args[0] if command.args else ".", slots=True)
    flow.delay(draft, rules, dice, slot)


def _act(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    state = draft.state
    token = command.arg(0, "who acts now")
    slot = resolve(state, token, slots=True)
    if slot not in state.delayed:
        held = [s for s in state.delayed if s.split("@")[0] == slot]
        slot = held[0] if held else slot
    flow.act_now(draft, rules, dice, slot)


def _swap(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    state = draft.state
    first = resolve(state, command.arg(0, "two combatants"), slots=True)
    second = resolve(state, command.arg(1, "two combatants"), slots=True)
    flow.swap(draft, first, second)


def _remove(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    cid = resolve(draft.state, command.arg(0, "who to remove"))
    was_acting = draft.state.current is not None and draft.state.current.split("@")[0] == cid
    name = draft.state.combatant(cid).name
    draft.emit(ev.StatusChanged, who=cid, status="removed", text=f"{name} leaves the fight")
    if draft.state.reminders_for(cid):  # nothing left to remind of one who has gone
        dismiss_reminders(draft, cid, word=f"closed ({name} left the fight)")
    if was_acting:
        flow.begin_next(draft, rules, dice)


def _status(status: str) -> Callable[..., None]:
    words = {"down": "is down", "dead": "is dead", "active": "is back in the fight"}

    def handler(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
        fighter = who_arg(draft.state, command)
        cid = fighter.id
        if fighter.status == status:
            raise RuleError(f"{fighter.name} {words[status]} already")
        if fighter.status == "removed" and status != "active":
            raise RuleError(f"{fighter.name} has left the fight — 'revive' brings them back")
        draft.emit(ev.StatusChanged, who=cid, status=status, text=f"{fighter.name} {words[status]}")
        if fighter.status == "removed" and draft.state.phase != "setup":
            if not any(slot_owner(s) == cid for s in draft.state.initiative):
                rules.roll_initiative(draft, [cid], dice)
            _resort(draft, rules, dice)
        rules.on_status_set(draft, cid, fighter.status, dice)

    return handler


def _reveal(hidden: bool) -> Callable[..., None]:
    def handler(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
        fighter = who_arg(draft.state, command)
        cid, name = fighter.id, fighter.name
        word = "is hidden from the players" if hidden else "is revealed to the players"
        draft.emit(ev.Revealed, who=cid, hidden=hidden, text=f"{name} {word}")

    return handler


def _note(gm_only: bool) -> Callable[..., None]:
    def handler(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
        text = check_text(command.arg(0, "the text of the note"), "the note", NOTE_LIMIT)
        draft.emit(ev.NoteAdded, text=text, gm_only=gm_only)

    return handler


def _notes(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    fighter = who_arg(draft.state, command)
    said = command.arg(1, "the note, or - to clear it")
    notes = "" if said == "-" else check_text(said, "the note", NOTE_LIMIT)
    if not notes and not fighter.notes:
        raise RuleError(f"{fighter.name} has no note to clear")
    if notes == fighter.notes:
        raise RuleError(f"{fighter.name}'s note already reads so")
    text = f"Note on {fighter.name}: {notes}" if notes else f"Note on {fighter.name} cleared"
    draft.emit(ev.CombatantNoted, who=fighter.id, notes=notes, text=text)


def _roll(draft: Draft, command: Command, dice: DiceLike, rules: Rules, library: Library) -> None:
    _rolled(draft, command, dice, library)


def _gm_roll(
    draft: Draft, command: Command, dice: DiceLike, rules: Rules, library: Library
) -> None:
    _rolled(draft, command, dice, library, gm_only=True)


def _rolled(
    draft: Draft, command: Command, dice: DiceLike, library: Library, gm_only: bool = False
) -> None:
    """A roll of dice or of a table, for the table to see or (``gm_only``) not."""
    if command.args and command.args[0].casefold() == "table":
        roll_table(draft, command, dice, library, gm_only)
        return
    expr = command.arg(0, f"dice, e.g. '{command.verb} 2d10+3'")
    who = resolve(draft.state, command.args[1]) if len(command.args) > 1 else ""
    purpose = check_text(command.options.get("for", ""), "for=", WORD_LIMIT)
    result = dice.roll(expr)
    faces = ", ".join(str(f) for f in result.dice)
    label = f"{draft.state.combatant(who).name} rolls" if who else "Roll"
    extra = f" for {purpose}" if purpose else ""
    text = f"{label} {result.expr}{extra}: {result.total} [{faces}]"
    record_roll(
        draft,
        who,
        result.expr,
        result.dice,
        total=result.total,
        reason=purpose,
        text=text,
        gm_only=gm_only,
    )


_add = add
_save = save_template
LIBRARY_VERBS = (_add, _roll, _gm_roll, _save)


DISMISS_USAGE = "dismiss WHO [KEY] | dismiss KEY"
"""``dismiss KEY`` alone closes a reminder about the whole fight (a full clock)."""


def _dismiss(draft: Draft, command: Command, dice: DiceLike, rules: Rules) -> None:
    token = command.arg(0, "whose reminder")
    fight_wide = [r for r in draft.state.reminders if not r.who]
    keyed = [r for r in fight_wide if r.key.casefold() == token.casefold()]
    if len(command.args) == 1 and keyed:
        text = f"Dismissed: {keyed[0].text}" if keyed[0].text else f"{keyed[0].key} dismissed"
        draft.emit(ev.ReminderResolved, who="", key=keyed[0].key, text=text)
        return
    cid = resolve(draft.state, token)
    dismiss_reminders(draft, cid, " ".join(command.args[1:]))


def dismiss_reminders(draft: Draft, cid: str, key: str = "", word: str = "dismissed") -> None:
    """Close ``cid``'s reminder ``key`` (every open one when ``key`` is empty); the log
    says it in the reminder's own words ("Dismissed: Rei: test …"), not by its key."""
    fighter = draft.state.combatant(cid)
    open_keys = [r.key for r in draft.state.reminders_for(fighter.id)]
    chosen = [k for k in open_keys if not key or k.casefold() == key.casefold()]
    if not open_keys:
        raise RuleError(f"{fighter.name} has no open reminder")
    if not chosen:
        raise RuleError(f"{fighter.name} has no reminder '{key}' — open: {', '.join(open_keys)}")
    texts = {r.key: r.text for r in draft.state.reminders_for(fighter.id)}
    for k in chosen:
        said = (
            f"{word[:1].upper()}{word[1:]}: {texts[k]}"
            if texts[k]
            else f"{fighter.name}: {k} {word}"
        )
        draft.emit(ev.ReminderResolved, who=fighter.id, key=k, text=said)
