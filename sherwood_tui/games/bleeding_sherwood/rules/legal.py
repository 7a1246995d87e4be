"""Whose turn it is and what they may do. Actions are immutable, so every seat's
possible actions are built once and `legal_actions` hands out the shared objects."""

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


def seat_actions(seat: int) -> SeatActions:
    """Every action this seat may ever take (the shared objects)."""
    return SEAT_ACTIONS[seat]


class Turns:
    """The `Game`'s `to_act`, `may_act` and `legal_actions` (a base of the `Game`: plain
    methods, quicker to call than staticmethods; the bots and the simulator ask for
    `to_act` and `legal_actions` at every step)."""

    def to_act(self, state: State) -> list[int]:
        phase = state.phase
        if phase == "bidding":
            return [state.turn]
        if phase == "collecting":
            return [state.table.order[state.collect_pos]]
        return []

    def may_act(self, state: State, seat: int) -> bool:
        phase = state.phase
        if phase == "bidding":
            return seat == state.turn
        return phase == "collecting" and seat == state.table.order[state.collect_pos]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        phase = state.phase
        if phase == "bidding":
            if seat == state.turn:
                plays: list[Action] = []
                play = PLAYS[seat]
                for card in state.hands[seat]:  # (a loop: quicker than a list comprehension, or
                    plays.append(play[card])  # than making an itemgetter, for a hand's few cards)
                plays.append(PASSES[seat])
                return plays
            return []
        if phase == "collecting" and seat == state.table.order[state.collect_pos]:
            take_target = TAKE_TARGETS[seat]
            takes: list[Action] = []
            for target in state.targets:  # (a loop: quicker than a list comprehension for so few)
                takes.append(take_target[target.peasant])
            bid_open = state.bid_open
            if True in bid_open:  # another's open spent bid
                take_bid = TAKE_BIDS[seat]
                for owner, open_ in enumerate(bid_open):
                    if open_ and owner != seat:
                        takes.append(take_bid[owner])
            return takes
        return []
