"""A sensible Bleeding Sherwood bot: values the targets and bids just enough to win the
best one cheaply; collects what is worth most to it."""

from __future__ import annotations

import random
from collections.abc import Callable
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
    n = len(table.seats)
    effects = " ".join(table.effects)
    my_bid = table.seats[me].bid_total
    hand = sorted(view.hand, key=lambda c: c.value)
    if not hand:
        return actions.pass_
    if "zero collects nothing" in effects and my_bid == 0:
        return actions.plays[hand[0].id]
    if "lowest bid collects first" in effects:
        return actions.pass_
    order: Callable[[int], int] = lambda s: (s - table.first) % n
    rivals = [s for s in range(n) if s != me]
    top = max(rivals, key=lambda s: (table.seats[s].bid_total, -order(s)))
    top_bid = table.seats[top].bid_total
    ahead = my_bid > top_bid or (my_bid == top_bid and order(me) < order(top))
    if ahead:
        return actions.pass_
    best = max((target_worth(t) for t in table.targets), default=0)
    budget = (0.8 if table.classic else 0.55) * best + rnd.uniform(-2, 2)
    needed = top_bid - my_bid + (0 if order(me) < order(top) else 1)
    for card in hand:
        if card.value >= needed and my_bid + card.value <= budget:
            return actions.plays[card.id]
    if my_bid + hand[0].value <= budget / 2 and len(hand) > 3 and rnd.random() < 0.3:
        return actions.plays[hand[0].id]  # build towards a later raise
    return actions.pass_
