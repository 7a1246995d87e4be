"""The playtest simulator: bot games played headlessly, summarised in a table.

Game i of a run uses seed `seed + i`, so a run gives the same results whatever `--jobs`.
Game-specific counts come from `games/<game>/stats.py` (`count_step`), when present.

A run on a player's own data (`--assets FILE`) or a comparison (`--compare A B`) plays
each side in worker processes of its own: fresh processes (never forks of one that has
loaded a game) that read that side's data before the game loads, since a game's tables
are built from its data as it is imported. Both sides play the same seeds. The
statistics, charts, HTML report and kept games are in `sherwood_tui/workbench/`.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from sherwood_tui import catalog
from sherwood_tui.core.bots import LEVELS, bot_action
from sherwood_tui.core.contract import Player
from sherwood_tui.core.wording import printable
from sherwood_tui.workbench.compare import advantages_json, measure_json, measures, seat_advantages, seat_wins, to_csv
from sherwood_tui.workbench.stats import Interval, mean_interval, wilson

if TYPE_CHECKING:
    import multiprocessing.context

    from sherwood_tui.core.plugin import OptionSpec

    Job = tuple[str, int, list[str], dict[str, bool], range]  # game, players, bots, options, seeds

    class WithOptions(Protocol):
        """A game's rules or its plug-in: what the options' words need."""

        @property
        def title(self) -> str: ...

        @property
        def options(self) -> tuple[OptionSpec, ...]: ...


C = TypeVar("C")  # a chunk of work
R = TypeVar("R")  # one of its results


@dataclass
class GameResult:
    seed: int
    winners: list[int]
    scores: list[float]
    actions: int
    rounds: int
    ending: str
    counts: dict[str, float] = field(default_factory=dict)


def _counter(info: catalog.GameInfo) -> Callable[..., None] | None:
    return info.stats()


MAX_ACTIONS = 100_000  # a game on a player's data that goes on longer than this never ends


class GameFailed(Exception):
    """A game that raised or never ended (on a player's data, it may): one line naming
    its seed; `side`: which side of a run played it."""

    def __init__(self, message: str, side: int = 0) -> None:
        super().__init__(message, side)
        self.message, self.side = message, side

    def __str__(self) -> str:
        return self.message


def play_one(
    game_id: str, players: int, bots: list[str], options: dict[str, bool], seed: int, record: list[Any] | None = None,
) -> GameResult:
    """One bot game from its seed (`record`: a list its actions are appended to)."""
    info = catalog.get(game_id)
    game = info.load()
    count_step = _counter(info)
    seats = [Player(name=f"Seat {i + 1}", bot=cast(Any, bots[i])) for i in range(players)]
    state, _ = game.start(seats, options, seed)
    rnd = random.Random(seed)
    counts: Counter[str] = Counter()
    actions = rounds = 0
    while not game.is_over(state):
        seats_to_act = game.to_act(state)
        seat = seats_to_act[0] if len(seats_to_act) == 1 else rnd.choice(seats_to_act)
        action = bot_action(game, state, seat, bots[seat], rnd)
        after, events = game.apply(state, action)
        if record is not None:
            record.append(action)
        rounds += sum(1 for e in events if e.kind == "round_end")
        if count_step is not None:
            count_step(counts, state, action, after, events)
        state = after
        actions += 1
        if actions > MAX_ACTIONS:
            raise GameFailed(f"seed {seed}: the game did not end in {MAX_ACTIONS:,} actions")
    return GameResult(
        seed=seed,
        winners=game.winners(state),
        scores=[line.total for line in game.scores(state)],
        actions=actions,
        rounds=rounds,
        ending=game.ending(state),
        counts=dict(counts),
    )


def _play_chunk(job: Job) -> list[GameResult]:
    game_id, players, bots, options, seeds = job
    played = []
    for seed in seeds:
        try:
            played.append(play_one(game_id, players, bots, options, seed))
        except GameFailed:
            raise
        except Exception as err:  # one line (it crosses from a worker process), naming the game
            raise GameFailed(f"seed {seed}: {err.__class__.__name__}: {' '.join(str(err).split())[:200]}") from None
    return played


def run(
    game_id: str, players: int, games: int, seed: int, bots: list[str], options: dict[str, bool],
    jobs: int = 1, progress: Callable[[int], None] | None = None,
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


def run_chunks(
    worker: Callable[[C], list[R]], chunks: Iterable[C], jobs: int, progress: Callable[[int], None] | None = None,
) -> list[R]:
    """Run `worker` (which returns a list per chunk) over the chunks on `jobs` processes;
    `progress(n)` is called with each finished chunk's length. The chunks may be a
    generator: they are taken as they are needed."""
    results: list[R] = []

    def collect(parts: Iterable[list[R]]) -> None:
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


def _spread(values: Sequence[float]) -> dict[str, Any]:
    """Mean (with its 95% interval), sample sd, min and max."""
    found = mean_interval(values)
    return {
        "mean": round(found.mean.value, 2),
        "sd": round(found.sd, 2) if len(values) > 1 else 0.0,
        "min": min(values),
        "max": max(values),
        "mean_ci": _bounds(found.mean),
    }


def _bounds(interval: Interval, digits: int = 4) -> list[float | None]:
    return [None if math.isnan(v) else round(v, digits) for v in (interval.low, interval.high)]


def summarise(results: list[GameResult], bots: list[str]) -> dict[str, Any]:
    """Wins per seat and per bot level, scores, lengths, endings, game-specific counts,
    each with its 95% interval, and the seats with an advantage (None: not judged)."""
    n, games = len(bots), len(results)
    wins = seat_wins(results, n)
    seats = [
        {
            "seat": i + 1,
            "bot": bots[i],
            "wins": round(wins[i], 2),
            "win_rate": round(wins[i] / games, 4),
            "win_rate_ci": _bounds(wilson(wins[i], games)),
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
            "win_rate_ci": _bounds(wilson(total, games * len(members))),
        }
    keys = sorted({k for r in results for k in r.counts})
    per_game = {k: mean_interval([r.counts.get(k, 0) for r in results]).mean for k in keys}
    endings = dict(Counter(r.ending for r in results).most_common())
    advantages = seat_advantages(results, bots)
    return {
        "games": games,
        "seats": seats,
        "levels": levels,
        "length": {"actions": _spread([r.actions for r in results]), "rounds": _spread([r.rounds for r in results])},
        "endings": endings,
        "ending_shares": {k: {"share": round(c / games, 4), "ci": _bounds(wilson(c, games))} for k, c in endings.items()},
        "counts_per_game": {k: round(v.value, 3) for k, v in per_game.items()},
        "counts_ci": {k: _bounds(v, 3) for k, v in per_game.items()},
        "seat_advantage": advantages_json(advantages),
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


def parse_options(items: list[str], game: WithOptions) -> dict[str, bool]:
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



def run_problem(args: argparse.Namespace) -> str | None:
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


def option_combinations(game: WithOptions) -> list[dict[str, bool]]:
    """Every combination of the game's options (`--option all`), all off first."""
    keys = [o.key for o in game.options]
    return [dict(zip(keys, values)) for values in itertools.product((False, True), repeat=len(keys))]


def options_label(game: WithOptions, options: dict[str, bool]) -> str:
    """`Royal Goods: yes` (or `none` for a game without options)."""
    labels = {o.key: o.label for o in game.options}
    return ", ".join(f"{labels.get(k, k)}: {'yes' if v else 'no'}" for k, v in options.items()) or "none"


def variant_row(game: WithOptions, options: dict[str, bool], results: list[GameResult], bots: list[str]) -> dict[str, Any]:
    """One row of `--option all`: win rate per seat, mean length, endings."""
    games = len(results)
    advantages = seat_advantages(results, bots)
    return {
        "options": options,
        "label": options_label(game, options),
        "games": games,
        "win_rates": [round(w / games, 4) for w in seat_wins(results, len(bots))],
        "actions": round(statistics.fmean(r.actions for r in results), 2),
        "rounds": round(statistics.fmean(r.rounds for r in results), 2),
        "endings": {k: round(c / games, 4) for k, c in Counter(r.ending for r in results).most_common()},
        "seat_advantage": advantages_json(advantages),
    }


# ----- sides: the data each half of a run plays on ------------------------------------


@dataclass(frozen=True)
class DataSide:
    """One side of a run: the data it plays on (`path` None: the built-in data)."""

    label: str  # "A" or "B" in a comparison, "" for a single run
    path: Path | None = None
    text: str | None = None  # the checked text of `path`: what the games play on

    @property
    def shown(self) -> str:
        return printable(str(self.path)) if self.path is not None else "built-in data"


def _start_side(game_id: str, path: Path | None, text: str | None) -> None:
    """A side's worker process starts: it reads that side's data before the game loads
    (then loads it, so that the collector leaves the game's tables alone)."""
    from sherwood_tui.core.assets import use_asset_file

    _ignore_interrupts()
    info = catalog.get(game_id)
    use_asset_file(info.asset, path, text)
    try:
        info.load()
    except Exception:  # the first game fails the same way, and says so in one line
        pass
    tune_gc_for_batch_play()


def _fresh_context() -> multiprocessing.context.BaseContext:
    """Worker processes that hold none of this process's games: children of a fork
    server (which imports only this module), or spawned ones where there is none."""
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


class Sides:
    """The worker processes of a run: one pool per side, open while the run plays (a
    `with` block). A single run on the built-in data has none: it plays as `run` does."""

    def __init__(self, info: catalog.GameInfo, sides: list[DataSide], jobs: int, games: int) -> None:
        self.info, self.sides, self.jobs = info, sides, workers(games, jobs)
        self.pools: list[Any] = []

    def __enter__(self) -> Sides:
        if len(self.sides) > 1 or self.sides[0].path is not None:
            context = _fresh_context()
            self.pools = [context.Pool(self.jobs, initializer=_start_side, initargs=(self.info.id, side.path, side.text))
                          for side in self.sides]
        return self

    def __exit__(self, *exc: object) -> None:
        for pool in self.pools:
            pool.terminate()
        for pool in self.pools:
            pool.join()

    def play(self, players: int, games: int, seed: int, bots: list[str], options: dict[str, bool],
             progress: Sequence[Callable[[int], Any]] = ()) -> list[list[GameResult]]:
        """Every side plays the same games (seeds, bots, options); `progress[i](n)` is
        called as side i finishes games. GameFailed names a game that failed."""
        try:
            return self._play(players, games, seed, bots, options, progress)
        except GameFailed as err:
            raise GameFailed(f"{self.sides[err.side].shown}: {err.message}", err.side) from None

    def _play(self, players: int, games: int, seed: int, bots: list[str], options: dict[str, bool],
              progress: Sequence[Callable[[int], Any]]) -> list[list[GameResult]]:
        if not self.pools:
            return [run(self.info.id, players, games, seed, bots, options, self.jobs, progress[0] if progress else None)]
        import multiprocessing

        jobs: Callable[[], Iterator[Job]] = lambda: (
            (self.info.id, players, bots, options, seeds) for seeds in seed_chunks(seed, games, self.jobs))
        streams = [pool.imap_unordered(_play_chunk, jobs()) for pool in self.pools]
        results: list[list[GameResult]] = [[] for _ in streams]
        waiting = list(range(len(streams)))
        while waiting:  # both sides at once: take whatever either has finished
            for i in list(waiting):
                try:
                    part = streams[i].next(timeout=0.05)
                except multiprocessing.TimeoutError:
                    continue
                except StopIteration:
                    waiting.remove(i)
                    continue
                except GameFailed as err:
                    raise GameFailed(err.message, i) from None
                results[i].extend(part)
                if progress:
                    progress[i](len(part))
        for side in results:
            side.sort(key=lambda r: r.seed)
        return results

    def keep(self, index: int, *args: Any) -> list[Path]:
        """`write_kept(*args)` in a process of side `index` (which reads its data)."""
        from sherwood_tui.workbench.kept import write_kept

        if not self.pools:
            return write_kept(*args)
        paths: list[Path] = self.pools[index].apply(write_kept, args)
        return paths


# ----- the command --------------------------------------------------------------------


def flag_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the workbench flags of a run (files aside), or None."""
    every = "all" in (args.option or [])
    if every and len(args.option) > 1:
        return "--option all runs every combination: give no other --option"
    if args.compare is not None and not 1 <= len(args.compare) <= 2:
        return f"--compare takes one file (the built-in data against it) or two (A and B), not {len(args.compare)}"
    pairs = [
        (args.assets is not None and args.compare is not None,
         "--assets and --compare do not go together (--compare A.json B.json compares two files)"),
        (args.json and args.csv, "choose one of --json and --csv"),
        (every and args.compare is not None, "--option all and --compare do not go together"),
        (every and args.keep is not None, "--option all and --keep do not go together"),
        (every and args.csv, "--option all prints a table or --json, not --csv"),
        (args.keep_dir is not None and args.keep is None, "--keep-dir needs --keep N"),
    ]
    return next((message for wrong, message in pairs if wrong), None)


def report_problem(path: Path | None) -> str | None:
    """Why the HTML report cannot be written at `path`, or None."""
    if path is None:
        return None
    from sherwood_tui.cli import shown

    if path.is_dir():
        return f"--report: {shown(str(path), None)} is a folder, not a file"
    if not path.parent.is_dir():
        return f"--report: no such folder: {shown(str(path.parent), None)}"
    return None


def _sides(info: catalog.GameInfo, args: argparse.Namespace) -> list[DataSide]:
    """The data of each side, every file checked first (AssetError: one line)."""
    from sherwood_tui.core.assets import check_asset_file

    if args.compare is not None:
        files = ([None] if len(args.compare) == 1 else []) + [Path(f) for f in args.compare]
        labels = ["A", "B"]
    else:
        files, labels = [Path(args.assets) if args.assets is not None else None], [""]
    return [DataSide(label, path, check_asset_file(info, path) if path is not None else None)
            for label, path in zip(labels, files)]


def main(args: argparse.Namespace) -> int:
    """`sherwood-tui simulate GAME ...`; bad arguments get one line and exit 2."""
    import json
    import sys

    from sherwood_tui.core.assets import AssetError

    def fail(message: str, status: int = 2) -> int:
        print(f"sherwood-tui simulate: {message}", file=sys.stderr)
        return status

    try:
        info = catalog.get(args.game)
    except ValueError as err:
        return fail(str(err))
    if not info.min_players <= args.players <= info.max_players:
        return fail(f"{info.title} takes {info.min_players} to {info.max_players} players, not {args.players}")
    problem = run_problem(args) or flag_problem(args) or report_problem(args.report) or keep_problem(args)
    if problem:
        return fail(problem)
    every = "all" in (args.option or [])
    try:
        bots = parse_bots(args.bots, args.players)
        options = {} if every else parse_options(args.option or [], info)
        sides = _sides(info, args)
    except (ValueError, AssetError) as err:  # AssetError: `FILE: where: problem`
        return fail(str(err))
    tune_gc_for_batch_play()  # this process (and the ones it forks) only plays games now
    started = time.perf_counter()
    quiet = args.json or args.csv
    try:
        with Sides(info, sides, max(1, args.jobs), args.games) as playing:
            if every:
                combos = option_combinations(info)
                with _progress(quiet, [f"{info.title}: {len(combos)} combinations of options"], args.games * len(combos)) as bars:
                    played = [playing.play(args.players, args.games, args.seed, bots, combo, bars)[0] for combo in combos]
            else:
                with _progress(quiet, [f"{side.label + ': ' if side.label else ''}{side.shown}" for side in sides], args.games) as bars:
                    played = playing.play(args.players, args.games, args.seed, bots, options, bars)
            kept = _keep(playing, info, args, bots, options, sides, played) if args.keep else []
    except KeyboardInterrupt:
        return fail("interrupted", 130)
    except GameFailed as err:  # on a player's data, the data is to blame; on ours, a bug
        return fail(f"a game failed on {err}", 2 if sides[err.side].path is not None else 1)
    except OSError as err:  # the kept games could not be written
        return fail(f"--keep: cannot write {err.filename or 'the games'} ({err.strerror or err.__class__.__name__})")
    done = Run(info, args, sides, bots, options, time.perf_counter() - started)
    made = done.variants(played) if every else done.single(played[0]) if len(sides) == 1 else done.comparison(*played)
    if kept:
        made.add_kept(kept)
    if args.report is not None:
        from sherwood_tui.workbench import report

        try:
            report.write_html(args.report, made.header, made.parts)
        except OSError as err:
            return fail(f"--report: cannot write {args.report} ({err.strerror or err.__class__.__name__})")
    if args.json:
        print(json.dumps(made.data, indent=1))
    elif args.csv:
        print(made.csv, end="")
    else:
        made.show()
    return 0


@dataclass
class Output:
    """What a run prints: its JSON, its CSV, and the header and parts of its tables."""

    data: dict[str, Any]
    header: str
    parts: list[Any]
    csv: str = ""

    def add_kept(self, kept: list[tuple[Path, str]]) -> None:
        from rich.text import Text

        self.data["kept"] = [{"file": str(path), "why": why} for path, why in kept]
        lines = "\n".join(f"  {why}: {printable(str(path))}" for path, why in kept)
        self.parts.append(Text(f"Kept games (sherwood-tui replay FILE):\n{lines}"))

    def show(self) -> None:
        from sherwood_tui.workbench import report

        report.show(self.header, self.parts)


@dataclass
class Run:
    """A finished run's settings, to print its results by."""

    info: catalog.GameInfo
    args: Any
    sides: list[DataSide]
    bots: list[str]
    options: dict[str, bool]
    seconds: float

    def _about(self) -> dict[str, Any]:
        return {"game": self.info.id, "players": self.args.players, "seed": self.args.seed, "bots": self.bots,
                "seconds": round(self.seconds, 2)}

    def _line(self, options: str) -> str:
        a = self.args
        return (f"{a.games} games{' a side' if len(self.sides) > 1 else ''}, {a.players} players, seed {a.seed}, "
                f"bots {','.join(self.bots)}, options {options}, {self.seconds:.1f} s")

    def single(self, results: list[GameResult]) -> Output:
        from sherwood_tui.workbench import report

        data = summarise(results, self.bots)
        data.update(self._about(), options=self.options, data=self.sides[0].shown)
        header = f"{self.info.title} on {self.sides[0].shown}: {self._line(options_label(self.info, self.options))}"
        parts = report.run_renderables(data, results, seat_advantages(results, self.bots))
        return Output(data, header, parts, to_csv(measures(results, self.bots)))

    def comparison(self, a: list[GameResult], b: list[GameResult]) -> Output:
        from sherwood_tui.workbench import report

        rows = measures(a, self.bots, b)
        found = {side.label: seat_advantages(results, self.bots) for side, results in zip(self.sides, (a, b))}
        data = {**self._about(), "games": self.args.games, "options": self.options,
                "a": {"data": self.sides[0].shown, "summary": summarise(a, self.bots)},
                "b": {"data": self.sides[1].shown, "summary": summarise(b, self.bots)},
                "measures": [measure_json(m) for m in rows],
                "seat_advantage": {label.lower(): advantages_json(flags) for label, flags in found.items()}}
        header = (f"{self.info.title}: A = {self.sides[0].shown}, B = {self.sides[1].shown}; "
                  f"{self._line(options_label(self.info, self.options))}")
        parts = report.comparison_renderables(rows, found, [("A", a), ("B", b)], self.bots)
        return Output(data, header, parts, to_csv(rows))

    def variants(self, played: list[list[GameResult]]) -> Output:
        from sherwood_tui.workbench import report

        rows = [variant_row(self.info, combo, results, self.bots) for combo, results in zip(option_combinations(self.info), played)]
        data = {**self._about(), "games": self.args.games, "data": self.sides[0].shown, "variants": rows}
        header = f"{self.info.title} on {self.sides[0].shown}: {self._line('every combination')}"
        return Output(data, header, report.variants_renderables(rows))


def _keep(
    playing: Sides, info: catalog.GameInfo, args: argparse.Namespace, bots: list[str], options: dict[str, bool],
    sides: list[DataSide], results: list[list[GameResult]],
) -> list[tuple[Path, str]]:
    """Save the most unusual games of each side; (file, why) of each."""
    from sherwood_tui.workbench.kept import choose

    kept = []
    for index, (side, played) in enumerate(zip(sides, results)):
        picks = choose(played, args.keep)
        paths = playing.keep(index, info.id, args.players, bots, options, picks, keep_folder(args), side.label)
        kept += [(path, pick.why) for path, pick in zip(paths, picks)]
    return kept


def keep_folder(args: argparse.Namespace) -> Path:
    """Where `--keep` saves: `--keep-dir`, else `kept/` in the data folder."""
    from sherwood_tui.core.paths import data_dir

    return args.keep_dir or data_dir() / "kept"


def keep_problem(args: argparse.Namespace) -> str | None:
    """Why the kept games cannot be saved where they would go, or None."""
    if args.keep is None:
        return None
    from sherwood_tui.cli import folder_problem

    problem = folder_problem(keep_folder(args))
    return f"--keep: the folder {problem}" if problem else None


class _progress:
    """A progress bar per side (none when the output is JSON or CSV): a `with` block
    giving the callbacks `Sides.play` calls."""

    def __init__(self, quiet: bool, names: list[str], total: int) -> None:
        self.quiet, self.names, self.total = quiet, names, total
        self.bar: Any = None

    def __enter__(self) -> list[Callable[[int], Any]]:
        if self.quiet:
            return []
        from rich.progress import Progress

        self.bar = Progress(transient=True)
        self.bar.start()
        return [functools.partial(self.bar.advance, self.bar.add_task(name, total=self.total)) for name in self.names]

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
