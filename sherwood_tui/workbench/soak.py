"""The soak engine: many random-bot games of every game, player count and variant, with the
game's invariants (`games/<game>/rules/invariants.py`) checked after every action. Other
bots may play instead (`bots`: one level for every seat, or one per seat of a single
player count), e.g. experts, whose decisions of many small moves are checked move by move.

Game i of a run uses seed `seed + i` and the i-th table of the cycle of player counts
and variants, so a failing game is replayed alone by `sherwood-tui soak GAME --players N
--option KEY=yes --seed SEED --games 1` (the report prints that command).
"""

from __future__ import annotations

import itertools
import random
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sherwood_tui import catalog
from sherwood_tui.core.assets import chosen_file, use_asset_file
from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import Player
from sherwood_tui.core.errors import RuleError
from sherwood_tui.core.playout import playout
from sherwood_tui.workbench.engine import index_chunks, run_chunks, workers

if TYPE_CHECKING:
    from sherwood_tui.core.contract import AnyGame

MAX_ACTIONS = 20_000  # a game longer than this does not end: a failure
REPLAY_EVERY = 10  # every tenth game is also replayed from its seed and actions


@dataclass(frozen=True)
class Table:
    """One player count and set of variants."""

    players: int
    options: tuple[tuple[str, bool], ...]
    bots: tuple[str, ...] = ("random",)  # one level for every seat, or one per seat

    def levels(self) -> tuple[str, ...]:
        """The level of each seat."""
        return self.bots * self.players if len(self.bots) == 1 else self.bots

    def command(self, game_id: str, seed: int) -> str:
        """The command that replays the game of this table with this seed alone."""
        opts = "".join(f" --option {k}={'yes' if v else 'no'}" for k, v in self.options)
        own = chosen_file(catalog.get(game_id).asset)
        data = f" --assets {shlex.quote(str(own))}" if own else ""
        bots = "" if self.bots == ("random",) else f" --bots {','.join(self.bots)}"
        return f"sherwood-tui soak {game_id} --players {self.players}{opts}{bots}{data} --seed {seed} --games 1"


@dataclass(frozen=True)
class Outcome:
    """One soak game: its seed and table, its length, and what went wrong (if anything)."""

    game_id: str
    seed: int
    table: Table
    actions: int
    failure: str = ""


def tables(game: AnyGame, players: int | None = None, options: dict[str, bool] | None = None,
           bots: tuple[str, ...] = ("random",)) -> list[Table]:
    """Every player count and variant combination (or the one asked for), with `bots`."""
    counts = [players] if players else list(range(game.min_players, game.max_players + 1))
    keys = [o.key for o in game.options]
    combos = []
    for values in itertools.product((False, True), repeat=len(keys)):
        chosen = dict(zip(keys, values))
        if options and any(chosen[k] != v for k, v in options.items()):
            continue
        combos.append(tuple(chosen.items()))
    return [Table(n, combo, bots) for n in counts for combo in combos]


def play_one(game_id: str, table: Table, seed: int) -> Outcome:
    """One game of the table's bots (random ones by default), checking the invariants
    after every move."""
    info = catalog.get(game_id)
    game = info.load()
    problems = info.invariants()
    levels = table.levels()
    seats = [Player(name=f"Seat {i + 1}", bot=level) for i, level in enumerate(levels)]
    rnd = random.Random(seed)
    actions: list[Any] = []
    chosen: list[Any] = [None]  # the move being played

    def choose(state: Any, seat: int) -> Any:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise AssertionError(f"seat {seat} must act but has no legal action")
        if levels[seat] == "random":
            chosen[0] = move = rnd.choice(legal)
            return move
        chosen[0] = decision = bot_action(game, state, seat, levels[seat], rnd)  # maybe many moves
        return decision

    def on_move(before: Any, move: Any, after: Any, events: Any) -> None:
        found = problems(after)
        if found:
            raise AssertionError("; ".join(found))
        actions.append(move)

    step = "setting up"
    try:
        state = first = game.new_game(seats, dict(table.options), seed)
        found = problems(state)
        if found:
            raise AssertionError("; ".join(found))
        step = "action"
        try:
            state = playout(game, state, choose, rnd, on_move=on_move, limit=MAX_ACTIONS)[0]
        except RuleError as err:
            raise AssertionError(f"a listed legal action was refused: {err}") from None
        step = "scoring"
        if not game.winners(state):
            raise AssertionError("the game ended without a winner")
        if seed % REPLAY_EVERY == 0:
            step = "replaying"
            again = first
            for action in actions:
                again, _ = game.apply(again, action)
            if again != state:
                raise AssertionError("replaying the seed and actions gave another game")
    except Exception as err:  # a soak run reports every failure, whatever its kind
        if step == "action":  # described only now: a repr per action would slow the run
            step = f"action {len(actions) + 1} ({chosen[0]!r})"
        return Outcome(game_id, seed, table, len(actions), f"{step}: {type(err).__name__}: {err}")
    return Outcome(game_id, seed, table, len(actions))


def _play_chunk(job: tuple[str, int, Sequence[int], tuple[Table, ...], Path | None]) -> list[Outcome]:
    game_id, seed, indexes, cycle, own = job
    asset = catalog.get(game_id).asset
    if chosen_file(asset) != own:  # a worker started afresh (not forked): the player's data too
        use_asset_file(asset, own)
    return [play_one(game_id, cycle[i % len(cycle)], seed + i) for i in indexes]


def run(
    game_id: str, games: int, seed: int = 1, players: int | None = None,
    options: dict[str, bool] | None = None, jobs: int = 1, progress: Callable[[int], None] | None = None,
    bots: tuple[str, ...] = ("random",),
) -> list[Outcome]:
    """Play `games` soak games of one game; `progress(n)` is called as games finish."""
    info = catalog.get(game_id)
    cycle = tuple(tables(info.load(), players, options, bots))
    own = chosen_file(info.asset)
    # game i: seed + i on table i of the cycle; the chunks are made as the pool takes them
    chunks = ((game_id, seed, part, cycle, own) for part in index_chunks(games, jobs, largest=500))
    outcomes = run_chunks(_play_chunk, chunks, workers(games, jobs, largest=500), progress)
    outcomes.sort(key=lambda o: o.seed)
    return outcomes


def report(game_id: str, outcomes: list[Outcome], seconds: float, shown: int = 10) -> list[str]:
    """Lines for a person: games and actions played, and each failure with its command."""
    failed = [o for o in outcomes if o.failure]
    actions = sum(o.actions for o in outcomes)
    lines = [f"{game_id}: {len(outcomes):,} games, {actions:,} actions, "
             f"{len(failed)} failed, {seconds:.1f} s"]
    for o in failed[:shown]:
        lines.append(f"  FAILED seed {o.seed}: {o.failure}")
        lines.append(f"    replay: {o.table.command(game_id, o.seed)}")
    if len(failed) > shown:
        lines.append(f"  ... and {len(failed) - shown} more failures")
    return lines
