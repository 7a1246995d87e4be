"""Loading: every merchant at once puts 1-5 cards of the hand in the bag, one at a time,
then seals it. The table sees nothing of a bag before it is sealed (the cards stay in
the hand until then)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sherwood_tui.core.draft import replaced, updater
from sherwood_tui.core.errors import RuleError
from sherwood_tui.games.sheriff.rules.model import DATA, LoadBag, LoadCard, State, Turn
from sherwood_tui.games.sheriff.rules.phases.declare import after_declare
from sherwood_tui.games.sheriff.rules.turns import loaders
from sherwood_tui.games.sheriff.rules.wording import CARDS

if TYPE_CHECKING:
    from sherwood_tui.core.contract import Event

LOADED = "{0} loaded a bag of {1}."
ALL_SEALED = "Every bag is sealed: declarations!"


card_loaded = updater(State, "loading")  # a small move's new state (`evolve` made once)


def load_card(state: State, action: LoadCard) -> tuple[State, list[Event]]:
    seat, card = action.seat, action.card
    loading = state.loading[seat]
    if len(loading) >= DATA.bag_max:
        raise RuleError(f"A bag holds at most {DATA.bag_max} cards.")
    if card in loading:
        raise RuleError("Each card can go in the bag only once.")
    if card not in state.hands[seat]:
        raise RuleError("You can only load cards from your hand.")
    return card_loaded(state, loading=replaced(state.loading, seat, loading + (card,))), []


def load(state: State, action: LoadBag) -> tuple[State, list[Event]]:
    """Seal the bag of the cards put in it."""
    seat = action.seat
    cards = state.loading[seat]
    if len(cards) < DATA.bag_min:
        raise RuleError("Put at least one card in your bag.")
    t = Turn(state)
    t.hands = replaced(state.hands, seat, tuple(c for c in state.hands[seat] if c not in cards))
    t.bags = replaced(state.bags, seat, cards)
    t.loading = replaced(state.loading, seat, ())
    t.say(LOADED, t.name(seat), CARDS[len(cards)])
    return after_load(t)


def after_load(t: Turn) -> tuple[State, list[Event]]:
    """Once every bag is sealed, the declarations begin."""
    if loaders(t):
        return t.finish()
    t.step = "declare"
    t.say(ALL_SEALED)
    return after_declare(t)
