"""Events of the games a run plays, for the records' `events` table: each game's
`note_step` (beside its `count_step` in `games/<game>/rules/stats.py`; core/notes.py)
tells an `EventLog` what happened at each step, and the log keeps the rows. The engine
asks for them only when a run writes records (`play_one(..., events=True)`): other runs
never call a game's `note_step`.
"""

from __future__ import annotations

from collections.abc import Callable

from sherwood_tui import catalog
from sherwood_tui.core.notes import EventKind
from sherwood_tui.core.plugin import resolve

EventRow = tuple[int, int | None, str, str, float | None]  # round, seat (from 1; None: none), kind, subject, value


class EventLog:
    """A game's events in the order they happened (the records' rows, without the game
    and its sequence number): a `core.notes.Note`. `round`: the round the next events
    happen in (from 1; the engine moves it on as rounds end)."""

    __slots__ = ("round", "rows")

    def __init__(self) -> None:
        self.rows: list[EventRow] = []
        self.round = 1

    def __call__(self, kind: str, seat: int | None, subject: str = "", value: float | None = None) -> None:
        self.rows.append((self.round, None if seat is None else seat + 1, kind, subject,
                          None if value is None else float(value)))


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
