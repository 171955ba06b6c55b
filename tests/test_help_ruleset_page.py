"""``?`` shows the bundled ruleset's own page (``docs/rulesets/<id>.md``, shipped in the
wheel) under "This ruleset", rendered as Markdown, as it does a third-party ruleset's
``docs.md``: a GM running nerv-d100 reads its roster fields and commands at the table."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from tests.player_helpers import copy_sample
from tests.ui_helpers import make_app, opened, ui_test
from tracker.ui.modals.help import HelpScreen

HEADINGS = {
    "basic-bandits-at-the-ford.toml": "Ruleset basic",
    "nerv-sachiel.toml": "nerv-d100 — the d100 Evangelion homebrew",
    "wrath-ork-boarding.toml": "Ruleset wrath-glory (seed 002)",
    "alien-operations-deck.toml": "Ruleset alien-evolved (seed 003)",
    "eva-escale-ramiel.toml": "eva-escale — Dark-Heresy-style d100 at giant-robot scale",
    "persona-d100-shadows.toml": "persona-d100 — Dark-Heresy-style d100 with Persona",
}


@pytest.mark.parametrize("sample", sorted(HEADINGS))
@ui_test
async def test_help_shows_the_bundled_rulesets_page(tmp_path: Path, sample: str) -> None:
    fight = copy_sample(sample, tmp_path)
    app = make_app(fight)
    async with app.run_test(size=(100, 30)) as pilot:
        await opened(pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await app.workers.wait_for_complete()  # the page is laid out in a thread
        await pilot.pause()
        shown = app.screen.query_one("#help-ruleset", Static)
        page = [shown.render_line(y).text.strip() for y in range(shown.size.height)]
    heading = HEADINGS[sample]
    assert any(line.startswith(heading) for line in page), page[:3]
    assert not any(line.startswith("# ") for line in page[:3])  # rendered, not typed
    assert "Laying out this ruleset's page…" not in page
