"""What must hold in every state of Sheriff of Nottingham (checked by the soak runs and
the property tests): every card is in exactly one place, gold is neither made nor lost,
nobody's gold is negative, hands and bags keep their limits."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from sherwood_tui.games.sheriff.rules.data import deck, load

if TYPE_CHECKING:
    from sherwood_tui.games.sheriff.rules.model import State


def all_cards(state: State) -> list[int]:
    """Every card id in every zone of the state."""
    out = list(state.draw_pile) + list(state.discards[0]) + list(state.discards[1])
    for zone in (state.hands, state.bags, state.stands_up, state.stands_down):
        for cards in zone:
            out += cards
    return out + list(state.set_aside) + list(state.confiscated)


@cache
def sorted_deck(players: int, royal: bool) -> list[int]:
    return sorted(deck(players, royal))


def problems(state: State) -> list[str]:
    """The broken invariants of this state (empty when all hold)."""
    n, data = len(state.players), load()
    found = []
    if sorted(all_cards(state)) != sorted_deck(n, state.options.royal_goods):
        found.append("a card appeared or vanished")
    if sum(state.gold) != data.starting_gold * n:
        found.append(f"gold appeared or vanished ({sum(state.gold)} in play, not {data.starting_gold * n})")
    if min(state.gold) < 0:
        found.append(f"negative gold: {state.gold}")
    if any(len(hand) > data.hand_size for hand in state.hands):
        found.append(f"a hand holds more than {data.hand_size} cards")
    if any(len(bag) > data.bag_max for bag in state.bags):
        found.append(f"a bag holds more than {data.bag_max} cards")
    return found
