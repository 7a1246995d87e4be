"""Tuning toward a target (`sherwood-tui tune GAME --field PATH=LOW..HIGH --target ...
--budget GAMES`): a search of a game's data fields, each a whole number from LOW to HIGH
(PATH as `simulate --sweep` names it: `sweep.py`), for the values whose games come
closest to a target. Optuna's TPE sampler (the `tune` extra, imported here only) proposes
the values; the engine plays them as a sweep's variants are played (`engine.open_sides`,
locally or on a Dask cluster).

- Every evaluation plays the same seeds (`seed` .. `seed + games_each - 1`: common random
  numbers), so two evaluations differ by their data alone and the search minimises one
  fixed function of the values (the sample-average problem): a value proposed again is
  not played again, it gets the loss it had.
- Evaluation 0 is the starting data (the built-in file, or `--assets`), played first;
  when its values lie in the ranges, the sampler is told of it as its first trial.
- The sampler is seeded, and it proposes a fixed number of values at a time (`BATCH`,
  whatever the processes or the cluster), told only when all are played: the same seed
  gives the same evaluations, locally or on a cluster.
- The losses (`Target.loss`): balance, the largest gap between a seat's win rate and the
  fair share (1 / players), in percentage points; `length=N`, how far the mean rounds a
  game are from N; `margin=N`, how far the winner's mean margin (`flow.py`: the winners'
  score less the best other seat's) is from N, in points.
- The search stops when the budget (games in all) has no room for another evaluation,
  when every point of the ranges has been played, or when the sampler proposes only
  points already played, `STALE_ASKS` times in a row.

The best evaluation is the one of least loss (the earliest on a tie, so the starting
data stays best unless something beats it); it played the starting data's seeds, so its
comparison with the starting data is paired (`compare.measures`). Docs:
docs/designers/tuning.md.
"""

from __future__ import annotations

import json
import math
import re
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sherwood_tui.core.assets import AssetError, check_asset_data
from sherwood_tui.workbench.compare import Measure, measures, seat_wins
from sherwood_tui.workbench.engine import DataSide, GameResult, open_sides
from sherwood_tui.workbench.flow import flow_of
from sherwood_tui.workbench.sweep import steps, with_value

if TYPE_CHECKING:
    import sqlite3

    from sherwood_tui import catalog

BATCH = 4  # evaluations proposed, played and told at a time (fixed: the answer never depends on the machine)
STALE_ASKS = 40  # proposals in a row of points already played: the search has settled
LEAST_GAMES_EACH = 10  # an evaluation of fewer games says too little
EVALUATIONS_BY_DEFAULT = 20  # --games-each's default: the budget over this many evaluations
FIELD = re.compile(r"(?P<path>[^=]+)=(?P<low>[+-]?\d+)\.\.(?P<high>[+-]?\d+)")
TARGET = re.compile(r"(?P<kind>length|margin)=(?P<goal>[+-]?(\d+(\.\d*)?|\.\d+))")

TUNING_SCHEMA = """
CREATE TABLE IF NOT EXISTS tuning (
    run INTEGER NOT NULL REFERENCES runs(id), evaluation INTEGER NOT NULL, variant TEXT NOT NULL,
    settings TEXT NOT NULL, target TEXT NOT NULL, games INTEGER NOT NULL, first_seed INTEGER NOT NULL,
    measure REAL, loss REAL, best INTEGER NOT NULL, refused TEXT,
    PRIMARY KEY (run, evaluation));
"""


class TuneError(ValueError):
    """A search that cannot start as asked (one line)."""


@dataclass(frozen=True)
class Field:
    """A field searched over: its path in the data file and its whole-number range."""

    path: str
    low: int
    high: int

    @property
    def size(self) -> int:
        return self.high - self.low + 1


def parse_field(text: str) -> Field:
    """`PATH=LOW..HIGH` (whole numbers, LOW below HIGH); TuneError with one line."""
    found = FIELD.fullmatch(text.strip())
    if found is None:
        raise TuneError(f"--field takes PATH=LOW..HIGH with whole numbers (e.g. starting_gold=20..80), not {text!r}")
    path, low, high = found["path"].strip(), int(found["low"]), int(found["high"])
    try:
        steps(path)
    except ValueError as err:
        raise TuneError(str(err).replace("--sweep", "--field")) from None
    if low >= high:
        raise TuneError(f"--field {path}: LOW must be below HIGH, not {low}..{high}")
    return Field(path, low, high)


@dataclass(frozen=True)
class Target:
    """What the search brings close: `balance`, or a goal of `length` or `margin`."""

    kind: str  # "balance", "length" or "margin"
    goal: float = 0.0

    @property
    def text(self) -> str:
        return "balance" if self.kind == "balance" else f"{self.kind}={self.goal:g}"

    @property
    def measure_label(self) -> str:
        return {"balance": "largest gap to the fair share (points)", "length": "mean rounds a game",
                "margin": "winner's mean margin (points)"}[self.kind]

    def measure(self, results: Sequence[GameResult], players: int) -> float:
        """The measure of one evaluation's games (its units: `measure_label`)."""
        if self.kind == "balance":
            return largest_gap(results, players)
        if self.kind == "length":
            return sum(r.rounds for r in results) / len(results)
        return sum(flow_of(r).margin for r in results) / len(results)

    def loss(self, measure: float) -> float:
        """How far a measure is from the target (0: on it)."""
        return measure if self.kind == "balance" else abs(measure - self.goal)


def parse_target(text: str) -> Target:
    """`balance`, `length=N` or `margin=N`; TuneError with one line."""
    if text.strip() == "balance":
        return Target("balance")
    found = TARGET.fullmatch(text.strip())
    if found is None:
        raise TuneError(f"--target takes balance, length=N (mean rounds) or margin=N (points), not {text!r}")
    return Target(found["kind"], float(found["goal"]))


def largest_gap(results: Sequence[GameResult], players: int) -> float:
    """The largest gap between a seat's win rate and the fair share (1 / players), in
    percentage points (a shared win counts as a share of a win)."""
    fair = 1 / players
    return 100 * max(abs(wins / len(results) - fair) for wins in seat_wins(results, players))


Point = tuple[tuple[str, Any], ...]  # (path, value) of each field


def point_name(point: Point) -> str:
    """`starting_gold=35` (several fields: `a=1, b=2`), as a sweep names its variants."""
    return ", ".join(f"{path}={json.dumps(value)}" for path, value in point)


@dataclass
class Evaluation:
    """One point played (number 0: the starting data), or refused by the data's checks."""

    number: int
    point: Point
    results: list[GameResult] = field(default_factory=list)
    measure: float = math.nan
    loss: float = math.nan
    refused: str = ""  # why the data with these values is not a game's data

    @property
    def name(self) -> str:
        return point_name(self.point)


@dataclass
class Search:
    """A finished search: every evaluation in order, the best, and why it stopped."""

    fields: list[Field]
    target: Target
    evaluations: list[Evaluation]
    best: Evaluation
    first_seed: int
    games_each: int
    stopped: str

    @property
    def start(self) -> Evaluation:
        return self.evaluations[0]

    @property
    def games(self) -> int:
        return sum(len(e.results) for e in self.evaluations)

    def comparison(self, bots: list[str]) -> list[Measure]:
        """Every measure of the best against the starting data, game by game (paired:
        both played the same seeds)."""
        return measures(self.start.results, bots, self.best.results)


def starting_point(data: Any, fields: Sequence[Field]) -> Point:
    """Each field's value in the starting data (TuneError if the data has no such field)."""
    point = []
    for searched in fields:
        where = data
        for step in steps(searched.path):
            try:
                where = where[step]
            except (KeyError, IndexError, TypeError):
                raise TuneError(f"--field: the data file has no field {searched.path} "
                                "(see `sherwood-tui assets GAME --schema`)") from None
        point.append((searched.path, where))
    return tuple(point)


def in_ranges(point: Point, fields: Sequence[Field]) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) and f.low <= v <= f.high for (_, v), f in zip(point, fields))


def data_text(info: catalog.GameInfo, base: Any, point: Point) -> str:
    """The checked text of the data `base` with the point's values (AssetError or
    ValueError with one line if the game cannot play on it)."""
    data = base
    for path, value in point:
        data = with_value(data, path, value)
    check_asset_data(info, data, f"--field {point_name(point)}")
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def check_bounds(info: catalog.GameInfo, base: Any, fields: Sequence[Field], start: Point) -> None:
    """Each field at its LOW and at its HIGH (the others as they start) is data the
    game can play on: TuneError naming the first that is not."""
    for k, searched in enumerate(fields):
        for value in (searched.low, searched.high):
            point = tuple((path, value if i == k else v) for i, (path, v) in enumerate(start))
            try:
                data_text(info, base, point)
            except (AssetError, ValueError) as err:
                raise TuneError(str(err)) from None


@dataclass(frozen=True)
class Plan:
    """How the games of a search are played: every evaluation the same seeds."""

    players: int
    bots: list[str]
    options: dict[str, bool]
    seed: int
    games_each: int
    budget: int  # games in all
    jobs: int = 1  # processes per evaluation of a batch (local)
    scheduler: str | None = None  # a Dask scheduler's address: the games played there
    events: bool = False  # the results hold their games' events (a search that writes records)

    @property
    def evaluations(self) -> int:
        return self.budget // self.games_each


def search(info: catalog.GameInfo, base_text: str, fields: Sequence[Field], target: Target, plan: Plan,
           progress: Callable[[Search], Any] = lambda done: None) -> Search:
    """Search the fields' ranges for the values whose games come closest to `target`,
    within `plan.budget` games; `progress(search so far)` after each batch. TuneError if
    it cannot start; GameFailed and the engine's ClusterError from the games."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    if plan.evaluations < 2:
        raise TuneError(f"--budget {plan.budget} has room for {plan.evaluations} evaluation(s) of "
                        f"{plan.games_each} games: at least 2 (the starting data and one other)")
    base = json.loads(base_text)
    start = starting_point(base, fields)
    check_bounds(info, base, fields, start)
    with warnings.catch_warnings():  # constant_liar is "experimental" in some versions
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        sampler = optuna.samplers.TPESampler(seed=plan.seed % 2**32, n_startup_trials=max(2, min(10, plan.evaluations // 3)),
                                             multivariate=len(fields) > 1, constant_liar=True)
    study = optuna.create_study(direction="minimize", sampler=sampler)
    space = math.prod(f.size for f in fields)
    told = in_ranges(start, fields)
    if told:
        study.enqueue_trial({path: value for path, value in start})
    done = Search(list(fields), target, [], Evaluation(0, start), plan.seed, plan.games_each, "")
    played: dict[Point, Evaluation] = {}
    stale = 0
    first = True
    while True:
        room = (plan.budget - done.games) // plan.games_each
        batch: list[Evaluation] = []
        if first and not told:  # the starting data, outside the ranges: played, not told
            batch.append(Evaluation(0, start))
        first = False
        waiting: list[tuple[Any, Point]] = []  # trials to tell once the batch is played
        while (len(batch) < min(BATCH, room) and stale < STALE_ASKS
               and len(played) + sum(in_ranges(e.point, fields) for e in batch) < space):
            trial = study.ask()
            point = tuple((f.path, trial.suggest_int(f.path, f.low, f.high)) for f in fields)
            if point in played:
                _tell(study, trial, played[point])
                stale += 1
                continue
            waiting.append((trial, point))
            if any(e.point == point for e in batch):
                stale += 1
                continue
            stale = 0
            batch.append(Evaluation(len(done.evaluations) + len(batch), point))
        if not batch:
            done.stopped = "budget" if room < 1 else "settled" if stale >= STALE_ASKS else "every point played"
            break
        _play_batch(info, base, batch, target, plan)
        for evaluation in batch:
            done.evaluations.append(evaluation)
            if in_ranges(evaluation.point, fields):
                played[evaluation.point] = evaluation
        for trial, point in waiting:
            _tell(study, trial, played[point])
        done.best = best_of(done.evaluations)
        progress(done)
    return done


def _tell(study: Any, trial: Any, evaluation: Evaluation) -> None:
    import optuna

    if evaluation.refused:
        study.tell(trial, state=optuna.trial.TrialState.FAIL)
    else:
        study.tell(trial, evaluation.loss)


def best_of(evaluations: Sequence[Evaluation]) -> Evaluation:
    """The evaluation of least loss (the earliest on a tie: losses equal to 9 decimals,
    as two seats' equal gaps computed apart may differ in their last bits); refused
    ones never."""
    return min((e for e in evaluations if not e.refused), key=lambda e: (round(e.loss, 9), e.number))


def _play_batch(info: catalog.GameInfo, base: Any, batch: list[Evaluation], target: Target, plan: Plan) -> None:
    """Play every evaluation of the batch on the same seeds (each on its own data, as a
    sweep's variants are played); one whose data the game refuses is marked so."""
    sides = []
    for evaluation in batch:
        try:
            text = data_text(info, base, evaluation.point)
        except (AssetError, ValueError) as err:
            evaluation.refused = str(err)
            continue
        sides.append((evaluation, DataSide(evaluation.name, Path(f"tune-{evaluation.number}.json"), text,
                                           name=evaluation.name)))
    if not sides:
        return
    with open_sides(info, [side for _, side in sides], plan.jobs, plan.games_each, plan.scheduler,
                    events=plan.events) as playing:
        played = playing.play(plan.players, plan.games_each, plan.seed, plan.bots, plan.options)
    for (evaluation, _), results in zip(sides, played):
        evaluation.results = results
        evaluation.measure = target.measure(results, plan.players)
        evaluation.loss = target.loss(evaluation.measure)


# ----- records --------------------------------------------------------------------------


def tuning_rows(done: Search) -> Callable[[sqlite3.Connection, int], None]:
    """What writes the search's `tuning` rows into a records file (in the run's own
    transaction: `records.write_run(..., also=...)`), one per evaluation."""

    def write(connection: sqlite3.Connection, run: int) -> None:
        connection.executescript(TUNING_SCHEMA)
        connection.executemany(
            "INSERT INTO tuning (run, evaluation, variant, settings, target, games, first_seed, measure, loss, best, refused)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(run, e.number, e.name, json.dumps(dict(e.point)), done.target.text, len(e.results), done.first_seed,
              None if math.isnan(e.measure) else e.measure, None if math.isnan(e.loss) else e.loss,
              int(e is done.best), e.refused or None) for e in done.evaluations])

    return write
