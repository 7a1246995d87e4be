"""What is secret: the Goodes in a seat's hand that the table did not see it take, and
the decks' order. `scramble` swaps every secret a seat may not know (for the privacy tests)."""

from __future__ import annotations

from collections.abc import Sequence

from sherwood_tui.core.draft import evolve
from sherwood_tui.core.rng import shuffled
from sherwood_tui.games.bleeding_sherwood.rules.model import CARDS, State


def scramble(state: State, keep_seat: int, seed: int) -> State:
    """The other seats' secret Goodes (those the table did not see them take) dealt
    afresh from theirs and the Goode deck, and the Peasant deck shuffled; each different
    from before wherever it can be (two cards or more), so that a privacy test never
    compares a state with itself."""
    others = [s for s in range(len(state.players)) if s != keep_seat]
    table = state.table
    seen = secret_free(state)
    secret = [g for s in others for g in state.hands[s] if g not in seen] + list(table.goode_deck)
    pool, seed = _another_order(seed, secret)
    hands = list(state.hands)
    for s in others:
        public = tuple(g for g in hands[s] if g in seen)
        size = len(hands[s]) - len(public)
        hands[s], pool = public + pool[:size], pool[size:]
    peasants, _ = _another_order(seed, table.peasant_deck)
    table = evolve(table, goode_deck=pool, peasant_deck=peasants)
    return evolve(state, hands=tuple(hands), table=table)


def secret_free(state: State) -> set[int]:
    """The Goodes in hands that the table saw taken (and not bid since)."""
    return {g for held in state.known for g in held}


def _another_order(seed: int, cards: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """`cards` shuffled (cards are unique: if the shuffle kept their order, turned by
    one), and the next seed."""
    order, seed = shuffled(seed, cards)
    if len(order) > 1 and list(order) == list(cards):
        order = order[1:] + order[:1]
    return order, seed


def secret_texts(state: State, seat: int) -> set[str]:
    goodes = CARDS.goodes
    return {goodes[g].name for g in state.hands[seat] if g not in state.revealed}
