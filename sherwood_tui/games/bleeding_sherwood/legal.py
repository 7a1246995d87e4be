"""Whose turn it is and what they may do. Actions are immutable, so every seat's
possible actions are built once and `legal_actions` hands out the shared objects."""

from __future__ import annotations

from functools import cache

from sherwood_tui.games.bleeding_sherwood.model import (
    GOODE_VALUES,
    PEASANT_VALUES,
    Pass,
    PlayGoode,
    State,
    TakeBid,
    TakeTarget,
)
from sherwood_tui.games.bleeding_sherwood.plugin import PLUGIN


class SeatActions:
    """Every action one seat may ever take."""

    def __init__(self, seat: int) -> None:
        self.plays = tuple(PlayGoode(seat=seat, card=c) for c in range(len(GOODE_VALUES)))
        self.pass_ = Pass(seat=seat)
        self.take_targets = tuple(TakeTarget(seat=seat, peasant=p) for p in range(len(PEASANT_VALUES)))
        self.take_bids = tuple(TakeBid(seat=seat, owner=o) for o in range(PLUGIN.max_players))


@cache  # one per seat: at most `max_players`
def seat_actions(seat: int) -> SeatActions:
    return SeatActions(seat)


def to_act(state: State) -> list[int]:
    phase = state.phase
    if phase == "bidding":
        return [state.turn]
    if phase == "collecting":
        return [state.table.order[state.collect_pos]]
    return []


def may_act(state: State, seat: int) -> bool:
    phase = state.phase
    if phase == "bidding":
        return seat == state.turn
    return phase == "collecting" and seat == state.table.order[state.collect_pos]


def legal_actions(state: State, seat: int) -> list:
    phase = state.phase
    if phase == "bidding" and seat == state.turn:
        actions = seat_actions(seat)
        return [*map(actions.plays.__getitem__, state.hands[seat]), actions.pass_]
    if phase == "collecting" and seat == state.table.order[state.collect_pos]:
        actions = seat_actions(seat)
        take_target = actions.take_targets
        takes: list[TakeTarget | TakeBid] = [take_target[t.peasant] for t in state.targets]
        bid_open = state.bid_open
        if True in bid_open:  # another's open spent bid
            take_bid = actions.take_bids
            takes += [take_bid[o] for o, ok in enumerate(bid_open) if ok and o != seat]
        return takes
    return []
