"""Bidding: around the table, each bidder adds one Goode to their bid or passes (final).
A bidder with no Goodes left passes at once. Once everyone has passed, collection
begins.

A step builds its one new state (an `updater`: `evolve` made once), the turn on the next seat, if that seat may
bid (the common case); else `turn_from` works the turn out and builds it."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.draft import REPLACE_AT, updater
from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.bleeding_sherwood.rules.model import (
    GOODE_LABELS,
    GOODE_VALUES,
    Pass,
    PlayGoode,
    State,
)
from sherwood_tui.games.bleeding_sherwood.rules.phases import collecting

# The lines name a player by their `Player` (`{0.name}`: the name is read, a pydantic
# attribute look-up, only when the line is worded).
BID = "{0.name} bids {1}; {0.name}'s bid is now {2}."
PASSES = "{0.name} passes with a bid of {1}."
NOTHING_LEFT = "{0.name} has no Goodes left and passes with a bid of {1}."

bid_made = updater(State, "hands", "turn", "bids", "totals")  # the steps' new states
turn_moved = updater(State, "turn", "passed")


def play_goode(state: State, action: PlayGoode) -> tuple[State, list[Event]]:
    """Add one Goode from the bidder's hand to their bid; the turn moves on."""
    seat, card = action.seat, action.card
    hands = state.hands
    hand = hands[seat]
    try:
        index = hand.index(card)  # (one search: no `in` first)
    except ValueError:
        raise RuleError("That Goode is not in your hand.") from None
    players, passed = state.players, state.passed
    n = len(players)
    put = REPLACE_AT[n][seat]  # a copy of a tuple (one entry a seat) with this seat's replaced
    new_hands = put(hands, hand[:index] + hand[index + 1 :])
    total = state.totals[seat] + GOODE_VALUES[card]
    events = [event("info", BID, players[seat], GOODE_LABELS[card], total)]
    turn = seat
    while True:  # the next seat that has not passed (at worst this one)
        turn += 1
        if turn == n:
            turn = 0
        if not passed[turn]:
            break
    bids = state.bids
    new = bid_made(state, hands=new_hands, turn=turn, bids=put(bids, bids[seat] + (card,)),
                   totals=put(state.totals, total))
    if not new_hands[turn]:
        return move_turn(new, events)
    return new, events  # the common case: they bid next


def pass_(state: State, action: Pass) -> tuple[State, list[Event]]:
    """Stop bidding this round (final); the last to pass starts the collection."""
    seat = action.seat
    players, totals = state.players, state.totals
    events = [event("info", PASSES, players[seat], totals[seat])]
    turn, n = seat, len(players)
    passed = REPLACE_AT[n][seat](state.passed, True)
    while True:  # the next seat that has not passed (back to this one: everyone has)
        turn += 1
        if turn == n:
            turn = 0
        if not passed[turn] or turn == seat:
            break
    if turn == seat:  # the last to pass: the turn stays with them
        return collecting.begin(turn_moved(state, turn=turn, passed=passed), events)
    new = turn_moved(state, turn=turn, passed=passed)
    if not state.hands[turn]:
        return move_turn(new, events)
    return new, events  # the common case: they bid next


def move_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Pass the turn round the table, from the seat `state.turn`, to the first bidder who
    has not passed and holds Goodes (those who hold none pass now); once everyone has
    passed, the turn stays with the last to pass and collection begins. (A new round
    calls it when its first bidder holds no Goodes.)"""
    start, hands, totals, passed = state.turn, state.hands, state.totals, state.passed
    n = len(passed)
    turn = (start - 1) % n
    for k in range(n):
        seat = (start + k) % n
        if passed[seat]:
            continue
        turn = seat
        if hands[seat]:
            break
        passed = REPLACE_AT[n][seat](passed, True)
        events.append(event("info", NOTHING_LEFT, state.players[seat], totals[seat]))
    state = turn_moved(state, turn=turn, passed=passed)
    if passed[turn]:  # the turn rests on a passed seat only once everyone has passed
        return collecting.begin(state, events)
    return state, events
