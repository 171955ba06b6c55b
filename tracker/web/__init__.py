"""The players' view as a live web page: ``tracker serve FILE``.

A layer of its own between ``export`` and ``ui`` (it may import core, rules, store and
export; ``ui`` may import it; it never imports Textual). One aiohttp process follows the
encounter file with the view's follow code (:mod:`tracker.store.follow`), renders what the
players may see (:mod:`tracker.export.player_view`, :mod:`tracker.export.player_log`) as
HTML in one place (:mod:`tracker.web.page`), and pushes the rendered fragment to every
open page as a server-sent event.

- ``page``: the HTML (escaped at one place), the theme's CSS variables.
- ``stage``: the follow loop and the fragment every page is sent.
- ``server``: the routes, the join token, the limits, one log line per bad request.
- ``join``: the token, the LAN address, the URL and its QR code.
- ``phones``: the count of connected pages, in a small file the GM's TUI reads.
- ``run``: ``tracker serve``: bind, print, serve until Ctrl+C.
"""
