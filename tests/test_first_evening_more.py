"""More of what a new GM met on a first evening (see test_first_evening.py)."""

from __future__ import annotations

import json
import logging
import sys
import zipfile
from pathlib import Path

import pytest
from aiohttp.http_exceptions import BadStatusLine, LineTooLong

from tests.cli_helpers import run
from tracker.store.bestiary import user_bestiary_file
from tracker.web.log_line import OneLine


def test_ls_says_whose_turn_as_state_and_the_log_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``ls`` said "round 1, Boss's turn" where the log, ``state`` and the screen say
    "Boss' turn"."""
    fight = str(tmp_path / "f.toml")
    run(capsys, "new", fight, "--ruleset", "basic")
    run(capsys, "do", fight, "add", "Boss", "hp=5", "init=99")
    said = run(capsys, "do", fight, "start")[1]
    assert "Boss' turn" in said
    listed = run(capsys, "ls", str(tmp_path))[1]
    assert "round 1, Boss' turn" in listed and "Boss's" not in listed


def _logged(error: Exception) -> str:
    """How ``tracker serve`` logs aiohttp's line about a request it could not read."""
    try:
        raise error
    except Exception:
        record = logging.LogRecord(
            "aiohttp.server",
            logging.ERROR,
            "x",
            1,
            "Error handling request from %s",
            ("127.0.0.1",),
            sys.exc_info(),
        )
    return OneLine().format(record)


def test_a_request_too_long_to_read_is_logged_as_a_refusal_not_raw_bytes() -> None:
    """A 20,000-character path was logged "Error handling request from 127.0.0.1: 400,
    message: Got more than 8190 bytes when reading: bytearray(b'/aaaa…')."."""
    line = _logged(LineTooLong(b"/" + b"a" * 20_000, "8190"))
    assert line == (
        "tracker serve: refused a request from 127.0.0.1 it could not read: "
        "Got more than 8190 bytes when reading (400)"
    )


def test_a_request_that_is_not_http_is_logged_without_its_bytes() -> None:
    line = _logged(BadStatusLine("\x16\x03\x01\x1b]52;c;YQ==\x07"))
    assert line.endswith("it could not read: Bad status line (400)")


def test_a_basic_party_reads_hp_as_the_fight_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``campaign add-pc`` and ``show`` of a basic party said "Hp 10/10"."""
    camp = str(tmp_path / "c.toml")
    run(capsys, "campaign", "new", camp, "--ruleset", "basic")
    assert "HP 12/12" in run(capsys, "campaign", "add-pc", camp, "Ann", "hp=12")[1]
    shown = run(capsys, "campaign", "show", camp)[1]
    assert "HP 12/12" in shown and "Hp" not in shown


def test_a_yaml_source_with_a_control_character_names_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It said "(not YAML: unacceptable character #x001b: control characters are not
    allowed in "<unicode string>", position 20)", with no line or column."""
    path = tmp_path / "orc.yml"
    path.write_text("type: threat\nname: Orc \x1b[31m\n", encoding="utf-8")
    status, _, err = run(capsys, "import", str(path))
    assert status == 1 and err.count("\n") == 1
    assert err.startswith("tracker: orc.yml:2:11: not a Foundry export (not YAML: it holds ESC")
    assert "<unicode string>" not in err


FOUNDRY = Path(__file__).parent / "fixtures" / "foundry"


def test_an_import_that_replaces_a_block_of_the_gms_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Importing an Ork Nob over the GM's own hand-tuned ``ork-nob`` block replaced it
    without a word (``save-template`` says "replacing the block of that id")."""
    actor = str(FOUNDRY / "wrath-threat.json")
    first = run(capsys, "import", actor)[1].splitlines()[0]
    assert "block 'ork-nob'" in first and "replacing" not in first
    again = run(capsys, "import", actor)[1].splitlines()[0]
    assert again.endswith("(replacing your block of that id)")


def test_a_block_whose_name_is_a_number_is_refused_as_a_rosters_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``name = 5`` in the GM's bestiary added a combatant called "5"; an encounter's
    roster refuses it ("every combatant needs a name (text)")."""
    mine = user_bestiary_file("basic")
    mine.parent.mkdir(parents=True, exist_ok=True)
    mine.write_text('ruleset = "basic"\n\n[[blocks]]\nid = "bad"\nname = 5\n', encoding="utf-8")
    fight = str(tmp_path / "f.toml")
    run(capsys, "new", fight, "--ruleset", "basic")
    before = Path(fight).read_bytes()
    status, out, err = run(capsys, "do", fight, "add", "bad")
    assert (status, out) == (1, "") and err.count("\n") == 1
    assert f"{mine}:5:" in err and "a name is text in quotes" in err
    assert Path(fight).read_bytes() == before


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "ftp://tv.example",
        "http://x/a b",
        "http://x/\x1b[31m",
        "https://x/?a=1",
    ],
)
def test_a_public_url_that_is_no_web_address_is_a_misused_command_line(
    url: str, sample_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``serve --public-url javascript:alert(1)`` printed that link (and its QR code for
    every phone) with the join token after it."""
    status, out, err = run(capsys, "serve", str(sample_file), "--public-url", url)
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert "an address" in err


def test_a_zipped_module_is_told_to_be_unzipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A module as downloaded (a zip) was "not a Foundry export (not UTF-8 text, byte 10)"."""
    path = tmp_path / "orks-module.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.write(FOUNDRY / "wrath-threat.json", "packs/ork-nob.json")
    status, _, err = run(capsys, "import", str(path))
    assert status == 1 and err.count("\n") == 1
    assert "a zip archive" in err and "unzip it" in err and "UTF-8" not in err


def test_a_module_folder_imports_its_actors_and_skips_its_other_documents(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A module's folder (its manifest, an items pack, a journal entry beside the actors)
    was refused whole: "items/bolter.json: a 'weapon' actor of wrath-and-glory …"."""
    module = tmp_path / "orks"
    for folder in ("actors", "items", "journal"):
        (module / folder).mkdir(parents=True)
    (module / "actors" / "nob.json").write_bytes((FOUNDRY / "wrath-threat.json").read_bytes())
    (module / "module.json").write_text('{"id": "orks", "title": "Orks"}', encoding="utf-8")
    bolter = {
        "name": "Bolter",
        "type": "weapon",
        "system": {},
        "_stats": {"systemId": "wrath-and-glory"},
    }
    (module / "items" / "bolter.json").write_text(json.dumps(bolter), encoding="utf-8")
    entry = {"name": "Intro", "pages": [{"name": "p", "type": "text"}]}
    (module / "journal" / "intro.json").write_text(json.dumps(entry), encoding="utf-8")
    status, out, err = run(capsys, "import", str(module))
    assert (status, err) == (0, "")
    assert "block 'ork-nob' (Ork Nob)" in out
    assert (
        "items/bolter.json: an Item (Bolter, a 'weapon' of wrath-and-glory), not an actor"
        " — skipped" in out
    )
    assert "journal/intro.json: a JournalEntry (Intro), not an actor — skipped" in out
    assert "module.json: a Foundry module's manifest (Orks), not an actor — skipped" in out


def test_an_item_named_alone_is_still_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bolter.json"
    bolter = {
        "name": "Bolter",
        "type": "weapon",
        "system": {},
        "_stats": {"systemId": "wrath-and-glory"},
    }
    path.write_text(json.dumps(bolter), encoding="utf-8")
    status, _, err = run(capsys, "import", str(path))
    assert status == 1 and "an Item (Bolter, a 'weapon' of wrath-and-glory)" in err


def test_a_pc_name_too_long_is_said_to_be_the_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``campaign add-pc C PPP…`` said "id is 100 characters long" (the id made from it)."""
    camp = tmp_path / "c.toml"
    run(capsys, "campaign", "new", str(camp), "--ruleset", "basic")
    before = camp.read_bytes()
    status, _, err = run(capsys, "campaign", "add-pc", str(camp), "P" * 100)
    assert status == 1 and err == (
        "tracker: the name is 100 characters long: at most 80 are allowed\n"
    )
    assert camp.read_bytes() == before
