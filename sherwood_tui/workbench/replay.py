"""A replay: any save stepped through forwards and backwards (`sherwood-tui replay FILE`).

UI-free. The save is read as `resume` reads it (`load_session`: a bad file is one line,
SaveError), then replayed from its seed and actions. Step k is the game after its first
k actions (0: the set-up, `steps`: the end). Each step gives the public table as every
screen sees it (a `AnyFeed` of no seat), the log lines of the step, and, for a
designer, every seat's own view (its secrets). The viewer words those views and the
step's move with the game's screens (`GameScreens.seat_text`, `move_text`); the fields
in words here (`hidden_lines`, `move_line`) serve a game whose screens give neither.

States are kept as they are replayed, so stepping back is instant: every one of them
up to `KEEP_ALL` steps (a game has a few hundred; frozen states share what did not
change), every few in a longer game (the rest are replayed from the nearest kept one).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sherwood_tui.core.contract import AnyGame, Event, Player
from sherwood_tui.core.saves import load_session
from sherwood_tui.core.seat import AnyFeed, feed_of
from sherwood_tui.core.session import Session

KEEP_ALL = 1000  # up to this many steps every state is kept; a longer game keeps about this many


@dataclass(frozen=True, slots=True)
class Position:
    """The game at one step of a replay."""

    step: int  # actions applied (0: the set-up)
    steps: int  # actions in the save
    state: Any
    table: AnyFeed  # the public table: view, log up to this step, scores, round, winners
    events: tuple[Event, ...]  # the log lines of this step (step 0: those of the set-up)
    action: Any  # the move of this step (None at step 0)

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that decide next (none once the game is over)."""
        return () if self.table.over else tuple(self.table.game.to_act(self.state))

    def seat_views(self) -> tuple[Any, ...]:
        """Every seat's own view (its secrets): the designer's view only."""
        game = self.table.game
        return tuple(game.view(self.state, seat) for seat in range(len(self.table.players)))

    def hidden_lines(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """Each seat's name and the parts of its own view in words, (part, words): its
        hand, bag, party... field by field, for a game whose screens give no `seat_text`.
        The designer's view only."""
        return [(self.table.name(seat), view_lines(view)) for seat, view in enumerate(self.seat_views())]

    def move_line(self) -> str:
        """This step's move as its data, for a game whose screens give no `move_text`
        (may hold a secret: the designer's view only)."""
        if self.action is None:
            return ""
        data = self.table.game.dump_action(self.action)
        kind = str(data.pop("type", type(self.action).__name__)).replace("_", " ")
        data.pop("seat", None)
        details = "; ".join(f"{words(key)}: {readable(value)}" for key, value in data.items())
        name = self.table.name(self.action.seat)
        return f"{name}: {kind}" + (f" ({details})" if details else "")


class Replay:
    """A save's game, step by step; `step` is where the viewer stands."""

    def __init__(self, session: Session) -> None:
        self.game: AnyGame = session.game
        self.players: list[Player] = list(session.players)
        self.options = dict(session.options)
        self.seed = session.seed
        self.actions: tuple[Any, ...] = tuple(session.actions)
        self.log: tuple[Event, ...] = tuple(session.log)
        self.ends = (*session.log_marks, len(session.log))  # ends[k]: the log's length after step k
        self.stride = max(1, math.ceil(self.steps / KEEP_ALL))
        self.kept: dict[int, Any] = {}  # step -> state, every `stride` steps, and the end
        self.last: tuple[int, Any] = (0, None)  # the last state worked out (between kept ones)
        state = self.game.new_game(self.players, self.options, self.seed)
        for step, action in enumerate(self.actions, start=1):
            if (step - 1) % self.stride == 0:
                self.kept[step - 1] = state
            state = self.game.apply(state, action)[0]
        self.kept[self.steps] = state
        self.step = 0

    @classmethod
    def open(cls, path: Path) -> Replay:
        """The replay of a save file (SaveError with one line if it is no good save)."""
        return cls(load_session(path))

    @property
    def steps(self) -> int:
        return len(self.actions)

    @property
    def title(self) -> str:
        return self.game.title

    def state_at(self, step: int) -> Any:
        """The state after the first `step` actions (from the nearest state kept)."""
        state = self.kept.get(step)
        if state is not None:
            return state
        start = step - step % self.stride
        if self.last[1] is not None and start < self.last[0] <= step:
            start, state = self.last
        else:
            state = self.kept[start]
        for action in self.actions[start:step]:
            state = self.game.apply(state, action)[0]
        self.last = (step, state)
        return state

    def at(self, step: int) -> Position:
        """The game at `step` (0 to `steps`)."""
        if not 0 <= step <= self.steps:
            raise IndexError(f"step {step} is not from 0 to {self.steps}")
        state = self.state_at(step)
        action = self.actions[step - 1] if step else None
        end = self.ends[step]
        events = self.log[self.ends[step - 1] if step else 0 : end]
        table = feed_of(self.game, state, self.players, list(self.log[:end]), None, False, action)
        return Position(step, self.steps, state, table, events, action)

    @property
    def position(self) -> Position:
        return self.at(self.step)

    def go(self, step: int) -> Position:
        """Stand at `step`, kept within 0 to `steps`."""
        self.step = min(max(step, 0), self.steps)
        return self.position

    def move(self, by: int) -> Position:
        """Step `by` forwards (backwards if negative), stopping at either end."""
        return self.go(self.step + by)


# ----- a view in words -------------------------------------------------------------------
def words(key: str) -> str:
    """A field's name as words: "set_aside" -> "set aside"."""
    return key.replace("_", " ")


def fields_of(value: Any) -> dict[str, Any] | None:
    """The fields of a view's part (a dataclass), or None."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    return None


def readable(value: Any) -> str:
    """A part of a view in words: a card by its name (and value), a list joined by
    commas, a record as "field: value; ..." (in brackets inside a list)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str | int | float):
        return str(value)
    if isinstance(value, dict):
        return "; ".join(f"{words(str(key))}: {readable(item)}" for key, item in value.items()) or "none"
    if isinstance(value, Sequence):
        return ", ".join(readable_item(item) for item in value) or "none"
    parts = fields_of(value)
    if parts is None:
        return str(value)
    name, worth = parts.get("name"), parts.get("value")
    if isinstance(name, str):  # a card: its name, and its value if it has one
        return f"{name} ({worth})" if isinstance(worth, int) and not isinstance(worth, bool) else name
    return "; ".join(f"{words(key)}: {readable(item)}" for key, item in parts.items())


def readable_item(value: Any) -> str:
    """An item of a list in words: a record or a list of its own in brackets."""
    text = readable(value)
    nested = isinstance(value, Sequence | dict) and not isinstance(value, str)
    return f"({text})" if nested or (";" in text and fields_of(value) is not None) else text


def view_lines(view: Any) -> list[tuple[str, str]]:
    """A view in words, (part, words) a part; a seat's view without what the public
    table shows (its `table`) and its seat number."""
    parts = fields_of(view) or {"view": view}
    return [(words(key), readable(item)) for key, item in parts.items() if key not in ("table", "seat")]
