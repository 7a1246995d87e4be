"""What must hold in every state of Bleeding Sherwood (checked by the soak runs and the
property tests): every Goode and every Peasant is in exactly one place, and each bid's
total is the value of its Goodes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sherwood_tui.games.bleeding_sherwood.rules.data import cards
from sherwood_tui.games.bleeding_sherwood.rules.model import bid_total

if TYPE_CHECKING:
    from sherwood_tui.games.bleeding_sherwood.rules.model import State


def all_goodes(state: State) -> list[int]:
    """Every Goode in every zone: decks, discards, hands, targets and untaken bids."""
    taken = state.bid_taken or (False,) * len(state.bids)
    return (
        list(state.goode_deck) + list(state.goode_discard)
        + [g for hand in state.hands for g in hand]
        + [g for target in state.targets for g in target.goodes]
        + [g for bid, gone in zip(state.bids, taken) if not gone for g in bid]
    )


def all_peasants(state: State) -> list[int]:
    """Every Peasant in every zone: deck, discard, collections and targets."""
    return (
        list(state.peasant_deck) + list(state.peasant_discard)
        + [p for got in state.collected for p in got] + [t.peasant for t in state.targets]
    )


def problems(state: State) -> list[str]:
    """The broken invariants of this state (empty when all hold)."""
    found = []
    if sorted(all_goodes(state)) != list(range(len(cards().goodes))):
        found.append("Goodes appeared or vanished")
    if sorted(all_peasants(state)) != list(range(len(cards().peasants))):
        found.append("Peasants appeared or vanished")
    if list(state.totals) != [bid_total(bid) for bid in state.bids]:
        found.append("A bid's total is not the sum of its Goodes")
    return found
