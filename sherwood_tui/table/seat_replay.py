"""A finished game of a server replayed for one player: only what their seat saw.

The lobby of `sherwood-tui serve` opens it (`r` on a finished game): the server names the
table's save and the seat of the player's key (None: a spectator). `SeatReplay` steps
through the save as the hot-seat `replay` viewer does (workbench/replay.py), but gives each
step as that seat's feed (`feed_of`): the seat's own view as the rules make it
(`Game.view`), the public table, the public log up to the step, the scores. It gives no
other seat's view, and a move only when it was the seat's own (another's may hold a
secret: a bag loaded). A spectator's feed has no own view at all.

`SeatReplayScreen` only draws that feed; unlike the designer's viewer it has no key that
shows every seat (no `s`). Escape goes back to the lobby.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from sherwood_tui.core.contract import Event
from sherwood_tui.core.plugin import find
from sherwood_tui.core.seat import AnyFeed, feed_of
from sherwood_tui.ui.replay import PAGE, parts_grid
from sherwood_tui.ui.screens import NAME_CELLS, HelpScreen
from sherwood_tui.ui.widgets import GameLog, KeyBar, Panel, clip
from sherwood_tui.workbench.replay import Replay, view_lines

HELP = [  # every key of the seat's replay, for help (F1)
    ("Right, l, n", "next step"),
    ("Left, h, p", "previous step"),
    ("PgDn / PgUp", f"{PAGE} steps forwards / back"),
    ("End / Home", "the end / the start"),
    ("Up / Down", "scroll the table"),
    ("F1, ?", "this help"),
    ("q, Esc", "back to the lobby"),
]


@dataclass(frozen=True, slots=True)
class SeatStep:
    """One step of a replay as one seat saw it."""

    step: int  # actions applied (0: the set-up)
    steps: int
    feed: AnyFeed  # the seat's feed: its own view (none for a spectator), the public table, log, scores
    events: tuple[Event, ...]  # the log lines of this step (public)
    own_move: Any  # this step's move if it was the seat's own, else None
    next_seats: tuple[int, ...]  # who decides next (public; none once over)


class SeatReplay:
    """A save's game step by step as seat `seat` saw it (None: as a spectator)."""

    def __init__(self, replay: Replay, seat: int | None) -> None:
        if seat is not None and not 0 <= seat < len(replay.players):
            raise ValueError(f"seat {seat} is not a seat of this game")
        self._replay = replay
        self.seat = seat

    @property
    def title(self) -> str:
        return self._replay.title

    @property
    def game_id(self) -> str:
        return self._replay.game.id

    @property
    def steps(self) -> int:
        return self._replay.steps

    @property
    def step(self) -> int:
        return self._replay.step

    @property
    def viewer(self) -> str:
        """Whose replay it is: the seat's name, or "a spectator"."""
        return "a spectator" if self.seat is None else self._replay.players[self.seat].name

    def at(self, step: int) -> SeatStep:
        """The game at `step` as the seat saw it (IndexError outside 0 to `steps`)."""
        replay = self._replay
        position = replay.at(step)
        action = position.action
        own = action if action is not None and self.seat is not None and action.seat == self.seat else None
        ends = replay.ends
        feed = feed_of(replay.game, position.state, replay.players, list(replay.log[: ends[step]]), self.seat,
                       private=self.seat is not None, last_action=own)
        return SeatStep(step, self.steps, feed, position.events, own, position.to_act)

    @property
    def position(self) -> SeatStep:
        return self.at(self.step)

    def go(self, step: int) -> SeatStep:
        """Stand at `step`, kept within 0 to `steps`."""
        self._replay.go(step)
        return self.position

    def move(self, by: int) -> SeatStep:
        """Step `by` forwards (backwards if negative), stopping at either end."""
        return self.go(self.step + by)


class SeatReplayScreen(Screen[None]):
    """One step of a seat's replay; the stepping keys act wherever the focus is."""

    BINDINGS = [
        Binding("left,h,p", "step(-1)", "Back", key_display="←", priority=True),
        Binding("right,l,n", "step(1)", "Next", key_display="→", priority=True),
        Binding("pageup", f"step(-{PAGE})", f"-{PAGE}", show=False, priority=True),
        Binding("pagedown", f"step({PAGE})", f"+{PAGE}", show=False, priority=True),
        Binding("home", "go(0)", "To start", key_display="Home", priority=True),
        Binding("end", "end", "To end", key_display="End", priority=True),
        Binding("f1,question_mark", "help", "Help"),
        Binding("q,escape", "leave", "Lobby"),
    ]
    DEFAULT_CSS = """
    SeatReplayScreen #title { height: 1; background: #002d84; color: $text; padding: 0 1; text-style: bold; }
    SeatReplayScreen #body { height: 1fr; }
    SeatReplayScreen #main { width: 1fr; scrollbar-size-vertical: 1; }
    SeatReplayScreen #side { width: 32; }
    SeatReplayScreen #scoreboard { height: auto; max-height: 9; }
    """

    def __init__(self, replay: SeatReplay) -> None:
        super().__init__()
        self.replay = replay
        self.screens = find(replay.game_id).load_screens()

    def compose(self) -> ComposeResult:
        yield Static("", id="title", markup=False)
        with Horizontal(id="body"):
            with VerticalScroll(id="main"):
                yield Panel("", id="step")
                yield Panel("", title="Your secrets", id="own")
                yield Panel("", title="Table", id="table")
            with Vertical(id="side"):
                yield Panel("", title="Scores", id="scoreboard")
                yield GameLog([], id="log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        """Draw the step the replay stands at: the seat's feed, nothing else."""
        at = self.replay.position
        feed = at.feed
        title = Text(no_wrap=True, overflow="ellipsis")
        title.append(f"Replay as {clip(self.replay.viewer, NAME_CELLS)} · step {at.step} / {at.steps} · "
                     f"{self.replay.title} · {feed.round_label}")  # whose first: it is never cut off
        self.query_one("#title", Static).update(title)
        step = self.query_one("#step", Panel)
        step.border_title = f"Step {at.step} / {at.steps}" if at.step else "The set-up"
        step.update(self.step_text(at))
        own = self.query_one("#own", Panel)
        own.display = feed.view is not None
        own.border_title = f"{clip(feed.actor_name, NAME_CELLS)}'s secrets" if feed.view is not None else ""
        own.update(self.own_text(feed.view) if feed.view is not None else "")
        table_text = self.screens.table_text
        self.query_one("#table", Panel).update(
            table_text(feed.table) if table_text else parts_grid(view_lines(feed.table)))
        self.query_one("#scoreboard", Panel).update(self.screens.scoreboard_text(feed))
        log = self.query_one("#log", GameLog)
        log.events = list(feed.log)
        log.refresh()

    def own_text(self, view: Any) -> Any:
        """The seat's own view in its game's words (`seat_text`), else field by field."""
        seat_text = self.screens.seat_text
        if seat_text is None:
            return parts_grid(view_lines(view))
        words = seat_text(view)
        return words if isinstance(words, Text) else Text(str(words))

    def step_text(self, at: SeatStep) -> Text:
        """The step's log lines, the seat's own move, who decides next (or who won)."""
        feed = at.feed

        def names(seats: Iterable[int]) -> str:
            return " and ".join(clip(feed.name(seat), NAME_CELLS) for seat in seats)

        text = Text()
        for event in at.events:
            text.append(f"{event.text}\n")
        if at.own_move is not None:
            move_text = self.screens.move_text
            move = move_text(at.own_move, feed.table) if move_text is not None else None
            if move:
                text.append("Your move: ", style="bold")
                text.append_text(move if isinstance(move, Text) else Text(str(move)))
                text.append("\n")
        elif not at.events and at.step:
            text.append("Nothing public happened: a choice made in secret.\n", style="italic")
        if feed.over:
            verdict = "wins" if len(feed.winners) == 1 else "share the win"
            text.append(f"Game over: {names(feed.winners)} {verdict}.", style="bold")
        elif at.next_seats:
            text.append("Next: ", style="bold")
            text.append(names(at.next_seats))
        text.rstrip()
        return text

    def action_step(self, by: int) -> None:
        self.replay.move(by)
        self.show()

    def action_go(self, step: int) -> None:
        self.replay.go(step)
        self.show()

    def action_end(self) -> None:
        self.action_go(self.replay.steps)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP))

    def action_leave(self) -> None:
        self.dismiss(None)
