"""A sensible Bleeding Sherwood bot: values the targets and bids just enough to win the
best one cheaply; collects what is worth most to it."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from sherwood_tui.games.bleeding_sherwood.rules.legal import seat_actions
from sherwood_tui.games.bleeding_sherwood.rules.model import Action, Pass, PlayGoode, TakeBid, TakeTarget
from sherwood_tui.games.bleeding_sherwood.rules.views import SeatView, TargetView

GOODE_WORTH = 0.5  # a Goode is bidding money, worth about half its value in points


def target_worth(target: TargetView) -> float:
    return target.value + GOODE_WORTH * sum(g.value for g in target.goodes)


def sensible(view: SeatView, legal: list[Any], rnd: random.Random) -> Action:
    """The bot's action; `legal`: the phase's moves (plays and a pass, or takes)."""
    if view.table.phase == "bidding":
        return _bid(view, legal, rnd)
    return _collect(view, legal)


def _collect(view: SeatView, legal: list[TakeTarget | TakeBid]) -> TakeTarget | TakeBid:
    table = view.table

    def worth(action: TakeTarget | TakeBid) -> float:
        if isinstance(action, TakeTarget):
            return target_worth(next(t for t in table.targets if t.peasant == action.peasant))
        return GOODE_WORTH * 1.2 * table.seats[action.owner].bid_total

    return max(legal, key=worth)


def _bid(view: SeatView, legal: list[PlayGoode | Pass], rnd: random.Random) -> PlayGoode | Pass:
    table, me = view.table, view.seat
    actions = seat_actions(me)  # the shared action objects, as in `legal`
    effects = " ".join(table.effects)
    my_bid = table.seats[me].bid_total
    hand = sorted(view.hand, key=lambda c: c.value)
    if not hand:
        return actions.pass_
    if "zero collects nothing" in effects and my_bid == 0:
        return actions.plays[hand[0].id]
    if "lowest bid collects first" in effects:
        return actions.pass_
    best = max((target_worth(t) for t in table.targets), default=0)
    card = bid_card([(c.id, c.value) for c in hand], [seat.bid_total for seat in table.seats], me, table.first,
                    best=best, classic=table.options.classic_1996, rnd=rnd)
    return actions.pass_ if card is None else actions.plays[card]


def bid_card(hand: Sequence[tuple[int, int]], totals: Sequence[int], me: int, first: int, *, best: float,
             classic: bool, rnd: random.Random) -> int | None:
    """The sensible bid's Goode (None: pass), from plain facts, as both the bot (from its
    view) and the expert's playouts (from a state's fields) read them: `hand` (card, value)
    cheapest first, every seat's bid total, the first bidder, the worth of the best target."""
    n = len(totals)
    my_bid = totals[me]
    order: Callable[[int], int] = lambda s: (s - first) % n
    top = max((s for s in range(n) if s != me), key=lambda s: (totals[s], -order(s)))
    top_bid = totals[top]
    if my_bid > top_bid or (my_bid == top_bid and order(me) < order(top)):
        return None  # it leads
    budget = (0.8 if classic else 0.55) * best + rnd.uniform(-2, 2)
    needed = top_bid - my_bid + (0 if order(me) < order(top) else 1)
    for card, value in hand:
        if value >= needed and my_bid + value <= budget:
            return card
    if my_bid + hand[0][1] <= budget / 2 and len(hand) > 3 and rnd.random() < 0.3:
        return hand[0][0]  # build towards a later raise
    return None
