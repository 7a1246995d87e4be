"""The expert: information-set Monte Carlo tree search from one seat's view.

Single-observer IS-MCTS (Cowling, Powley and Whitehouse, 2012): each playout samples a
full game that fits everything the seat knows (`Game.determinize(view, rnd)`: other
hands, bags, parties and the decks' order drawn at random among those its view allows),
walks down one tree shared by every sample (at each node only the moves legal in this
sample count: a child's *availability* is how often it could have been chosen), adds
one node, plays the game out through the core's `playout` with a rollout policy, and
adds the result (each seat's share of the win) along its path. The move played is the
root's most visited child.

Given a proposer of whole decisions (the bots give the sensible bot's), the expert
instead weighs, by flat Monte Carlo over sampled states (`best_proposal`), the distinct
decisions it proposes and every legal move that is a decision alone: a decision of
many small moves (a bag, a bribe with any amount of gold) is too wide for a tree at a
small budget.

The search never sees the true state: it is built from the seat's view alone, so
scrambling the other seats' secrets cannot change what it decides (same seed, same
budget). The budget is a number of playouts, so the choice does not depend on the
machine's speed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sherwood_tui.core.contract import AnyGame
from sherwood_tui.core.playout import playout
from sherwood_tui.core.steps import as_moves

EXPLORATION = 0.7  # UCB1's constant over win shares in [0, 1]


class Node:
    """A node of the tree: the move that led here, its visits and availability, and the
    sum of each seat's win share over the playouts through it."""

    __slots__ = ("seat", "move", "visits", "available", "reward", "children")

    def __init__(self, seat: int, move: Any, seats: int) -> None:
        self.seat = seat  # who made `move`
        self.move = move
        self.visits = 0
        self.available = 0
        self.reward = [0.0] * seats
        self.children: dict[Any, Node] = {}

    def value(self) -> float:
        """The mean win share of the seat that moved here."""
        return self.reward[self.seat] / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class Choice:
    """One of the seat's moves now, as the search judged it."""

    move: Any
    visits: int
    wins: float  # the estimated share of the win after this move (0 to 1)
    then: tuple[Any, ...] = ()  # the rest of the decision the search would make (its small moves)


Rollout = Callable[[Any, int, random.Random], Any]  # (state, seat, rnd) -> a decision


def win_shares(game: AnyGame, state: Any) -> list[float]:
    """Each seat's share of the win at the end (1 / the number of winners, or 0)."""
    winners = game.winners(state)
    shares = [0.0] * len(state.players)
    for seat in winners:
        shares[seat] = 1.0 / len(winners)
    return shares


def estimate(game: AnyGame, state: Any) -> list[float]:
    """Each seat's reward, summing to 1: half its share of the win (at the end, as the
    rules say) and half a softmax over the score totals, as wide as their spread (alone
    for a playout cut short). The scores' half tells a close loss from a rout, which a
    small budget needs: with the win alone, Bleeding Sherwood's expert:50 scored 59 on
    average against three sensible bots' 88; with both, 90 against their 87 (24 games
    each, seed 7, 2026-12-03)."""
    margin = score_softmax(game, state)
    if not game.is_over(state):
        return margin
    return [(win + score) / 2 for win, score in zip(win_shares(game, state), margin)]


def score_softmax(game: AnyGame, state: Any) -> list[float]:
    """A softmax over the seats' score totals (as they would count now, hidden parts
    included: `Game.search_totals`), as wide as their spread."""
    totals = game.search_totals(state)
    best = max(totals)
    spread = max(1.0, (sum((t - sum(totals) / len(totals)) ** 2 for t in totals) / len(totals)) ** 0.5)
    weights = [math.exp((t - best) / spread) for t in totals]
    whole = sum(weights)
    return [w / whole for w in weights]


class Search:
    """A search from one seat's view: `run(playouts)` grows the tree, `choices()` reads it."""

    def __init__(self, game: AnyGame, view: Any, *, seat: int, seats: int, legal: Sequence[Any],
                 rnd: random.Random, rollout: Rollout, rounds: int | None = None) -> None:
        self.game = game
        self.view = view
        self.seat = seat
        self.legal = list(legal)
        self.rnd = rnd
        self.rollout = rollout
        self.rounds = rounds  # a playout stops after this many rounds' ends (None: at the game's)
        self.seats = seats
        self.root = Node(seat, None, self.seats)

    def run(self, playouts: int, stop: Callable[[], bool] | None = None) -> None:
        """Grow the tree by `playouts` playouts (fewer if `stop()` says so between two)."""
        for _ in range(playouts):
            if stop is not None and stop():
                return
            self.playout_once()

    def playout_once(self) -> None:
        game, rnd = self.game, self.rnd
        state = game.determinize(self.view, rnd)
        node, path = self.root, [self.root]
        open_seat: int | None = self.seat
        while not game.is_over(state):
            seat = open_seat if open_seat is not None else self._actor(state)
            legal = self.legal if node is self.root else game.legal_actions(state, seat)
            children = node.children
            untried = [m for m in legal if m not in children]
            for move in legal:
                child = children.get(move)
                if child is not None:
                    child.available += 1
            if untried:
                move = rnd.choice(untried)
                child = children[move] = Node(seat, move, self.seats)
                child.available = 1
                state = game.apply(state, move)[0]
                path.append(child)
                open_seat = seat if move.part else None
                break
            best = self._select(children, legal)
            state = game.apply(state, best.move)[0]
            path.append(best)
            node = best
            open_seat = seat if best.move.part else None
        if not game.is_over(state):
            rollout, r = self.rollout, rnd
            state = playout(game, state, lambda s, seat: rollout(s, seat, r), rnd, rounds=self.rounds)[0]
        shares = estimate(game, state)
        for visited in path:
            visited.visits += 1
            reward = visited.reward
            for seat, share in enumerate(shares):
                reward[seat] += share

    def _actor(self, state: Any) -> int:
        seats = self.game.to_act(state)
        return seats[0] if len(seats) == 1 else self.rnd.choice(seats)

    @staticmethod
    def _select(children: dict[Any, Node], legal: Sequence[Any]) -> Node:
        best, best_score = None, -1.0
        for move in legal:
            child = children[move]
            score = child.reward[child.seat] / child.visits + EXPLORATION * math.sqrt(
                math.log(max(child.available, 1)) / child.visits
            ) if child.visits else math.inf
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best

    def choices(self) -> list[Choice]:
        """The seat's moves now, best first (most visited), each with the rest of the
        decision the search would make after it."""
        ranked = sorted(self.root.children.values(), key=lambda c: (c.visits, c.value()), reverse=True)
        out = []
        for child in ranked:
            then, node = [], child
            while node.move.part and node.children:
                nxt = max((c for c in node.children.values() if c.seat == self.seat),
                          key=lambda c: c.visits, default=None)
                if nxt is None or not nxt.visits:
                    break
                then.append(nxt.move)
                node = nxt
            out.append(Choice(child.move, child.visits, child.value(), tuple(then)))
        return out


PROPOSALS = 8  # how many times the proposer is asked for a decision (the distinct ones count)


def proposals_of(legal: Sequence[Any], propose: Callable[[random.Random], Any],
                 rnd: random.Random) -> list[tuple[Any, ...]]:
    """The whole decisions worth weighing: every legal move that is a decision alone,
    then the distinct decisions of `PROPOSALS` proposals, in the order first seen."""
    seen: dict[tuple[Any, ...], None] = {(move,): None for move in legal if not move.part}
    for _ in range(PROPOSALS):
        seen.setdefault(as_moves(propose(rnd)))
    return list(seen)


def weigh_proposals(game: AnyGame, view: Any, *, seat: int, proposals: Sequence[tuple[Any, ...]],
                    rnd: random.Random, playouts: int, rollout: Rollout, rounds: int | None = None,
                    stop: Callable[[], bool] | None = None) -> list[Choice]:
    """Some whole decisions (each a run of moves) weighed by flat Monte Carlo, best
    first (most visited): each playout samples a state from the view, plays the
    decision UCB1 picks, plays on with the rollout policy and scores it (`estimate`)."""
    visits, wins = [0] * len(proposals), [0.0] * len(proposals)
    for done in range(playouts):
        if stop is not None and stop():
            break
        untried = [k for k, n in enumerate(visits) if not n]
        if untried:
            pick = untried[0]
        else:
            log = math.log(done)
            pick = max(range(len(proposals)),
                       key=lambda k: wins[k] / visits[k] + EXPLORATION * math.sqrt(log / visits[k]))
        state = game.determinize(view, rnd)
        for move in proposals[pick]:
            state = game.apply(state, move)[0]
        if not game.is_over(state):
            state = playout(game, state, lambda s, who: rollout(s, who, rnd), rnd, rounds=rounds)[0]
        visits[pick] += 1
        wins[pick] += estimate(game, state)[seat]
    # a stable sort: among equals the first proposed leads (as `max` would pick it)
    ranked = sorted(range(len(proposals)), key=lambda k: (visits[k], wins[k]), reverse=True)
    return [Choice(proposals[k][0], visits[k], wins[k] / visits[k] if visits[k] else 0.0, tuple(proposals[k][1:]))
            for k in ranked]


def best_proposal(game: AnyGame, view: Any, *, seat: int, proposals: Sequence[tuple[Any, ...]],
                  rnd: random.Random, playouts: int, rollout: Rollout, rounds: int | None = None,
                  stop: Callable[[], bool] | None = None) -> tuple[Any, ...]:
    """The best of some whole decisions (`weigh_proposals`' first)."""
    best = weigh_proposals(game, view, seat=seat, proposals=proposals, rnd=rnd, playouts=playouts,
                           rollout=rollout, rounds=rounds, stop=stop)[0]
    return (best.move, *best.then)


def rank_decisions(game: AnyGame, view: Any, *, seat: int, seats: int, legal: Sequence[Any],
                   rnd: random.Random, playouts: int, rollout: Rollout, rounds: int | None = None,
                   stop: Callable[[], bool] | None = None, propose: Callable[[random.Random], Any] | None = None,
                   weigh_alone: bool = True) -> list[Choice]:
    """Every decision the expert would consider now, best first, each with its
    estimated share of the win (a hint's alternatives): with
    `propose(rnd)` (whole decisions: the sensible bot's), the distinct ones proposed and
    the legal moves that are decisions alone, weighed by flat Monte Carlo
    (`weigh_proposals`); without, the moves of a tree search (`Search`). A lone
    candidate is weighed too (its estimate is still worth telling), unless not
    `weigh_alone`: it is then returned unweighed (0 visits), as the expert plays it."""
    if not weigh_alone and len(legal) == 1:
        return [Choice(legal[0], 0, 0.0)]
    if propose is not None:
        proposals = proposals_of(legal, propose, rnd)
        if not weigh_alone and len(proposals) == 1:
            return [Choice(proposals[0][0], 0, 0.0, tuple(proposals[0][1:]))]
        return weigh_proposals(game, view, seat=seat, proposals=proposals, rnd=rnd, playouts=playouts,
                               rollout=rollout, rounds=rounds, stop=stop)
    search = Search(game, view, seat=seat, seats=seats, legal=legal, rnd=rnd, rollout=rollout, rounds=rounds)
    search.run(playouts, stop)
    return search.choices()


def expert_decision(game: AnyGame, view: Any, *, seat: int, seats: int, legal: Sequence[Any],
                    rnd: random.Random, playouts: int, rollout: Rollout, rounds: int | None = None,
                    stop: Callable[[], bool] | None = None,
                    propose: Callable[[random.Random], Any] | None = None) -> tuple[Any, ...]:
    """The expert's decision: the most visited move after `playouts` playouts, with the
    rest of its decision as the tree has it (no search when only one move is legal).
    With `propose(rnd)` (whole decisions: the sensible bot's), the best of the distinct
    ones proposed and of the legal moves that are decisions alone (`weigh_proposals`;
    no search when there is only one)."""
    best = rank_decisions(game, view, seat=seat, seats=seats, legal=legal, rnd=rnd, playouts=playouts,
                          rollout=rollout, rounds=rounds, stop=stop, propose=propose, weigh_alone=False)[0]
    return (best.move, *best.then)
