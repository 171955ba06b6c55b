"""Damage in the middle of a journal: the fight opens at the last whole command before it.

Before: one flipped bit or a run of NUL bytes anywhere but the tail made the whole fight
unopenable. Now the file opens at the last whole command before the damage, names
``file:line`` of it, keeps everything from there on aside (``FILE.damaged-STAMP``) when
played, and read-only commands show the fight up to the damage without changing a byte.
"""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest

from tests.campaign_helpers import damaged_campaign
from tracker.cli import main
from tracker.core.dice import Dice
from tracker.store.encounter_file import EncounterFile, load
from tracker.store.errors import JournalError
from tracker.store.journal import HEADER_RE, read_journal
from tracker.store.journal_repair import tail_note

SAMPLE = Path(__file__).resolve().parent.parent / "encounters" / "basic-bandits-at-the-ford.toml"
COMMANDS = ("note the ferry is late", "start", "dmg mara 4", "next", "ail mara prone", "next")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The sample after a few commands (format 2: every command's last block marked)."""
    path = tmp_path_factory.mktemp("played") / "ford.toml"
    shutil.copyfile(SAMPLE, path)
    with EncounterFile(path) as gm:
        for line in COMMANDS:
            gm.execute(line, Dice(seed=4))
    return path.read_bytes()


def block_ends(data: bytes) -> list[int]:
    """Where each event block ends (the next one's start, or the end of the file)."""
    starts = [m.start() for m in HEADER_RE.finditer(data)]
    return starts[1:] + [len(data)]


def whole_commands(data: bytes) -> list[int]:
    """How many events each whole-command prefix of the journal holds (0 first)."""
    ends = [0]
    for n, end in enumerate(block_ends(data), 1):
        if data.rfind(b"\nbatch_end = true\n", 0, end) > data.rfind(b"\n[[events]]\n", 0, end):
            ends.append(n)
    return ends


def expected_kept(data: bytes, at: int) -> int:
    """The last whole command whose blocks all end at or before byte ``at``."""
    intact = sum(1 for end in block_ends(data) if end <= at)
    return max(n for n in whole_commands(data) if n <= intact)


def last_block_cut(data: bytes) -> int:
    """25 bytes before the end of the last block (before the command's standing line)."""
    return data.rindex(b"\n# standing ") + 1 - 25


def line_of(data: bytes, at: int) -> int:
    return data.count(b"\n", 0, at) + 1


def damaged(data: bytes, rng: random.Random, at: int, nul: bool) -> bytes:
    """``data`` with a bit flipped at ``at``, or a run of 1-64 NUL bytes from ``at``."""
    if nul:
        run = min(rng.randint(1, 64), len(data) - at)
        return data[:at] + b"\0" * run + data[at + run :]
    flipped = bytearray(data)
    flipped[at] ^= 1 << rng.randrange(8)
    return bytes(flipped)


def in_standing_line(data: bytes, at: int) -> bool:
    """Whether byte ``at`` is in a standing line (a comment after a command's last block)."""
    return data.startswith(b"# standing ", data.rfind(b"\n", 0, at) + 1)


def cases(data: bytes, count: int, seed: int) -> list[tuple[int, bool]]:
    """Offsets in the event blocks (damage in a standing line: test_standing_lines.py)."""
    journal = HEADER_RE.search(data)
    assert journal is not None
    rng = random.Random(seed)
    blocks = [at for at in range(journal.start(), len(data)) if not in_standing_line(data, at)]
    offsets = rng.sample(blocks, count)
    return [(at, i % 3 == 0) for i, at in enumerate(offsets)]


def test_damage_anywhere_in_the_journal_opens_at_the_last_whole_command(
    played: bytes, tmp_path: Path
) -> None:
    path = tmp_path / "ford.toml"
    rng = random.Random(11)
    for at, nul in cases(played, 400, seed=26):
        bad = damaged(played, rng, at, nul)
        path.write_bytes(bad)
        for side in tmp_path.glob("ford.toml.*"):
            side.unlink()
        loaded = load(path)  # read-only: shows the fight up to the damage
        kept = expected_kept(played, at)
        assert len(loaded.encounter.events) == kept, (at, nul)
        assert loaded.torn is not None and path.read_bytes() == bad
        note = tail_note(path, loaded.torn)
        where = re.match(rf"{re.escape(str(path))}:(\d+):(\d+): ", note)
        assert where is not None and "\n" not in note, note
        assert line_of(bad, loaded.torn.offset) <= int(where[1]) <= line_of(bad, at), note
        with EncounterFile(path) as gm:  # played: the rest goes aside, the fight goes on
            assert gm.recovered is not None
            assert path.read_bytes() + gm.recovered.read_bytes() == bad
            assert path.read_bytes() == played[: loaded.torn.offset]
            gm.execute("note we play on", Dice(seed=1))
        assert len(load(path).encounter.events) == kept + 1


def test_a_damaged_command_is_left_out_whole(played: bytes, tmp_path: Path) -> None:
    path = tmp_path / "ford.toml"
    starts = [m.start() for m in HEADER_RE.finditer(played)]
    second = starts[3]  # inside the 'start' command: its initiative events
    bad = played[: second + 20] + b"\0" * 8 + played[second + 28 :]
    path.write_bytes(bad)
    loaded = load(path)
    assert [e.seq for e in loaded.encounter.events] == [1]  # the note, not half a start
    assert loaded.encounter.state.phase == "setup" and not loaded.encounter.state.initiative
    assert loaded.torn is not None and loaded.torn.damage_at[0] == line_of(bad, second)


@pytest.mark.parametrize("damage", [b"[[evenTs]]", b"\0" * 11, b"Z[events]]", b"[[events]]\0"])
def test_a_damaged_first_event_line_keeps_the_roster(
    played: bytes, tmp_path: Path, damage: bytes
) -> None:
    path = tmp_path / "ford.toml"
    first = played.index(b"\n[[events]]\n") + 1
    bad = played[:first] + damage + played[first + len(damage) :]
    path.write_bytes(bad)
    loaded = load(path)
    assert loaded.encounter.events == [] and len(loaded.encounter.state.combatants) == 8
    assert loaded.torn is not None and loaded.torn.offset == first
    assert loaded.torn.damage_at == (line_of(bad, first), 1)


def test_damage_in_the_roster_is_one_line_and_changes_nothing(
    played: bytes, tmp_path: Path
) -> None:
    path = tmp_path / "ford.toml"
    journal = HEADER_RE.search(played)
    assert journal is not None
    rng = random.Random(5)
    refused = 0
    for at in rng.sample(range(0, journal.start()), 60):
        bad = damaged(played, rng, at, nul=at % 2 == 0)
        path.write_bytes(bad)
        try:
            loaded = load(path)
        except JournalError as err:
            refused += 1
            assert re.match(rf"{re.escape(str(path))}:\d+:\d+: ", str(err)), err
            assert "\n" not in str(err)
        else:  # a harmless change (a comment, a letter of a name): never cut into the roster
            assert loaded.torn is None or loaded.torn.offset >= journal.start()
        assert path.read_bytes() == bad
    assert refused > 10


def test_check_names_the_damage_and_repair_keeps_it_aside(
    played: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ford.toml"
    starts = [m.start() for m in HEADER_RE.finditer(played)]
    flipped = bytearray(played)
    flipped[starts[-3] + 15] ^= 0x04
    bad = bytes(flipped)
    path.write_bytes(bad)
    capsys.readouterr()
    assert main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"tracker: {path}:{line_of(bad, starts[-3])}:1: ")
    assert len(err.splitlines()) == 1 and path.read_bytes() == bad
    assert main(["check", "--repair", str(path)]) == 0
    out, err = capsys.readouterr()
    side = next(tmp_path.glob("ford.toml.damaged-*"))
    assert str(side) in out and "repaired" in out and err == ""
    assert path.read_bytes() + side.read_bytes() == bad
    assert main(["check", str(path)]) == 0
    assert main(["do", str(path), "next"]) == 0


@pytest.mark.parametrize("command", [["state"], ["state", "--json"], ["log"]])
def test_read_only_commands_show_the_fight_up_to_the_damage_and_warn(
    played: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    path = tmp_path / "ford.toml"
    starts = [m.start() for m in HEADER_RE.finditer(played)]
    bad = played[: starts[-2] + 12] + b"\0" * 30 + played[starts[-2] + 42 :]
    path.write_bytes(bad)
    capsys.readouterr()
    assert main([*command, str(path)]) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith(f"tracker: {path}:")
    assert "unchanged" in err and "check --repair" in err
    assert out and path.read_bytes() == bad
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ford.toml"]


@pytest.mark.parametrize("command", [["state"], ["log"], ["check"]])
def test_a_torn_tail_is_named_by_line_in_one_warning(
    played: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    path = tmp_path / "ford.toml"
    cut = last_block_cut(played)
    path.write_bytes(played[:cut])
    last = [m.start() for m in HEADER_RE.finditer(played)][-1]
    kept = read_journal(path).torn
    assert kept is not None
    capsys.readouterr()
    assert main([*command, str(path)]) == 0
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "cut off by a crash" in err
    assert err.startswith(f"tracker: {path}:{line_of(played, kept.offset)}:1: ")
    assert kept.offset <= last and path.read_bytes() == played[:cut]


def test_do_names_the_line_of_what_it_moved_aside(
    played: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ford.toml"
    path.write_bytes(played[: last_block_cut(played)])
    capsys.readouterr()
    assert main(["do", str(path), "note on we go"]) == 0
    _, err = capsys.readouterr()
    side = next(tmp_path.glob("ford.toml.torn-*"))
    assert re.match(rf"tracker: {re.escape(str(path))}:\d+:1: .*{re.escape(str(side))}$", err)


def test_import_into_a_damaged_fight_says_what_it_moved_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`import --into` a fight damaged in mid-journal moved the rest aside as `do` does,
    but said nothing of it: the GM never learnt part of the fight was in a side file."""
    path = tmp_path / "boarding.toml"
    shutil.copyfile(SAMPLE.with_name("wrath-ork-boarding.toml"), path)
    for line in (["start"], ["next"], ["next"], ["note", "on"]):
        assert main(["do", "--seed", "2", str(path), *line]) == 0
    data = bytearray(path.read_bytes())
    block = [m.start() for m in HEADER_RE.finditer(data)][-3]
    data[block + 15] ^= 0x04
    path.write_bytes(bytes(data))
    capsys.readouterr()
    threat = SAMPLE.parent.parent / "tests" / "fixtures" / "foundry" / "wrath-threat.json"
    assert main(["import", str(threat), "--into", str(path)]) == 0
    err = capsys.readouterr().err
    side = next(tmp_path.glob("boarding.toml.damaged-*"))
    assert err.startswith(f"tracker: {path}:{line_of(bytes(data), block)}:1: event block fails")
    assert err.endswith(f"was moved to {side}\n") and err.count("\n") == 1


def test_an_empty_file_is_named_at_line_1_column_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.toml"
    path.write_bytes(b"")
    assert main(["state", str(path)]) == 1
    assert capsys.readouterr().err.startswith(f"tracker: {path}:1:1: ")


def test_ls_warns_when_it_reads_damage_and_lists_the_fight_up_to_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ford.toml"
    shutil.copyfile(SAMPLE, path)
    with EncounterFile(path) as gm:
        for line in ("add Troll hp=9 init=5", "start", "next", "next"):
            gm.execute(line, Dice(seed=4))
    # a file without standing lines (an older tracker's) is read by the journal scan, which
    # reads the last round's blocks; the standing line is read only if the file ends whole
    data = re.sub(rb"(?m)^# standing .*\n", b"", path.read_bytes())
    at = data.rindex(b'\ntype = "round.started"\n') + 30  # the listing reads it for the round
    bad = data[:at] + b"\0" * 4 + data[at + 4 :]
    path.write_bytes(bad)
    block = data.rindex(b"[[events]]", 0, at)
    capsys.readouterr()
    assert main(["ls", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and err.startswith(f"tracker: {path}:{line_of(bad, block)}:")
    assert load(path).encounter.state.phase == "setup"  # the 'start' command is damaged
    assert "not started" in out and "9 combatants" in out  # as `state` shows it
    assert path.read_bytes() == bad


def test_view_warns_about_damage_before_it_starts(
    played: bytes,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tracker.ui.player.app import PlayerApp

    path = tmp_path / "ford.toml"
    starts = [m.start() for m in HEADER_RE.finditer(played)]
    bad = played[: starts[-2] + 12] + b"\0" * 30 + played[starts[-2] + 42 :]
    path.write_bytes(bad)
    shown: list[int] = []

    def run(app: PlayerApp) -> None:
        assert app.follower.loaded is not None
        shown.append(len(app.follower.loaded.encounter.events))

    monkeypatch.setattr(PlayerApp, "run", run)
    monkeypatch.setenv("TEXTUAL_DRIVER", "headless")  # drawn elsewhere: no terminal needed
    capsys.readouterr()
    assert main(["view", str(path)]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"tracker: {path}:")
    assert shown == [len(load(path).encounter.events)] and path.read_bytes() == bad


def test_the_tui_opens_a_damaged_file_says_where_and_plays_on(
    played: bytes, tmp_path: Path
) -> None:
    from textual.message import Message
    from textual.notifications import Notify

    from tests.ui_helpers import make_app, opened, state_of, ui_test

    path = tmp_path / "ford.toml"
    starts = [m.start() for m in HEADER_RE.finditer(played)]
    bad = played[: starts[-2] + 12] + b"\0" * 30 + played[starts[-2] + 42 :]
    path.write_bytes(bad)
    kept = len(load(path).encounter.events)
    messages: list[Message] = []

    @ui_test
    async def scenario() -> None:
        app = make_app(path)
        async with app.run_test(size=(120, 36), message_hook=messages.append) as pilot:
            await opened(pilot)
            assert state_of(app).seq == kept
            await pilot.press("n")  # the next turn: the fight goes on
            await pilot.pause()
            assert state_of(app).seq > kept

    scenario()
    said = [m.notification.message for m in messages if isinstance(m, Notify)]
    side = next(tmp_path.glob("ford.toml.damaged-*"))
    assert any(s.startswith(f"{path}:{line_of(bad, starts[-2])}:") and str(side) in s for s in said)
    cut = len(bad) - len(side.read_bytes())
    assert bad[cut:] == side.read_bytes() and path.read_bytes().startswith(bad[:cut])


def test_a_campaign_damaged_mid_journal_plays_on_after_the_last_whole_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "c.toml"
    bad, block = damaged_campaign(path, capsys)
    assert main(["campaign", "add-pc", str(path), "Dee", "hp=8"]) == 0
    err = capsys.readouterr().err
    side = next(tmp_path.glob("c.toml.damaged-*"))
    assert err.startswith(f"tracker: {path}:{line_of(bad, block)}:1: ") and str(side) in err
    assert bad[block:] == side.read_bytes() and path.read_bytes().startswith(bad[:block])
    assert main(["campaign", "show", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "Ann" in shown and "Dee" in shown and "Bo" not in shown
