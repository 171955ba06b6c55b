"""A PC's name works the same in ``tracker campaign …``, in ``add party`` and in the
fight: one resolver (``core.name_match``) with the fight's literal-prefix and punctuation
rules — "Jean-Luc" as ``jean luc``, "O'Brien" as ``obrien``, "Ritsuko_Akagi" as
``akagi``, "Shinji  Ikari" (two spaces) as ``shinji ikari``, "Zoë" as ``zoe``."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.campaign_helpers import member, ok, refused
from tracker.core.campaign import CampaignState, Lasting, PartyMember
from tracker.core.campaign_fold import find_member
from tracker.core.errors import RuleError
from tracker.core.grammar import resolve
from tracker.core.model import Combatant, EncounterState
from tracker.store.campaign_load import load_campaign
from tracker.store.encounter_file import load

NAMES = ("Jean-Luc", "O'Brien", "Ritsuko_Akagi", "Shinji  Ikari", "Zoë", "Ｋａｏｒｕ")
TYPED = {
    "jean luc": "Jean-Luc",
    "jean-luc": "Jean-Luc",
    "luc": "Jean-Luc",
    "obrien": "O'Brien",
    "o'b": "O'Brien",
    "akagi": "Ritsuko_Akagi",
    "ritsuko akagi": "Ritsuko_Akagi",
    "shinji ikari": "Shinji  Ikari",
    "ikari": "Shinji  Ikari",
    "zoe": "Zoë",
    "ZOË": "Zoë",
    "kaoru": "Ｋａｏｒｕ",
}


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "geofront.toml"
    ok(capsys, "campaign", "new", path, "--ruleset", "nerv-d100", "--title", "Geofront")
    for name in NAMES:
        ok(capsys, "campaign", "add-pc", path, name, "physique=45", "will=40", "grace=47")
    return path


def test_each_spelling_finds_its_pc_in_the_campaign(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    party = load_campaign(campaign).campaign.state.party
    ids = {m.name: m.id for m in party.values()}
    for typed, name in TYPED.items():
        ok(capsys, "campaign", "set", campaign, typed, "stress", "1")
        assert member(campaign, ids[name]).lasting.track("stress") == 1, typed
        ok(capsys, "campaign", "set", campaign, ids[name], "stress", "0")


def test_each_spelling_finds_the_same_one_in_the_fight(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, fight, "--title", "Geofront")
    fighters = load(fight).encounter.state
    party = load_campaign(campaign).campaign.state
    for typed in TYPED:
        assert resolve(fighters, typed) == find_member(party, typed).id, typed


def test_add_party_takes_the_same_spellings(
    tmp_path: Path, campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = tmp_path / "f1.toml"
    ok(capsys, "campaign", "fight", campaign, fight, "--title", "Geofront", "--only", "zoe")
    ok(capsys, "do", fight, "add", "party", "obrien", "shinji ikari")
    names = {c.name for c in load(fight).encounter.state.combatants.values()}
    assert names == {"Zoë", "O'Brien", "Shinji  Ikari"}


def test_a_start_two_pcs_share_is_refused_naming_the_party(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = refused(capsys, [campaign], "campaign", "set", campaign, "u", "stress", "1")
    assert "more than one PC matches 'u'" in said


NAME = st.text(st.sampled_from(list("abAB -_'.éë")), min_size=1, max_size=8).filter(
    lambda s: s.strip()
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(NAME, min_size=1, max_size=4, unique=True),
    st.text(st.sampled_from(list("ab -é")), max_size=4),
)
def test_a_name_names_the_same_one_in_a_fight_and_a_campaign(names: list[str], typed: str) -> None:
    fighters = {f"pc{i}": Combatant(id=f"pc{i}", name=n) for i, n in enumerate(names)}
    party = {
        f"pc{i}": PartyMember(id=f"pc{i}", name=n, entry={}, lasting=Lasting())
        for i, n in enumerate(names)
    }
    fight = EncounterState(combatants=fighters)
    campaign = CampaignState(party=party)
    outcomes: list[str | None] = []
    for find in (lambda: resolve(fight, typed), lambda: find_member(campaign, typed).id):
        try:
            outcomes.append(find())
        except RuleError:
            outcomes.append(None)
    assert outcomes[0] == outcomes[1]
