"""Small widgets shared by every game screen, kept cheap to mount and draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event


class GameLog(Widget):
    """The public game log, newest at the bottom: players by name, never "you"."""

    DEFAULT_CSS = "GameLog { height: 1fr; border: round $primary-darken-2; padding: 0 1; }"

    def __init__(self, events: list[Event], **kwargs) -> None:
        super().__init__(**kwargs)
        self.border_title = "Log"
        self.events = events

    def render(self) -> Text:
        width, height = max(self.content_size.width, 10), max(self.content_size.height, 1)
        lines: list[Text] = []
        for event in reversed(self.events):
            text = Text(event.text, style="bold" if event.kind == "round_end" else "")
            wrapped = text.wrap(self.app.console, width)
            lines[:0] = list(wrapped)
            if len(lines) >= height:
                break
        return Text("\n").join(lines[-height:])


class KeyBar(Static):
    """A one-line footer of the keys that work now (cheaper than Textual's Footer)."""

    DEFAULT_CSS = "KeyBar { dock: bottom; height: 1; background: $footer-background; color: $footer-foreground; }"

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, lambda _: self.show_keys())
        self.show_keys()

    def show_keys(self) -> None:
        screen = self.app.screen
        if screen is not self.screen or not screen.is_mounted:
            # The app's bindings are those of its top screen: while another screen is
            # being shown (and is not built yet), this bar waits for its own screen.
            return
        bar = Text(no_wrap=True, overflow="ellipsis")
        seen: set[str] = set()
        for key, active in self.app.active_bindings.items():
            binding = active.binding
            if not binding.show or not binding.description or not active.enabled:
                continue
            if binding.description in seen:
                continue
            seen.add(binding.description)
            bar.append(f" {self.app.get_key_display(binding)} ", style="bold reverse")
            bar.append(f" {binding.description} ")
        self.update(bar)


class Panel(Static):
    """A bordered block of plain text (never parsed as markup)."""

    DEFAULT_CSS = "Panel { border: round $primary-darken-2; height: auto; padding: 0 1; }"

    def __init__(self, content: Text | str, title: str = "", **kwargs) -> None:
        super().__init__(content if isinstance(content, Text) else Text(content), markup=False, **kwargs)
        self.border_title = title
