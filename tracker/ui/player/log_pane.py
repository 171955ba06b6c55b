"""The players' log: the public sentences of the fight, under their round and turn."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.theme import Theme

from tracker.export.player_log import PlayerLine
from tracker.ui.panes.lines_view import LinesView


class PlayerLogPane(LinesView, can_focus=False):
    """The log as players may read it, newest at the bottom (it follows the end)."""

    COMPONENT_CLASSES = {"player-log--round", "player-log--turn", "player-log--line"}

    lines_shown: reactive[tuple[PlayerLine, ...]] = reactive(())
    """The players' log lines."""

    def on_mount(self) -> None:
        """Render again when the theme changes."""
        self.border_title = "Log"
        self.app.theme_changed_signal.subscribe(self, self._new_theme)

    def _new_theme(self, theme: Theme) -> None:
        self.call_after_refresh(self.watch_lines_shown, self.lines_shown)

    def watch_lines_shown(self, lines: tuple[PlayerLine, ...]) -> None:
        """Show the lines, each round under its heading, and follow the newest."""
        styles = {kind: self.style_of(f"player-log--{kind}") for kind in ("round", "turn", "line")}
        texts: list[Text] = []
        current: int | None = None
        for line in lines:
            if line.round != current and line.kind != "round":
                texts.append(
                    Text(
                        "Before the fight" if line.round == 0 else f"Round {line.round}",
                        styles["round"],
                        end="",
                    )
                )
            current = line.round
            indent = {"round": "", "turn": "  ▸ "}.get(line.kind, "    ")
            texts.append(Text(f"{indent}{line.text}", styles[line.kind], end=""))
        self.set_lines(texts)
        self.scroll_end(animate=False, immediate=False, x_axis=False)
