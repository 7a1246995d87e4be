"""Loading: every merchant at once seals a bag of 1-5 cards from the hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sheriff.rules.model import DATA, LoadBag, State, Turn
from sherwood_tui.games.sheriff.rules.phases.deck import set_tuple
from sherwood_tui.games.sheriff.rules.phases.declare import after_declare
from sherwood_tui.games.sheriff.rules.turns import loaders
from sherwood_tui.games.sheriff.rules.wording import CARDS

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event

LOADED = "{0} loaded a bag of {1}."
ALL_SEALED = "Every bag is sealed: declarations!"


def load(state: State, action: LoadBag) -> tuple[State, list[Event]]:
    seat, cards = action.seat, tuple(action.cards)
    if len(cards) < DATA.bag_min:
        raise RuleError("Put at least one card in your bag.")
    if len(cards) > DATA.bag_max:
        raise RuleError(f"A bag holds at most {DATA.bag_max} cards.")
    chosen = set(cards)
    if len(chosen) != len(cards):
        raise RuleError("Each card can go in the bag only once.")
    hand = state.hands[seat]
    if not chosen.issubset(hand):
        raise RuleError("You can only load cards from your hand.")
    t = Turn(state)
    t.hands = set_tuple(state.hands, seat, tuple(c for c in hand if c not in chosen))
    t.bags = set_tuple(state.bags, seat, cards)
    t.say(LOADED, t.name(seat), CARDS[len(cards)])
    return after_load(t)


def after_load(t: Turn) -> tuple[State, list[Event]]:
    """Once every bag is sealed, the declarations begin."""
    if loaders(t):
        return t.finish()
    t.step = "declare"
    t.say(ALL_SEALED)
    return after_declare(t)
