"""95% confidence intervals and tests of difference for the simulator's comparisons.

- a share (a win rate, how often a game ends one way): Wilson's score interval;
- the difference of two shares: Newcombe's hybrid score interval (his method 10), built
  from the two Wilson intervals; it is what a two-proportion score test rejects;
- a mean: Student's t interval; the difference of two means: Welch's (unequal spreads);
- a paired difference (both sides played the same seeds): Student's t interval on the
  game-by-game differences, and the paired t test (`paired_difference`).

Each interval has its test, with a p-value: a share above a fixed one (the exact
binomial test), two shares (the pooled two-proportion
score test), two means (Welch's t test). Many tests at once are corrected with Holm's
step-down method (`holm`), which keeps the chance of any false flag among them within 5%.
Plain Python: no numpy, scipy or statsmodels (docs/designers/statistics.md: "Why our own statistics").
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

LEVEL = 0.95
Z = statistics.NormalDist().inv_cdf(0.5 + LEVEL / 2)  # 1.959964...


class SkillOrdinal:
    """For an OpenSkill rating (mu, sigma): its ordinal mu - 3 sigma, a skill it has
    almost surely (what ranks players and levels)."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Interval:
    """An estimate and its 95% interval (low == high == value: no spread to speak of;
    NaN bounds: too few games to tell)."""

    value: float
    low: float
    high: float

    @property
    def beyond_noise(self) -> bool:
        """The interval excludes 0 (for a difference: the two sides differ)."""
        return self.low > 0 or self.high < 0


def wilson(successes: float, trials: int) -> Interval:
    """A share with Wilson's score interval (`successes` may be fractional: a tie for
    the win counts as a share of a win)."""
    if trials <= 0:
        return Interval(math.nan, math.nan, math.nan)
    p = successes / trials
    z2 = Z * Z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z * math.sqrt(max(0.0, p * (1 - p)) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if p <= 0 else max(0.0, centre - half)
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return Interval(p, low, high)


def share_above_p(successes: float, trials: int, fair: float) -> float:
    """The one-sided p-value of the exact binomial test that a share is above `fair`:
    the chance of at least this many successes if each trial succeeded with chance
    `fair` (a fractional count, a shared win, is rounded down: the test stays exact or
    errs towards no flag)."""
    if trials <= 0 or not 0 < fair < 1:
        return math.nan
    k = math.floor(successes)
    if k <= 0:
        return 1.0
    return _incomplete_beta(k, trials - k + 1, fair)  # P(X >= k) for X ~ Binomial(trials, fair)


def share_difference_p(successes_a: float, trials_a: int, successes_b: float, trials_b: int) -> float:
    """The two-sided p-value of the pooled two-proportion score test (B's share = A's)."""
    if trials_a <= 0 or trials_b <= 0:
        return math.nan
    pooled = (successes_a + successes_b) / (trials_a + trials_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / trials_a + 1 / trials_b))
    diff = successes_b / trials_b - successes_a / trials_a
    if se == 0:
        return 1.0 if diff == 0 else 0.0
    return 2 * (1 - statistics.NormalDist().cdf(abs(diff) / se))


def mean_difference_p(a: Spread, b: Spread) -> float:
    """The two-sided p-value of Welch's t test (B's mean = A's)."""
    if a.n < 2 or b.n < 2:
        return math.nan
    va, vb = a.sd**2 / a.n, b.sd**2 / b.n
    diff = b.mean.value - a.mean.value
    if va + vb == 0:
        return 1.0 if diff == 0 else 0.0
    df = (va + vb) ** 2 / (va**2 / (a.n - 1) + vb**2 / (b.n - 1))
    return 2 * (1 - t_cdf(abs(diff) / math.sqrt(va + vb), df))


def holm(p_values: Sequence[float], alpha: float = 1 - LEVEL) -> list[bool]:
    """Which of many tests Holm's step-down method rejects at family-wise level `alpha`:
    the smallest p-value against alpha / m, the next against alpha / (m - 1), and so on,
    stopping at the first that fails. NaN (no test) is never rejected and not counted."""
    tested = sorted((p, i) for i, p in enumerate(p_values) if not math.isnan(p))
    rejected = [False] * len(p_values)
    for rank, (p, i) in enumerate(tested):
        if p > alpha / (len(tested) - rank):
            break
        rejected[i] = True
    return rejected


def share_difference(successes_a: float, trials_a: int, successes_b: float, trials_b: int) -> Interval:
    """B's share minus A's, with Newcombe's hybrid score interval."""
    a, b = wilson(successes_a, trials_a), wilson(successes_b, trials_b)
    diff = b.value - a.value
    low = diff - math.sqrt((b.value - b.low) ** 2 + (a.high - a.value) ** 2)
    high = diff + math.sqrt((b.high - b.value) ** 2 + (a.value - a.low) ** 2)
    return Interval(diff, low, high)


def paired_difference(a: Sequence[float], b: Sequence[float]) -> tuple[Interval, float]:
    """B minus A game by game (a[i] and b[i]: the same seed): the mean of the per-game
    differences with Student's t interval, and the two-sided p-value of the paired t test.
    Differences all alike give a zero-width interval (p: 1 if they are 0, else 0)."""
    if len(a) != len(b):
        raise ValueError("a paired difference needs as many games on each side")
    spread = mean_interval([y - x for x, y in zip(a, b)])
    mean = spread.mean.value
    if spread.n < 2:
        return spread.mean, math.nan
    if spread.sd == 0:
        return Interval(mean, mean, mean), 1.0 if mean == 0 else 0.0
    t = abs(mean) / (spread.sd / math.sqrt(spread.n))
    return spread.mean, 2 * (1 - t_cdf(t, spread.n - 1))


@dataclass(frozen=True)
class Spread:
    """A sample's mean (with its interval), standard deviation and size."""

    mean: Interval
    sd: float
    n: int


def mean_interval(values: Sequence[float]) -> Spread:
    """The mean of `values` with Student's t interval, and their sample sd."""
    n = len(values)
    if n == 0:
        return Spread(Interval(math.nan, math.nan, math.nan), math.nan, 0)
    mean = statistics.fmean(values)
    if n == 1:
        return Spread(Interval(mean, math.nan, math.nan), 0.0, 1)
    sd = statistics.stdev(values)
    half = t_quantile(n - 1) * sd / math.sqrt(n)
    return Spread(Interval(mean, mean - half, mean + half), sd, n)


def mean_difference(a: Spread, b: Spread) -> Interval:
    """B's mean minus A's, with Welch's interval."""
    diff = b.mean.value - a.mean.value
    if a.n < 2 or b.n < 2:
        return Interval(diff, math.nan, math.nan)
    va, vb = a.sd**2 / a.n, b.sd**2 / b.n
    se = math.sqrt(va + vb)
    if se == 0:  # both sides constant: the difference is exact
        return Interval(diff, diff, diff)
    df = (va + vb) ** 2 / (va**2 / (a.n - 1) + vb**2 / (b.n - 1))  # Welch-Satterthwaite
    half = t_quantile(df) * se
    return Interval(diff, diff - half, diff + half)


def t_quantile(df: float) -> float:
    """The two-sided 95% point of Student's t with `df` degrees of freedom (any df > 0):
    Newton's method on its distribution function from the normal point, kept inside a
    bracket that bisection narrows whenever a step would leave it (a handful of steps)."""
    if df > 1e7:
        return Z
    target = 0.5 + LEVEL / 2
    low, high = Z, 2 * Z  # the t point lies above the normal one
    while t_cdf(high, df) < target:
        low, high = high, high * 2
    x = high
    for _ in range(100):
        error = t_cdf(x, df) - target
        if error < 0:
            low = x
        else:
            high = x
        step = x - error / t_pdf(x, df)
        x = step if low < step < high else (low + high) / 2
        if high - low < 1e-12 * high or abs(error) < 1e-15:
            break
    return x


def t_pdf(t: float, df: float) -> float:
    """The density of Student's t at t."""
    front = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    return math.exp(front - (df + 1) / 2 * math.log1p(t * t / df))


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t (t >= 0)."""
    return 1 - 0.5 * _incomplete_beta(df / 2, 0.5, df / (df + t * t))


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, 1 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 300):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return result
