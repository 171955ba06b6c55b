"""No traceback anywhere in a random walk of keys (issue 27): 200 keys from the keymap —
looking back and stepping, undo and redo, the bar, modals, digits, Esc and Enter — on every
bundled sample, and the file still loads afterwards."""

from __future__ import annotations

import asyncio
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from textual import events

from tests.ui_helpers import ROOT, make_app, opened
from tracker.store.encounter_file import load

SAMPLES = sorted((ROOT / "encounters").glob("*.toml"))
KEYS: dict[str, str | None] = {
    **{key: key for key in "vuUnpjkdhazbtsNwrx0123456789"},
    "left_square_bracket": "[",
    "right_square_bracket": "]",
    "colon": ":",
    "plus": "+",
    "question_mark": "?",
    "escape": None,
    "enter": "\r",
    "space": " ",
    "tab": "\t",
    "up": None,
    "down": None,
}
"""The keys walked: the table's own and what modals and the bar answer to (never ``q``:
leaving is not a crash)."""
WALK = 200
BURST = 10
"""Keys sent at once before waiting for the app to settle, the way a quick GM types."""


async def walk(path: Path, keys: list[str]) -> None:
    app = make_app(path)
    async with app.run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        for start in range(0, len(keys), BURST):
            for key in keys[start : start + BURST]:
                app.post_message(events.Key(key, KEYS[key]))
            await pilot.pause()
        assert app.is_running, "the app left in the middle of the walk"


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
@settings(
    max_examples=2,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.generate],  # 200 keys shrink for minutes: keep the walk
    print_blob=True,
)
@given(keys=st.lists(st.sampled_from(sorted(KEYS)), min_size=WALK, max_size=WALK))
@example(keys=["s", "n", "u", "n", "n", "v", "left_square_bracket", "colon", "escape"])
def test_a_random_walk_of_keys_never_crashes_and_the_file_still_loads(
    sample: Path, keys: list[str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("walk") / sample.name
    shutil.copyfile(sample, path)
    asyncio.run(walk(path, keys))  # an exception in the app is raised here
    load(path)  # a JournalError here would say which line of the file went wrong


def test_the_walk_that_closed_a_dialog_twice_closes_it_once(tmp_path: Path) -> None:
    """Found by the walk (seed 54 on the Wrath sample): two Enters in one burst reached
    the notes dialog before it had closed, and the second closed the table's own screen:
    ScreenStackError, the app gone."""
    sample = ROOT / "encounters" / "wrath-ork-boarding.toml"
    path = tmp_path / sample.name
    shutil.copyfile(sample, path)
    chance = random.Random(54)
    keys = [chance.choice(sorted(KEYS)) for _ in range(WALK)]
    asyncio.run(walk(path, keys))
    load(path)
