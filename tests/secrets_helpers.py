"""The GM's secrets played on a copy of a sample (an enemy's wound, a hidden combatant,
a GM note), and everything the players' view shows of a file."""

from __future__ import annotations

import re
from pathlib import Path

from tests.player_helpers import ENCOUNTERS, play, shown
from tracker.core.model import Combatant
from tracker.paths import bundled_dir
from tracker.rules.base import Ruleset
from tracker.store.encounter_file import load
from tracker.store.follow import FileFollower
from tracker.ui.player.app import PlayerApp
from tracker.ui.themes import load_themes

SAMPLES = sorted(p.name for p in ENCOUNTERS.glob("*.toml"))
SECRET_NOTE = "Reinforcements arrive in round 3 through the east door"
DIGIT = re.compile(r"\d")


def cast(path: Path) -> tuple[Combatant, Combatant]:
    """(the enemy the GM wounds, the combatant the GM hides): another enemy if there is one."""
    state = load(path).encounter.state
    enemies = [c for c in state.combatants.values() if c.side == "enemy" and not c.hidden]
    others = [c for c in state.combatants.values() if c.id != enemies[0].id and not c.hidden]
    hide = next((c for c in others if c.side == "enemy"), others[-1])
    return enemies[0], hide


def secrets_played(path: Path) -> tuple[Ruleset, Combatant, str, list[str], str]:
    """Play the GM's secrets on ``path``: a wound, a hidden combatant, a GM note.

    Returns the rules, the wounded enemy now, the hidden one's name, the GM's sentences
    about the wound that hold numbers, and the enemy's summary before the wound.
    """
    enemy, hidden = cast(path)
    play(path, "start")
    before = load(path)
    rules, was = before.rules, before.rules.summary(before.encounter.state.combatant(enemy.id))
    said = play(path, f"dmg {enemy.id} 30", f"hide {hidden.id}", f"gm-note {SECRET_NOTE}")
    wounded = load(path).encounter.state.combatant(enemy.id)
    numbers = [t for t in said if enemy.name in t and DIGIT.search(t.replace(enemy.name, ""))]
    return rules, wounded, hidden.name, numbers, was


async def view_text(path: Path) -> str:
    """Everything the player view shows (screen and widgets) for ``path``."""
    app = PlayerApp(FileFollower(path), shelf=load_themes([bundled_dir("themes")]))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        text = shown(app)
        await pilot.press("l")
        await pilot.pause()
        return text + "\n" + shown(app)


def allies_summaries(path: Path, rules: Ruleset) -> set[str]:
    """The GM's summary of every PC and ally on ``path`` (numbers the players may see)."""
    state = load(path).encounter.state
    return {rules.summary(c) for c in state.combatants.values() if c.side in ("pc", "ally")}
