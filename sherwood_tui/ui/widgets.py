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
        own: list[tuple[str, str]] = []  # the screen's keys, then the app-wide ones
        app_wide: list[tuple[str, str]] = []
        seen: set[str] = set()
        for active in self.app.active_bindings.values():
            binding = active.binding
            if not binding.show or not binding.description or not active.enabled:
                continue
            if binding.description in seen:
                continue
            seen.add(binding.description)
            entry = (self.app.get_key_display(binding), binding.description)
            (app_wide if active.node is self.app else own).append(entry)
        # A focused list may own a key that the screen describes (Enter in the hand picks
        # the card that the screen's "Bid card" names): show the screen's words first.
        shadowed = [
            (self.app.get_key_display(binding), binding.description)
            for key, bindings in screen._bindings.key_to_bindings.items()
            for binding in bindings
            if binding.show and binding.description and binding.description not in seen
            and key in self.app.active_bindings
        ]
        own[:0] = shadowed
        self.update(key_bar(own, app_wide, self.app.size.width))


def key_bar(own: list[tuple[str, str]], app_wide: list[tuple[str, str]], width: int) -> Text:
    """The screen's keys on the left and the app-wide keys on the right. When they do not
    fit, the app-wide keys shrink to Help alone (Help lists every key), then the screen's
    keys are cut with an ellipsis: Help always stays in sight."""

    def keys(entries: list[tuple[str, str]]) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        for key, description in entries:
            text.append(f" {key} ", style="bold reverse")
            text.append(f" {description} ")
        return text

    left, right = keys(own), keys(app_wide)
    if left.cell_len + right.cell_len > width:
        right = keys([e for e in app_wide if e[1] == "Help"] or app_wide[-1:])
    room = max(0, width - right.cell_len)
    if left.cell_len > room:
        left.truncate(room, overflow="ellipsis")
    left.append(" " * (room - left.cell_len))
    return left + right


class Panel(Static):
    """A bordered block of plain text (never parsed as markup)."""

    DEFAULT_CSS = "Panel { border: round $primary-darken-2; height: auto; padding: 0 1; }"

    def __init__(self, content: Text | str, title: str = "", **kwargs) -> None:
        super().__init__(content if isinstance(content, Text) else Text(content), markup=False, **kwargs)
        self.border_title = title
