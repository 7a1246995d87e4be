"""Small widgets shared by every game screen."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog, Static

from sherwood_tui.core.contract import Event


class GameLog(RichLog):
    """The public game log: players by name, never "you"."""

    DEFAULT_CSS = "GameLog { height: 1fr; border: round $primary-darken-2; }"

    def __init__(self, events: list[Event], **kwargs) -> None:
        super().__init__(wrap=True, markup=False, min_width=20, **kwargs)
        self.border_title = "Log"
        self._events = events

    def on_mount(self) -> None:
        for event in self._events[-200:]:
            self.write(Text(event.text, style="bold" if event.kind == "round_end" else ""))


class Panel(Static):
    """A bordered block of plain text (never parsed as markup)."""

    DEFAULT_CSS = "Panel { border: round $primary-darken-2; height: auto; padding: 0 1; }"

    def __init__(self, content: Text | str, title: str = "", **kwargs) -> None:
        super().__init__(content if isinstance(content, Text) else Text(content), markup=False, **kwargs)
        self.border_title = title
