"""Nothing GM-only is on the wire of ``tracker serve``, for every sample encounter: no
hidden name, GM note, enemy number or undone line in any byte the server sends (the page,
its files, the event stream, the refusals), before and after the GM plays on — and with
``reveal = true`` the numbers are sent, so the check can fail."""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient

from tests.player_helpers import async_test, compact, copy_sample, play
from tests.secrets_helpers import SAMPLES, SECRET_NOTE, allies_summaries, secrets_played
from tests.web_helpers import board_where, next_event, served, with_token
from tracker.export.player_view import player_board
from tracker.store.encounter_file import load
from tracker.web.page import text

UNDONE = "Ambush from the ridge that never happened"
ROUTES = ["/", "/?large", "/page.css", "/theme.css", "/live.js", "/nope"]


async def every_byte(client: TestClient, path: Path) -> str:
    """Everything the server sends a page (and a stranger), then again after the GM plays."""
    sent: list[bytes] = []
    for route in ROUTES:
        sent.append(await (await client.get(with_token(route))).read())
    for stranger in ("/", "/events", "/?t=wrong"):
        sent.append(await (await client.get(stranger)).read())
    sent.append(await (await client.post(with_token("/"))).read())
    stream = await client.get(with_token("/events"))
    sent.append((await next_event(stream)).encode())
    await asyncio.to_thread(play, path, "next")
    after = load(path).encounter.state
    turn = " · ".join(player_board(after, load(path).rules).where)
    sent.append((await board_where(stream, f'<p class="turn">{text(turn)}</p>')).encode())
    sent.append(await (await client.get(with_token("/"))).read())
    stream.close()
    raw = b"\n".join(sent).decode("utf-8")
    return raw + "\n" + html.unescape(raw)


@pytest.mark.parametrize("sample", SAMPLES)
@async_test
async def test_nothing_gm_only_is_sent(tmp_path: Path, sample: str) -> None:
    path = copy_sample(sample, tmp_path)
    rules, enemy, hidden, numbers, was = secrets_played(path)
    play(path, f"note {UNDONE}", "undo")
    secret = rules.summary(enemy)
    assert secret != was and secret not in allies_summaries(path, rules)
    assert numbers, "the GM's log must have numbers about the wound for this check to mean much"
    async with served(path) as client:
        sent = await every_byte(client, path)
    assert enemy.name in sent and rules.player_summary(enemy) in sent
    assert secret not in sent
    assert not [t for t in numbers if t in sent]
    assert re.search(rf"(?<!\w){re.escape(hidden)}(?!\w)", sent) is None
    assert SECRET_NOTE not in sent and UNDONE not in sent


@pytest.mark.parametrize("sample", SAMPLES[:2])
@async_test
async def test_reveal_true_sends_the_numbers(tmp_path: Path, sample: str) -> None:
    path = copy_sample(sample, tmp_path)
    rules, enemy, hidden, numbers, _ = secrets_played(path)
    play(path, f"note {UNDONE}", "undo")
    compact(path, reveal=True)
    async with served(path) as client:
        sent = await every_byte(client, path)
    assert rules.summary(enemy) in sent and [t for t in numbers if t in sent]
    assert hidden not in sent and SECRET_NOTE not in sent and UNDONE not in sent
