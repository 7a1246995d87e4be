"""Phase 7, capture (automatic): the winners of Discretion who were successful go to
prison (on King Richard's turn, every winner of Discretion); each captured player with
two or more newcomers arranges them, one at a time (`LineUp`, a part move), then closes
the cell (`CloseCell`: the rest follow in the order they came). Public."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.draft import evolve, replaced
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import lazy
from sherwood_tui.games.sherwood.rules.data import DISCRETION
from sherwood_tui.games.sherwood.rules.legal import new_prisoners
from sherwood_tui.games.sherwood.rules.model import CloseCell, LineUp, Reveal, State, StepDraft
from sherwood_tui.games.sherwood.rules.phases import end, sheriff
from sherwood_tui.games.sherwood.rules.tables import CHAR_NAMES, chars_text

GIVEN_CELL = "{0} is given cell {1} of the prison."
THROWN_IN = "{0}'s party is the most seen (Discretion {1}) and won a mission: {2} {3} thrown into cell {4}."
THROWN_IN_KING = "{0}'s party is the most seen (Discretion {1}): {2} {3} thrown into cell {4}."
LINES_UP = "{0} lines up the newcomers: {1}."



def discretion_winners(reveal: Reveal) -> tuple[int, ...]:
    """The seats that win Discretion: the highest Discretion total among the parties
    sent (all tied ones), if it is at least 1."""
    return reveal.discretion_high


def successful(reveal: Reveal) -> dict[int, int]:
    """The seats successful in a mission (or a favour), each with its first skill in
    resolution order. A chooser who leads several missions ("pending") is successful
    whichever they keep."""
    first: dict[int, int] = {}
    for r in reveal.skills:
        if r.outcome in ("won", "favour", "pending") and r.winner not in first:
            first[r.winner] = r.skill  # type: ignore[index]  # these outcomes have a winner
    return first


def capture_seats(reveal: Reveal, first: dict[int, int] | None = None) -> tuple[int, ...]:
    """Who goes to prison this turn (phase 7), in mission resolution order: the winners
    of Discretion who were successful in a mission; on King Richard's turn every winner
    of Discretion, whatever they won. Known from the reveal on (the cells are given in
    this order once the rewards are taken). `first`: `successful(reveal)`, if known."""
    if reveal.captured:
        return reveal.captured
    high = reveal.discretion_high
    if not high:
        return ()
    if first is None:
        first = successful(reveal)
    if reveal.king:
        return tuple(sorted(high, key=lambda s: (first.get(s, 3), s)))
    if len(high) == 1:  # the common case, without a comprehension and a sort
        return high if high[0] in first else ()
    return tuple(sorted([s for s in high if s in first], key=first.__getitem__))


def capture(draft: StepDraft, events: list[Event], little_booty: tuple[int, ...] = (),
            first: dict[int, int] | None = None) -> None:
    """The capture; `little_booty`: who took one just before (phase 6), recorded in the
    reveal with the captured in one copy; `first`: `successful(reveal)`, if known."""
    reveal = draft.reveal
    names = draft.names
    captured = capture_seats(reveal, first)
    king = draft.king
    queue = []
    if captured:
        parties = reveal.parties
        cells, prison = list(draft.cells), list(draft.prison)
        for seat in captured:
            name = names[seat]
            if seat not in cells:  # first capture: the furthest free cell from the stairs
                free = max([i for i, o in enumerate(cells) if o is None])
                cells[free] = seat
                events.append(event("info", GIVEN_CELL, name, free + 1))
            party = parties[seat]
            members = party.members
            prison[seat] = prison[seat] + members  # newcomers go under the prisoners there
            events.append(event(
                "info", THROWN_IN_KING if king else THROWN_IN, name, party.totals[DISCRETION],
                lazy(chars_text, (members,)), "is" if len(members) == 1 else "are", cells.index(seat) + 1))
            if len(members) > 1 and not king:
                queue.append(seat)
        draft.cells, draft.prison = tuple(cells), tuple(prison)
    if captured != reveal.captured or little_booty != reveal.little_booty:
        draft.reveal = evolve(reveal, captured=captured, little_booty=little_booty)
    draft.order_queue = tuple(queue)
    if king:
        end.end_game(draft, events)
    elif queue:
        draft.phase = "order_prisoners"
    else:
        sheriff.sheriff(draft, events)


def waiting(state: State, seat: int) -> tuple[str, ...]:
    """The newcomers of `seat` not lined up yet, in the order they came."""
    lined = state.lined_up
    return tuple([c for c in new_prisoners(state, seat) if c not in lined])


def line_up(state: State, move: LineUp) -> tuple[State, list[Event]]:
    rest = waiting(state, move.seat)
    if move.member not in rest:
        block = new_prisoners(state, move.seat)
        if move.member in block:
            raise RuleError(f"{CHAR_NAMES[move.member]} is lined up already.")
        raise RuleError(f"Arrange only the newly captured characters: {chars_text(block)}.")
    return evolve(state, lined_up=(*state.lined_up, move.member)), []


def close_cell(state: State, move: CloseCell) -> tuple[State, list[Event]]:
    seat = move.seat
    draft = StepDraft(state)
    block = new_prisoners(state, seat)
    order = state.lined_up + waiting(state, seat)
    jailed = state.prison[seat]
    head = jailed[: len(jailed) - len(block)]
    draft.prison = replaced(state.prison, seat, head + order)
    draft.order_queue, draft.lined_up = state.order_queue[1:], ()
    events = [event("info", LINES_UP, draft.names[seat], lazy(chars_text, (order,)))]
    if not draft.order_queue:
        sheriff.sheriff(draft, events)
    return draft.done(), events


def orders(state: State, seat: int) -> list[LineUp | CloseCell]:
    """Each newcomer not lined up yet, and closing the cell."""
    moves: list[LineUp | CloseCell] = [LineUp(seat=seat, member=c) for c in waiting(state, seat)]
    moves.append(CloseCell(seat=seat))
    return moves


def arranging(state: State) -> tuple[int, ...]:
    """The captured player arranging newcomers now."""
    return state.order_queue[:1]
