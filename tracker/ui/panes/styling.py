"""Component styles as solid Rich styles, whatever the theme.

Themes give colours with alpha (``$foreground 60%``, ``$primary 30%``). Rich styles
have no alpha, so a component style is blended here over the widget's own background
before it is used to build lines: the same stylesheet then reads well on dark and light
themes alike.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from rich.style import Style
from textual.color import Color
from textual.widget import Widget

_CACHE: dict[tuple[int, str, bool, str], Style] = {}
_COLOURS: WeakKeyDictionary[Widget, tuple[tuple[bool, str], Color, Color]] = WeakKeyDictionary()
"""Each widget's background and text colour (with its focus and the theme they are for),
as its component styles are blended over."""


def forget_styles() -> None:
    """Drop the cached styles (after a theme change has been applied)."""
    _CACHE.clear()
    _COLOURS.clear()


def solid_style(widget: Widget, component: str) -> Style:
    """The component class's colours blended over ``widget``'s background, and its text style.

    Cached per widget, component and theme (the cache holds a few dozen entries).
    """
    key = (id(widget), component, widget.has_focus, widget.app.theme)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = _blend(widget, component)
    return found


def _colours(widget: Widget) -> tuple[Color, Color]:
    """The widget's background and text colour, worked out once for all its components
    (Textual walks every ancestor each time they are asked for)."""
    key = (widget.has_focus, widget.app.theme)
    found = _COLOURS.get(widget)
    if found is None or found[0] != key:
        _, background = widget.background_colors
        _, _, _, foreground = widget.colors
        found = _COLOURS[widget] = (key, background, foreground)
    return found[1], found[2]


def _blend(widget: Widget, component: str) -> Style:
    styles = widget.get_component_styles(component)
    background, foreground = _colours(widget)
    color = bgcolor = None
    if styles.has_rule("background"):
        background = background + styles.background
        bgcolor = background.rich_color
    if styles.has_rule("color"):
        color = (background + styles.color).rich_color
    elif bgcolor is not None:
        color = foreground.rich_color
    return Style(color=color, bgcolor=bgcolor) + styles.text_style


class SteadyColours(Widget):
    """A widget that works its own colours out once per style change (Textual's
    ``rich_style`` walks every ancestor each time it is read, and a pane reads it for
    every line it paints)."""

    _base: Style | None = None

    @property
    def base_style(self) -> Style:
        """The widget's own colours as a Rich style."""
        if self._base is None:
            self._base = self.rich_style
        return self._base

    def notify_style_update(self) -> None:
        """Styles changed (a new theme, focus): work the colours out again."""
        super().notify_style_update()
        self._base = None
