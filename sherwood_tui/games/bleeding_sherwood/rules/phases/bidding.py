"""Bidding: around the table, each bidder adds one Goode to their bid or passes (final).
A bidder with no Goodes left passes at once. Once everyone has passed, collection
begins.

A step builds its one new state with `make_state` (every field by position: the order
is in `model`), the turn on the next seat, if that seat may bid (the common case); else
`turn_from` works the turn out and builds it."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.bleeding_sherwood.rules.model import (
    GOODE_LABELS,
    GOODE_VALUES,
    PUT,
    Pass,
    PlayGoode,
    State,
    make_state,
)
from sherwood_tui.games.bleeding_sherwood.rules.phases import collecting

# The lines name a player by their `Player` (`{0.name}`: the name is read, a pydantic
# attribute look-up, only when the line is worded).
BID = "{0.name} bids {1}; {0.name}'s bid is now {2}."
PASSES = "{0.name} passes with a bid of {1}."
NOTHING_LEFT = "{0.name} has no Goodes left and passes with a bid of {1}."


def play_goode(state: State, action: PlayGoode) -> tuple[State, list[Event]]:
    return play(state, action.seat, action.card)


def play(state: State, seat: int, card: int) -> tuple[State, list[Event]]:
    """`play_goode` with the action's fields (`rules.apply` knows them for the shared actions)."""
    hands = state.hands
    hand = hands[seat]
    try:
        index = hand.index(card)  # (one search: no `in` first)
    except ValueError:
        raise RuleError("That Goode is not in your hand.") from None
    players, passed = state.players, state.passed
    n = len(players)
    put = PUT[n][seat]  # a copy of a seat's tuple with this seat's entry replaced
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
    new_bids, totals = put(bids, bids[seat] + (card,)), put(state.totals, total)
    if not new_hands[turn]:
        return turn_from(state, turn, new_hands, new_bids, totals, passed, events)
    new = make_state(  # the common case: they bid next
        players, "bidding", new_hands, state.peasant_discard, state.collected, state.targets, turn,
        new_bids, totals, passed, state.collect_pos, state.bid_open, state.bid_taken, state.table,
    )
    return new, events


def pass_(state: State, action: Pass) -> tuple[State, list[Event]]:
    return pass_seat(state, action.seat)


def pass_seat(state: State, seat: int, _: object = None) -> tuple[State, list[Event]]:
    """`pass_` with the action's seat (`rules.apply` knows it for the shared actions)."""
    players, totals = state.players, state.totals
    events = [event("info", PASSES, players[seat], totals[seat])]
    turn, n = seat, len(players)
    passed = PUT[n][seat](state.passed, True)
    while True:  # the next seat that has not passed (back to this one: everyone has)
        turn += 1
        if turn == n:
            turn = 0
        if not passed[turn] or turn == seat:
            break
    if turn == seat:  # the last to pass: the turn stays with them
        return collecting.begin(state, turn, passed, events)
    hands = state.hands
    if not hands[turn]:
        return turn_from(state, turn, hands, state.bids, totals, passed, events)
    new = make_state(  # the common case: they bid next
        players, "bidding", hands, state.peasant_discard, state.collected, state.targets,
        turn, state.bids, totals, passed, state.collect_pos, state.bid_open, state.bid_taken, state.table,
    )
    return new, events


def move_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Pass the turn round the table, from the seat `state.turn`, to the first bidder who
    has not passed and holds Goodes (those who hold none pass now); once everyone has
    passed, the turn stays with the last to pass and collection begins. (A new round
    calls it when its first bidder holds no Goodes.)"""
    return turn_from(state, state.turn, state.hands, state.bids, state.totals, state.passed, events)


def turn_from(
    state: State,
    start: int,
    hands: tuple[tuple[int, ...], ...],
    bids: tuple[tuple[int, ...], ...],
    totals: tuple[int, ...],
    passed: tuple[bool, ...],
    events: list[Event],
) -> tuple[State, list[Event]]:
    """`move_turn` from the seat `start`, in `state` with these bidding fields (a bid or a
    pass calls it with its new values, when the next seat to bid holds no Goodes: the
    step makes one new state, not two)."""
    n = len(passed)
    turn = (start - 1) % n
    for k in range(n):
        seat = (start + k) % n
        if passed[seat]:
            continue
        turn = seat
        if hands[seat]:
            break
        passed = PUT[n][seat](passed, True)
        events.append(event("info", NOTHING_LEFT, state.players[seat], totals[seat]))
    state = make_state(
        state.players, "bidding", hands, state.peasant_discard, state.collected, state.targets,
        turn, bids, totals, passed, state.collect_pos, state.bid_open, state.bid_taken, state.table,
    )
    if passed[turn]:  # the turn rests on a passed seat only once everyone has passed
        return collecting.begin(state, turn, passed, events)
    return state, events
