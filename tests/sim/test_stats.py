"""The report's statistics against values worked by hand and, where installed, SciPy."""

from __future__ import annotations

import random

import pytest

from serai.sim.stats import (
    chi2_sf,
    chi_square_even,
    chi_square_homogeneity,
    kruskal_wallis,
    ranks,
    wilson_interval,
)


@pytest.mark.parametrize(
    ("statistic", "dof", "p"),
    [(3.841459, 1, 0.05), (5.991465, 2, 0.05), (7.814728, 3, 0.05), (13.276704, 4, 0.01)],
)
def test_chi2_tail_at_table_values(statistic: float, dof: int, p: float) -> None:
    assert chi2_sf(statistic, dof) == pytest.approx(p, abs=1e-6)


def test_chi2_tail_edges() -> None:
    assert chi2_sf(0.0, 3) == 1.0
    assert chi2_sf(200.0, 2) == pytest.approx(0.0, abs=1e-40)
    with pytest.raises(ValueError):
        chi2_sf(1.0, 0)


def test_wilson_interval_holds_the_rate_and_stays_in_0_1() -> None:
    assert wilson_interval(0.0, 10)[0] == 0.0
    assert wilson_interval(1.0, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0.0, 10)[1] == pytest.approx(1 - wilson_interval(1.0, 10)[0])
    low, high = wilson_interval(0.3, 1000)
    assert low < 0.3 < high and high - low == pytest.approx(0.0568, abs=1e-3)


def test_equal_counts_fit_equal_shares() -> None:
    assert chi_square_even([25, 25, 25, 25]) == (0.0, 3, 1.0)
    statistic, dof, p = chi_square_even([40, 30, 30])
    assert (statistic, dof) == (2.0, 2) and p == pytest.approx(0.367879, abs=1e-6)


def test_homogeneity_ignores_a_column_nobody_reached() -> None:
    with_empty = chi_square_homogeneity([[30, 0, 70], [50, 0, 50]])
    assert with_empty == chi_square_homogeneity([[30, 70], [50, 50]])
    assert chi_square_homogeneity([[10, 20], [20, 40]])[0] == pytest.approx(0.0)


def test_kruskal_wallis_with_ties_and_with_every_value_equal() -> None:
    assert ranks([3, 1, 3, 3]) == [3.0, 1.0, 3.0, 3.0]
    assert kruskal_wallis([[5, 5], [5, 5, 5]]) == (0.0, 1, 1.0)
    statistic, dof, p = kruskal_wallis([[1, 2, 2], [2, 3, 4]])
    # ranks 1, 3, 3 | 3, 5, 6: H = 12/42 * (7²/3 + 14²/3) - 21 = 7/3, over 1 - (3³-3)/(6³-6)
    assert dof == 1 and statistic == pytest.approx(7 / 3 / (1 - 24 / 210))
    assert p == pytest.approx(0.104571, abs=1e-6)


def test_against_scipy() -> None:
    scipy = pytest.importorskip("scipy.stats", reason="SciPy cross-checks only where installed")
    rng = random.Random(4)
    samples = [[rng.randint(0, 30 + 5 * k) for _ in range(40 + k)] for k in range(3)]
    statistic, _, p = kruskal_wallis(samples)
    expected = scipy.kruskal(*samples)
    assert (statistic, p) == pytest.approx((expected.statistic, expected.pvalue))
    table = [[30.5, 20, 10], [25, 30, 5.5]]
    statistic, dof, p = chi_square_homogeneity(table)
    chi2, p_value, degrees, _ = scipy.chi2_contingency(table, correction=False)
    assert (statistic, dof, p) == pytest.approx((chi2, degrees, p_value))
    for x, k in [(0.4, 1), (12.0, 5), (30.0, 9), (2.0, 6)]:
        assert chi2_sf(x, k) == pytest.approx(scipy.chi2.sf(x, k), rel=1e-9)
