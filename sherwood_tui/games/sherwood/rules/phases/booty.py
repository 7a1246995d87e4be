"""Phase 6, Little Booty (automatic): who sent someone, won no mission and did not win
Discretion draws a Loot card."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.games.sherwood.rules.model import Reveal, StepDraft, draw_loot
from sherwood_tui.games.sherwood.rules.phases import capture

LITTLE_BOOTY = "{0} takes a Little Booty (1 Loot card)."


def little_booty_seats(reveal: Reveal, first: dict[int, int] | None = None) -> tuple[int, ...]:
    """Who takes a Little Booty (phase 6): sent someone, won no mission and did not win
    Discretion. Nobody on King Richard's turn. `first`: `capture.successful(reveal)`,
    if known."""
    if reveal.king:
        return ()
    if reveal.little_booty:
        return reveal.little_booty
    if first is None:
        first = capture.successful(reveal)
    high = reveal.discretion_high
    seats = []  # a plain loop: a comprehension is a call of its own
    for p in reveal.parties:
        if p.members and p.seat not in first and p.seat not in high:
            seats.append(p.seat)
    return tuple(seats)


def little_booty(draft: StepDraft, events: list[Event]) -> None:
    reveal = draft.reveal
    first = capture.successful(reveal)  # once for phases 6 and 7
    lucky = little_booty_seats(reveal, first)
    for seat in lucky:
        if draw_loot(draft, seat, 1):
            events.append(event("info", LITTLE_BOOTY, draft.names[seat]))
    capture.capture(draft, events, lucky, first)  # sets the reveal's `little_booty` too
