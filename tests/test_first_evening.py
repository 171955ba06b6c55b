"""What a new GM met on a first evening with the installed tracker (a fresh venv, an
empty home folder, README.md followed word by word and then some): each test is one
thing that broke, written as the GM met it."""

from __future__ import annotations

import errno
import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.cli_helpers import run
from tracker.cli import main
from tracker.store.bestiary import user_bestiary_file
from tracker.store.settings import settings_path


def test_saving_a_template_again_does_not_grow_the_bestiary_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fight = str(tmp_path / "a.toml")
    assert run(capsys, "new", fight, "--ruleset", "basic")[0] == 0
    assert run(capsys, "do", fight, "add", "Ogre Chief", "hp=22", "init=2")[0] == 0
    assert run(capsys, "do", fight, "save-template", "ogre", "as", "ogre-chief")[0] == 0
    first = user_bestiary_file("basic").read_text(encoding="utf-8")
    for _ in range(3):  # the GM tweaks the ogre and saves it over itself
        assert run(capsys, "do", fight, "save-template", "ogre", "as", "ogre-chief")[0] == 0
    again = user_bestiary_file("basic").read_text(encoding="utf-8")
    assert again == first
    assert "\n\n\n" not in again


@pytest.mark.parametrize(
    ("rounds", "said"),
    [(["--round", "0"], "(1 or more)"), (["--rounds", "0-2"], "rounds count from 1")],
)
def test_round_zero_is_told_that_rounds_count_from_one(
    rounds: list[str], said: str, sample_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "log", str(sample_file), *rounds)
    assert status == 2 and out == ""
    assert said in err and "no range" not in err  # 0-2 is a range
    assert err.count("\n") == 1


FOUNDRY = Path(__file__).parent / "fixtures" / "foundry"


def _variant(tmp_path: Path, fixture: str, change: Callable[[dict[str, Any]], None]) -> Path:
    """A copy of a Foundry fixture, changed by ``change``."""
    doc = json.loads((FOUNDRY / fixture).read_text(encoding="utf-8"))
    change(doc)
    path = tmp_path / fixture
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _items_a_number(doc: dict[str, Any]) -> None:
    doc["items"] = 5


def _item_type_a_table(doc: dict[str, Any]) -> None:
    doc["items"][0]["type"] = {"a": 1}


@pytest.mark.parametrize("fixture", ["alien-character.json", "wrath-agent.json"])
@pytest.mark.parametrize("change", [_items_a_number, _item_type_a_table])
def test_an_export_whose_items_are_mangled_still_imports_without_a_traceback(
    fixture: str,
    change: Callable[[dict[str, Any]], None],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = _variant(tmp_path, fixture, change)
    status, out, err = run(capsys, "import", str(path))
    assert (status, err) == (0, "")
    assert "block" in out


@pytest.mark.parametrize("fixture", ["alien-character.json", "wrath-agent.json"])
@pytest.mark.parametrize("name", [{"a": 1}, ["x"], 5])
def test_a_name_that_is_not_text_is_not_written_as_python_would_print_it(
    fixture: str, name: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def renamed(doc: dict[str, Any]) -> None:
        doc["name"] = name

    path = _variant(tmp_path, fixture, renamed)
    status, out, _ = run(capsys, "import", str(path))
    assert status == 0
    assert f"({path.stem})" in out  # named after the file, as an export with no name is
    assert "{'a'" not in out and "['x']" not in out


@pytest.mark.parametrize(("doc", "said"), [([], "an empty list"), ([1, 2], "not of Foundry")])
def test_a_list_that_holds_no_documents_is_not_told_lists_are_refused(
    doc: object, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pack.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, _, err = run(capsys, "import", str(path))
    assert status == 1 and err.count("\n") == 1
    assert said in err and "not an object" not in err  # a list of actors imports


class _FullDisk(io.StringIO):
    """Standard output on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_log_to_a_full_disk_says_so_in_words(
    sample_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", _FullDisk())
    status = main(["log", str(sample_file)])
    err = capsys.readouterr().err
    assert status == 1
    assert err == "tracker: standard output: No space left on device\n"  # not [Errno 28]


@pytest.mark.parametrize("line", ["spend ann hp 12", "gain ann hp 5"])
def test_hit_points_go_through_dmg_and_heal_not_spend_and_gain(
    line: str, sample_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``spend ann hp 12`` left Ann at HP 0 and still standing ("Hp 12 → 0"); ``gain``
    never stood a downed one back up: HP is what dmg and heal are for."""
    before = sample_file.read_bytes()
    status, out, err = run(capsys, "do", str(sample_file), *line.split())
    assert (status, out) == (1, "")
    assert "use dmg or heal" in err and err.count("\n") == 1
    assert sample_file.read_bytes() == before


@pytest.mark.parametrize("count", ["0", "-1", "-3"])
def test_a_count_below_one_is_refused_not_taken_for_a_name(
    count: str, sample_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``add -1 bandit`` added a combatant called "-1 bandit" where ``add 0 bandit`` was
    refused."""
    before = sample_file.read_bytes()
    status, out, err = run(capsys, "do", str(sample_file), "add", count, "bandit")
    assert (status, out) == (1, "") and "1 to 50 copies" in err
    assert sample_file.read_bytes() == before


def test_campaign_set_takes_a_leading_dash_as_its_help_says(
    party_campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``campaign set C asuka condition -Frightened`` was read as an unknown option
    (exit 2: "the following arguments are required: value")."""
    camp = str(party_campaign)
    assert run(capsys, "campaign", "set", camp, "asuka", "condition", "Frightened")[0] == 0
    assert "Frightened" in run(capsys, "campaign", "show", camp)[1]
    status, out, err = run(capsys, "campaign", "set", camp, "asuka", "condition", "-Frightened")
    assert (status, err) == (0, "") and "Frightened" in out
    assert "Frightened" not in run(capsys, "campaign", "show", camp)[1]


def test_campaign_set_without_a_value_is_a_misused_command_line(
    party_campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = party_campaign.read_bytes()
    status, _, err = run(capsys, "campaign", "set", str(party_campaign), "asuka", "stress")
    assert status == 2 and "needs a value after 'stress'" in err and err.count("\n") == 1
    assert party_campaign.read_bytes() == before


def test_a_negative_heal_is_refused_as_a_negative_dmg_is(
    sample_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``heal ann -2`` took 2 HP off (``HP 12 → 10``) where ``dmg ann -2`` is refused."""
    before = sample_file.read_bytes()
    status, out, err = run(capsys, "do", str(sample_file), "heal", "ann", "-2")
    assert (status, out) == (1, "") and "use 'dmg'" in err
    assert sample_file.read_bytes() == before


def test_clearing_a_note_that_is_not_there_says_so(
    sample_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "do", str(sample_file), "notes", "ann", "-")
    assert status == 1 and err == "tracker: Ann has no note to clear\n"  # "already reads so"


def test_counts_of_one_read_as_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``check`` said "1 combatants" and "1 PC(s), 1 fight(s)"."""
    fight, camp = str(tmp_path / "f.toml"), str(tmp_path / "c.toml")
    run(capsys, "new", fight, "--ruleset", "basic")
    run(capsys, "do", fight, "add", "Ann", "hp=5")
    assert run(capsys, "check", fight)[1].endswith("ok — basic, 1 combatant, 2 events\n")
    run(capsys, "campaign", "new", camp, "--ruleset", "basic")
    run(capsys, "campaign", "add-pc", camp, "Ann", "hp=5")
    run(capsys, "campaign", "fight", camp, str(tmp_path / "f1.toml"))
    assert "1 PC, 1 fight, 2 events" in run(capsys, "check", camp)[1]
    assert "1 PC, 1 fight" in run(capsys, "campaign", "show", camp)[1]
    recap = tmp_path / "c.html"
    run(capsys, "campaign", "recap", camp, "--html", "-o", str(recap))
    assert "1 PC, 1 fight" in recap.read_text(encoding="utf-8")


def test_a_name_too_long_is_said_to_be_refused_not_kept(
    sample_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "at most 80 are kept" read as if the name had been cut and added; nothing was."""
    before = sample_file.read_bytes()
    status, _, err = run(capsys, "do", str(sample_file), "add", "N" * 100)
    assert status == 1 and "at most 80 are allowed" in err and "kept" not in err
    assert sample_file.read_bytes() == before


def test_ls_with_a_file_as_the_settings_folder_says_it_is_not_a_folder(
    sample_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``encounters = "…/fight.toml"`` in settings.toml: ``ls`` said "no encounters in
    …/fight.toml" and exit 0, where ``ls FILE`` says it is not a folder."""
    settings = settings_path()
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(f'encounters = "{sample_file}"\n', encoding="utf-8")
    status, out, err = run(capsys, "ls")
    assert (status, out) == (1, "")
    assert (
        err == f"tracker: {sample_file}: is not a folder (the encounters folder in settings.toml)\n"
    )


def test_ls_of_a_settings_folder_not_made_yet_is_still_an_empty_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = settings_path()
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(f'encounters = "{tmp_path / "later"}"\n', encoding="utf-8")
    status, out, _ = run(capsys, "ls")
    assert status == 0 and out.startswith("no encounters in")


def test_a_bad_file_deep_in_a_pack_folder_is_named_with_its_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A pack folder with a broken ``bad.json`` two folders down said only "bad.json:2:1":
    the GM could not tell which of the pack's files it was; now the folders below it."""
    pack = tmp_path / "pack"
    (pack / "monsters" / "orks").mkdir(parents=True)
    (pack / "agent.json").write_bytes((FOUNDRY / "wrath-agent.json").read_bytes())
    (pack / "monsters" / "orks" / "bad.json").write_text("[\n", encoding="utf-8")
    (pack / "monsters" / "odd.json").write_text('{"name": NaN}', encoding="utf-8")
    status, _, err = run(capsys, "import", str(pack))
    assert status == 1
    assert "tracker: monsters/orks/bad.json:2:1: not a Foundry export" in err
    (pack / "monsters" / "orks" / "bad.json").unlink()  # mended: the pack's actors come
    status, out, _ = run(capsys, "import", str(pack))
    assert status == 0
    assert "not imported: unnamed (monsters/odd.json) — name is NaN" in out


@pytest.mark.parametrize("argv", [[], ["FIGHT"], ["view", "FIGHT"]])
def test_the_screen_without_a_terminal_is_refused_not_left_waiting(
    argv: list[str],
    sample_file: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``tracker FILE > out.txt`` (or in a script) wrote escape codes into out.txt and
    waited for keys for ever."""
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    before = sample_file.read_bytes()
    args = [str(sample_file) if word == "FIGHT" else word for word in argv]
    status, out, err = run(capsys, *args)  # pytest's stdin and stdout are no terminal
    assert (status, out) == (1, "") and err.count("\n") == 1
    assert "needs a terminal" in err and "`tracker state FILE`" in err
    assert sample_file.read_bytes() == before
    assert not settings_path().exists()  # not remembered as opened


def test_with_undone_alone_is_a_misused_command_line(
    sample_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``log --with-undone`` without ``--gm`` printed the players' copy, which never shows
    undone lines: the GM asked for something and silently did not get it."""
    target = tmp_path / "recap.md"
    status, out, err = run(capsys, "log", str(sample_file), "--with-undone", "-o", str(target))
    assert (status, out) == (2, "") and "add --gm" in err and err.count("\n") == 1
    assert not target.exists()
    assert run(capsys, "log", str(sample_file), "--with-undone", "--gm")[0] == 0


def test_a_campaign_recap_to_a_pdf_name_is_refused_as_a_log_is(
    party_campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``campaign recap C -o tokyo.pdf`` wrote Markdown into tokyo.pdf, where ``log -o
    x.pdf`` is refused."""
    target = party_campaign.with_name("tokyo.pdf")
    status, out, err = run(capsys, "campaign", "recap", str(party_campaign), "-o", str(target))
    assert (status, out) == (1, "") and ".md or .html" in err and err.count("\n") == 1
    assert not target.exists()
    markdown = party_campaign.with_name("tokyo.markdown")
    assert run(capsys, "campaign", "recap", str(party_campaign), "-o", str(markdown))[0] == 0


@pytest.mark.parametrize("wounds", [-5, 3.7])
def test_an_unusable_number_is_not_reported_as_missing_from_the_export(
    wounds: float, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A threat whose Wounds max reads -5 was reported "not in the export: wounds"."""

    def odd_wounds(doc: dict[str, Any]) -> None:
        doc["system"]["combat"]["wounds"]["max"] = wounds

    status, out, _ = run(capsys, "import", str(_variant(tmp_path, "wrath-threat.json", odd_wounds)))
    assert status == 0
    assert "not in the export as a whole number above 0: wounds" in out
    assert "not in the export: wounds" not in out
