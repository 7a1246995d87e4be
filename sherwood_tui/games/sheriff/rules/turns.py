"""Who decides now. The functions read any object with the state's fields: a state, or
a step's `Turn` draft. The steps themselves (who acts in each) are in `steps.py`."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sherwood_tui.games.sheriff.rules.model import State, Turn

    Board = State | Turn  # a state, or a step's draft of one


@cache
def merchant_order(players: int, sheriff: int) -> tuple[int, ...]:
    """The merchants in order from the Sheriff's left."""
    return tuple((sheriff + k) % players for k in range(1, players))


def pending_bags(state: Board) -> list[int]:
    """Merchants whose bag is still closed, in order from the Sheriff's left."""
    bags = state.bags
    return [m for m in merchant_order(len(bags), state.sheriff) if bags[m]]


def declarer(state: Board) -> int | None:
    """The next merchant to declare (in order from the Sheriff's left)."""
    bags, declarations = state.bags, state.declarations
    for m in merchant_order(len(bags), state.sheriff):
        if bags[m] and declarations[m] is None:
            return m
    return None


def loaders(state: Board) -> list[int]:
    """The merchants still loading: no sealed bag yet, and cards to load."""
    bags, hands = state.bags, state.hands
    return [m for m in merchant_order(len(bags), state.sheriff) if not bags[m] and hands[m]]
