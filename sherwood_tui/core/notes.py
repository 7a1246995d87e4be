"""Events for the workbench's records: what a game's rules say happened at a step (a
card bid, a Peasant taken, a bribe accepted, a mission won), in a stable vocabulary of
kinds per game.

Each game's `rules/stats.py` has, beside `count_step`, `note_step(note, before, action,
after, events)`, which calls `note(kind, seat, subject, value)` for each event of the
step, and `EVENT_KINDS`, every kind it may note (docs/designers/records.md lists them).
The workbench calls it only when a run writes records (`workbench/events.py`), so that
the simulator's loop stays lean otherwise: a step notes data (a seat, a card's name from
the game data, a number), never text made for display.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class Note(Protocol):
    """Where a game's `note_step` tells of an event: `kind` (one of its `EVENT_KINDS`),
    the seat it concerns (from 0; None: no seat), its `subject` (a name from the game
    data: a card, a Peasant, a mission; "" for none) and its `value` (a number, or None)."""

    def __call__(self, kind: str, seat: int | None, subject: str = "", value: float | None = None) -> None: ...


@dataclass(frozen=True)
class EventKind:
    """What an event kind's fields mean, in a designer's words, and whether its subject
    is something the seat takes and keeps (`held`: a card, a companion, a mission won;
    what `sherwood-tui analyse` asks about by default)."""

    seat: str
    subject: str
    value: str
    held: bool = False
