"""The pieces of ``tracker serve`` a GM notices when they go wrong: a file that cannot be
read mid-fight, the LAN address, the URL, and the page count the GM's header reads."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.player_helpers import async_test, copy_sample, play
from tests.secrets_helpers import SECRET_NOTE
from tests.web_helpers import board_where, next_event, served, with_token
from tracker.web import join
from tracker.web.page import STALE, text
from tracker.web.phones import PhoneCount, pages_open


@async_test
async def test_a_file_that_cannot_be_read_keeps_the_last_board_and_says_only_that(
    tmp_path: Path,
) -> None:
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    play(path, "start", "hide archer", f"gm-note {SECRET_NOTE}")
    async with served(path) as client:
        stream = await client.get(with_token("/events"))
        before = await next_event(stream)
        broken = path.read_bytes().replace(
            b"[encounter]", b'[encounter]\nx = "Archer in the reeds', 1
        )
        spare = tmp_path / "spare.toml"
        spare.write_bytes(broken)  # the GM's hand edit went wrong: a string left open
        spare.replace(path)
        stale = await board_where(stream, text(STALE))
        page = await (await client.get(with_token("/"))).text()
        stream.close()
    assert (
        "Bandit captain" in stale
        and stale.replace(f'<p class="stale" role="status">{text(STALE)}</p>', "") == before
    )
    for sent in (stale, page):
        assert "Archer" not in sent and SECRET_NOTE not in sent
        assert str(tmp_path) not in sent and ".toml" not in sent  # no path, no file:line:col


def test_the_lan_address_needs_no_internet_and_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    found = join.lan_address()
    socket.inet_aton(found)  # an IPv4 address, whatever the machine has

    class NoRoute(socket.socket):
        def connect(self, address: object) -> None:
            raise OSError("Network is unreachable")

    monkeypatch.setattr(join.socket, "socket", NoRoute)
    monkeypatch.setattr(join.socket, "gethostbyname", lambda name: "192.168.7.9")
    assert join.lan_address() == "192.168.7.9"

    def no_name(name: str) -> str:
        raise OSError("no such host")

    monkeypatch.setattr(join.socket, "gethostbyname", no_name)
    assert join.lan_address() == "127.0.0.1"


def test_the_join_token_is_kept_per_fight_until_the_gm_asks_for_a_new_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    fight, other = tmp_path / "fight.toml", tmp_path / "other.toml"
    first = join.kept_token(fight)
    assert join.kept_token(fight) == first  # serve again: the phones' link still works
    assert join.kept_token(tmp_path / "." / "fight.toml") == first
    last_week = join.kept_token(other)
    assert last_week != first
    fresh = join.kept_token(fight, fresh=True)
    assert fresh != first and join.kept_token(fight) == fresh
    kept = sorted((tmp_path / "tracker").glob("join-*"))
    assert len(kept) == 2 and all(f.stat().st_mode & 0o077 == 0 for f in kept)
    long_ago = time.time() - 7 * 24 * 3600
    for file in kept:
        os.utime(file, (long_ago, long_ago))  # last week's game
    this_week = join.kept_token(other)
    assert this_week != last_week and join.kept_token(other) == this_week
    assert len(list((tmp_path / "tracker").glob("join-*"))) == 1  # last week's: gone
    kept = sorted((tmp_path / "tracker").glob("join-*"))
    for file in kept:
        file.write_text("not a token\n")  # damaged: a new one, never this text
    again = join.kept_token(other)
    assert again not in (this_week, "not a token") and len(again) == 32


def test_the_url_carries_the_token_and_brackets_an_ipv6_address() -> None:
    token = join.new_token()
    assert len(token) >= 22 and token != join.new_token()
    assert join.page_url("192.168.1.20", 8000, token) == f"http://192.168.1.20:8000/?t={token}"
    assert join.page_url("::1", 8000, token, large=True) == f"http://[::1]:8000/?t={token}&large"
    assert "\x1b" not in join.qr_text("http://192.168.1.20:8000/?t=" + token)


def test_the_code_is_white_on_black_on_a_real_terminal_whatever_its_colours() -> None:
    url = "http://192.168.1.20:8000/?t=" + join.new_token()
    plain = join.qr_text(url).splitlines()
    coloured = join.qr_text(url, colour=True).splitlines()
    assert coloured == [f"\x1b[97;40m{line}\x1b[0m" for line in plain]
    assert plain[0] == "█" * len(plain[0])  # the light border is drawn, never left to the terminal


def test_a_count_left_by_a_server_that_died_is_not_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    path = copy_sample("basic-bandits-at-the-ford.toml", tmp_path)
    ours = PhoneCount(path)
    ours.write(2)
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert ours.file is not None
    ours.file.with_name(ours.file.name.rsplit("-", 1)[0] + f"-{gone.stdout.strip()}").write_text(
        "7\n"
    )
    assert pages_open(path) == 2
    ours.drop()
    assert pages_open(path) == 0


def test_the_web_layer_never_imports_textual() -> None:
    code = (
        "import sys\n"
        "import tracker.web.run, tracker.web.server, tracker.web.page, tracker.web.phones\n"
        "import tracker.cli.serve\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] == 'textual')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == ""
