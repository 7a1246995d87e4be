"""The replay viewer (`sherwood-tui replay FILE`): a save stepped through by keys.

It draws only what its `Replay` (workbench/replay.py) gives: the step and its log lines,
the public table (the game's own `table_text` when it has one), the scores and the log up
to the step; with `s`, every seat's hidden information (a designer's view), in the game's
own words when it has them (`seat_text`, `move_text`), else each field of the views. A
separate app: the game app has no key for it, so a live game never shows another seat's
secrets.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Protocol

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


STEP_BINDINGS = [  # the stepping keys of a replay; they act wherever the focus is
    Binding("left,h,p", "step(-1)", "Back", key_display="←", priority=True),
    Binding("right,l,n", "step(1)", "Next", key_display="→", priority=True),
    Binding("pageup", f"step(-{PAGE})", f"-{PAGE}", show=False, priority=True),
    Binding("pagedown", f"step({PAGE})", f"+{PAGE}", show=False, priority=True),
    Binding("home", "go(0)", "To start", key_display="Home", priority=True),
    Binding("end", "end", "To end", key_display="End", priority=True),
]


class Stepper(Protocol):
    """What a step screen steps through: a replay standing at one of its steps."""

    @property
    def steps(self) -> int: ...

    def go(self, step: int) -> object: ...

    def move(self, by: int) -> object: ...


class StepScreen(Screen[None]):
    """The frame of a replay's step: title, the step, the panels below it (`main_panels`),
    the scores and the log beside them; the stepping keys. A subclass draws (`show`)."""

    def __init__(self, replay: Stepper, game_id: str) -> None:
        super().__init__()
        self.stepper = replay
        self.screens = find(game_id).load_screens()

    def compose(self) -> ComposeResult:
        yield Static("", id="title", markup=False)
        with Horizontal(id="body"):
            with VerticalScroll(id="main"):
                yield Panel("", id="step")
                yield from self.main_panels()
            with Vertical(id="side"):
                yield Panel("", title="Scores", id="scoreboard")
                yield GameLog([], id="log")
        yield KeyBar()

    def main_panels(self) -> Iterator[Panel]:
        """The panels under the step's."""
        yield Panel("", title="Table", id="table")

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        """Draw the step the replay stands at."""
        raise NotImplementedError

    def draw_frame(self, step: int, steps: int, text: Text, feed: Any) -> None:
        """Draw the panels every replay has: the step (`text`), the public table, the
        scores and the log of `feed` (a table's public feed)."""
        panel = self.query_one("#step", Panel)
        panel.border_title = f"Step {step} / {steps}" if step else "The set-up"
        panel.update(text)
        table_text = self.screens.table_text
        self.query_one("#table", Panel).update(
            table_text(feed.table) if table_text else parts_grid(view_lines(feed.table)))
        self.query_one("#scoreboard", Panel).update(self.screens.scoreboard_text(feed))
        log = self.query_one("#log", GameLog)
        log.events = list(feed.log)
        log.refresh()

    def action_step(self, by: int) -> None:
        self.stepper.move(by)
        self.show()

    def action_go(self, step: int) -> None:
        self.stepper.go(step)
        self.show()

    def action_end(self) -> None:
        self.action_go(self.stepper.steps)


def seat_names(feed: Any, seats: Iterable[int]) -> str:
    """The seats' names, clipped, joined by "and"."""
    return " and ".join(clip(feed.name(seat), NAME_CELLS) for seat in seats)


def as_text(words: object) -> Text:
    """A game's words (`seat_text`, `move_text`) as rich Text."""
    return words if isinstance(words, Text) else Text(str(words))


def append_outcome(text: Text, feed: Any, next_seats: Iterable[int]) -> None:
    """Close a step's words: who won once the game is over, else who decides next."""
    if feed.over:
        verdict = "wins" if len(feed.winners) == 1 else "share the win"
        text.append(f"Game over: {seat_names(feed, feed.winners)} {verdict}.", style="bold")
    elif next_seats:
        text.append("Next: ", style="bold")
        text.append(seat_names(feed, next_seats))
    text.rstrip()


class ReplayScreen(StepScreen):
    """One step of a replay; the stepping keys act wherever the focus is."""

    BINDINGS = [
        *STEP_BINDINGS,
        Binding("s", "secrets", "Secrets"),
        Binding("q,escape", "app.quit", "Quit"),
    ]

    def __init__(self, replay: Replay) -> None:
        super().__init__(replay, replay.game.id)
        self.replay = replay
        self.secrets = False  # every seat's hidden information shown (off until `s`)

    def main_panels(self) -> Iterator[Panel]:
        yield from super().main_panels()
        yield Panel("", title="Hidden information · designer's view", id="hidden")

    def show(self) -> None:
        """Draw the step the replay stands at."""
        at = self.replay.position
        self.query_one("#title", Static).update(self.title_text(at))
        self.draw_frame(at.step, at.steps, self.step_text(at), at.table)
        hidden = self.query_one("#hidden", Panel)
        hidden.display = self.secrets
        hidden.update(self.hidden_text(at) if self.secrets else "")  # hidden: not even held

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
        text = Text()
        for event in at.events:
            text.append(f"{event.text}\n")
        if not at.events and at.action is not None:
            text.append(f"Nothing public: {seat_names(at.table, [at.action.seat])} decided in secret.\n",
                        style="italic")
        move = self.move_words(at) if self.secrets and at.action is not None else None
        if move:
            text.append("Move: ", style="bold")
            text.append_text(as_text(move))
            text.append("\n")
        append_outcome(text, at.table, at.to_act)
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
            parts.append(Padding(as_text(words), (0, 0, 0, 2)))
        return Group(*parts)

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
