"""Collecting: every bidder in order from the highest bid (ties to the earlier bidder)
takes one target: a centre Peasant with its Goodes, or the spent bid of a player who
has already collected. After the last, the round ends.

A step builds its one new state (an `updater`: `evolve` made once), the next in the order to collect; it is done
if they have something to take (the common case), else `move_collector` moves on."""

from __future__ import annotations

from sherwood_tui.core.contract import Event, event
from sherwood_tui.core.draft import REPLACE_AT, updater
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import lazy
from sherwood_tui.games.bleeding_sherwood.rules import words
from sherwood_tui.games.bleeding_sherwood.rules.model import (
    NO_BIDS,
    PEASANT_LABELS,
    State,
    Table,
    TakeBid,
    TakeTarget,
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

target_taken = updater(State, "hands", "collected", "targets", "collect_pos", "bid_open", "known")  # the new states
bid_collected = updater(State, "hands", "collect_pos", "bid_open", "bid_taken", "known")
collector_moved = updater(State, "collect_pos", "bid_open")
collection_begun = updater(State, "phase", "collect_pos", "table", "known")
order_settled = updater(Table, "order", "high_bidder", "rounds_bid")


def begin(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Everyone has passed: settle the collection order and call the first collector."""
    totals = state.totals
    table = state.table
    ranked = order = ranking(totals, table.first)
    effects = table.effects
    if table.options.classic_1996:  # 1996: only the highest bid captures anything (whatever the Jester)
        order = order[:1]
    elif "reverse_order" in effects:
        order = order[::-1]
    if "no_zero_capture" in effects:
        order = [s for s in order if totals[s] > 0]
    players, collectors = state.players, tuple(order)
    events.append(event("info", ORDER, lazy(words.seats_with, (players, totals, collectors))))
    closed = (state.bids, tuple(map(len, state.hands)))  # the round's bids, for the table's record
    table = order_settled(table, order=collectors, high_bidder=ranked[0], rounds_bid=table.rounds_bid + (closed,))
    known = tuple([tuple([g for g in held if g not in bid]) if bid else held
                   for held, bid in zip(state.known or NO_BIDS[len(players)], state.bids)])  # bid Goodes left the hand
    return move_collector(collection_begun(state, phase="collecting", collect_pos=0, table=table, known=known), events)


def take_target(state: State, action: TakeTarget) -> tuple[State, list[Event]]:
    """Collect a Peasant from the centre with its Goodes; the next collector follows."""
    seat, peasant = action.seat, action.peasant
    targets = state.targets
    index = 0
    for target in targets:
        if target.peasant == peasant:
            break
        index += 1
    else:
        raise RuleError("That Peasant is not on the table.")
    goodes, hands, totals, players = target.goodes, state.hands, state.totals, state.players
    player = players[seat]
    put = REPLACE_AT[len(players)][seat]  # a copy of a tuple (one entry a seat) with this seat's replaced
    if goodes:
        line = event("info", TAKES_WITH, player, totals[seat], PEASANT_LABELS[peasant], lazy(words.goodes, (goodes,)))
        hands = put(hands, hands[seat] + goodes)
    else:
        line = event("info", TAKES, player, totals[seat], PEASANT_LABELS[peasant])
    collected, known = state.collected, state.known or NO_BIDS[len(players)]
    collected = put(collected, collected[seat] + (peasant,))
    if goodes:
        known = put(known, known[seat] + goodes)
    bid_open = put(state.bid_open, state.bids[seat] != ())  # their spent bid is a target now
    targets = targets[:index] + targets[index + 1 :]
    pos = state.collect_pos + 1
    new = target_taken(state, hands=hands, collected=collected, targets=targets, collect_pos=pos, bid_open=bid_open,
                       known=known)
    if targets and pos < len(state.table.order):  # the common case: the next collector takes one of them
        return new, [line]
    return move_collector(new, [line])


def take_bid(state: State, action: TakeBid) -> tuple[State, list[Event]]:
    """Collect the spent bid of a player who has already collected."""
    seat, owner = action.seat, action.owner
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
    hands, puts = state.hands, REPLACE_AT[len(players)]  # copies of a tuple (one entry a seat), one entry replaced
    # the bid taken is closed; their own spent bid is a target now
    bid_open = puts[seat](puts[owner](bid_open, False), bids[seat] != ())
    targets, pos = state.targets, state.collect_pos + 1
    known = state.known or NO_BIDS[len(players)]
    new = bid_collected(state, hands=puts[seat](hands, hands[seat] + bid), collect_pos=pos, bid_open=bid_open,
                        bid_taken=puts[owner](bid_taken, True), known=puts[seat](known, known[seat] + bid))
    order = state.table.order
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
        bid_open = REPLACE_AT[len(bid_open)][seat](bid_open, state.bids[seat] != ())
        pos += 1
    if pos == end:  # (the round's end reads neither the position nor the open bids)
        return round_end.end_round(state, events)
    return collector_moved(state, collect_pos=pos, bid_open=bid_open), events
