"""The expert: a search over one seat's own decisions, from its view alone.

What it is, in the words of the literature: open-loop information-set Monte Carlo tree
search over the seat's own decisions (Cowling, Powley and Whitehouse, 2012; the Tabletop
Games Framework's open-loop MCTS), with the other seats played by a model of them, a root
chosen by sequential halving (Karnin, Koren and Somekh, 2013) with progressive widening,
and common random numbers. Step by step:

- **Candidates.** The game's kit (`ExpertKit`, `games/<game>/rules/expert.py`) lists the
  seat's whole decisions worth weighing, most promising first: every honest bag and each
  contraband mix, bribes of several sizes, parties by skill, and every legal move that is a
  decision alone. A decision of many small moves is one candidate (a bag, a bribe).
- **Beliefs.** The kit's `model(view)` reads what the seat has seen of the table this game
  (a merchant's opened bags, a Sheriff's inspections, a bidder's bid sizes) into what it
  believes of each opponent: `sample` draws the hidden things by it (a liar's bag is
  likelier to lie), and `rollout` plays the opponents by it.
- **Worlds.** Playout `i` samples world `i` (other hands, bags, parties, the decks'
  order) from the view and the beliefs with its own seed: every candidate is played on the
  same worlds (common random numbers), so two candidates differ by what they do, not by
  the luck of their draws.
- **Root.** The first `widen(budget)` candidates are opened (more as the budget grows:
  progressive widening); sequential halving plays each open candidate on the same worlds,
  drops the worse half, and goes on with the rest until one is left.
- **Below the root.** Where the seat decides again in a playout, a node of its own later
  decisions picks among the kit's candidates there by UCB1 with progressive widening once
  it has been reached `EXPAND_AFTER` times; before that, and for every other seat, the
  kit's rollout decides. The nodes are open loop (keyed by the seat's own decisions,
  whatever the others did) unless the kit gives a `plan_key`: then a node is kept apart
  for each thing the seat has seen there (closed loop: Bleeding Sherwood's `plan_key`, by
  the round and the bids on the table, weighs a second bid in reply to the others' bids;
  measured, it gained nothing, so no game's kit uses one by default).
- **Score.** A playout stops at the game's end or after the game's `search_rounds` rounds,
  and is scored by `outcome`: the seat's share of the win (at a cut-off: whether it leads,
  by the totals the game would count now, hand and tie-breaks included), and its margin to
  the best other seat, squashed so that it still tells moves apart far behind or ahead.
  A kit's `press` may score by the margin alone where the seat's beliefs make its win
  safe (Bleeding Sherwood's, against believed one-card bidders, gained nothing at its
  default budget, so no game's kit uses one by default).

The search never sees the true state: it is built from the seat's view alone, so
scrambling the other seats' secrets cannot change what it decides (same seed, same
budget). The budget is a number of playouts, so the choice does not depend on the
machine's speed.
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from sherwood_tui.core.contract import AnyGame
from sherwood_tui.core.playout import playout
from sherwood_tui.core.steps import as_moves

EXPLORATION = 0.7  # UCB1's constant over rewards in [0, 1], below the root
WIDEN = 1.5  # candidates opened at the root: WIDEN * sqrt(budget), at least two
WIDEN_BELOW = 1.0  # candidates open at a node below the root: 1 + WIDEN_BELOW * sqrt(its visits)
CHUNK = 64  # playouts between two questions to `stop()` (and two trips to the worker processes)
EXPAND_AFTER = 2  # a node's visits before the seat's next decision under it is searched too
PROPOSALS = 8  # the default kit: how many times the sensible bot is asked for a decision
# Measuring only (an A/A run): every search's world seeds shifted by this number, so the
# same expert plays on other sampled worlds. Unset or 0 in play.
WORLD_SHIFT_VARIABLE = "SHERWOOD_TUI_WORLD_SHIFT"

Decision = tuple[Any, ...]  # a whole decision: its small moves and the move that ends it
Rollout = Callable[[Any, int, random.Random, Any], Any]  # (state, seat, rnd, model) -> a decision


def no_model(view: Any) -> None:
    """A kit that learns nothing from the table."""
    return None


@dataclass(frozen=True)
class ExpertKit:
    """What a game gives the expert's search (its `rules/expert.py` `KIT`). Every part
    reads the seat's view, or a sampled state as the seat would know it: never a true
    state.

    - `candidates(view, legal, model, rnd)`: the seat's whole decisions worth weighing,
      each a tuple of moves, most promising first (the order progressive widening opens
      them in); the core adds any legal move that is a decision alone and is missing;
    - `model(view)`: what the seat believes of each opponent, from what it has seen;
    - `sample(view, model, rnd)`: a whole state that fits the view, hidden things drawn by
      the beliefs (None: `Game.determinize`);
    - `rollout(state, seat, rnd, model)`: a quick decision of `seat` in a sampled state,
      reading only what that seat may know there (None: the sensible bot, through the
      seat's view);
    - `reason(view, model, decision)`: one reason for a decision in the game's words, for
      a hint ("Much lied in 3 of his 4 opened bags"), or "";
    - `scale`: a margin of about this many points is a clear lead (the score's squash);
    - `plan_key(state, seat)`: what the seat has seen at one of its later decisions in a
      sampled state (public things only), its plan node kept apart for each (closed
      loop); None: one node whatever the others did (open loop);
    - `press(model)`: where the beliefs make the seat's win safe, a margin's scale to
      score its playouts by the margin alone, to press its lead (None, or no `press`:
      half the win, half the margin at `scale`)."""

    candidates: Callable[[Any, list[Any], Any, random.Random], list[Decision]]
    model: Callable[[Any], Any] = no_model
    sample: Callable[[Any, Any, random.Random], Any] | None = None
    rollout: Rollout | None = None
    reason: Callable[[Any, Any, Decision], str] | None = None
    scale: float = 10.0
    plan_key: Callable[[Any, int], Hashable] | None = None
    press: Callable[[Any], float | None] | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """One of the seat's decisions now, as the search judged it."""

    move: Any
    visits: int
    wins: float  # the estimated chance of winning after it (0 to 1; leading, at a cut-off)
    then: tuple[Any, ...] = ()  # the rest of the decision (its small moves)
    score: float = 0.0  # the search's mean reward (win and margin), which ranks the choices
    reason: str = ""  # why, in the game's words (the best choice's, for a hint)

    @property
    def decision(self) -> Decision:
        return (self.move, *self.then)


def win_shares(game: AnyGame, state: Any) -> list[float]:
    """Each seat's share of the win at the end (1 / the number of winners, or 0)."""
    winners = game.winners(state)
    shares = [0.0] * len(state.players)
    for seat in winners:
        shares[seat] = 1.0 / len(winners)
    return shares


def outcome(game: AnyGame, state: Any, seat: int, scale: float, press: float | None = None) -> tuple[float, float]:
    """(win, reward) of `seat` in a playout's last state. `win`: its share of the win at
    the end; at a cut-off, whether it leads by the totals the game would count now
    (`Game.search_totals`: hands, hidden goods and tie-breaks included), shared on a tie.
    `reward`: half `win`, half its margin to the best other seat (in units of `scale`)
    squashed into 0..1 by x / (1 + |x|), which never flattens: a move that loses by less
    or wins by more still scores better. Given `press` (a scale), `reward` is the margin
    alone, in its units, squashed alike."""
    totals = game.search_totals(state)
    mine = totals[seat]
    best_other = max(total for other, total in enumerate(totals) if other != seat) if len(totals) > 1 else mine
    if game.is_over(state):
        win = win_shares(game, state)[seat]
    elif mine > best_other:
        win = 1.0
    elif mine < best_other:
        win = 0.0
    else:
        win = 1.0 / sum(1 for total in totals if total == mine)
    if press:
        x = (mine - best_other) / press
        return win, 0.5 + 0.5 * x / (1.0 + abs(x))
    x = (mine - best_other) / scale
    return win, (win + 0.5 + 0.5 * x / (1.0 + abs(x))) / 2


def world_shift() -> int:
    """How far every search's world seeds are shifted (`WORLD_SHIFT_VARIABLE`; 0 in play)."""
    said = os.environ.get(WORLD_SHIFT_VARIABLE, "").strip()
    return int(said) if said.lstrip("-").isdigit() else 0


def widen(budget: int) -> int:
    """How many candidates the root opens at `budget` playouts (at least two)."""
    return max(2, math.ceil(WIDEN * math.sqrt(budget)))


class Stats:
    """A candidate's tally: playouts, and sums of its win and reward."""

    __slots__ = ("visits", "wins", "reward", "available", "below")

    def __init__(self) -> None:
        self.visits = 0
        self.wins = 0.0
        self.reward = 0.0
        self.available = 0
        self.below: dict[Hashable, Plan] | None = None  # the seat's next decision after this one, by its key

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0


class Plan:
    """A node of the seat's own later decisions (one for each key the kit's `plan_key`
    gives there; one alone in open loop): its visits, and each decision tried there with
    its tally, in the order first opened."""

    __slots__ = ("visits", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.children: dict[Decision, Stats] = {}


class Search:
    """One decision's search: `run(playouts)` plays, `choices()` reads it."""

    def __init__(self, game: AnyGame, view: Any, kit: ExpertKit, *, seat: int, legal: Sequence[Any],
                 rnd: random.Random, rounds: int | None = None, rollout: Rollout | None = None,
                 given: tuple[list[Decision], int] | None = None) -> None:
        self.game, self.view, self.kit, self.seat, self.rounds = game, view, kit, seat, rounds
        self.model = kit.model(view)
        self.press = kit.press(self.model) if kit.press is not None else None
        self.sample = kit.sample or (lambda view, model, r: game.determinize(view, r))
        self.rollout = rollout or kit.rollout or sensible_rollout(game)
        if given is None:  # (a worker process is given the candidates and base of its caller's search)
            given = complete(kit.candidates(view, list(legal), self.model, rnd), legal), rnd.getrandbits(48)
            given = given[0], given[1] + world_shift()
        self.candidates, self.base = given  # world i's seed: base + i (the same for every candidate)
        self.stats = [Stats() for _ in self.candidates]
        self.worlds = 0  # worlds begun so far
        self.order: list[int] = []  # candidates by the search's verdict, best first

    def run(self, playouts: int, stop: Callable[[], bool] | None = None,
            play_worlds: Callable[[Sequence[int], int, int], None] | None = None) -> None:
        """Sequential halving over the first `widen(playouts)` candidates, on shared worlds:
        each phase plays every candidate still in on the same new worlds (in chunks, `stop()`
        asked between two; by `play_worlds`, this search's own by default), then keeps the
        better half."""
        play_worlds = play_worlds or self.play_worlds
        alive = list(range(min(len(self.candidates), widen(playouts))))
        dropped: list[int] = []
        phases = max(1, math.ceil(math.log2(max(1, len(alive)))))
        used = 0
        for phase in range(phases):
            worlds = max(1, (playouts - used) // ((phases - phase) * len(alive)))
            if used and used + worlds * len(alive) > playouts:
                worlds = max(0, (playouts - used) // len(alive))
            chunk = max(1, CHUNK // len(alive))
            while worlds > 0 and not (stop is not None and stop()):
                count = min(chunk, worlds)
                play_worlds(alive, self.worlds, count)
                self.worlds += count
                worlds -= count
                used += count * len(alive)
            alive.sort(key=lambda k: -self.stats[k].mean())  # stable: the prior's order breaks ties
            if len(alive) > 1 and phase < phases - 1:
                keep = math.ceil(len(alive) / 2)
                dropped = alive[keep:] + dropped
                alive = alive[:keep]
            if stop is not None and stop():
                break
        self.order = alive + dropped

    def play_worlds(self, alive: Sequence[int], first: int, count: int) -> None:
        """Every candidate of `alive` played on worlds `first`.. `first + count - 1`. A
        candidate's playouts depend on nothing but its own earlier ones (its plan) and the
        world: how they are shared out (`core/thinker.py` plays them in other processes)
        does not change a figure."""
        for world in range(first, first + count):
            for k in alive:
                self.play(k, world)

    def play(self, k: int, world: int) -> None:
        """Candidate `k` played on world `world`, then on by the seat's own plan and the
        rollout; its tally and the plan's updated."""
        game, seat, model = self.game, self.seat, self.model
        r = random.Random(self.base + world)
        state = self.sample(self.view, model, r)
        for move in self.candidates[k]:
            state = game.apply(state, move)[0]
        stats = self.stats[k]
        path = [stats]
        rollout = self.rollout
        plan_key = self.kit.plan_key

        def choose(state: Any, who: int) -> Any:
            if who != seat:
                return rollout(state, who, r, model)
            here = path[-1]
            if here.visits < EXPAND_AFTER:
                return rollout(state, who, r, model)
            plans = here.below
            if plans is None:
                plans = here.below = {}
            key = None if plan_key is None else plan_key(state, who)
            plan = plans.get(key)
            if plan is None:
                plan = plans[key] = Plan()
            chosen, child = self.pick(plan, state, r)
            path.append(child)
            return chosen

        if not game.is_over(state):
            state = playout(game, state, choose, r, rounds=self.rounds)[0]
        win, reward = outcome(game, state, seat, self.kit.scale, self.press)
        for node in path:
            node.visits += 1
            node.wins += win
            node.reward += reward

    def pick(self, plan: Plan, state: Any, r: random.Random) -> tuple[Decision, Stats]:
        """The seat's decision at a node below the root: UCB1 among the first candidates
        here (1 + WIDEN_BELOW * sqrt(visits) of them; an untried one first)."""
        game, seat = self.game, self.seat
        legal = game.legal_actions(state, seat)
        options = complete(self.kit.candidates(game.view(state, seat), legal, self.model, r), legal)
        options = options[: 1 + int(WIDEN_BELOW * math.sqrt(plan.visits))]
        plan.visits += 1
        children = plan.children
        best: tuple[float, Decision, Stats] | None = None
        for option in options:
            child = children.get(option)
            if child is None:
                child = children[option] = Stats()
            child.available += 1
            if not child.visits:
                return option, child
            score = child.mean() + EXPLORATION * math.sqrt(math.log(max(child.available, 2)) / child.visits)
            if best is None or score > best[0]:
                best = (score, option, child)
        assert best is not None
        return best[1], best[2]

    def choices(self) -> list[Choice]:
        """The candidates it played, best first (the last one standing, then the others
        by when they were dropped and their mean reward); the best with its reason."""
        order = self.order or sorted(range(len(self.candidates)), key=lambda k: -self.stats[k].mean())
        out = []
        for rank, k in enumerate(order):
            stats, decision = self.stats[k], self.candidates[k]
            if not stats.visits and rank:
                continue
            reason = ""
            if rank == 0 and self.kit.reason is not None:
                reason = self.kit.reason(self.view, self.model, decision)
            out.append(Choice(decision[0], stats.visits, stats.wins / stats.visits if stats.visits else 0.0,
                              decision[1:], stats.mean(), reason))
        return out


def complete(candidates: Sequence[Any], legal: Sequence[Any]) -> list[Decision]:
    """The kit's candidates as distinct tuples of moves, in their order, then every legal
    move that is a decision alone and is not there yet."""
    seen: dict[Decision, None] = {}
    for candidate in candidates:
        seen.setdefault(as_moves(candidate))
    for move in legal:
        if not move.part:
            seen.setdefault((move,))
    return list(seen)


def sensible_rollout(game: AnyGame) -> Rollout:
    """The sensible bot in every seat, each from its own view of the sampled state."""
    from sherwood_tui.core.bots import sensible_player

    player, view, legal_actions = sensible_player(game.id), game.view, game.legal_actions

    def rollout(state: Any, seat: int, rnd: random.Random, model: Any) -> Any:
        return player(view(state, seat), legal_actions(state, seat), rnd)

    return rollout


def default_kit(game: AnyGame) -> ExpertKit:
    """For a game with no kit of its own: the distinct decisions of `PROPOSALS` proposals
    of the sensible bot, and its playouts."""
    from sherwood_tui.core.bots import sensible_player

    player = sensible_player(game.id)

    def candidates(view: Any, legal: list[Any], model: Any, rnd: random.Random) -> list[Decision]:
        return [as_moves(player(view, legal, rnd)) for _ in range(PROPOSALS)]

    return ExpertKit(candidates=candidates)


def rank_decisions(game: AnyGame, view: Any, kit: ExpertKit, *, seat: int, legal: Sequence[Any],
                   rnd: random.Random, playouts: int, rounds: int | None = None,
                   stop: Callable[[], bool] | None = None, weigh_alone: bool = True) -> list[Choice]:
    """Every decision the expert weighed now, best first, each with its estimated chance
    to win (a hint's alternatives). A lone candidate is weighed too (its estimate is
    still worth telling), unless not `weigh_alone`: it is then returned unweighed (0
    visits), as the expert plays it."""
    if not weigh_alone and len(legal) == 1:
        return [Choice(legal[0], 0, 0.0)]
    search = Search(game, view, kit, seat=seat, legal=legal, rnd=rnd, rounds=rounds)
    if not weigh_alone and len(search.candidates) == 1:
        only = search.candidates[0]
        return [Choice(only[0], 0, 0.0, only[1:])]
    from sherwood_tui.core import thinker

    workers = thinker.pool()
    try:
        if workers is not None and workers.play(search, playouts, stop):
            return search.choices()
    except (OSError, EOFError):  # a worker broke: let them go, and search here (from the start)
        thinker.close()
        search = Search(game, view, kit, seat=seat, legal=legal, rnd=rnd, rounds=rounds,
                        given=(search.candidates, search.base))
    search.run(playouts, stop)
    return search.choices()


def expert_decision(game: AnyGame, view: Any, kit: ExpertKit, *, seat: int, legal: Sequence[Any],
                    rnd: random.Random, playouts: int, rounds: int | None = None,
                    stop: Callable[[], bool] | None = None) -> Decision:
    """The expert's decision: the candidate left standing after `playouts` playouts (no
    search when there is only one)."""
    best = rank_decisions(game, view, kit, seat=seat, legal=legal, rnd=rnd, playouts=playouts, rounds=rounds,
                          stop=stop, weigh_alone=False)[0]
    return best.decision
