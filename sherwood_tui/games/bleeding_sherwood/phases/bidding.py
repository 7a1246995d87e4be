"""Bidding: around the table, each bidder adds one Goode to their bid or passes (final).
A bidder with no Goodes left passes at once. Once everyone has passed, collection
begins."""

from __future__ import annotations

from sherwood_tui.core.contract import Event
from sherwood_tui.core.draft import Draft
from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.bleeding_sherwood.model import GOODE_LABELS, Pass, PlayGoode, State, Step, bid_total, replaced
from sherwood_tui.games.bleeding_sherwood.phases import collecting

BID = "{0} bids {1}; {0}'s bid is now {2}."
PASSES = "{0} passes with a bid of {1}."
NOTHING_LEFT = "{0} has no Goodes left and passes with a bid of {1}."


def play_goode(state: State, action: PlayGoode) -> tuple[State, list[Event]]:
    seat, card = action.seat, action.card
    hands = state.hands
    hand = hands[seat]
    if card not in hand:
        raise RuleError("That Goode is not in your hand.")
    draft = Step(state)
    index = hand.index(card)
    draft.hands = replaced(hands, seat, hand[:index] + hand[index + 1 :])
    bid = state.bids[seat] + (card,)
    draft.bids = replaced(state.bids, seat, bid)
    events = [Event.of("info", BID, state.players[seat].name, GOODE_LABELS[card], bid_total(bid))]
    return move_turn(draft, seat + 1, events)


def pass_(state: State, action: Pass) -> tuple[State, list[Event]]:
    seat = action.seat
    events = [Event.of("info", PASSES, state.players[seat].name, bid_total(state.bids[seat]))]
    draft = Step(state)
    draft.passed = replaced(state.passed, seat, True)
    return move_turn(draft, seat + 1, events)


def move_turn(draft: Draft, start: int, events: list[Event]) -> tuple[State, list[Event]]:
    """Pass the turn round the table, from seat `start`, to the first bidder who has not
    passed; once everyone has passed, the turn stays with the last to pass and
    collection begins."""
    hands, passed = draft.hands, draft.passed
    n = len(passed)
    turn = (start - 1) % n
    for k in range(n):
        seat = (start + k) % n
        if passed[seat]:
            continue
        turn = seat
        if hands[seat]:
            break
        passed = replaced(passed, seat, True)
        name = draft.players[seat].name
        events.append(Event.of("info", NOTHING_LEFT, name, bid_total(draft.bids[seat])))
    draft.passed, draft.turn = passed, turn
    if passed[turn]:  # the turn rests on a passed seat only once everyone has passed
        return collecting.begin(draft, events)
    return draft.done(), events
