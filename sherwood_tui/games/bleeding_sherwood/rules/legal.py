"""Who acts in each step and exactly what they may do (the step table's `actors` and
`legal`: `steps.py`). Moves are immutable, so every seat's possible moves are built
once and handed out."""

from __future__ import annotations

from sherwood_tui.games.bleeding_sherwood.plugin import PLUGIN
from sherwood_tui.games.bleeding_sherwood.rules.model import (
    GOODE_VALUES,
    PEASANT_VALUES,
    Action,
    Pass,
    PlayGoode,
    State,
    TakeBid,
    TakeTarget,
)


class SeatActions:
    """Every action one seat may ever take."""

    def __init__(self, seat: int) -> None:
        self.plays = tuple(PlayGoode(seat=seat, card=c) for c in range(len(GOODE_VALUES)))
        self.pass_ = Pass(seat=seat)
        self.take_targets = tuple(TakeTarget(seat=seat, peasant=p) for p in range(len(PEASANT_VALUES)))
        self.take_bids = tuple(TakeBid(seat=seat, owner=o) for o in range(PLUGIN.max_players))


SEAT_ACTIONS = tuple(SeatActions(seat) for seat in range(PLUGIN.max_players))
# Each kind of action by seat, read straight from a tuple in `legal_actions` (no call).
PLAYS = tuple(actions.plays for actions in SEAT_ACTIONS)
PASSES = tuple(actions.pass_ for actions in SEAT_ACTIONS)
TAKE_TARGETS = tuple(actions.take_targets for actions in SEAT_ACTIONS)
TAKE_BIDS = tuple(actions.take_bids for actions in SEAT_ACTIONS)


ALONE = tuple((seat,) for seat in range(PLUGIN.max_players))  # each seat acting alone


def seat_actions(seat: int) -> SeatActions:
    """Every action this seat may ever take (the shared objects)."""
    return SEAT_ACTIONS[seat]


def bidder(state: State) -> tuple[int]:
    """Who bids now (bidding is one seat at a time, around the table)."""
    return ALONE[state.turn]


def collector(state: State) -> tuple[int]:
    """Who collects now (in the order of the bids)."""
    return ALONE[state.table.order[state.collect_pos]]


def bids(state: State, seat: int) -> list[Action]:
    """The bidder's moves: each Goode in their hand, and passing."""
    plays: list[Action] = []
    play = PLAYS[seat]
    for card in state.hands[seat]:  # (a loop: a comprehension is a call of its own here)
        plays.append(play[card])
    plays.append(PASSES[seat])
    return plays


def takes(state: State, seat: int) -> list[Action]:
    """The collector's moves: each centre target, and each other bidder's open spent bid."""
    take_target, take_bid = TAKE_TARGETS[seat], TAKE_BIDS[seat]
    moves: list[Action] = []
    for target in state.targets:  # (loops: a comprehension is a call of its own here)
        moves.append(take_target[target.peasant])
    owner = 0
    for open_ in state.bid_open:
        if open_ and owner != seat:
            moves.append(take_bid[owner])
        owner += 1
    return moves
