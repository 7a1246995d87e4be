"""The market: each merchant in turn from the Sheriff's left sets aside 0-5 cards, draws
back to six (discard-pile tops first: once the draw pile is used, no more discard-pile
cards), then puts the set-aside cards on one discard pile in a chosen order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import Lazy
from sherwood_tui.core.wording import count as counted
from sherwood_tui.games.sheriff.rules.model import (
    DATA,
    HAND_SIZE,
    NAME,
    Draw,
    PlaceAside,
    SetAside,
    State,
    Turn,
)
from sherwood_tui.games.sheriff.rules.phases.deck import draw_from, draw_sources, set_tuple
from sherwood_tui.games.sheriff.rules.phases.load import after_load
from sherwood_tui.games.sheriff.rules.wording import CARDS, PILE_NAME, names

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event

SETS_ASIDE = "{0} sets aside {1}."
KEEPS_HAND = "{0} keeps the whole hand."
TAKES = "{0} takes {1} from {2}."
DRAWS = "{0} draws {1} from the draw pile."
PUTS = "{0} puts {1} on {2} ({3} on top)."
MARKET_CLOSED = "The market is closed: merchants, load your bags."


def set_aside(state: State, action: SetAside) -> tuple[State, list[Event]]:
    seat, cards = action.seat, tuple(action.cards)
    if len(cards) > DATA.set_aside_max:
        raise RuleError(f"You can set aside at most {DATA.set_aside_max} cards.")
    chosen = set(cards)
    if len(chosen) != len(cards):
        raise RuleError("Each card can be set aside only once.")
    hand = state.hands[seat]
    if not chosen.issubset(hand):
        raise RuleError("You can only set aside cards from your hand.")
    t = Turn(state)
    if cards:
        t.say(SETS_ASIDE, t.name(seat), CARDS[len(cards)])
        t.hands = set_tuple(state.hands, seat, tuple(c for c in hand if c not in chosen))
    else:
        t.say(KEEPS_HAND, t.name(seat))
    t.set_aside = cards
    t.drew_from_pile = False
    return _goes_on(t)


def _goes_on(t: Turn) -> tuple[State, list[Event]]:
    """After a market step: the merchant draws while the hand is short and there is
    something to draw, then puts the set-aside cards back; then the next merchant."""
    if len(t.hands[t.market_seat]) < HAND_SIZE and draw_sources(
        t.drew_from_pile, t.discards, t.draw_pile
    ):
        t.step = "draw"
        return t.finish()
    if t.set_aside:
        t.step = "place"
        return t.finish()
    return _next_market(t)


def draw(state: State, action: Draw) -> tuple[State, list[Event]]:
    seat, pile, count = action.seat, action.from_discard, action.count
    need = HAND_SIZE - len(state.hands[seat])
    if count < 1:
        raise RuleError("Draw at least one card.")
    if count > need:
        raise RuleError(f"You may draw only {counted(need, 'more card')} (back up to six).")
    t = Turn(state)
    if pile is not None:
        if pile not in (0, 1):
            raise RuleError("There are only two discard piles.")
        if state.drew_from_pile:
            raise RuleError(
                "Discard-pile cards must be drawn before draw-pile cards: you have "
                "already drawn from the draw pile."
            )
        stack = state.discards[pile]
        if not stack:
            raise RuleError(f"{PILE_NAME[pile].capitalize()} is empty.")
        if count > len(stack):
            raise RuleError(
                f"{PILE_NAME[pile].capitalize()} holds only {counted(len(stack), 'card')}."
            )
        taken = stack[-count:][::-1]  # the top card first
        t.say(TAKES, t.name(seat), Lazy(names, taken), PILE_NAME[pile])
        t.discards = set_tuple(state.discards, pile, stack[:-count])
    else:
        taken = draw_from(t, count)
        if not taken:
            raise RuleError("There is nothing left to draw from the draw pile.")
        t.say(DRAWS, t.name(seat), CARDS[len(taken)])
        t.drew_from_pile = True
    t.hands = set_tuple(state.hands, seat, state.hands[seat] + taken)
    return _goes_on(t)


def place(state: State, action: PlaceAside) -> tuple[State, list[Event]]:
    pile, order = action.pile, tuple(action.order)
    if pile not in (0, 1):
        raise RuleError("There are only two discard piles.")
    if sorted(order) != sorted(state.set_aside):
        raise RuleError("Put back exactly the cards you set aside, each once.")
    t = Turn(state)
    t.say(PUTS, t.name(action.seat), Lazy(names, order), PILE_NAME[pile], NAME[order[-1]])
    t.discards = set_tuple(state.discards, pile, state.discards[pile] + order)
    return _next_market(t)


def _next_market(t: Turn) -> tuple[State, list[Event]]:
    """The next merchant's market turn, or loading once every merchant has had one."""
    nxt = (t.market_seat + 1) % len(t.players)
    t.set_aside = ()
    t.drew_from_pile = False
    if nxt != t.sheriff:
        t.market_seat = nxt
        t.step = "set_aside"
        return t.finish()
    t.market_seat = None
    t.step = "load"
    t.say(MARKET_CLOSED)
    return after_load(t)
