"""Collecting: every bidder in order from the highest bid (ties to the earlier bidder)
takes one target: a centre Peasant with its Goodes, or the spent bid of a player who
has already collected. After the last, the round ends.

A step builds its one new state with `make_state` (every field by position: the order
is in `model`), the next in the order to collect; it is done if they have something
to take (the common case), else `move_collector` moves on."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import lazy
from sherwood_tui.games.bleeding_sherwood.rules import words
from sherwood_tui.games.bleeding_sherwood.rules.model import (
    PEASANT_LABELS,
    PUT,
    State,
    TakeBid,
    TakeTarget,
    make_state,
    make_table,
)
from sherwood_tui.games.bleeding_sherwood.rules.phases import round_end
from sherwood_tui.games.bleeding_sherwood.rules.scoring import ranking

# The lines name a player by their `Player` (`{0.name}`: the name is read, a pydantic
# attribute look-up, only when the line is worded).
ORDER = "Everyone has passed. Collection order: {0}."
NOTHING_TO_TAKE = "{0.name} finds nothing left to take."
TAKES = "{0.name} (bid {1}) takes {2}."
TAKES_WITH = "{0.name} (bid {1}) takes {2} and {3}."
TAKES_BID = "{0.name} (bid {1}) takes {2.name}'s bid: {3}."


def begin(state: State, turn: int, passed: tuple[bool, ...], events: list[Event]) -> tuple[State, list[Event]]:
    """Everyone has passed: settle the collection order and call the first collector.
    (`turn` and `passed`: the state's new values, which the caller has not yet stored: a
    step makes one new state.)"""
    totals = state.totals
    table = state.table
    ranked = order = ranking(totals, table.first)
    effects = table.effects
    if table.classic:  # 1996: only the highest bid captures anything (whatever the Jester)
        order = order[:1]
    elif "reverse_order" in effects:
        order = order[::-1]
    if "no_zero_capture" in effects:
        order = [s for s in order if totals[s] > 0]
    players, collectors = state.players, tuple(order)
    events.append(event("info", ORDER, lazy(words.seats_with, (players, totals, collectors, "{} ({})", "nobody"))))
    table = make_table(
        table.classic, table.rng, table.goode_deck, table.peasant_deck, table.goode_discard, table.round,
        table.first, effects, collectors, ranked[0], table.shown, table.end_reason, table.hands_at_round_end,
    )
    state = make_state(
        players, "collecting", state.hands, state.peasant_discard, state.collected, state.targets,
        turn, state.bids, totals, passed, 0, state.bid_open, state.bid_taken, table,
    )
    return move_collector(state, events)


def take_target(state: State, action: TakeTarget) -> tuple[State, list[Event]]:
    return take_peasant(state, action.seat, action.peasant)


def take_peasant(state: State, seat: int, peasant: int) -> tuple[State, list[Event]]:
    """`take_target` with the action's fields (`rules.apply` knows them for the shared actions)."""
    targets = state.targets
    index = 0
    for target in targets:
        if target.peasant == peasant:
            break
        index += 1
    else:
        raise RuleError("That Peasant is not on the table.")
    goodes, hands, totals, players = target.goodes, state.hands, state.totals, state.players
    put = PUT[len(players)][seat]  # a copy of a seat's tuple with this seat's entry replaced
    player = players[seat]
    if goodes:
        line = event("info", TAKES_WITH, player, totals[seat], PEASANT_LABELS[peasant], lazy(words.goodes, (goodes,)))
        hands = put(hands, hands[seat] + goodes)
    else:
        line = event("info", TAKES, player, totals[seat], PEASANT_LABELS[peasant])
    collected = state.collected
    collected = put(collected, collected[seat] + (peasant,))
    bids = state.bids
    bid_open = put(state.bid_open, bids[seat] != ())  # their spent bid is a target now
    targets = targets[:index] + targets[index + 1 :]
    table, pos = state.table, state.collect_pos + 1
    new = make_state(
        players, "collecting", hands, state.peasant_discard, collected, targets, state.turn,
        bids, totals, state.passed, pos, bid_open, state.bid_taken, table,
    )
    if targets and pos < len(table.order):  # the common case: the next collector takes one of them
        return new, [line]
    return move_collector(new, [line])


def take_bid(state: State, action: TakeBid) -> tuple[State, list[Event]]:
    return take_owners_bid(state, action.seat, action.owner)


def take_owners_bid(state: State, seat: int, owner: int) -> tuple[State, list[Event]]:
    """`take_bid` with the action's fields (`rules.apply` knows them for the shared actions)."""
    players = state.players
    if not 0 <= owner < len(players):
        raise RuleError("There is no such bid.")
    bidder = players[owner]
    if owner == seat:
        raise RuleError("You cannot take your own bid.")
    bid_taken = state.bid_taken
    if bid_taken[owner]:
        raise RuleError(f"{bidder.name}'s bid has already been taken.")
    bids = state.bids
    bid = bids[owner]
    if not bid:
        raise RuleError(f"{bidder.name} bid nothing; there is no bid to take.")
    bid_open = state.bid_open
    if not bid_open[owner]:
        raise RuleError(f"{bidder.name}'s bid is not a target until {bidder.name} has collected.")
    totals = state.totals
    line = event("info", TAKES_BID, players[seat], totals[seat], bidder, lazy(words.goodes, (bid,)))
    puts, hands = PUT[len(players)], state.hands  # copies of a seat's tuple with one entry replaced
    # the bid taken is closed; their own spent bid is a target now
    bid_open = puts[seat](puts[owner](bid_open, False), bids[seat] != ())
    targets, table, pos = state.targets, state.table, state.collect_pos + 1
    new = make_state(
        players, "collecting", puts[seat](hands, hands[seat] + bid), state.peasant_discard, state.collected,
        targets, state.turn, bids, totals, state.passed, pos, bid_open, puts[owner](bid_taken, True), table,
    )
    order = table.order
    # the common case (`move_collector`'s first test): the next collector has something to take
    if pos < len(order) and (targets or bid_open.count(True) > bid_open[order[pos]]):
        return new, [line]
    return move_collector(new, [line])


def move_collector(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Call the collector at `state.collect_pos` of the order (`state` itself when they
    have something to take), else move on past those with nothing left to take; end the
    round after the last."""
    order, targets, bid_open, pos = state.table.order, state.targets, state.bid_open, state.collect_pos
    end = len(order)
    # something to take: a centre target, or an open bid other than their own
    if pos < end and (targets or bid_open.count(True) > bid_open[order[pos]]):
        return state, events
    while pos < end:
        seat = order[pos]
        if targets or bid_open.count(True) > bid_open[seat]:
            break
        events.append(event("info", NOTHING_TO_TAKE, state.players[seat]))
        # their spent bid is a target now
        bid_open = PUT[len(bid_open)][seat](bid_open, state.bids[seat] != ())
        pos += 1
    if pos == end:  # (the round's end reads neither the position nor the open bids)
        return round_end.end_round(state, events)
    state = make_state(
        state.players, state.phase, state.hands, state.peasant_discard, state.collected, targets, state.turn,
        state.bids, state.totals, state.passed, pos, bid_open, state.bid_taken, state.table,
    )
    return state, events
