"""The nerv-d100 verb table: every command the ruleset adds, its usage, summary, role
and the options it reads, bound to the module that decides it."""

from __future__ import annotations

from tracker.core.draft import Draft
from tracker.core.grammar import Command, who_arg
from tracker.core.protocol import SEVERAL, DiceLike, Rules, Verb
from tracker.rules.base import by_name, verb
from tracker.rules.nerv_d100 import ailments as ailing
from tracker.rules.nerv_d100 import conditions as lasting
from tracker.rules.nerv_d100 import economy, fear, resources
from tracker.rules.nerv_d100.commands import HIT_FLAGS, REACH_FLAGS, DamageCommands
from tracker.rules.nerv_d100.economy import ACT_FLAGS
from tracker.rules.nerv_d100.tables import NervTables


def nerv_verbs(tables: NervTables, rules: Rules) -> dict[str, Verb]:
    """Damage, ailments, Fear, tests, the action economy, resources, downtime, flight."""
    hits = DamageCommands(tables)
    t = tables
    return by_name(
        verb(
            "dmg",
            "dmg WHO N [@LOC] [exploit] [crit] [weak] [ignore-ap] [savage[=N]] "
            "[type=T] [block=N] [by=WHO] [melee] [longshot]",
            "an attack's damage against Defense",
            hits.damage,
            role="damage",
            asks=SEVERAL,
            options=(*HIT_FLAGS, *REACH_FLAGS, *t.damage_types(), "type", "block", "by"),
        ),
        verb(
            "wound",
            "wound WHO N [@LOC] [savage[=N]] [block=N] [type=T]",
            "wounds entered directly",
            hits.wound,
            asks=SEVERAL,
            options=("savage", "block", "type"),
        ),
        verb(
            "injure",
            "injure WHO N [@LOC] [type=T]",
            "injury points entered directly",
            hits.injure,
            options=("type",),
        ),
        verb(
            "heal",
            "heal WHO N [@LOC]",
            "restore wounds (with @LOC: heal injuries there)",
            hits.heal,
            role="heal",
            asks=SEVERAL,
            options=(),
        ),
        verb(
            "ail",
            "ail WHO NAME [replace] [dof=N] [by=WHO]",
            "give an ailment or condition",
            ailing.ail,
            t,
            role="condition",
            asks=SEVERAL,
            options=("replace", "dof", "by"),
        ),
        verb(
            "cure",
            "cure WHO NAME",
            "end an ailment or condition",
            ailing.cure,
            t,
            role="cure",
            asks=SEVERAL,
            options=(),
        ),
        verb(
            "shake",
            "shake WHO pass|fail|roll [NAME] [dof=N] [adv=N]",
            "a shake-off test",
            ailing.shake,
            t,
            options=("dof", "adv"),
        ),
        verb(
            "fear",
            "fear WHO pass|dof=N|roll [adv=N] [source=…]",
            "a Fear test and its effect",
            fear.fear,
            t,
            options=("pass", "fail", "roll", "dof", "adv", "source"),
        ),
        verb("fracture", "fracture WHO", "an Ego Fracture", _fracture, t, options=()),
        verb(
            "test",
            "test WHO bleeding|breath|exhausted pass|fail|roll [dof=N] [adv=N]",
            "a reminded test",
            lasting.test,
            t,
            options=("dof", "adv"),
        ),
        verb(
            "decay",
            "decay WHO STAT N",
            "lower a score for a while",
            lasting.decay,
            t,
            options=(),
        ),
        verb(
            "act",
            "act WHO [ACTION] [combo] [cost=N] [on=ENEMY pass|fail] [force]",
            "spend a Move or an action (no ACTION: a delayer acts now)",
            _act,
            t,
            rules,
            options=(*ACT_FLAGS, "cost", "on"),
        ),
        verb(
            "exert",
            "exert WHO",
            "one more action for 1, 2, 3 … Stress",
            economy.exert,
            t,
            options=(),
        ),
        verb(
            "spend",
            "spend WHO fate [N] use=USE [NAME] | spend WHO stress|trauma N",
            "spend Fate or lower Stress/Trauma",
            resources.spend,
            t,
            options=("use",),
        ),
        verb(
            "gain",
            "gain WHO fate|stress|trauma [N]",
            "gain Fate, Stress or Trauma",
            resources.gain,
            t,
            options=(),
        ),
        verb(
            "downtime",
            "downtime [short|long]",
            "rest: Stress, Trauma, Fate, Exerts",
            resources.downtime,
            t,
            options=(),
        ),
        verb("fly", "fly WHO ground|low|high", "change altitude band", lasting.fly, t, options=()),
        verb("fall", "fall WHO", "a flyer starts falling", lasting.fall, t, options=()),
    )


def _fracture(draft: Draft, command: Command, dice: DiceLike, tables: NervTables) -> None:
    ailing.fracture(draft, tables, who_arg(draft.state, command).id)


def _act(draft: Draft, command: Command, dice: DiceLike, tables: NervTables, rules: Rules) -> None:
    economy.act(draft, tables, rules, command, dice)
