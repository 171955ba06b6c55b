"""``tracker campaign rest --help`` says rests come from the campaign's ruleset, an
installed one's too, not only the bundled ones'."""

from __future__ import annotations

import pytest


def test_campaign_rest_help_does_not_name_only_the_bundled_rests(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # A stranger's ruleset states 'indulge' and 'recover'; the help said only
    # "short, long (nerv-d100) · stretch, shift (alien-evolved)".
    from tracker.cli.main import main

    with pytest.raises(SystemExit):
        main(["campaign", "rest", "--help"])
    helped = " ".join(capsys.readouterr().out.split())
    assert "as the campaign's ruleset names it" in helped
    assert "refused with the list" in helped
