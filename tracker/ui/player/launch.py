"""``tracker view FILE`` and ``tracker serve FILE``: the player view in a terminal or a browser.

``serve`` runs textual-serve's ``Server``, which starts one ``tracker view`` process per
browser connection. textual-serve has no authentication: it binds to loopback unless
told otherwise.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from pathlib import Path

from tracker.core.safe_text import visible
from tracker.store.follow import first_look
from tracker.store.journal_repair import tail_note

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def run_view(path: Path, large: bool = False, ready: Callable[[], object] | None = None) -> int:
    """Run the read-only player view on ``path`` in this terminal; the exit status.
    ``ready`` is called once the file reads, before the screen starts (the command line
    checks there that it has a terminal: the file's own problem is said first)."""
    follower = first_look(path)
    if isinstance(follower, str):
        print(f"tracker: {visible(follower)}", file=sys.stderr)
        return 1
    if ready is not None:
        ready()
    torn = follower.loaded.torn if follower.loaded is not None else None
    if torn is not None and torn.damage:  # not a torn tail: it may be a write under way
        print(f"tracker: {visible(tail_note(path, torn))}", file=sys.stderr)
    from tracker.ui.player.app import PlayerApp

    PlayerApp(follower, large=large).run()
    return 0


def view_argv(path: Path, large: bool = False) -> list[str]:
    """The command textual-serve runs for each browser: ``python -m tracker.cli view``."""
    words = [sys.executable, "-m", "tracker.cli", "view", str(path.resolve())]
    return words + (["--large"] if large else [])


def view_command(path: Path, large: bool = False) -> str:
    """``view_argv`` as one shell line (for showing, never run through a shell)."""
    return shlex.join(view_argv(path, large))


def serve(
    path: Path,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    large: bool = False,
    public_url: str | None = None,
) -> int:
    """Serve the player view of ``path`` over HTTP until Ctrl+C; the exit status."""
    follower = first_look(path)
    if isinstance(follower, str):
        print(f"tracker: {visible(follower)}", file=sys.stderr)
        return 1
    from tracker.ui.player.serving import PlayerServer
    from tracker.web.join import bind

    loaded = follower.loaded
    title = loaded.encounter.state.title if loaded is not None else path.stem
    server = PlayerServer(
        view_argv(path, large),
        host=host,
        port=port,
        title=f"tracker view · {visible(title)}",
        public_url=public_url,
    )
    sock = bind(host, port)  # a port in use is said before any address is printed
    url = visible(server.public_url)

    def ready() -> None:
        print(
            f"tracker: the player view of {visible(path.name)} is at {url} (Ctrl+C stops it)",
            flush=True,
        )
        print(
            f"tracker: on a TV, bigger letters: {url}/?fontsize=28 (and press l for large type)",
            flush=True,
        )

    server.serve_on(sock, ready)
    return 0
