"""The replay viewer (`sherwood-tui replay FILE`): a save stepped through by keys.

It draws only what its `Replay` (workbench/replay.py) gives: the step and its log lines,
the public table (the game's own `table_text` when it has one), the scores and the log up
to the step; with `s`, every seat's hidden information (a designer's view), in the game's
own words when it has them (`seat_text`, `move_text`), else each field of the views. A
separate app: the game app has no key for it, so a live game never shows another seat's
secrets.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from sherwood_tui.core.plugin import find
from sherwood_tui.ui.lifecycle import EXIT_CRASH, SafeTerminalMixin, say, write_crash_report
from sherwood_tui.ui.notices import SeverityInWords
from sherwood_tui.ui.screens import NAME_CELLS, HelpScreen
from sherwood_tui.ui.widgets import GameLog, KeyBar, Panel, clip, data_note
from sherwood_tui.workbench.replay import Position, Replay, view_lines

PAGE = 10  # steps of PageUp / PageDown
DESIGNER_NOTE = "Designer's view: every seat's hidden information (s hides it)."
HELP = [  # every key of the viewer, for help (F1)
    ("Right, l, n", "next step"),
    ("Left, h, p", "previous step"),
    ("PgDn / PgUp", f"{PAGE} steps forwards / back"),
    ("End / Home", "the end / the start"),
    ("Up / Down", "scroll the table"),
    ("s", "every seat's secrets: show / hide (a designer's view)"),
    ("F1, ?", "this help"),
    ("q, Esc", "quit"),
]


class ReplayScreen(Screen[None]):
    """One step of a replay; the stepping keys act wherever the focus is."""

    BINDINGS = [
        Binding("left,h,p", "step(-1)", "Back", key_display="←", priority=True),
        Binding("right,l,n", "step(1)", "Next", key_display="→", priority=True),
        Binding("pageup", f"step(-{PAGE})", f"-{PAGE}", show=False, priority=True),
        Binding("pagedown", f"step({PAGE})", f"+{PAGE}", show=False, priority=True),
        Binding("home", "go(0)", "To start", key_display="Home", priority=True),
        Binding("end", "end", "To end", key_display="End", priority=True),
        Binding("s", "secrets", "Secrets"),
        Binding("q,escape", "app.quit", "Quit"),
    ]

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay
        self.secrets = False  # every seat's hidden information shown (off until `s`)
        self.screens = find(replay.game.id).load_screens()

    def compose(self) -> ComposeResult:
        yield Static("", id="title", markup=False)
        with Horizontal(id="body"):
            with VerticalScroll(id="main"):
                yield Panel("", id="step")
                yield Panel("", title="Table", id="table")
                yield Panel("", title="Hidden information · designer's view", id="hidden")
            with Vertical(id="side"):
                yield Panel("", title="Scores", id="scoreboard")
                yield GameLog([], id="log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        """Draw the step the replay stands at."""
        at = self.replay.position
        self.query_one("#title", Static).update(self.title_text(at))
        step = self.query_one("#step", Panel)
        step.border_title = f"Step {at.step} / {at.steps}" if at.step else "The set-up"
        step.update(self.step_text(at))
        table = self.screens.table_text
        self.query_one("#table", Panel).update(table(at.table.table) if table else parts_grid(view_lines(at.table.table)))
        hidden = self.query_one("#hidden", Panel)
        hidden.display = self.secrets
        hidden.update(self.hidden_text(at) if self.secrets else "")  # hidden: not even held
        self.query_one("#scoreboard", Panel).update(self.screens.scoreboard_text(at.table))
        log = self.query_one("#log", GameLog)
        log.events = list(at.table.log)
        log.refresh()

    def title_text(self, at: Position) -> Text:
        title = Text(no_wrap=True, overflow="ellipsis")  # cut to the terminal's width
        if self.secrets:  # first: it must never be cut off
            title.append("designer's view: secrets shown", style="reverse")
            title.append(" · ")
        title.append(f"Replay · step {at.step} / {at.steps} · {self.replay.title} · {at.table.round_label}")
        title.append(data_note(self.replay.game.id))  # a player's own game data, if it was
        return title

    def step_text(self, at: Position) -> Text:
        """The log lines of the step, who decides next (or who won), and with `s` the move."""
        feed = at.table

        def names(seats: Iterable[int]) -> str:
            return " and ".join(clip(feed.name(seat), NAME_CELLS) for seat in seats)

        text = Text()
        for event in at.events:
            text.append(f"{event.text}\n")
        if not at.events and at.action is not None:
            text.append(f"Nothing public: {names([at.action.seat])} decided in secret.\n", style="italic")
        move = self.move_words(at) if self.secrets and at.action is not None else None
        if move:
            text.append("Move: ", style="bold")
            text.append_text(move if isinstance(move, Text) else Text(str(move)))
            text.append("\n")
        if feed.over:
            verdict = "wins" if len(feed.winners) == 1 else "share the win"
            text.append(f"Game over: {names(feed.winners)} {verdict}.", style="bold")
        elif at.to_act:
            text.append("Next: ", style="bold")
            text.append(names(at.to_act))
        text.rstrip()
        return text

    def move_words(self, at: Position) -> Text | str | None:
        """The move of the step as the game words what its log lines do not say (None:
        they say it all); the move's fields for a game without `move_text`."""
        move_text = self.screens.move_text
        if move_text is None:
            return at.move_line()
        text: Text | str | None = move_text(at.action, at.table.table)
        return text

    def hidden_text(self, at: Position) -> Group:
        """Every seat's own view, labelled by its name: in the game's words (its
        `seat_text`), else each part on its own row, the part's name in a column (a long
        list wraps under itself)."""
        parts: list[RenderableType] = [Text(DESIGNER_NOTE, style="italic")]
        seat_text = self.screens.seat_text
        if seat_text is None:
            for name, lines in at.hidden_lines():
                parts.append(Text(f"{clip(name, NAME_CELLS)}'s secrets", style="bold underline"))
                parts.append(parts_grid(lines, indent="  "))
            return Group(*parts)
        for seat, view in enumerate(at.seat_views()):
            parts.append(Text(f"{clip(at.table.name(seat), NAME_CELLS)}'s secrets", style="bold underline"))
            words = seat_text(view)
            parts.append(Padding(words if isinstance(words, Text) else Text(str(words)), (0, 0, 0, 2)))
        return Group(*parts)

    def action_step(self, by: int) -> None:
        self.replay.move(by)
        self.show()

    def action_go(self, step: int) -> None:
        self.replay.go(step)
        self.show()

    def action_end(self) -> None:
        self.action_go(self.replay.steps)

    def action_secrets(self) -> None:
        self.secrets = not self.secrets
        self.show()


def parts_grid(lines: list[tuple[str, str]], indent: str = "") -> Table:
    """(part, words) rows: the part's name in a column, its words wrapping beside it."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for label, text in lines:
        grid.add_row(Text(f"{indent}{label}:"), Text(text))
    return grid


class ReplayApp(SafeTerminalMixin, SeverityInWords, App[None]):
    """The viewer alone: one screen, help, quit. It never writes the save. The last
    screen (which may hold every seat's secrets) is cleared when it ends."""

    CSS_PATH = Path(__file__).parent / "app.tcss"  # the game screens' frame and dialogs
    CSS = "#main { scrollbar-size-vertical: 1; }"
    TITLE = "sherwood-tui replay"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
    ]

    def __init__(self, replay: Replay) -> None:
        super().__init__()
        self.replay = replay

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.replay))

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(HELP))


def run_replay(replay: Replay) -> int:
    """Run the viewer; its exit status (an unexpected error: one line, status 1)."""
    try:
        app = ReplayApp(replay)
        app.run()
    except Exception as error:
        say(write_crash_report(error))
        return EXIT_CRASH
    return app.return_code or 0
