"""The market: each merchant in turn from the Sheriff's left sets aside 0-5 cards (one
at a time, then done), draws back to six one card at a time (discard-pile tops first:
once the draw pile is used, no more discard-pile cards), then puts the set-aside cards
on one discard pile one at a time (the first chooses the pile), then is done."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sherwood_tui.core.draft import replaced, updater
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.wording import Lazy
from sherwood_tui.games.sheriff.rules.model import (
    DATA,
    HAND_SIZE,
    NAME,
    Draw,
    PlaceAside,
    SetAside,
    SetAsideCard,
    State,
    Turn,
)
from sherwood_tui.games.sheriff.rules.phases.deck import draw_from, draw_sources
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


card_set_aside = updater(State, "hands", "set_aside")  # a small move's new state (`evolve` made once)


def set_aside_card(state: State, action: SetAsideCard) -> tuple[State, list[Event]]:
    seat, card = action.seat, action.card
    if len(state.set_aside) >= DATA.set_aside_max:
        raise RuleError(f"You can set aside at most {DATA.set_aside_max} cards.")
    hand = state.hands[seat]
    if card not in hand:
        raise RuleError("You can only set aside cards from your hand.")
    return card_set_aside(
        state, hands=replaced(state.hands, seat, tuple(c for c in hand if c != card)),
        set_aside=state.set_aside + (card,),
    ), []


def set_aside(state: State, action: SetAside) -> tuple[State, list[Event]]:
    """Done setting aside: on to drawing (or to the next merchant)."""
    t = Turn(state)
    if state.set_aside:
        t.say(SETS_ASIDE, t.name(action.seat), CARDS[len(state.set_aside)])
    else:
        t.say(KEEPS_HAND, t.name(action.seat))
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
    seat, pile = action.seat, action.from_discard
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
        taken = stack[-1:]
        t.say(TAKES, t.name(seat), NAME[taken[0]], PILE_NAME[pile])
        t.discards = replaced(state.discards, pile, stack[:-1])
    else:
        taken = draw_from(t, 1)
        if not taken:
            raise RuleError("There is nothing left to draw from the draw pile.")
        t.say(DRAWS, t.name(seat), CARDS[1])
        t.drew_from_pile = True
    t.hands = replaced(state.hands, seat, state.hands[seat] + taken)
    return _goes_on(t)


def place(state: State, action: PlaceAside) -> tuple[State, list[Event]]:
    if state.set_aside:
        raise RuleError(f"Put back every card you set aside first ({CARDS[len(state.set_aside)]} left).")
    t = Turn(state)
    placed, pile = state.placed, state.pile
    t.say(PUTS, t.name(action.seat), Lazy(names, placed), PILE_NAME[pile], NAME[placed[-1]])  # type: ignore[index]  # a card was put
    t.pile, t.placed = None, ()
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
