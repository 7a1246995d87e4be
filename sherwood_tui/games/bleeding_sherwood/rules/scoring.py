"""Scores (the Peasants' points; Goodes in hand break ties) and the collection order."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from sherwood_tui.core.contract import ScoreLine
from sherwood_tui.games.bleeding_sherwood.rules.model import State, bid_total, score_of


@cache  # a few tables of at most six seats
def bidding_order(n: int, first: int) -> tuple[int, ...]:
    """The seats of a table of `n` in bidding order, from `first`."""
    return tuple([(first + k) % n for k in range(n)])


def ranking(totals: Sequence[int], first: int) -> list[int]:
    """Seats from the highest bid total down; ties (and zeros) to the earliest bidder."""
    # a stable sort (reverse=True keeps ties in order) of the seats in bidding order
    return sorted(bidding_order(len(totals), first), key=totals.__getitem__, reverse=True)


def scores(state: State) -> list[ScoreLine]:
    return [
        ScoreLine(
            seat=s,
            name=p.name,
            total=float(score_of(state.collected[s])),
            parts={"Peasants": float(score_of(state.collected[s]))},
            tiebreak=(float(bid_total(state.hands[s])),),
        )
        for s, p in enumerate(state.players)
    ]


TIEBREAK = 1 / 1000  # Goodes in hand break ties only: a point of them is worth this at the end
# Before the end, a point of Goodes in hand is worth this many points (what it will win in
# later bids, or take as a spent bid). The expert at 300 playouts against three sensible
# bots, 4 players, 40 games (seeds 1-40, 2026-12-07): seat 1 won 60% counting the hand as
# nothing (its tie-break only), 71% at 0.3, 85-88% at 0.6 (two runs), 78% at 1.0.
HAND_WORTH = 0.6


def search_totals(state: State) -> list[float]:
    """Each seat's total as the end would count it now: its Peasants' points, and the
    Goodes in its hand as the tie-break (a small fraction of a point); before the end,
    its hand's worth in later bids too."""
    worth = TIEBREAK if state.phase == "over" else TIEBREAK + HAND_WORTH
    return [score_of(got) + worth * bid_total(hand) for got, hand in zip(state.collected, state.hands)]


def winners(collected: tuple[tuple[int, ...], ...], hands: tuple[tuple[int, ...], ...]) -> list[int]:
    """The winning seats: the most points, then the most Goodes (by value) in hand."""
    marks = [(score_of(c), bid_total(h)) for c, h in zip(collected, hands)]
    best = max(marks)
    return [s for s, mark in enumerate(marks) if mark == best]


def ending(state: State) -> str:
    """How the game ended, in a word or three (for the simulator)."""
    if "points" in state.end_reason:
        return "a player reached the winning score"
    return "Peasant deck empty" if "Peasant" in state.end_reason else "Goodes deck empty"
