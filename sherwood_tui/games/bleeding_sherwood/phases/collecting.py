"""Collecting: every bidder in order from the highest bid (ties to the earlier bidder)
takes one target: a centre Peasant with its Goodes, or the spent bid of a player who
has already collected. After the last, the round ends.

A step builds its one new state with `make_state` (every field by position: the order
is in `model`), the next in the order to collect; it is done if they have something
to take (the common case), else `move_collector` moves on."""

from __future__ import annotations

from sherwood_tui.core.contract import Event
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import Lazy
from sherwood_tui.games.bleeding_sherwood import words
from sherwood_tui.games.bleeding_sherwood.model import (
    PEASANT_LABELS,
    State,
    TakeBid,
    TakeTarget,
    make_state,
    make_table,
)
from sherwood_tui.games.bleeding_sherwood.phases import round_end
from sherwood_tui.games.bleeding_sherwood.scoring import ranking

ORDER = "Everyone has passed. Collection order: {0}."
NOTHING_TO_TAKE = "{0} finds nothing left to take."
TAKES = "{0} (bid {1}) takes {2}."
TAKES_WITH = "{0} (bid {1}) takes {2} and {3}."
TAKES_BID = "{0} (bid {1}) takes {2}'s bid: {3}."


def begin(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Everyone has passed: settle the collection order and call the first collector."""
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
    events.append(Event.of("info", ORDER, Lazy(words.seats_with, players, totals, collectors, "{} ({})", "nobody")))
    table = make_table(
        table.classic, table.rng, table.goode_deck, table.peasant_deck, table.goode_discard, table.round,
        table.first, effects, collectors, ranked[0], table.shown, table.end_reason, table.hands_at_round_end,
    )
    state = make_state(
        players, "collecting", state.hands, state.peasant_discard, state.collected, state.targets,
        state.turn, state.bids, totals, state.passed, 0, state.bid_open, state.bid_taken, table,
    )
    return move_collector(state, events)


def take_target(state: State, action: TakeTarget) -> tuple[State, list[Event]]:
    fields = action.__dict__  # one read through pydantic's `__getattr__` hook, not two
    seat, peasant = fields["seat"], fields["peasant"]
    targets = state.targets
    index = 0
    for target in targets:
        if target.peasant == peasant:
            break
        index += 1
    else:
        raise RuleError("That Peasant is not on the table.")
    goodes, hands, totals = target.goodes, state.hands, state.totals
    name = state.players[seat].name
    if goodes:
        event = Event.of("info", TAKES_WITH, name, totals[seat], PEASANT_LABELS[peasant], Lazy(words.goodes, goodes))
        new_hands = list(hands)  # lists, changed and made tuples: quicker than slicing
        new_hands[seat] += goodes
        hands = tuple(new_hands)
    else:
        event = Event.of("info", TAKES, name, totals[seat], PEASANT_LABELS[peasant])
    collected = list(state.collected)
    collected[seat] += (peasant,)
    bids = state.bids
    bid_open = list(state.bid_open)
    bid_open[seat] = bids[seat] != ()  # their spent bid is a target now
    targets = targets[:index] + targets[index + 1 :]
    table, pos = state.table, state.collect_pos + 1
    new = make_state(
        state.players, "collecting", hands, state.peasant_discard, tuple(collected), targets, state.turn,
        bids, totals, state.passed, pos, tuple(bid_open), state.bid_taken, table,
    )
    if targets and pos < len(table.order):  # the common case: the next collector takes one of them
        return new, [event]
    return move_collector(new, [event])


def take_bid(state: State, action: TakeBid) -> tuple[State, list[Event]]:
    fields = action.__dict__  # one read through pydantic's `__getattr__` hook, not two
    seat, owner = fields["seat"], fields["owner"]
    players = state.players
    if not 0 <= owner < len(players):
        raise RuleError("There is no such bid.")
    owner_name = players[owner].name
    if owner == seat:
        raise RuleError("You cannot take your own bid.")
    bid_taken = state.bid_taken
    if bid_taken[owner]:
        raise RuleError(f"{owner_name}'s bid has already been taken.")
    bids = state.bids
    bid = bids[owner]
    if not bid:
        raise RuleError(f"{owner_name} bid nothing; there is no bid to take.")
    bid_open = list(state.bid_open)
    if not bid_open[owner]:
        raise RuleError(f"{owner_name}'s bid is not a target until {owner_name} has collected.")
    totals = state.totals
    event = Event.of("info", TAKES_BID, players[seat].name, totals[seat], owner_name, Lazy(words.goodes, bid))
    bid_open[owner] = False
    bid_open[seat] = bids[seat] != ()  # their spent bid is a target now
    taken = list(bid_taken)
    taken[owner] = True
    hands = list(state.hands)
    hands[seat] += bid
    new = make_state(
        players, "collecting", tuple(hands), state.peasant_discard, state.collected, state.targets, state.turn,
        bids, totals, state.passed, state.collect_pos + 1, tuple(bid_open), tuple(taken), state.table,
    )
    return move_collector(new, [event])


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
        events.append(Event.of("info", NOTHING_TO_TAKE, state.players[seat].name))
        # their spent bid is a target now
        bid_open = bid_open[:seat] + (state.bids[seat] != (),) + bid_open[seat + 1 :]
        pos += 1
    state = make_state(
        state.players, state.phase, state.hands, state.peasant_discard, state.collected, targets, state.turn,
        state.bids, state.totals, state.passed, pos, bid_open, state.bid_taken, state.table,
    )
    if pos == end:
        return round_end.end_round(state, events)
    return state, events
