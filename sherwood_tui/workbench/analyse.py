"""`sherwood-tui analyse RECORDS`: what each card, companion or mission is worth, read
from the records' `events` (docs/designers/records.md).

For each variant of a run, and each subject of the kinds asked about (by default the
game's `held` kinds: a Peasant taken, a card smuggled, a mission won, a companion
gained, a town taken): how often it happened (events, and the share of games with one,
Wilson's interval), and the seats it happened to (a seat once a game: its "takers"):
their win rate (Wilson; a shared win counts its share) and mean score (Student's t).

Where a run holds variants that played the same seeds (a sweep or a comparison), each
variant after the first is set against the first game by game (`stats.paired_difference`):
the events a game, over every seed both played, and the takers' win and score, over the
seeds where both had takers (a game's takers averaged). Holm's correction over all the
paired tests of the run says which differences are beyond noise.
"""

from __future__ import annotations

import math
import sqlite3
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sherwood_tui.workbench.stats import Interval, holm, mean_interval, paired_difference, wilson

SLOW_GAMES = 20_000  # a run of more games than this says on stderr that it is being read


class AnalyseError(Exception):
    """The records cannot be analysed as asked: one line saying why."""


@dataclass(frozen=True)
class Subject:
    """One subject of one kind in one variant: how often, and how its takers fared."""

    kind: str
    subject: str
    times: int  # events
    games: Interval  # the share of the variant's games with at least one
    takers: int  # seats it happened to, a seat once a game
    win_rate: Interval  # the takers' win rate
    score: Interval  # the takers' mean score


@dataclass(frozen=True)
class VariantFigures:
    name: str
    games: int
    players: int  # 0: several player counts
    subjects: list[Subject]

    @property
    def fair_share(self) -> float:
        return 1 / self.players if self.players else math.nan


@dataclass(frozen=True)
class Paired:
    """A subject in one variant against the first, game by game (the same seeds)."""

    variant: str
    against: str
    kind: str
    subject: str
    seeds: int  # seeds both variants played
    times: Interval  # events a game, B minus A
    both: int  # seeds where it had takers in both variants
    win_rate: Interval  # the takers' win, B minus A
    score: Interval  # the takers' score, B minus A
    beyond_noise: tuple[str, ...] = ()  # which of "times", "win_rate", "score" Holm flags


@dataclass(frozen=True)
class Analysis:
    records: Path
    run: int
    game: str
    command: str
    kinds: list[str]
    variants: list[VariantFigures]
    paired: list[Paired]

    def to_json(self) -> dict[str, Any]:
        return {
            "records": str(self.records), "run": self.run, "game": self.game, "command": self.command,
            "kinds": self.kinds,
            "variants": [{"name": v.name, "games": v.games, "players": v.players or None,
                          "fair_share": _number(v.fair_share),
                          "subjects": [{"kind": s.kind, "subject": s.subject, "times": s.times,
                                        "share_of_games": _interval(s.games), "takers": s.takers,
                                        "taker_win_rate": _interval(s.win_rate),
                                        "taker_mean_score": _interval(s.score)} for s in v.subjects]}
                         for v in self.variants],
            "paired": [{"variant": p.variant, "against": p.against, "kind": p.kind, "subject": p.subject,
                        "seeds": p.seeds, "times_per_game_difference": _interval(p.times),
                        "seeds_taken_in_both": p.both, "taker_win_rate_difference": _interval(p.win_rate),
                        "taker_score_difference": _interval(p.score), "beyond_noise": list(p.beyond_noise)}
                       for p in self.paired],
        }


def _number(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 6)


def _interval(interval: Interval) -> dict[str, float | None]:
    return {"value": _number(interval.value), "low": _number(interval.low), "high": _number(interval.high)}


# ----- reading the records ----------------------------------------------------------------


def _open(path: Path) -> sqlite3.Connection:
    """The records file, read only; AnalyseError if it is none."""
    if not path.is_file():
        raise AnalyseError(f"{path}: there is no such file")
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as err:
        raise AnalyseError(f"{path}: not a records file ({err})") from None
    if not {"runs", "games", "seats"} <= tables:
        connection.close()
        raise AnalyseError(f"{path}: not a records file (written by simulate or tournament --records)")
    if "events" not in tables:
        connection.close()
        raise AnalyseError(f"{path}: these records hold no events (written before they were recorded): "
                           "play the run again with --records")
    return connection


def _pick_run(connection: sqlite3.Connection, path: Path, run: int | None, game: str | None) -> tuple[int, str, str]:
    """The run asked for (the latest, of `game` if given): its id, game and command."""
    if run is not None:
        row = connection.execute("SELECT id, game, command FROM runs WHERE id = ?", (run,)).fetchone()
        if row is None:
            last = connection.execute("SELECT MAX(id) FROM runs").fetchone()[0]
            raise AnalyseError(f"{path}: there is no run {run} (runs 1 to {last})" if last else f"{path}: it holds no run")
        if game is not None and row[1] != game:
            raise AnalyseError(f"{path}: run {run} played {row[1]}, not {game}")
    else:
        where, values = ("WHERE game = ?", (game,)) if game is not None else ("", ())
        row = connection.execute(f"SELECT id, game, command FROM runs {where} ORDER BY id DESC LIMIT 1", values).fetchone()
        if row is None:
            raise AnalyseError(f"{path}: it holds no run" + (f" of {game}" if game is not None else ""))
    return int(row[0]), str(row[1]), str(row[2])


@dataclass
class _Game:
    variant: str
    seed: int
    players: int
    seats: dict[int, tuple[float, float]]  # seat -> (won, score)


def analyse(path: Path, run: int | None = None, game: str | None = None, kinds: Sequence[str] | None = None,
            progress: Any = None) -> Analysis:
    """The figures of one run of the records at `path` (the latest, of `game` if given);
    `kinds`: the event kinds to ask about (default: the game's held kinds).
    `progress(text)`: told once what is being read, when the run is large. AnalyseError
    says why it cannot."""
    from sherwood_tui.workbench.events import event_kinds, held_kinds

    connection = _open(path)
    try:
        run_id, game_id, command = _pick_run(connection, path, run, game)
        try:
            known = event_kinds(game_id)
        except ValueError as err:  # a game this version does not know
            raise AnalyseError(f"{path}: run {run_id}: {err}") from None
        unknown = [kind for kind in kinds or () if kind not in known]
        if unknown:
            raise AnalyseError(f"--kind: {game_id} has no event kind {unknown[0]!r} (kinds: {', '.join(known)})")
        wanted = list(kinds) if kinds else held_kinds(game_id)
        total = connection.execute("SELECT COUNT(*) FROM games WHERE run = ?", (run_id,)).fetchone()[0]
        if progress is not None and total > SLOW_GAMES:
            progress(f"reading the events of {total:,} games of run {run_id}")
        games, events = _read(connection, run_id, wanted)
    except sqlite3.Error as err:
        raise AnalyseError(f"{path}: cannot read the records ({err})") from None
    finally:
        connection.close()
    if not games:
        raise AnalyseError(f"{path}: run {run_id} holds no games")
    variants = _variants(games)
    figures = [_variant_figures(name, ids, games, events, wanted) for name, ids in variants.items()]
    paired = _paired(variants, games, events, wanted)
    return Analysis(path, run_id, game_id, command, wanted, figures, paired)


def _read(connection: sqlite3.Connection, run: int,
          kinds: list[str]) -> tuple[dict[int, _Game], dict[tuple[str, str], dict[int, dict[int | None, int]]]]:
    """The run's games (with each seat's win and score), and for each (kind, subject)
    the events of each game by seat (None: events of no seat)."""
    games: dict[int, _Game] = {}
    for game, variant, seed, players in connection.execute(
            "SELECT id, variant, seed, players FROM games WHERE run = ? ORDER BY id", (run,)):
        games[game] = _Game(variant, seed, players, {})
    for game, seat, won, score in connection.execute(
            "SELECT seats.game, seat, won, score FROM seats JOIN games ON games.id = seats.game WHERE games.run = ?",
            (run,)):
        games[game].seats[seat] = (won, score)
    events: dict[tuple[str, str], dict[int, dict[int | None, int]]] = defaultdict(lambda: defaultdict(dict))
    marks = ", ".join("?" * len(kinds))
    query = (f"SELECT events.game, kind, subject, seat, COUNT(*) FROM events JOIN games ON games.id = events.game "
             f"WHERE games.run = ? AND kind IN ({marks}) GROUP BY events.game, kind, subject, seat")
    for game, kind, subject, seat, times in connection.execute(query, (run, *kinds)):
        events[kind, subject][game][seat] = times
    return games, events


def _variants(games: dict[int, _Game]) -> dict[str, list[int]]:
    """Each variant's games, the variants in the order they were written."""
    found: dict[str, list[int]] = {}
    for game_id, game in games.items():
        found.setdefault(game.variant, []).append(game_id)
    return found


def _subjects(events: dict[tuple[str, str], dict[int, dict[int | None, int]]], kinds: list[str]) -> list[tuple[str, str]]:
    order = {kind: i for i, kind in enumerate(kinds)}
    return sorted(events, key=lambda key: (order.get(key[0], len(order)), key[1]))


def _variant_figures(name: str, ids: list[int], games: dict[int, _Game],
                     events: dict[tuple[str, str], dict[int, dict[int | None, int]]], kinds: list[str]) -> VariantFigures:
    counts = {games[g].players for g in ids}
    mine = set(ids)
    subjects = []
    for kind, subject in _subjects(events, kinds):
        by_game = {g: seats for g, seats in events[kind, subject].items() if g in mine}
        if not by_game:
            continue
        times = sum(sum(seats.values()) for seats in by_game.values())
        takers = [games[g].seats[seat] for g, seats in by_game.items() for seat in seats if seat is not None]
        subjects.append(Subject(kind, subject, times, wilson(len(by_game), len(ids)), len(takers),
                                wilson(sum(won for won, _ in takers), len(takers)),
                                mean_interval([score for _, score in takers]).mean))
    subjects.sort(key=lambda s: (kinds.index(s.kind) if s.kind in kinds else len(kinds),
                                 -(s.win_rate.value if not math.isnan(s.win_rate.value) else -1), s.subject))
    return VariantFigures(name, len(ids), counts.pop() if len(counts) == 1 else 0, subjects)


def _taker_means(game: _Game, seats: dict[int | None, int]) -> tuple[float, float] | None:
    """A game's takers' mean win and score (None: no seat took it)."""
    took = [game.seats[seat] for seat in seats if seat is not None]
    if not took:
        return None
    return sum(won for won, _ in took) / len(took), sum(score for _, score in took) / len(took)


def _paired(variants: dict[str, list[int]], games: dict[int, _Game],
            events: dict[tuple[str, str], dict[int, dict[int | None, int]]], kinds: list[str]) -> list[Paired]:
    """Each variant after the first against the first, game by game on the seeds both
    played (none if they share no seed or one variant only)."""
    names = list(variants)
    if len(names) < 2:
        return []
    first = {games[g].seed: g for g in variants[names[0]]}
    found: list[Paired] = []
    p_values: list[tuple[int, str, float]] = []
    for name in names[1:]:
        pairs = [(first[games[g].seed], g) for g in variants[name] if games[g].seed in first]
        if not pairs:
            continue
        for kind, subject in _subjects(events, kinds):
            by_game = events[kind, subject]
            if not any(a in by_game or b in by_game for a, b in pairs):
                continue
            times_a = [float(sum(by_game[a].values())) if a in by_game else 0.0 for a, _ in pairs]
            times_b = [float(sum(by_game[b].values())) if b in by_game else 0.0 for _, b in pairs]
            times, p_times = paired_difference(times_a, times_b)
            both = [(ta, tb) for a, b in pairs
                    if (ta := _taker_means(games[a], by_game.get(a, {}))) is not None
                    and (tb := _taker_means(games[b], by_game.get(b, {}))) is not None]
            win, p_win = paired_difference([t[0] for t, _ in both], [t[0] for _, t in both])
            score, p_score = paired_difference([t[1] for t, _ in both], [t[1] for _, t in both])
            index = len(found)
            p_values += [(index, "times", p_times), (index, "win_rate", p_win), (index, "score", p_score)]
            found.append(Paired(name, names[0], kind, subject, len(pairs), times, len(both), win, score))
    flags = holm([p for _, _, p in p_values])
    flagged: dict[int, list[str]] = defaultdict(list)
    for (index, measure, _), flag in zip(p_values, flags):
        if flag:
            flagged[index].append(measure)
    return [replace(p, beyond_noise=tuple(flagged[i])) if flagged[i] else p for i, p in enumerate(found)]
