"""Collecting: every bidder in order from the highest bid (ties to the earlier bidder)
takes one target: a centre Peasant with its Goodes, or the spent bid of a player who
has already collected. After the last, the round ends."""

from __future__ import annotations

from sherwood_tui.core.contract import Event
from sherwood_tui.core.draft import Draft, evolve
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import Lazy
from sherwood_tui.games.bleeding_sherwood import words
from sherwood_tui.games.bleeding_sherwood.model import (
    PEASANT_LABELS,
    State,
    Step,
    TakeBid,
    TakeTarget,
    bid_total,
    replaced,
)
from sherwood_tui.games.bleeding_sherwood.phases import round_end
from sherwood_tui.games.bleeding_sherwood.scoring import ranking

ORDER = "Everyone has passed. Collection order: {0}."
NOTHING_TO_TAKE = "{0} finds nothing left to take."
TAKES = "{0} (bid {1}) takes {2}."
TAKES_WITH = "{0} (bid {1}) takes {2} and {3}."
TAKES_BID = "{0} (bid {1}) takes {2}'s bid: {3}."


def begin(draft: Draft, events: list[Event]) -> tuple[State, list[Event]]:
    """Everyone has passed: settle the collection order and call the first collector."""
    totals = list(map(bid_total, draft.bids))
    table = draft.table
    ranked = order = ranking(totals, table.first)
    effects = table.effects
    if table.classic:  # 1996: only the highest bid captures anything (whatever the Jester)
        order = order[:1]
    elif "reverse_order" in effects:
        order = order[::-1]
    if "no_zero_capture" in effects:
        order = [s for s in order if totals[s] > 0]
    players = draft.players
    listed = Lazy(words.names_with, [players[s] for s in order], [totals[s] for s in order], "{} ({})", "nobody")
    events.append(Event.of("info", ORDER, listed))
    draft.phase = "collecting"
    draft.table = evolve(table, order=tuple(order), high_bidder=ranked[0])
    return move_collector(draft, 0, events)


def take_target(state: State, action: TakeTarget) -> tuple[State, list[Event]]:
    seat, peasant = action.seat, action.peasant
    targets = state.targets
    for target in targets:
        if target.peasant == peasant:
            break
    else:
        raise RuleError("That Peasant is not on the table.")
    goodes, bids, hands, collected = target.goodes, state.bids, state.hands, state.collected
    total = bid_total(bids[seat])
    name = state.players[seat].name
    if goodes:
        event = Event.of("info", TAKES_WITH, name, total, PEASANT_LABELS[peasant], Lazy(words.goodes, goodes))
    else:
        event = Event.of("info", TAKES, name, total, PEASANT_LABELS[peasant])
    draft = Step(state)
    draft.targets = tuple([t for t in targets if t is not target])
    draft.collected = replaced(collected, seat, collected[seat] + (peasant,))
    if goodes:
        draft.hands = replaced(hands, seat, hands[seat] + goodes)
    draft.bid_open = replaced(state.bid_open, seat, bool(bids[seat]))  # their spent bid is a target now
    return move_collector(draft, state.collect_pos + 1, [event])


def take_bid(state: State, action: TakeBid) -> tuple[State, list[Event]]:
    seat, owner = action.seat, action.owner
    players = state.players
    if not 0 <= owner < len(players):
        raise RuleError("There is no such bid.")
    owner_name = players[owner].name
    if owner == seat:
        raise RuleError("You cannot take your own bid.")
    if state.bid_taken[owner]:
        raise RuleError(f"{owner_name}'s bid has already been taken.")
    bids = state.bids
    bid = bids[owner]
    if not bid:
        raise RuleError(f"{owner_name} bid nothing; there is no bid to take.")
    bid_open = list(state.bid_open)
    if not bid_open[owner]:
        raise RuleError(f"{owner_name}'s bid is not a target until {owner_name} has collected.")
    event = Event.of("info", TAKES_BID, players[seat].name, bid_total(bids[seat]), owner_name, Lazy(words.goodes, bid))
    bid_open[owner] = False
    bid_open[seat] = bool(bids[seat])  # their spent bid is a target now
    draft = Step(state)
    draft.bid_taken = replaced(state.bid_taken, owner, True)
    draft.hands = replaced(state.hands, seat, state.hands[seat] + bid)
    draft.bid_open = tuple(bid_open)
    return move_collector(draft, state.collect_pos + 1, [event])


def move_collector(draft: Draft, pos: int, events: list[Event]) -> tuple[State, list[Event]]:
    """Move on to the collector at `pos` of the order, past those with nothing left to
    take; end the round after the last."""
    order, targets, bid_open = draft.table.order, draft.targets, draft.bid_open
    while pos < len(order):
        seat = order[pos]
        # something to take: a centre target, or an open bid other than their own
        if targets or bid_open.count(True) > bid_open[seat]:
            break
        events.append(Event.of("info", NOTHING_TO_TAKE, draft.players[seat].name))
        bid_open = replaced(bid_open, seat, bool(draft.bids[seat]))  # their spent bid is a target now
        pos += 1
    draft.bid_open, draft.collect_pos = bid_open, pos
    if pos == len(order):
        return round_end.end_round(draft, events)
    return draft.done(), events

