"""The workbench's engine: bot games played headlessly from their seeds, spread over
worker processes, on the built-in data or a player's own (one pool of fresh workers per
side of a comparison). The command line (`sherwood_tui/commands/`) drives it; it never
imports the command line.

Game i of a run uses seed `seed + i`, so a run gives the same results whatever `jobs`
(`salted_seed`: the first seed of a run mixed with `--salt N`).
Game-specific counts come from `games/<game>/rules/stats.py` (`count_step`), when present;
a run that writes records also asks it for the game's events (`note_step`, `events.py`).

A run on a player's own data or a comparison plays each side in worker processes of its
own: fresh processes (never forks of one that has loaded a game) that read that side's
data before the game loads, since a game's tables are built from its data as it is
imported. Both sides play the same seeds.

`open_sides(..., scheduler=ADDRESS)` plays the same chunks on a Dask cluster instead
(`workbench/cluster.py`), with the same results.
"""

from __future__ import annotations

import hashlib
import random
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from sherwood_tui import catalog
from sherwood_tui.core.bots import bot_action
from sherwood_tui.core.contract import Event, Player
from sherwood_tui.core.levels import level_problem
from sherwood_tui.core.limits import MAX_SEED
from sherwood_tui.core.playout import RANDOM_MOVE, PlayoutError, count_round_ends, playout
from sherwood_tui.core.wording import printable
from sherwood_tui.workbench.events import EventLog, note_step

if TYPE_CHECKING:
    import multiprocessing.context

    from sherwood_tui.core.plugin import OptionSpec

    Job = tuple[str, int, list[str], dict[str, bool], range, bool]  # game, players, bots, options, seeds, events

    class WithOptions(Protocol):
        """A game's rules or its plug-in: what the options' words need."""

        @property
        def title(self) -> str: ...

        @property
        def options(self) -> tuple[OptionSpec, ...]: ...

    class Playing(Protocol):
        """Where a run's sides play (a `with` block): `Sides` here, or on a cluster."""

        def __enter__(self) -> Playing: ...

        def __exit__(self, *exc: object) -> None: ...

        def play(self, players: int, games: int, seed: int | Sequence[int], bots: list[str],
                 options: dict[str, bool], progress: Sequence[Callable[[int], Any]] = ()) -> list[list[GameResult]]: ...

        def keep(self, index: int, *args: Any) -> list[Path]: ...


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
    moves: str = ""  # a digest of the game's actions: two games with the same one played alike
    # the scores at each round end (`flow.py`), flat: a value a seat, a round end after another
    # (an array of doubles: a few hundred bytes a game, not kilobytes of lists of floats)
    standings: Sequence[float] = ()
    events: EventLog | None = None  # only when asked for (`play_one(..., events=True)`)


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
    events: bool = False,
) -> GameResult:
    """One bot game from its seed (`record`: a list its actions are appended to;
    `events`: note the game's events, for the records)."""
    info = catalog.get(game_id)
    game = info.load()
    count_step = _counter(info)
    note = note_step(info) if events else None
    log = EventLog() if note is not None else None
    seats = [Player(name=f"Seat {i + 1}", bot=cast(Any, bots[i])) for i in range(players)]
    state, _ = game.start(seats, options, seed)
    rnd = random.Random(seed)
    counts: Counter[str] = Counter()
    rounds = 0
    moves = hashlib.blake2b(digest_size=12)
    standings = array("d")

    def choose(state: Any, seat: int) -> Any:
        return bot_action(game, state, seat, bots[seat], rnd)

    def on_move(before: Any, action: Any, after: Any, events: list[Event]) -> None:
        nonlocal rounds
        if record is not None:
            record.append(action)
        moves.update(repr(action).encode())
        if log is not None:
            note(log, before, action, after, events)  # type: ignore[misc]  # there is a log: there is a note_step
        ended = count_round_ends(events)
        if ended:  # the standings, read with the game's own scoring only here (cheap)
            rounds += ended
            if log is not None:
                log.round = rounds + 1
            standings.extend([line.total for line in game.scores(after)])
        if count_step is not None:
            count_step(counts, before, action, after, events)

    every_random = all(level == "random" for level in bots[:players])  # the loop draws their moves (the same draws)
    try:
        state, actions = playout(game, state, RANDOM_MOVE if every_random else choose, rnd, on_move=on_move,
                                 limit=MAX_ACTIONS)
    except PlayoutError as err:
        raise GameFailed(f"seed {seed}: {err}") from None
    return GameResult(
        seed=seed,
        winners=game.winners(state),
        scores=[line.total for line in game.scores(state)],
        actions=actions,
        rounds=rounds,
        ending=game.ending(state),
        counts=dict(counts),
        moves=moves.hexdigest(),
        standings=standings,
        events=log,
    )


def play_named(game_id: str, players: int, bots: list[str], options: dict[str, bool], seed: int,
               events: bool = False) -> GameResult:
    """`play_one`, any failure made a GameFailed of one line naming the game's seed (it
    crosses from a worker process)."""
    try:
        return play_one(game_id, players, bots, options, seed, events=events)
    except GameFailed:
        raise
    except Exception as err:
        raise GameFailed(f"seed {seed}: {err.__class__.__name__}: {' '.join(str(err).split())[:200]}") from None


def _play_chunk(job: Job) -> list[GameResult]:
    game_id, players, bots, options, seeds, events = job
    return [play_named(game_id, players, bots, options, seed, events) for seed in seeds]


def run(
    game_id: str, players: int, games: int, seed: int, bots: list[str], options: dict[str, bool],
    jobs: int = 1, progress: Callable[[int], None] | None = None, events: bool = False,
) -> list[GameResult]:
    """Play `games` bot games; `progress(n)` is called as games finish; `events`: each
    result holds its game's events (for the records)."""
    chunks = ((game_id, players, bots, options, seeds, events) for seeds in seed_chunks(seed, games, jobs))
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


def salted_seed(seed: int, salt: int, games: int) -> int:
    """The first seed of a run whose seeds are mixed with `salt` (`simulate --salt N`):
    a hash of both, so that another salt draws other games from the same data (each a
    seed of its own, far from the run's unsalted ones), and every game's seed still
    names it for `replay` (the last one stays within MAX_SEED)."""
    digest = hashlib.blake2b(f"{seed}:{salt}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % (MAX_SEED - games + 2)


def side_seeds(seed: int | Sequence[int], sides: int) -> list[int]:
    """The first seed of each side: one for all (the same games on every side), or one
    each (salted sides: games not matched)."""
    if isinstance(seed, int):
        return [seed] * sides
    if len(seed) != sides:
        raise ValueError(f"a first seed for each of {sides} sides, not {len(seed)}")
    return list(seed)


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
    own_data: tuple[str, Path, str] | None = None,
) -> list[R]:
    """Run `worker` (which returns a list per chunk) over the chunks on `jobs` processes;
    `progress(n)` is called with each finished chunk's length. The chunks may be a
    generator: they are taken as they are needed. `own_data` (game id, file, its text):
    the games are played on that data file, in fresh processes that read it before the
    game loads (even for one job: this process may have loaded the built-in data)."""
    results: list[R] = []

    def collect(parts: Iterable[list[R]]) -> None:
        for part in parts:
            results.extend(part)
            if progress:
                progress(len(part))

    if own_data is not None:
        with _fresh_context().Pool(max(1, jobs), initializer=_start_side, initargs=own_data) as pool:
            collect(pool.imap_unordered(worker, chunks))
    elif jobs <= 1:
        collect(map(worker, chunks))
    else:
        import multiprocessing

        # fork where there is one (quick, and the parent's tuned collector is shared)
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        with multiprocessing.get_context(method).Pool(jobs, initializer=_ignore_interrupts) as pool:
            collect(pool.imap_unordered(worker, chunks))
    return results










def parse_bots(text: str | None, players: int) -> list[str]:
    levels = (text or "sensible").split(",")
    for level in levels:
        problem = level_problem(level)
        if problem:
            raise ValueError(problem)
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


# ----- sides: the data each half of a run plays on ------------------------------------


@dataclass(frozen=True)
class DataSide:
    """One side of a run: the data it plays on (`path` None: the built-in data)."""

    label: str  # "A" or "B" in a comparison, "" for a single run, a variant's name among many
    path: Path | None = None
    text: str | None = None  # the checked text of `path`: what the games play on
    name: str = ""  # what it is called instead of its file (a sweep's `FIELD=VALUE`)

    @property
    def shown(self) -> str:
        if self.name:
            return printable(self.name)
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


def open_sides(info: catalog.GameInfo, sides: list[DataSide], jobs: int, games: int, scheduler: str | None = None,
               events: bool = False) -> Playing:
    """Where the run plays: in processes of this machine (`Sides`), or on the Dask
    cluster whose scheduler is at `scheduler` (`workbench/cluster.py`, which alone
    imports Dask; ClusterError if it cannot). `events`: the results hold their games'
    events (a run that writes records)."""
    if scheduler is None:
        return Sides(info, sides, jobs, games, events)
    from sherwood_tui.workbench.cluster import ClusterSides

    return ClusterSides(info, sides, scheduler, events)


class Sides:
    """The worker processes of a run: one pool per side, open while the run plays (a
    `with` block). A single run on the built-in data has none: it plays as `run` does."""

    def __init__(self, info: catalog.GameInfo, sides: list[DataSide], jobs: int, games: int, events: bool = False) -> None:
        self.info, self.sides, self.jobs, self.events = info, sides, workers(games, jobs), events
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

    def play(self, players: int, games: int, seed: int | Sequence[int], bots: list[str], options: dict[str, bool],
             progress: Sequence[Callable[[int], Any]] = ()) -> list[list[GameResult]]:
        """Every side plays the same games (seeds, bots, options; or a first seed per
        side: `side_seeds`); `progress[i](n)` is called as side i finishes games.
        GameFailed names a game that failed."""
        try:
            return self._play(players, games, seed, bots, options, progress)
        except GameFailed as err:
            raise GameFailed(f"{self.sides[err.side].shown}: {err.message}", err.side) from None

    def _play(self, players: int, games: int, seed: int | Sequence[int], bots: list[str], options: dict[str, bool],
              progress: Sequence[Callable[[int], Any]]) -> list[list[GameResult]]:
        firsts = side_seeds(seed, len(self.sides))
        if not self.pools:
            return [run(self.info.id, players, games, firsts[0], bots, options, self.jobs,
                        progress[0] if progress else None, self.events)]
        import multiprocessing

        jobs: Callable[[int], Iterator[Job]] = lambda first: (
            (self.info.id, players, bots, options, seeds, self.events) for seeds in seed_chunks(first, games, self.jobs))
        streams = [pool.imap_unordered(_play_chunk, jobs(first)) for pool, first in zip(self.pools, firsts)]
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
