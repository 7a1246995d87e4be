"""The playtest simulator: bot games played headlessly, summarised in a table.

Game i of a run uses seed `seed + i`, so a run gives the same results whatever `--jobs`.
Game-specific counts come from `games/<game>/stats.py` (`count_step`), when present.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, cast

from sherwood_tui import catalog
from sherwood_tui.core.bots import LEVELS, bot_action
from sherwood_tui.core.contract import Player


@dataclass
class GameResult:
    seed: int
    winners: list[int]
    scores: list[float]
    actions: int
    rounds: int
    ending: str
    counts: dict[str, float] = field(default_factory=dict)


def _counter(info: catalog.GameInfo):
    return info.stats()


def play_one(game_id: str, players: int, bots: list[str], options: dict[str, bool], seed: int) -> GameResult:
    """One bot game from its seed."""
    info = catalog.get(game_id)
    game = info.load()
    count_step = _counter(info)
    seats = [Player(name=f"Seat {i + 1}", bot=cast(Any, bots[i])) for i in range(players)]
    state, _ = game.start(seats, options, seed)
    rnd = random.Random(seed)
    counts: Counter = Counter()
    actions = rounds = 0
    while not game.is_over(state):
        seats_to_act = game.to_act(state)
        seat = seats_to_act[0] if len(seats_to_act) == 1 else rnd.choice(seats_to_act)
        action = bot_action(game, state, seat, bots[seat], rnd)
        after, events = game.apply(state, action)
        rounds += sum(1 for e in events if e.kind == "round_end")
        if count_step is not None:
            count_step(counts, state, action, after, events)
        state = after
        actions += 1
    return GameResult(
        seed=seed,
        winners=game.winners(state),
        scores=[line.total for line in game.scores(state)],
        actions=actions,
        rounds=rounds,
        ending=game.ending(state),
        counts=dict(counts),
    )


def _play_chunk(job: tuple) -> list[GameResult]:
    game_id, players, bots, options, seeds = job
    return [play_one(game_id, players, bots, options, s) for s in seeds]


def run(
    game_id: str, players: int, games: int, seed: int, bots: list[str], options: dict[str, bool],
    jobs: int = 1, progress=None,
) -> list[GameResult]:
    """Play `games` bot games; `progress(n)` is called as games finish."""
    chunks = ((game_id, players, bots, options, seeds) for seeds in seed_chunks(seed, games, jobs))
    results = run_chunks(_play_chunk, chunks, workers(games, jobs), progress)
    results.sort(key=lambda r: r.seed)
    return results


def chunk_size(count: int, jobs: int, largest: int = 200) -> int:
    """Pieces small enough to keep every process busy to the end."""
    return max(1, min(largest, count // (max(1, jobs) * 8) or 1))


def index_chunks(count: int, jobs: int, largest: int = 200) -> Iterator[range]:
    """The indexes 0 .. count - 1 in consecutive ranges, made one at a time: a run
    never holds a list of its games (a pool takes them as its processes are free)."""
    size = chunk_size(count, jobs, largest)
    return (range(start, min(start + size, count)) for start in range(0, count, size))


def seed_chunks(seed: int, games: int, jobs: int, largest: int = 200) -> Iterator[range]:
    """The seeds of a run (game i: `seed + i`) in consecutive ranges, made lazily."""
    return (range(seed + part.start, seed + part.stop) for part in index_chunks(games, jobs, largest))


def workers(count: int, jobs: int, largest: int = 200) -> int:
    """Processes worth starting: no more than there are chunks."""
    size = chunk_size(count, jobs, largest)
    return max(1, min(jobs, -(-count // size)))


def tune_gc_for_batch_play() -> None:
    """Headless play makes millions of short-lived, acyclic objects (freed at once by
    reference counting): keep the modules' objects out of collections and collect
    rarely. Worth 10-50% of a simulation's time. For command-line runs only: it changes
    the whole process's collector."""
    import gc

    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


def _ignore_interrupts() -> None:
    """In a worker process: Ctrl+C is for the parent, which stops the pool."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_chunks(worker, chunks: Iterable, jobs: int, progress=None) -> list:
    """Run `worker` (which returns a list per chunk) over the chunks on `jobs` processes;
    `progress(n)` is called with each finished chunk's length. The chunks may be a
    generator: they are taken as they are needed."""
    results: list = []

    def collect(parts) -> None:
        for part in parts:
            results.extend(part)
            if progress:
                progress(len(part))

    if jobs <= 1:
        collect(map(worker, chunks))
    else:
        import multiprocessing

        # fork where there is one (quick, and the parent's tuned collector is shared)
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        with multiprocessing.get_context(method).Pool(jobs, initializer=_ignore_interrupts) as pool:
            collect(pool.imap_unordered(worker, chunks))
    return results


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "mean": round(statistics.fmean(values), 2),
        "sd": round(statistics.pstdev(values), 2) if len(values) > 1 else 0.0,
        "min": min(values),
        "max": max(values),
    }


def summarise(results: list[GameResult], bots: list[str]) -> dict[str, Any]:
    """Wins per seat and per bot level, scores, lengths, endings, game-specific counts."""
    n, games = len(bots), len(results)
    wins = [0.0] * n
    for r in results:
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
    seats = [
        {
            "seat": i + 1,
            "bot": bots[i],
            "wins": round(wins[i], 2),
            "win_rate": round(wins[i] / games, 4),
            "score": _spread([r.scores[i] for r in results]),
        }
        for i in range(n)
    ]
    levels = {}
    for level in sorted(set(bots)):
        members = [i for i in range(n) if bots[i] == level]
        total = sum(wins[i] for i in members)
        levels[level] = {
            "seats": len(members),
            "wins": round(total, 2),
            "win_rate_per_seat": round(total / games / len(members), 4),
        }
    keys = sorted({k for r in results for k in r.counts})
    counts = {k: round(sum(r.counts.get(k, 0) for r in results) / games, 3) for k in keys}
    return {
        "games": games,
        "seats": seats,
        "levels": levels,
        "length": {"actions": _spread([r.actions for r in results]), "rounds": _spread([r.rounds for r in results])},
        "endings": dict(Counter(r.ending for r in results).most_common()),
        "counts_per_game": counts,
    }


def parse_bots(text: str | None, players: int) -> list[str]:
    levels = (text or "sensible").split(",")
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise ValueError(f"--bots names {len(levels)} levels for {players} players")
    return levels


def parse_options(items: list[str], game) -> dict[str, bool]:
    options: dict[str, bool] = {}
    known = {o.key for o in game.options}
    for item in items:
        key, _, value = item.partition("=")
        if key not in known:
            names = ", ".join(sorted(known)) or "none"
            raise ValueError(f"{game.title} has no option {key!r} (options: {names})")
        if value.lower() not in ("", "1", "true", "yes", "on", "0", "false", "no", "off"):
            raise ValueError(f"option {key} takes yes or no, not {value!r}")
        options[key] = value.lower() in ("", "1", "true", "yes", "on")
    return options


def print_report(summary: dict[str, Any], header: str) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(header, markup=False)
    seats = Table(title="Wins and scores per seat")
    for col in ("Seat", "Bot", "Wins", "Win %", "Score mean", "Spread", "Min", "Max"):
        seats.add_column(col, justify="left" if col == "Bot" else "right")
    for s in summary["seats"]:
        sc = s["score"]
        seats.add_row(str(s["seat"]), s["bot"], f"{s['wins']:g}", f"{100 * s['win_rate']:.1f}",
                      f"{sc['mean']:.1f}", f"{sc['sd']:.1f}", f"{sc['min']:g}", f"{sc['max']:g}")
    console.print(seats)
    levels = Table(title="Wins per bot level")
    for col in ("Bot", "Seats", "Wins", "Win % per seat"):
        levels.add_column(col, justify="left" if col == "Bot" else "right")
    for level, row in summary["levels"].items():
        levels.add_row(level, str(row["seats"]), f"{row['wins']:g}", f"{100 * row['win_rate_per_seat']:.1f}")
    console.print(levels)
    other = Table(title="Game length, endings and counts (per game)")
    other.add_column("What")
    other.add_column("Value", justify="right")
    for key, spread in summary["length"].items():
        other.add_row(f"{key} (mean, sd, min, max)",
                      f"{spread['mean']:.1f}, {spread['sd']:.1f}, {spread['min']:g}, {spread['max']:g}")
    for ending, count in summary["endings"].items():
        other.add_row(f"ended: {ending}", str(count))
    for key, value in summary["counts_per_game"].items():
        other.add_row(key, f"{value:g}")
    console.print(other)


def run_problem(args) -> str | None:
    """What is wrong with a run's counts (the parser checks them; a caller that builds
    its own `args` gets the same checks), or None."""
    from sherwood_tui.cli import MAX_GAMES, MAX_SEED, last_seed_problem, max_jobs

    if not 1 <= args.games <= MAX_GAMES:
        return f"--games must be from 1 to {MAX_GAMES:,}, not {args.games}"
    if not 0 <= args.seed <= MAX_SEED:
        return f"--seed must be from 0 to {MAX_SEED:,}, not {args.seed}"
    if not 1 <= args.jobs <= max_jobs():
        return f"--jobs must be from 1 to {max_jobs()}, not {args.jobs}"
    return last_seed_problem(args.seed, args.games)


def _run_reported(info, game, args, bots: list[str], options: dict[str, bool], jobs: int) -> list[GameResult]:
    """The run, with a progress bar unless the output is JSON."""
    if args.json:
        return run(info.id, args.players, args.games, args.seed, bots, options, jobs)
    from rich.progress import Progress

    with Progress(transient=True) as bar:
        task = bar.add_task(f"{game.title}: {args.games} games", total=args.games)
        return run(info.id, args.players, args.games, args.seed, bots, options, jobs,
                   progress=lambda k: bar.advance(task, k))


def main(args) -> int:
    """`sherwood-tui simulate GAME ...`; bad arguments get one line and exit 2."""
    import json
    import sys

    def fail(message: str, status: int = 2) -> int:
        print(f"sherwood-tui simulate: {message}", file=sys.stderr)
        return status

    try:
        info = catalog.get(args.game)
    except ValueError as err:
        return fail(str(err))
    game = info.load()
    if not game.min_players <= args.players <= game.max_players:
        return fail(f"{game.title} takes {game.min_players} to {game.max_players} players, not {args.players}")
    problem = run_problem(args)
    if problem:
        return fail(problem)
    try:
        bots = parse_bots(args.bots, args.players)
        options = parse_options(args.option or [], game)
    except ValueError as err:
        return fail(str(err))
    jobs = max(1, args.jobs)
    tune_gc_for_batch_play()  # this process (and the ones it forks) only plays games now
    started = time.perf_counter()
    try:
        results = _run_reported(info, game, args, bots, options, jobs)
    except KeyboardInterrupt:
        return fail("interrupted", 130)
    elapsed = time.perf_counter() - started
    summary = summarise(results, bots)
    summary.update(game=info.id, players=args.players, seed=args.seed, bots=bots, options=options,
                   seconds=round(elapsed, 2))
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        header = (f"{game.title}: {args.games} games, {args.players} players, seed {args.seed}, "
                  f"bots {','.join(bots)}, options {options or 'none'}, {elapsed:.1f} s")
        print_report(summary, header)
    return 0
