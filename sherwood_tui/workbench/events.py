"""Events of the games a run plays, for the records' `events` table: each game's
`note_step` (beside its `count_step` in `games/<game>/rules/stats.py`; core/notes.py)
tells an `EventLog` what happened at each step, and the log keeps the rows. The engine
asks for them only when a run writes records (`play_one(..., events=True)`): other runs
never call a game's `note_step`.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable

from sherwood_tui import catalog
from sherwood_tui.core.notes import EventKind
from sherwood_tui.core.plugin import resolve

EventRow = tuple[int, int | None, str, str, float | None]  # round, seat (from 1; None: none), kind, subject, value
NO_VALUE = math.nan  # (in the log: an event without a value)


class EventLog:
    """A game's events in the order they happened (the records' rows, without the game
    and its sequence number): a `core.notes.Note`. `round`: the round the next events
    happen in (from 1; the engine moves it on as rounds end). Kept in columns (arrays
    of numbers, lists of shared names), a few bytes an event: a run that writes records
    holds every game's events until it writes them."""

    __slots__ = ("_kinds", "_rounds", "_seats", "_subjects", "_values", "round")

    def __init__(self) -> None:
        self.round = 1
        self._rounds = array("I")
        self._seats = array("b")  # from 1; 0: none
        self._kinds: list[str] = []
        self._subjects: list[str] = []
        self._values = array("d")  # NaN: none

    def __call__(self, kind: str, seat: int | None, subject: str = "", value: float | None = None) -> None:
        self._rounds.append(self.round)
        self._seats.append(0 if seat is None else seat + 1)
        self._kinds.append(kind)
        self._subjects.append(subject)
        self._values.append(NO_VALUE if value is None else value)

    def __len__(self) -> int:
        return len(self._kinds)

    def rows(self) -> list[EventRow]:
        """The events as the records' rows: round, seat (from 1, or None), kind, subject, value (or None)."""
        return [(rnd, seat or None, kind, subject, None if value != value else value)
                for rnd, seat, kind, subject, value in zip(self._rounds, self._seats, self._kinds, self._subjects,
                                                           self._values)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EventLog) and self.rows() == other.rows()

    __hash__ = None  # type: ignore[assignment]  # it grows: never a key

    def __repr__(self) -> str:
        return f"EventLog({len(self)} events)"


def _stats_module(info: catalog.GameInfo) -> object:
    return resolve(info.parts.stats.partition(":")[0])


def note_step(info: catalog.GameInfo) -> Callable[..., None] | None:
    """The game's `note_step`, found beside its `count_step` (the plug-in's stats part),
    or None if it notes no events."""
    found: Callable[..., None] | None = getattr(_stats_module(info), "note_step", None)
    return found


def event_kinds(game_id: str) -> dict[str, EventKind]:
    """Every kind of event the game notes, with what its fields mean (`EVENT_KINDS`)."""
    kinds: dict[str, EventKind] = getattr(_stats_module(catalog.get(game_id)), "EVENT_KINDS", {})
    return kinds


def held_kinds(game_id: str) -> list[str]:
    """The kinds whose subject a seat takes and keeps (a card, a companion, a mission
    won): what `analyse` asks about unless told otherwise."""
    return [kind for kind, meaning in event_kinds(game_id).items() if meaning.held]
