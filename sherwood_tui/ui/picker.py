"""The first screen, the game picker, and the size message: all the app draws before a
game is chosen, so they load without the other screens (`screens.py`), which load when
first shown."""

from __future__ import annotations

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from sherwood_tui import catalog
from sherwood_tui.ui.widgets import KeyBar, StopList, data_note, plain


class PickerScreen(Screen[None]):
    """The first screen: choose a game, continue a save, or quit. The list stops at its
    ends (Up on the first game stays there): Quit, last, is only reached on purpose."""

    BINDINGS = [Binding("c", "continue", "Continue"), Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield plain("sherwood-tui · three Robin Hood games for one terminal", "bold")
        options = []
        for info in catalog.GAMES:
            state = "" if info.ready else "  (coming)"
            title = Text(f"{info.title}{state}", style="bold" if info.ready else "dim")
            title.append(data_note(info.id), style="")
            about = Text(f"{info.min_players}-{info.max_players} players · {info.blurb}", style="dim")
            # (the second line wraps under itself, indented, on a narrow terminal)
            options.append(Option(Group(title, Padding(about, (0, 0, 0, 2))), id=info.id, disabled=not info.ready))
        options.append(Option(Text("Continue a saved game", style="bold"), id="continue"))
        options.append(Option(Text("Quit", style="bold"), id="quit"))
        yield StopList(*options, id="games")
        yield plain("Arrows choose, Enter opens. F1 help at any time.", "dim")
        yield KeyBar()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "quit":
            self.app.exit()
        elif choice == "continue":
            self.action_continue()
        else:
            from sherwood_tui.ui.screens import SetupScreen

            self.app.push_screen(SetupScreen(catalog.get(str(choice))))

    def action_continue(self) -> None:
        from sherwood_tui.ui.screens import ContinueScreen

        self.app.push_screen(ContinueScreen())




class TooSmallScreen(Screen[None]):
    """Shown instead of a broken layout while the terminal is below the minimum size."""

    def __init__(self, size: tuple[int, int], minimum: tuple[int, int]) -> None:
        super().__init__()
        self.size_now, self.minimum = size, minimum

    def compose(self) -> ComposeResult:
        yield Static(self.message(), id="too-small", markup=False)

    def message(self) -> Text:
        (w, h), (mw, mh) = self.size_now, self.minimum
        return Text(
            f"The terminal is {w}x{h}. sherwood-tui needs at least {mw}x{mh}: "
            "please make the window larger. The game waits (Ctrl+Q quits).",
            style="bold",
        )

    def show_size(self, size: tuple[int, int]) -> None:
        self.size_now = size
        self.query_one("#too-small", Static).update(self.message())
