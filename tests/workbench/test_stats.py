"""The simulator's statistics against published and hand-worked values."""

from __future__ import annotations

import math

import pytest

from sherwood_tui.workbench.stats import (
    holm,
    mean_difference,
    mean_difference_p,
    mean_interval,
    share_above_p,
    share_difference,
    share_difference_p,
    t_quantile,
    wilson,
)


@pytest.mark.parametrize(
    "successes,trials,low,high",
    [  # Newcombe (1998), "Two-sided confidence intervals for the single proportion", method 3
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_interval_known_values(successes, trials, low, high):
    found = wilson(successes, trials)
    assert found.value == pytest.approx(successes / trials)
    assert (found.low, found.high) == (pytest.approx(low, abs=5e-5), pytest.approx(high, abs=5e-5))


def test_wilson_interval_stays_within_zero_and_one():
    assert wilson(0, 5).low == 0.0 and wilson(5, 5).high == 1.0
    assert math.isnan(wilson(0, 0).value)


@pytest.mark.parametrize(
    "a,b,diff,low,high",
    [  # Newcombe (1998), "Interval estimation for the difference between independent proportions", method 10
        ((48, 80), (56, 70), 0.2, 0.0524, 0.3339),
        ((3, 10), (9, 10), 0.6, 0.1705, 0.8090),
    ],
)
def test_difference_of_two_shares_known_values(a, b, diff, low, high):
    found = share_difference(*a, *b)
    assert found.value == pytest.approx(diff)
    assert (found.low, found.high) == (pytest.approx(low, abs=5e-5), pytest.approx(high, abs=5e-5))
    assert found.beyond_noise


def test_equal_shares_are_not_beyond_noise():
    same = share_difference(30, 100, 30, 100)
    assert same.value == 0 and same.low < 0 < same.high and not same.beyond_noise
    assert not share_difference(25, 100, 33, 100).beyond_noise  # 8 points on 100 games: noise


@pytest.mark.parametrize("df,point", [(1, 12.7062), (2, 4.3027), (4, 2.7764), (10, 2.2281), (30, 2.0423), (1e9, 1.9600)])
def test_student_t_points(df, point):
    assert t_quantile(df) == pytest.approx(point, abs=1e-4)


def test_mean_interval_is_students():
    found = mean_interval([1, 2, 3, 4, 5])  # R: t.test(1:5) gives 1.036757 to 4.963243
    assert found.mean.value == 3 and found.sd == pytest.approx(math.sqrt(2.5))
    assert (found.mean.low, found.mean.high) == (pytest.approx(1.036757, abs=1e-5), pytest.approx(4.963243, abs=1e-5))
    assert math.isnan(mean_interval([7]).mean.low)


def test_welch_difference_of_means():
    a, b = mean_interval([1, 2, 3, 4, 5]), mean_interval([2, 4, 6, 8, 10])
    found = mean_difference(a, b)
    # by hand: se = sqrt(2.5/5 + 10/5) = 1.5811, Welch's df = 5.882, t = 2.4592: 3 -/+ 3.888
    assert found.value == 3
    assert (found.low, found.high) == (pytest.approx(-0.888, abs=2e-3), pytest.approx(6.888, abs=2e-3))
    assert not found.beyond_noise
    apart = mean_difference(mean_interval([1, 2, 3, 4, 5] * 4), mean_interval([6, 7, 8, 9, 10] * 4))
    assert apart.beyond_noise and apart.low > 0


def test_constant_samples_differ_exactly():
    assert mean_difference(mean_interval([3, 3, 3]), mean_interval([3, 3, 3])).beyond_noise is False
    moved = mean_difference(mean_interval([3, 3, 3]), mean_interval([4, 4, 4]))
    assert (moved.value, moved.low, moved.high) == (1, 1, 1) and moved.beyond_noise


def test_the_exact_binomial_test_of_a_share_above_a_fair_one():
    # P(X >= 16) for X ~ Binomial(40, 0.25), summed term by term: 0.0262449
    assert share_above_p(16, 40, 0.25) == pytest.approx(0.026244884, abs=1e-8)
    assert share_above_p(16.5, 40, 0.25) == share_above_p(16, 40, 0.25)  # a shared win: rounded down
    assert share_above_p(0, 10, 0.25) == 1.0 and math.isnan(share_above_p(3, 0, 0.25))


def test_the_tests_of_a_difference_give_the_textbook_p_values():
    # two-proportion score test, 30/100 against 45/100: z = 2.191, p = 0.0285
    assert share_difference_p(30, 100, 45, 100) == pytest.approx(0.028460, abs=1e-5)
    # Welch's t test (R: t.test(1:5, c(2, 4, 6, 8, 10))): t = -1.897, df = 5.88, p = 0.1075
    assert mean_difference_p(mean_interval([1, 2, 3, 4, 5]), mean_interval([2, 4, 6, 8, 10])) == pytest.approx(
        0.1075, abs=1e-4)


def test_holms_correction_steps_down_and_stops_at_the_first_kept():
    # sorted: 0.005 <= 0.05/4, 0.01 <= 0.05/3, 0.03 > 0.05/2: stop (0.04 is kept too)
    assert holm([0.01, 0.04, 0.03, 0.005]) == [True, False, False, True]
    assert holm([math.nan, 0.03]) == [False, True]  # no test: not counted
    assert holm([0.03, 0.03]) == [False, False] and holm([0.02, 0.03]) == [True, True]
