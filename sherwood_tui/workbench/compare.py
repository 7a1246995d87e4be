"""The measures of a simulator run, one side (A) or two (A and B) side by side.

Each measure is a share (a win rate, how often a game ends one way) or a mean (a score,
a length, one of the game's own counts) with its 95% interval; with two sides, the
difference B - A with its interval (uncorrected) and whether it is beyond noise: its
test rejects "no difference" after Holm's correction over every measure of the table
(`stats.py`), and its interval excludes 0. When both sides played the same seeds (the
games are matched), the difference is paired: computed game by game, with the paired t
test behind its flag, and the share of games that played differently is given; else
(unmatched games) the two sides are compared as independent samples; a paired measure
keeps its unpaired difference too (`unpaired`, for JSON and CSV). The game-flow measures
(`flow.py`: lead changes, the decided round, the winner's margin, comebacks) are
per-game measures like the others. A seat whose win rate is over 5 points above
the fair share, beyond noise after Holm's correction over the seats, has an advantage.
UI-free: the tables and charts that draw these are in `report.py` and `charts.py`.
"""

from __future__ import annotations

import csv
import io
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sherwood_tui.workbench import flow
from sherwood_tui.workbench.stats import (
    Interval,
    Spread,
    holm,
    mean_difference,
    mean_difference_p,
    mean_interval,
    paired_difference,
    share_above_p,
    share_difference,
    share_difference_p,
    wilson,
)

ADVANTAGE = 0.05  # a seat's win rate this far above the fair share, beyond noise, is flagged
UNTIL_CI_CHECKS = 10  # `--until-ci`: at most this many chunks up to the cap of games
UNTIL_CI_LEAST_CHUNK = 10  # ... of at least this many games a side (an interval needs a few)
CSV_COLUMNS = ("measure", "a", "b", "diff", "low", "high", "beyond_noise")
# a comparison's pairing, after those: whether diff/low/high are paired, the unpaired
# difference and its interval, and the share of games played differently with its interval
PAIRING_COLUMNS = ("paired", "unpaired_diff", "unpaired_low", "unpaired_high",
                   "played_differently", "played_differently_low", "played_differently_high")


@dataclass(frozen=True)
class Share:
    """Successes out of trials (a tie for the win counts as a share of a win)."""

    successes: float
    trials: int


@dataclass(frozen=True)
class Measure:
    """One row: `key` names it in CSV and JSON (`win_rate.seat1`), `label` in tables."""

    key: str
    label: str
    kind: str  # "share", "mean" or "sd" (a spread: no interval)
    a: Interval
    b: Interval | None = None
    diff: Interval | None = None
    p: float = math.nan  # the two-sided p-value of "B = A" (NaN: no test)
    corrected: bool = False  # rejected by Holm's correction over the table's measures
    paired: bool = False  # diff and p from game-by-game differences (the same seeds)
    unpaired: Interval | None = None  # when paired: the difference as independent samples
    unpaired_p: float = math.nan

    @property
    def uncorrected(self) -> bool:
        """The difference's 95% interval excludes 0 (this measure alone)."""
        return self.diff is not None and self.kind != "sd" and self.diff.beyond_noise

    @property
    def beyond_noise(self) -> bool:
        """Beyond noise among all the table's measures: Holm's correction rejects "no
        difference", and the interval excludes 0."""
        return self.corrected and self.uncorrected


@dataclass(frozen=True)
class Advantage:
    """A seat that wins clearly more than its fair share."""

    seat: int  # from 0
    rate: Interval
    fair: float


def _samples(results: Sequence[Any], bots: list[str], endings: list[str], counts: list[str]) -> list[tuple[str, str, Any, list[float]]]:
    """(key, label, Share or list of per-game values, per-game values) of every measure
    of one side (a share's per-game value: that game's part of a success, 0 to 1)."""
    games, seats = len(results), len(bots)
    wins = seat_wins(results, seats)
    per_game = [game_wins(r, seats) for r in results]
    rows: list[tuple[str, str, Any, list[float]]] = [
        (f"win_rate.seat{i + 1}", f"Seat {i + 1} win %", Share(wins[i], games), [g[i] for g in per_game])
        for i in range(seats)
    ]
    levels = sorted(set(bots))
    if len(levels) > 1:
        for level in levels:
            members = [i for i in range(seats) if bots[i] == level]
            rows.append((f"win_rate.{level}", f"{level} win % per seat",
                         Share(sum(wins[i] for i in members), games * len(members)),
                         [sum(g[i] for i in members) / len(members) for g in per_game]))
    for i in range(seats):
        values = [r.scores[i] for r in results]
        rows.append((f"score.seat{i + 1}", f"Seat {i + 1} score", values, values))
    for key, label, values in (("length.actions", "actions per game", [r.actions for r in results]),
                               ("length.rounds", "rounds per game", [r.rounds for r in results])):
        rows.append((key, label, values, values))
    flows = flow.per_game(results)
    for key, label, kind in flow.MEASURES:
        values = [f[key] for f in flows]
        rows.append((key, label, Share(sum(values), games) if kind == "share" else values, values))
    ended = Counter(r.ending for r in results)
    rows += [(f"ending.{name}", f"ended: {name}", Share(ended[name], games),
              [1.0 if r.ending == name else 0.0 for r in results]) for name in endings]
    for name in counts:
        values = [r.counts.get(name, 0) for r in results]
        rows.append((f"count.{name}", f"{name} per game", values, values))
    return rows


def game_wins(result: Any, seats: int) -> list[float]:
    """Each seat's part of one game's win (a tie shares it)."""
    parts = [0.0] * seats
    for w in result.winners:
        parts[w] += 1 / len(result.winners)
    return parts


def matched(a: Sequence[Any], b: Sequence[Any]) -> bool:
    """Both sides played the same games' seeds, in the same order (paired games)."""
    return len(a) == len(b) > 0 and all(x.seed == y.seed for x, y in zip(a, b))


def _play(result: Any) -> tuple[Any, ...]:
    """What tells whether a game played differently: its moves (their digest), who won,
    how long it lasted, how it ended and its counts. Not the scores: a score moved by a
    data change alone (every score +20) is no game played differently."""
    return (result.moves, result.winners, result.actions, result.rounds, result.ending, sorted(result.counts.items()))


def played_differently(a: Sequence[Any], b: Sequence[Any]) -> Share | None:
    """How many matched games played differently on B (a move, the winners, the length,
    the ending or a count), out of all; None when the games are not matched."""
    if not matched(a, b):
        return None
    return Share(sum(_play(x) != _play(y) for x, y in zip(a, b)), len(a))


def seat_wins(results: Sequence[Any], seats: int) -> list[float]:
    wins = [0.0] * seats
    for r in results:
        for w in r.winners:
            wins[w] += 1 / len(r.winners)
    return wins


def _keys(sides: Sequence[Sequence[Any]]) -> tuple[list[str], list[str]]:
    """The endings (most frequent first) and counts met on any side."""
    endings: Counter[str] = Counter()
    counts: set[str] = set()
    for results in sides:
        endings.update(r.ending for r in results)
        counts.update(k for r in results for k in r.counts)
    return [name for name, _ in endings.most_common()], sorted(counts)


def measures(a: Sequence[Any], bots: list[str], b: Sequence[Any] | None = None) -> list[Measure]:
    """Every measure of side A, or of A and B with B - A: paired when both played the
    same seeds (`matched`), else as independent samples."""
    endings, counts = _keys([a] if b is None else [a, b])
    rows_a = _samples(a, bots, endings, counts)
    rows_b = _samples(b, bots, endings, counts) if b is not None else [None] * len(rows_a)
    paired = b is not None and matched(a, b)
    found: list[Measure] = []
    for row_a, row_b in zip(rows_a, rows_b):
        key, label, sample_a, values_a = row_a
        sample_b = row_b[2] if row_b is not None else None
        if isinstance(sample_a, Share):
            made = [_share_measure(key, label, sample_a, sample_b)]
        else:
            made = _mean_measures(key, label, sample_a, sample_b)
        if paired and row_b is not None:
            diff, p = paired_difference(values_a, row_b[3])
            made[0] = replace(made[0], diff=diff, p=p, paired=True, unpaired=made[0].diff, unpaired_p=made[0].p)
        found += made
    return corrected(found)


def against_first(sides: Sequence[Sequence[Any]], bots: list[str]) -> list[list[Measure]]:
    """Every later side's measures against the first (A: the first, B: that side), with
    Holm's correction over all of them at once: one table of many variants."""
    tables = [measures(sides[0], bots, other) for other in sides[1:]]
    rejected = iter(holm([m.p for rows in tables for m in rows]))
    return [[replace(m, corrected=next(rejected)) for m in rows] for rows in tables]


def until_ci_chunk(cap: int) -> int:
    """How many games a side `--until-ci` plays between checks: a tenth of the cap
    (so it overshoots the games it needed by at most that), at least 10, at most the cap."""
    return min(cap, max(UNTIL_CI_LEAST_CHUNK, -(-cap // UNTIL_CI_CHECKS)))


def width_in_units(measure: Measure) -> float:
    """The width of a measure's difference interval as tables print it: a share's in
    percentage points, a mean's in its own units (NaN: too few games to tell)."""
    if measure.diff is None:
        return math.nan
    width = measure.diff.high - measure.diff.low
    return width * 100 if measure.kind == "share" else width


def widest_difference(tables: Sequence[Sequence[Measure]]) -> tuple[float, str]:
    """The widest difference interval of every compared measure (spreads aside, which
    have none) of every table, and its label: NaN first, so too few games never stop a
    run early."""
    widths = [(width_in_units(m), m.label) for rows in tables for m in rows if m.diff is not None and m.kind != "sd"]
    if not widths:
        return math.nan, ""
    unknown = next(((w, label) for w, label in widths if math.isnan(w)), None)
    return unknown or max(widths, key=lambda found: found[0])  # the first of the widest


def corrected(rows: list[Measure]) -> list[Measure]:
    """The rows with Holm's correction over all their tests."""
    rejected = holm([m.p for m in rows])
    return [replace(m, corrected=True) if hit else m for m, hit in zip(rows, rejected)]


def _share_measure(key: str, label: str, a: Share, b: Share | None) -> Measure:
    if b is None:
        return Measure(key, label, "share", wilson(a.successes, a.trials))
    return Measure(key, label, "share", wilson(a.successes, a.trials), wilson(b.successes, b.trials),
                   share_difference(a.successes, a.trials, b.successes, b.trials),
                   share_difference_p(a.successes, a.trials, b.successes, b.trials))


def _mean_measures(key: str, label: str, a: list[float], b: list[float] | None) -> list[Measure]:
    """The mean (with intervals) and, for scores, the spread (sd) as a row of its own."""
    spread_a = mean_interval(a)
    spread_b = mean_interval(b) if b is not None else None
    mean = Measure(key, label, "mean", spread_a.mean,
                   spread_b.mean if spread_b else None,
                   mean_difference(spread_a, spread_b) if spread_b else None,
                   mean_difference_p(spread_a, spread_b) if spread_b else math.nan)
    if not key.startswith("score."):
        return [mean]
    return [mean, _sd_measure(f"{key}_sd", f"{label} sd", spread_a, spread_b)]


def _sd_measure(key: str, label: str, a: Spread, b: Spread | None) -> Measure:
    point: Callable[[Spread], Interval] = lambda s: Interval(s.sd, math.nan, math.nan)
    if b is None:
        return Measure(key, label, "sd", point(a))
    return Measure(key, label, "sd", point(a), point(b), Interval(b.sd - a.sd, math.nan, math.nan))


def seat_advantages(results: Sequence[Any], bots: list[str]) -> list[Advantage] | None:
    """Seats whose win rate is over 5 points above the fair share (1 / players), whose
    interval excludes the fair share, and whose exact test of winning more than it is
    rejected after Holm's correction over the seats (so that a fair table flags some seat in at most
    one run in 20, however many seats it has). Only judged when every seat has the same
    bot level (otherwise the better bot's seats win more, as they should: None)."""
    if len(set(bots)) != 1:
        return None
    if not results:
        return []
    fair, games = 1 / len(bots), len(results)
    wins = seat_wins(results, len(bots))
    rejected = holm([share_above_p(w, games, fair) for w in wins])
    found = []
    for seat, won in enumerate(wins):
        rate = wilson(won, games)
        if rejected[seat] and rate.value - fair > ADVANTAGE and rate.low > fair:
            found.append(Advantage(seat, rate, fair))
    return found


def describe(advantage: Advantage) -> str:
    """One line naming a seat advantage."""
    r = advantage.rate
    return (f"seat advantage: Seat {advantage.seat + 1} wins {100 * r.value:.1f}% "
            f"(95% CI {100 * r.low:.1f} to {100 * r.high:.1f}), fair share {100 * advantage.fair:.1f}%")


# ----- output -------------------------------------------------------------------------


def _number(value: float) -> float | None:
    """A figure for JSON and CSV (None for NaN), rounded to what means something."""
    return None if math.isnan(value) else round(value, 6)


def measure_json(measure: Measure) -> dict[str, Any]:
    row: dict[str, Any] = {"measure": measure.key, "label": measure.label, "kind": measure.kind,
                           "a": _number(measure.a.value), "a_low": _number(measure.a.low), "a_high": _number(measure.a.high)}
    if measure.b is not None and measure.diff is not None:
        row.update(b=_number(measure.b.value), b_low=_number(measure.b.low), b_high=_number(measure.b.high),
                   diff=_number(measure.diff.value), low=_number(measure.diff.low), high=_number(measure.diff.high),
                   p=_number(measure.p), beyond_noise=measure.beyond_noise,
                   beyond_noise_uncorrected=measure.uncorrected, paired=measure.paired)
        if measure.unpaired is not None:  # paired: the difference as independent samples too
            row.update(unpaired_diff=_number(measure.unpaired.value), unpaired_low=_number(measure.unpaired.low),
                       unpaired_high=_number(measure.unpaired.high), unpaired_p=_number(measure.unpaired_p))
    return row


def changed_json(share: Share | None) -> dict[str, Any] | None:
    """The share of matched games that played differently, with its Wilson interval
    (None: the games are not matched)."""
    if share is None:
        return None
    rate = wilson(share.successes, share.trials)
    return {"games": share.trials, "changed": int(share.successes), "share": _number(rate.value),
            "low": _number(rate.low), "high": _number(rate.high)}


def describe_changed(share: Share | None, name: str = "B") -> str:
    """One line: whether the comparison is paired, and how many games played differently."""
    if share is None:
        return f"{name}: unpaired (the sides did not play the same seeds): differences of independent samples"
    rate = wilson(share.successes, share.trials)
    return (f"{name}: paired (the same {share.trials} seeds, differences game by game); "
            f"{int(share.successes)} games played differently, {100 * rate.value:.1f}% "
            f"(95% CI {100 * rate.low:.1f} to {100 * rate.high:.1f})")


def advantages_json(found: list[Advantage] | None) -> list[dict[str, Any]] | None:
    """The seat advantages of a side as JSON (None: not judged)."""
    if found is None:
        return None
    return [{"seat": a.seat + 1, "win_rate": _number(a.rate.value), "low": _number(a.rate.low), "high": _number(a.rate.high),
             "fair": _number(a.fair)} for a in found]


def _cell(value: float | None) -> str:
    return "" if value is None or math.isnan(value) else f"{value:.6g}"


def _pairing_cells(measure: Measure, changed: Share | None) -> list[str]:
    """A compared row's `PAIRING_COLUMNS` (empty where there is nothing: a spread's, an
    unpaired comparison's)."""
    unpaired = measure.unpaired
    rate = wilson(changed.successes, changed.trials) if changed is not None else None
    return ["yes" if measure.paired else "no",
            *(_cell(getattr(unpaired, part)) if unpaired is not None else "" for part in ("value", "low", "high")),
            *(_cell(getattr(rate, part)) if rate is not None else "" for part in ("value", "low", "high"))]


def to_csv(rows: Sequence[Measure], changed: Share | None = None) -> str:
    """One row per measure: measure,a,b,diff,low,high,beyond_noise (low and high: the
    interval of the difference; with one side, of A; empty where there is none); a
    comparison adds `PAIRING_COLUMNS` (`changed`: its games played differently)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    compared = any(m.diff is not None for m in rows)
    writer.writerow(CSV_COLUMNS + (PAIRING_COLUMNS if compared else ()))
    for m in rows:
        interval = m.diff if m.diff is not None else m.a
        writer.writerow([
            m.key, _cell(m.a.value), _cell(m.b.value if m.b else None), _cell(m.diff.value if m.diff else None),
            _cell(interval.low), _cell(interval.high),
            ("yes" if m.beyond_noise else "no") if m.diff is not None and m.kind != "sd" else "",
            *(_pairing_cells(m, changed) if compared else ()),
        ])
    return out.getvalue()


def many_csv(names: Sequence[str], tables: Sequence[Sequence[Measure]],
             changed: Sequence[Share | None] | None = None) -> str:
    """One row per measure and later variant, against the first:
    measure,variant,first,value,diff,low,high,beyond_noise and the `PAIRING_COLUMNS`
    (`changed`: each later variant's games played differently)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("measure", "variant", "first", "value", "diff", "low", "high", "beyond_noise", *PAIRING_COLUMNS))
    for name, rows, share in zip(names[1:], tables, changed or [None] * len(tables)):
        for m in rows:
            assert m.b is not None and m.diff is not None
            writer.writerow([m.key, name, _cell(m.a.value), _cell(m.b.value), _cell(m.diff.value), _cell(m.diff.low),
                             _cell(m.diff.high), ("yes" if m.beyond_noise else "no") if m.kind != "sd" else "",
                             *_pairing_cells(m, share)])
    return out.getvalue()
