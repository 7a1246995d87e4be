"""Whose turn it is. The functions read any object with the state's fields: a state, or
a step's `Turn` draft."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import attrgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sherwood_tui.games.sheriff.rules.model import State, Turn

    Board = State | Turn  # a state, or a step's draft of one

PRIVATE_STEPS = frozenset(("set_aside", "draw", "place", "load", "declare", "offer", "pay"))


@cache
def merchant_order(players: int, sheriff: int) -> tuple[int, ...]:
    """The merchants in order from the Sheriff's left."""
    return tuple((sheriff + k) % players for k in range(1, players))


# players -> sheriff -> merchant_order(players, sheriff): a table for the hot path (a
# cached function's call costs more than its work)
ORDERS = tuple(tuple(merchant_order(n, s) for s in range(n)) for n in range(7))


def pending_bags(state: Board) -> list[int]:
    """Merchants whose bag is still closed, in order from the Sheriff's left."""
    bags = state.bags
    return list(filter(bags.__getitem__, ORDERS[len(bags)][state.sheriff]))


def declarer(state: Board) -> int | None:
    bags, declarations = state.bags, state.declarations
    for m in ORDERS[len(bags)][state.sheriff]:
        if bags[m] and declarations[m] is None:
            return m
    return None


def loaders(state: Board) -> list[int]:
    bags, hands = state.bags, state.hands
    return [m for m in ORDERS[len(bags)][state.sheriff] if not bags[m] and hands[m]]


def _debtor(state: Board) -> int:
    return state.debt.debtor  # type: ignore[union-attr]  # the pay step has a debt


# step -> the one seat that decides in it (every step but loading; nobody once over)
_ACTOR: dict[str, Callable[[Any], int | None]] = {
    "set_aside": attrgetter("market_seat"), "draw": attrgetter("market_seat"),
    "place": attrgetter("market_seat"), "declare": declarer, "choose": attrgetter("sheriff"),
    "offer": attrgetter("target"), "decide": attrgetter("sheriff"),
    "confiscate": attrgetter("sheriff"), "pay": _debtor, "over": lambda state: None,
}


def actor(state: Board, step: str) -> int | None:
    """The one seat that decides in this step (any but loading; None once over)."""
    return _ACTOR[step](state)


def to_act(state: Board) -> list[int]:
    step = state.step
    if step == "load":
        return loaders(state)
    seat = _ACTOR[step](state)
    return [] if seat is None else [seat]


def may_act(state: Board, step: str, seat: int) -> bool:
    if step == "load":  # a merchant with cards and no bag yet (as `loaders`)
        bags = state.bags
        return 0 <= seat < len(bags) and seat != state.sheriff and not bags[seat] and bool(
            state.hands[seat]
        )
    return seat == _ACTOR[step](state)


def is_private(state: Board, seat: int) -> bool:
    """Private: the market turn, loading, declaring, composing an offer and paying a
    debt with goods. The Sheriff's inspection choices are public."""
    return seat in to_act(state) and state.step in PRIVATE_STEPS
