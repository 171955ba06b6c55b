"""``tracker campaign …``: the party between fights, headless (no Textual import).

new · add-pc · rename-pc · remove-pc · show · log · fight · writeback · rest · set · treat ·
reading · undo · redo · recap
(show, log and recap, which only read, are in campaign_read.py; the others, which
write, in campaign_write.py)
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from tracker.cli import campaign_read as read
from tracker.cli import campaign_write as write
from tracker.cli.examples import with_examples
from tracker.cli.output import file_path

Action = Callable[[argparse.Namespace], int]


def setup(p: argparse.ArgumentParser) -> None:
    """The ``campaign`` subcommands."""
    sub = p.add_subparsers(dest="action", required=True, parser_class=type(p), metavar="ACTION")
    for name, (text, adder, action) in ACTIONS.items():
        child = sub.add_parser(name, help=text, description=text)
        if name != "new":
            child.add_argument(
                "campaign", metavar="CAMPAIGN", type=file_path, help="the campaign file"
            )
        adder(child)
        with_examples(child, f"campaign {name}")
        child.set_defaults(action=action)


def run(ns: argparse.Namespace) -> int:
    """Run one ``campaign`` subcommand."""
    action: Action = ns.action
    return action(ns)


def _nothing(p: argparse.ArgumentParser) -> None:
    pass


ACTIONS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Action]] = {
    "new": ("create a campaign file", write.args_new, write.new),
    "add-pc": ("a PC joins the party", write.args_add, write.add_pc),
    "rename-pc": ("a PC goes by another name from now on", write.args_rename, write.rename_pc),
    "remove-pc": ("a PC leaves the party (undo brings them back)", write.args_pc, write.remove_pc),
    "show": ("the party as it stands", read.args_show, read.show),
    "log": ("the campaign's journal", _nothing, read.log),
    "fight": ("a new encounter with the party as they stand", write.args_fight, write.fight),
    "writeback": (
        "what a fight left on the PCs, confirmed into the campaign",
        write.args_writeback,
        write.writeback,
    ),
    "rest": ("downtime or rest as the ruleset's text states it", write.args_rest, write.rest),
    "set": ("the GM's change where the text is silent (logged)", write.args_set, write.set_by_gm),
    "treat": ("the GM records an injury's treatment", write.args_treat, write.treat),
    "reading": (
        "how the campaign reads an open rule in its fights and rests (alone: list them)",
        write.args_reading,
        write.reading,
    ),
    "undo": ("take back the latest campaign command", _nothing, write.undo),
    "redo": ("restore the command undo took back", _nothing, write.redo),
    "recap": (
        "the campaign as Markdown or HTML: fights, and each PC's timeline",
        read.args_recap,
        read.recap,
    ),
}
