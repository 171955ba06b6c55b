"""The footer: one widget that draws the whole row of key hints itself.

Textual's Footer mounts one widget per key, and builds them all again whenever the keys
that apply change; each of them also costs a little at every paint. This footer is one
line: it reads the keys that apply from the screen (``active_bindings``) when the screen
says they changed (in the same frame as the change), lays them out (``footer_keys``:
the most needed kept whole when the row is narrow, the palette's key at the right edge)
and draws them as Textual's compact Footer does, with the same component classes and
theme variables. A key under the mouse is highlighted and has its tooltip; a click on it
presses it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.binding import ActiveBinding, Binding
from textual.color import Color
from textual.css.styles import StylesBase
from textual.events import Leave, MouseDown, MouseMove, Resize
from textual.screen import Screen
from textual.strip import Strip

from tracker.core.safe_text import visible
from tracker.ui.panes.footer_keys import Offered, Placed, lay_out
from tracker.ui.panes.kept_paint import KeptPaint
from tracker.ui.plain import plain

KEY = "footer-key--key"
DESCRIPTION = "footer-key--description"
ITEM = "key-footer--item"
HOVER = "key-footer--hover"
DISABLED = "key-footer--disabled"
PALETTE = "key-footer--palette"

EDGE_BAR = "▏"
"""The bar left of the palette's key (Textual's ``vkey`` border)."""


class KeyFooter(KeptPaint, can_focus=False):
    """The table's footer: as many whole keys as its width holds, by rank, drawn by one
    widget; the palette's key at the right edge where the stylesheet shows it."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {KEY, DESCRIPTION, ITEM, HOVER, DISABLED, PALETTE}
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeyFooter .footer-key--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeyFooter .footer-key--description {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    KeyFooter .key-footer--item { background: $footer-item-background; }
    KeyFooter .key-footer--hover {
        color: $footer-key-foreground;
        background: $block-hover-background;
    }
    KeyFooter .key-footer--disabled { text-style: dim; }
    KeyFooter .key-footer--palette { color: $foreground 20%; }
    """

    def __init__(self, rank: Iterable[str], *, id: str | None = None) -> None:  # noqa: A002
        super().__init__(id=id)
        self.rank = tuple(rank)
        """Actions from the most needed at the table to the least."""
        self._heard = 0
        self._row: tuple[Placed, ...] = ()
        self._row_for: tuple[int, int, bool] | None = None
        self._mouse_x: int | None = None
        self._hovered: Placed | None = None

    # --- what the row shows ---------------------------------------------------------

    def shown_keys(self) -> tuple[Placed, ...]:
        """The keys on the row, left to right (the palette's key last, when shown), with
        the cells each takes."""
        wanted = (self._heard, self.size.width, self._palette_shown())
        if wanted != self._row_for:
            self._row_for = wanted
            active = self.screen.active_bindings
            palette = self._palette(active) if wanted[2] else None
            self._row = lay_out(self._offered(active), palette, self.size.width, self.rank)
        return self._row

    def shown_actions(self) -> list[str]:
        """The actions of the keys on the row, left to right."""
        return [placed.action for placed in self.shown_keys()]

    def key_at(self, x: int) -> Placed | None:
        """The key on the row's cell ``x`` (None: between keys)."""
        return next((p for p in self.shown_keys() if p.start <= x < p.end), None)

    def _offered(self, active: Mapping[str, ActiveBinding]) -> list[Offered]:
        """Each shown action once (the first key bound to it), in footer order."""
        seen: dict[str, Offered] = {}
        for _node, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in seen:
                seen[binding.action] = self._offer(binding, enabled, tooltip)
        return list(seen.values())

    def _offer(self, binding: Binding, enabled: bool, tooltip: str) -> Offered:
        """``binding`` as the footer shows it: its key named as the keymap has it, its
        name and description as plain visible text."""
        shown = visible(self.app.get_key_display(binding))
        description = visible(binding.description)
        return Offered(binding.action, binding.key, shown, description, enabled, tooltip)

    def _palette(self, active: Mapping[str, ActiveBinding]) -> Offered | None:
        """The command palette's key, if the app has one."""
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if not self.app.ENABLE_COMMAND_PALETTE or palette is None:
            return None
        binding = palette.binding
        return self._offer(binding, palette.enabled, binding.tooltip or binding.description)

    def _palette_shown(self) -> bool:
        """Whether the stylesheet shows the palette's key (not below 160 columns)."""
        return self.get_component_styles(PALETTE).display != "none"

    # --- keeping up -----------------------------------------------------------------

    def on_mount(self) -> None:
        """Hear of changed keys at once, to show them in the same frame as the change."""
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed, immediate=True)

    def on_unmount(self) -> None:
        """Stop hearing of the screen's keys."""
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        """The keys that apply may have changed: draw the row again if it changed."""
        if not self.is_attached or screen is not self.screen:
            return
        before = self._row
        self._heard += 1
        if not self.size.width:  # not laid out yet: its first paint reads the keys
            return
        if self.shown_keys() != before:
            self._point_at(self._mouse_x)
            self.refresh()

    def on_resize(self, event: Resize) -> None:
        """Another width holds other keys: the one under the mouse may be another."""
        self._point_at(self._mouse_x)

    # --- the mouse ------------------------------------------------------------------

    def on_mouse_move(self, event: MouseMove) -> None:
        """Highlight the key under the mouse, and give its tooltip."""
        self._mouse_x = event.x
        self._point_at(event.x)

    def on_leave(self, event: Leave) -> None:
        """No key under the mouse any more."""
        self._mouse_x = None
        self._point_at(None)

    def on_mouse_down(self, event: MouseDown) -> None:
        """Press the key under the mouse (a disabled key rings the bell), as a Footer
        key does."""
        placed = self.key_at(event.x)
        if placed is None:
            return
        if placed.key.enabled:
            self.app.simulate_key(placed.key.key)
        else:
            self.app.bell()

    def _point_at(self, x: int | None) -> None:
        """The key at ``x`` (None: none) is the one under the mouse."""
        placed = None if x is None else self.key_at(x)
        if placed == self._hovered:
            return
        self._hovered = placed
        tip = placed.key.tooltip if placed is not None else ""
        self.tooltip = plain(tip, lines=True) if tip else None
        self.styles.pointer = "default" if placed is None else "pointer"
        self.refresh()

    # --- drawing --------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        """The row of keys (the footer is one line high)."""
        width = self.size.width
        gap = Style(bgcolor=self.background_colors[1].rich_color)
        if y:
            return Strip.blank(width, gap)
        segments: list[Segment] = []
        end = 0
        styles: dict[tuple[str, ...], Style] = {}  # each look worked out once a drawing
        for placed in self.shown_keys():
            if placed.start > end:
                segments.append(Segment(" " * (placed.start - end), gap))
            segments += self._drawn(placed, styles)
            end = placed.end
        if width > end:
            segments.append(Segment(" " * (width - end), gap))
        return Strip(segments, max(width, end))

    def _drawn(self, placed: Placed, styles: dict[tuple[str, ...], Style]) -> list[Segment]:
        """One key's segments: the palette's bar, the key's name, its description."""
        key = placed.key
        item = (ITEM, *([HOVER] if placed == self._hovered else []))
        item += () if key.enabled else (DISABLED,)
        drawn = []
        for part, text in (
            (PALETTE, EDGE_BAR if placed.edge else ""),
            (KEY, key.shown),
            (DESCRIPTION, " " + key.description if key.description else ""),
        ):
            if text:
                if (*item, part) not in styles:
                    styles[(*item, part)] = self._style(item, part)
                drawn.append(Segment(text, styles[(*item, part)]))
        return drawn

    def _style(self, item: tuple[str, ...], part: str) -> Style:
        """The style of a key's ``part`` as Textual's Footer draws it: the part's
        component styles over the key's (``item``) over this footer's; the palette's bar
        is its colour over the footer's background, on the key's background."""
        if part == PALETTE:
            base = self.background_colors[1]
            behind = self.get_component_styles(*item).background
            bar = self.get_component_styles(PALETTE).color
            return Style(color=(base + bar).rich_color, bgcolor=(base + behind).rich_color)
        layers = [self.get_component_styles(*item), self.get_component_styles(part)]
        return _layered([node.styles for node in reversed(self.ancestors_with_self)] + layers)


def _layered(layers: Sequence[StylesBase]) -> Style:
    """The Rich style of a node whose styles, from the App down, are ``layers`` (as
    Textual's ``DOMNode.rich_style`` sums its ancestors')."""
    background = Color(0, 0, 0, 0)
    color = Color(255, 255, 255, 0)
    style = Style()
    opacity = 1.0
    for styles in layers:
        opacity *= styles.opacity
        text_background = background
        if styles.has_rule("background"):
            tinted = styles.background.tint(styles.background_tint)
            text_background = background + tinted
            background += tinted.multiply_alpha(opacity)
        if styles.has_rule("color"):
            color = styles.color
        style += styles.text_style
        if styles.has_rule("auto_color") and styles.auto_color:
            color = text_background.get_contrast_text(color.a)
    return style + Style.from_color(
        (background + color).rich_color if (background.a or color.a) else None,
        background.rich_color if background.a else None,
    )
