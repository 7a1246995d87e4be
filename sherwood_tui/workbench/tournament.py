"""Tournaments: bot levels played against one another at every seating, rated with
OpenSkill's Plackett-Luce model (one rating per level), met head to head, and their
win rates. UI-free: the command line (`commands/tournament.py`) prints what this finds.

Seatings. With k levels L0 .. Lk-1 at a table of n seats, seating r puts level
L[(r + j) mod k] at seat j (the levels go round the table in the order given, starting
from a different one each time), for r = 0 .. k-1; with three levels or more, the same
again the other way round the table (seat j: L[(r - j) mod k]), so that each level sits
both after and before each other one. Each seat sees each level equally often over the
seatings, whether or not k divides n: k seatings for two levels, 2k for more. The games
are dealt out in turn: game g (from 0) plays seating `g mod S` with seed `seed + g`, so
game i of seating r has seed `seed + i * S + r`, and the number of games is rounded up
to a multiple of S.

Ranks. A game's winners share the first place; the other seats follow by score, equal
scores sharing a place. A level seated more than once at a table is rated as one entrant
per seat, each with the level's rating, and takes the mean of their updates: the game
counts once for it. The ratings are updated game by game in seed order, so the same
games always give the same ratings.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sherwood_tui import catalog
from sherwood_tui.core.bots import restriction_problem
from sherwood_tui.core.levels import level_problem
from sherwood_tui.core.limits import MAX_GAMES, MAX_SEED
from sherwood_tui.workbench.engine import (
    DataSide,
    GameResult,
    index_chunks,
    play_named,
    run_chunks,
    workers,
)
from sherwood_tui.workbench.stats import Interval, SkillOrdinal, wilson

# game, players, seatings, options, seed, games, events (for the records)
Job = tuple[str, int, tuple[tuple[str, ...], ...], dict[str, bool], int, range, bool]


# ----- seatings -----------------------------------------------------------------------


def levels_problem(levels: Sequence[str], game_id: str | None = None) -> str | None:
    """Why these levels cannot play a tournament (a level unknown or named twice, a
    restriction `game_id` does not declare, fewer than two), or None."""
    for level in levels:
        problem = level_problem(level) if game_id is None else restriction_problem(game_id, level)
        if problem:
            return problem
    if len(levels) < 2:
        return f"a tournament needs at least two levels, not {len(levels)} ({','.join(levels)})"
    twice = next((level for i, level in enumerate(levels) if level in levels[:i]), None)
    if twice is not None:
        return f"{twice!r} is named twice (each level plays once, in every seat in turn)"
    return None


def seatings(levels: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The level of each seat in each seating (see the module's notes)."""
    k = len(levels)
    found: list[tuple[str, ...]] = []
    for direction in (1, -1):
        for r in range(k):
            seating = tuple(levels[(r + direction * j) % k] for j in range(players))
            if seating not in found:  # two levels: both ways round are the same seatings
                found.append(seating)
    return found


def rounded_games(games: int, seatings: int) -> int:
    """`games` rounded up to a multiple of the number of seatings."""
    return -(-games // seatings) * seatings


def games_problem(games: int, seed: int, seatings: int) -> str | None:
    """Why the rounded-up run cannot be played (too many games, seeds past the largest),
    or None."""
    total = rounded_games(games, seatings)
    if total > MAX_GAMES:
        return (f"--games {games} rounds up to {total:,} (a multiple of the {seatings} seatings), "
                f"more than {MAX_GAMES:,}")
    if seed + total - 1 > MAX_SEED:
        return f"--seed {seed} with --games {games} (rounded up to {total}) passes the largest seed ({MAX_SEED:,})"
    return None


# ----- playing ------------------------------------------------------------------------


@dataclass(frozen=True)
class TournamentGame:
    """One game of a tournament: which seating it played (its index and the level of
    each seat) and what happened."""

    seating: int
    bots: tuple[str, ...]
    result: GameResult


def _play_chunk(job: Job) -> list[TournamentGame]:
    game_id, players, tables, options, seed, indexes, events = job
    played = []
    for g in indexes:
        seating = g % len(tables)
        result = play_named(game_id, players, list(tables[seating]), options, seed + g, events)
        played.append(TournamentGame(seating, tables[seating], result))
    return played


def play(game_id: str, players: int, levels: Sequence[str], games: int, seed: int, options: dict[str, bool],
         jobs: int = 1, progress: Callable[[int], Any] | None = None,
         own_data: tuple[Path, str] | None = None, scheduler: str | None = None,
         events: bool = False) -> list[TournamentGame]:
    """Play the tournament: `games` rounded up to a multiple of the seatings, game g at
    seating `g mod S` with seed `seed + g`; the games in seed order, whatever `jobs` or
    the cluster. `own_data`: a data file and its (checked) text to play on. `scheduler`:
    the address of a Dask cluster's scheduler to play on instead of `jobs` processes
    (`workbench/cluster.py`; ClusterError if it cannot). `events`: each result holds
    its game's events (for the records). GameFailed names a game that failed."""
    tables = tuple(seatings(levels, players))
    total = rounded_games(games, len(tables))

    def chunks(jobs: int) -> Iterator[Job]:
        return ((game_id, players, tables, options, seed, part, events) for part in index_chunks(total, jobs))

    if scheduler is not None:
        played = _on_cluster(game_id, own_data, scheduler, seed, total, progress, chunks)
    else:
        data = None if own_data is None else (game_id, *own_data)
        played = run_chunks(_play_chunk, chunks(jobs), workers(total, jobs), progress, data)
    played.sort(key=lambda game: game.result.seed)
    return played


def _on_cluster(game_id: str, own_data: tuple[Path, str] | None, scheduler: str, seed: int, total: int,
                progress: Callable[[int], Any] | None, chunks: Callable[[int], Iterator[Job]]) -> list[TournamentGame]:
    """The tournament's chunks on the Dask cluster at `scheduler` (cut as for as many
    local processes as the cluster has threads), on the built-in data or `own_data`."""
    from sherwood_tui.workbench.cluster import ClusterSides

    side = DataSide("") if own_data is None else DataSide("", *own_data)
    with ClusterSides(catalog.get(game_id), [side], scheduler) as cluster:
        sent = ((0, range(seed + job[5].start, seed + job[5].stop), job) for job in chunks(cluster.threads()))
        [played] = cluster.run_chunks(_play_chunk, sent, [progress] if progress else [])
    return played


# ----- what the games say ---------------------------------------------------------------


def places(result: GameResult) -> list[int]:
    """Each seat's place (1: first): the winners share the first, the others follow by
    score; equal scores share a place (1, 2, 2, 4)."""
    keys = [(1, 0.0) if seat in result.winners else (0, score) for seat, score in enumerate(result.scores)]
    return [1 + sum(1 for other in keys if other > key) for key in keys]


@dataclass(frozen=True)
class Rating(SkillOrdinal):
    """A level's OpenSkill rating after the tournament: mu (its estimated skill), sigma
    (how unsure that is) and the ordinal mu - 3 sigma (a skill it has almost surely)."""

    level: str
    mu: float
    sigma: float
    games: int


def rate(games: Iterable[TournamentGame], levels: Sequence[str]) -> list[Rating]:
    """Every level's rating (Plackett-Luce), updated game by game in seed order; best
    first (by the ordinal, then mu, then the order the levels were given in)."""
    from openskill.models import PlackettLuce, PlackettLuceRating

    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {level: model.rating(name=level) for level in levels}
    counted = dict.fromkeys(levels, 0)
    for game in sorted(games, key=lambda g: g.result.seed):
        # a fresh entrant per seat: the same level twice at a table is two entrants
        entrants = [[model.rating(mu=current[bot].mu, sigma=current[bot].sigma)] for bot in game.bots]
        rated = model.rate(entrants, ranks=[float(place) for place in places(game.result)])
        for level in dict.fromkeys(game.bots):
            seats = [team[0] for bot, team in zip(game.bots, rated) if bot == level]
            current[level] = model.rating(mu=statistics.fmean(r.mu for r in seats),
                                          sigma=statistics.fmean(r.sigma for r in seats), name=level)
            counted[level] += 1
    order = {level: i for i, level in enumerate(levels)}
    found = [Rating(level, current[level].mu, current[level].sigma, counted[level]) for level in levels]
    return sorted(found, key=lambda r: (-r.ordinal, -r.mu, order[r.level]))


@dataclass(frozen=True)
class Meeting:
    """How level `a` did against level `b` in the games where both played: each pair of
    a seat of `a` and a seat of `b` in one game is a meeting (one a game when each is
    seated once); `share`: a's share of the meetings (a tie counts half), with its 95%
    Wilson interval."""

    a: str
    b: str
    met: int
    a_above: int
    tied: int
    b_above: int

    @property
    def share(self) -> Interval:
        return wilson(self.a_above + self.tied / 2, self.met)


def head_to_head(games: Iterable[TournamentGame], levels: Sequence[str]) -> list[Meeting]:
    """Every pair of levels (in the order given), met head to head."""
    tally = {(a, b): [0, 0, 0] for i, a in enumerate(levels) for b in levels[i + 1:]}
    for game in games:
        place = places(game.result)
        for (a, b), counts in tally.items():
            for s, bot in enumerate(game.bots):
                if bot != a:
                    continue
                for t, other in enumerate(game.bots):
                    if other == b:
                        counts[0 if place[s] < place[t] else 1 if place[s] == place[t] else 2] += 1
    return [Meeting(a, b, sum(c), c[0], c[1], c[2]) for (a, b), c in tally.items()]


@dataclass(frozen=True)
class LevelWins:
    """A level's wins over all its seats' games (a shared win counts as a share), and
    its win rate with its 95% Wilson interval (fair share: 1 / players)."""

    level: str
    seat_games: int
    wins: float

    @property
    def rate(self) -> Interval:
        return wilson(self.wins, self.seat_games)


def win_rates(games: Iterable[TournamentGame], levels: Sequence[str]) -> list[LevelWins]:
    """Each level's wins and win rate, in the order the levels were given."""
    seat_games = dict.fromkeys(levels, 0)
    wins = dict.fromkeys(levels, 0.0)
    for game in games:
        winners = game.result.winners
        for seat, bot in enumerate(game.bots):
            seat_games[bot] += 1
            if seat in winners:
                wins[bot] += 1 / len(winners)
    return [LevelWins(level, seat_games[level], wins[level]) for level in levels]


def _bounds(interval: Interval) -> list[float | None]:
    return [None if math.isnan(v) else round(v, 4) for v in (interval.low, interval.high)]


def summary(games: Sequence[TournamentGame], levels: Sequence[str], players: int) -> dict[str, Any]:
    """The tournament's findings as JSON-ready data: the seatings, the ratings (best
    first), head to head and the win rates."""
    tables = seatings(levels, players)
    return {
        "games": len(games),
        "seatings": [{"bots": list(bots), "games": sum(1 for g in games if g.bots == bots)} for bots in tables],
        "ratings": [{"rank": i + 1, "level": r.level, "mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
                     "ordinal": round(r.ordinal, 3), "games": r.games}
                    for i, r in enumerate(rate(games, levels))],
        "head_to_head": [{"a": m.a, "b": m.b, "met": m.met, "a_above": m.a_above, "tied": m.tied, "b_above": m.b_above,
                          "a_share": round(m.share.value, 4) if m.met else None, "a_share_ci": _bounds(m.share)}
                         for m in head_to_head(games, levels)],
        "win_rates": [{"level": w.level, "seat_games": w.seat_games, "wins": round(w.wins, 2),
                       "win_rate": round(w.rate.value, 4) if w.seat_games else None, "win_rate_ci": _bounds(w.rate)}
                      for w in win_rates(games, levels)],
        "fair_share": round(1 / players, 4),
    }
