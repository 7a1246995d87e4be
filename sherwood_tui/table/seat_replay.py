"""A finished game of a server replayed for one player: only what their seat saw.

The lobby of `sherwood-tui serve` opens it (`r` on a finished game): the server names the
table's save and the seat of the player's key (None: a spectator). `SeatReplay` steps
through the save as the hot-seat `replay` viewer does (workbench/replay.py), but gives each
step as that seat's feed (`feed_of`): the seat's own view as the rules make it
(`Game.view`), the public table, the public log up to the step, the scores. It gives no
other seat's view, and a move only when it was the seat's own (another's may hold a
secret: a bag loaded). A spectator's feed has no own view at all.

The server keeps the save and makes each step (`SeatReplay`, `step_to_json`); the lobby
holds only the step it shows (`RemoteSeatReplay`): it asks for the next as the player
steps, so the player's process never holds the others' secrets of the save.

`SeatReplayScreen` only draws that feed; unlike the designer's viewer it has no key that
shows every seat (no `s`). Escape goes back to the lobby.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from sherwood_tui.core.contract import AnyGame, Event
from sherwood_tui.core.seat import AnyFeed, feed_of
from sherwood_tui.table.wire import events_from_json, events_to_json, feed_from_json, feed_to_json
from sherwood_tui.ui.replay import PAGE, STEP_BINDINGS, Stepper, StepScreen, append_outcome, as_text, parts_grid
from sherwood_tui.ui.screens import NAME_CELLS, HelpScreen
from sherwood_tui.ui.widgets import Panel, clip
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


def step_to_json(at: SeatStep) -> dict[str, Any]:
    """One step as JSON-ready data, for the lobby (its own move travels in its feed)."""
    return {"step": at.step, "steps": at.steps, "feed": feed_to_json(at.feed), "events": events_to_json(at.events),
            "next": list(at.next_seats)}


def step_from_json(game: AnyGame, data: dict[str, Any]) -> SeatStep:
    """The step `step_to_json` wrote, for `game` (ValueError, KeyError or pydantic's
    ValidationError if it is not one)."""
    feed = feed_from_json(game, data["feed"])
    return SeatStep(int(data["step"]), int(data["steps"]), feed, tuple(events_from_json(data["events"])),
                    feed.last_action, tuple(int(seat) for seat in data["next"]))


class SeatSteps(Stepper, Protocol):
    """What the replay's screen draws from: a replay as one seat saw it, at one step."""

    @property
    def title(self) -> str: ...
    @property
    def game_id(self) -> str: ...
    @property
    def viewer(self) -> str: ...
    @property
    def position(self) -> SeatStep: ...


class RemoteSeatReplay:
    """A replay whose steps the server makes (`SeatReplay` there): it holds the step shown
    and asks (`ask(step)`) for the one the player steps to, one question at a time (a
    held key asks for the step it has reached once the last answer came); `arrived`
    shows an answer."""

    def __init__(self, title: str, viewer: str, first: SeatStep, ask: Callable[[int], None], *,
                 seat: int | None) -> None:
        self.title, self.viewer, self.position, self.ask, self.seat = title, viewer, first, ask, seat
        self.wanted = first.step  # the step the player stepped to (shown once it comes)
        self.asked: int | None = None  # the step asked for and not answered yet

    @property
    def game_id(self) -> str:
        return self.position.feed.game.id

    @property
    def steps(self) -> int:
        return self.position.steps

    @property
    def step(self) -> int:
        return self.wanted

    def go(self, step: int) -> SeatStep:
        """Ask for `step`, kept within 0 to `steps`; the step shown stays until it comes."""
        self.wanted = max(0, min(step, self.steps))
        if self.asked is None and self.wanted != self.position.step:
            self.asked = self.wanted
            self.ask(self.wanted)
        return self.position

    def move(self, by: int) -> SeatStep:
        return self.go(self.wanted + by)

    def arrived(self, at: SeatStep) -> None:
        """An answer: shown, and the step the player has reached since asked for."""
        self.position, self.asked = at, None
        self.go(self.wanted)

    def refused(self) -> None:
        """The server said no (too many steps at once): the next key asks again."""
        self.asked = None
        self.wanted = self.position.step


class SeatReplayScreen(StepScreen):
    """One step of a seat's replay; the stepping keys act wherever the focus is."""

    BINDINGS = [
        *STEP_BINDINGS,
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

    def __init__(self, replay: SeatSteps) -> None:
        super().__init__(replay, replay.game_id)
        self.replay = replay

    def main_panels(self) -> Iterator[Panel]:
        yield Panel("", title="Your secrets", id="own")
        yield from super().main_panels()

    def show(self) -> None:
        """Draw the step the replay stands at: the seat's feed, nothing else."""
        at = self.replay.position
        feed = at.feed
        title = Text(no_wrap=True, overflow="ellipsis")
        title.append(f"Replay as {clip(self.replay.viewer, NAME_CELLS)} · step {at.step} / {at.steps} · "
                     f"{self.replay.title} · {feed.round_label}")  # whose first: it is never cut off
        self.query_one("#title", Static).update(title)
        self.draw_frame(at.step, at.steps, self.step_text(at), feed)
        own = self.query_one("#own", Panel)
        own.display = feed.view is not None
        own.border_title = f"{clip(feed.actor_name, NAME_CELLS)}'s secrets" if feed.view is not None else ""
        own.update(self.own_text(feed.view) if feed.view is not None else "")

    def own_text(self, view: Any) -> Any:
        """The seat's own view in its game's words (`seat_text`), else field by field."""
        seat_text = self.screens.seat_text
        if seat_text is None:
            return parts_grid(view_lines(view))
        return as_text(seat_text(view))

    def step_text(self, at: SeatStep) -> Text:
        """The step's log lines, the seat's own move, who decides next (or who won)."""
        feed = at.feed
        text = Text()
        for event in at.events:
            text.append(f"{event.text}\n")
        if at.own_move is not None:
            move_text = self.screens.move_text
            move = move_text(at.own_move, feed.table) if move_text is not None else None
            if move:
                text.append("Your move: ", style="bold")
                text.append_text(as_text(move))
                text.append("\n")
        elif not at.events and at.step:
            text.append("Nothing public happened: a choice made in secret.\n", style="italic")
        append_outcome(text, feed, at.next_seats)
        return text

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP))

    def action_leave(self) -> None:
        self.dismiss(None)
