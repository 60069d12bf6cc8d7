"""The few statistical tests the balance report needs, in plain Python.

Win shares are proportions: their intervals are Wilson score intervals. Whether seats win
equally often is a chi-square goodness-of-fit test; whether a game's variants share one
distribution of wins is a chi-square test of homogeneity, and of scores or lengths a
Kruskal–Wallis test. A tied win counts as a share of a win (returns, ties split), so the
tables hold fractional counts; the chi-square approximation reads them as counts.

>>> round(chi2_sf(3.841459, 1), 4), round(chi2_sf(5.991465, 2), 4)
(0.05, 0.05)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson_margin(rate: float, samples: int, z: float = 1.96) -> float:
    """Half the width of the Wilson score interval of a proportion."""
    denominator = 1 + z * z / samples
    return (
        z * math.sqrt(rate * (1 - rate) / samples + z * z / (4 * samples * samples)) / (denominator)
    )


def wilson_interval(rate: float, samples: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``rate`` seen in ``samples`` trials.

    >>> low, high = wilson_interval(0.5, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    centre = (rate + z * z / (2 * samples)) / (1 + z * z / samples)
    half = wilson_margin(rate, samples, z)
    return max(0.0, centre - half), min(1.0, centre + half)


def chi2_sf(statistic: float, dof: int) -> float:
    """P(X ≥ ``statistic``) for X chi-square with ``dof`` degrees of freedom.

    The upper regularised gamma function at half-integers, summed in closed form.
    """
    if dof < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {dof}")
    if statistic <= 0:
        return 1.0
    half = statistic / 2
    if dof % 2 == 0:
        terms = (math.exp(i * math.log(half) - half - math.lgamma(i + 1)) for i in range(dof // 2))
        return min(1.0, math.fsum(terms))
    terms = (
        math.exp((i - 0.5) * math.log(half) - half - math.lgamma(i + 0.5))
        for i in range(1, (dof + 1) // 2)
    )
    return min(1.0, math.erfc(math.sqrt(half)) + math.fsum(terms))


def chi_square_even(counts: Sequence[float]) -> tuple[float, int, float]:
    """Goodness of fit of ``counts`` to equal shares: (statistic, dof, p-value).

    >>> statistic, dof, p = chi_square_even([60, 40])
    >>> statistic, dof, round(p, 4)
    (4.0, 1, 0.0455)
    """
    total = math.fsum(counts)
    expected = total / len(counts)
    statistic = math.fsum((count - expected) ** 2 / expected for count in counts)
    dof = len(counts) - 1
    return statistic, dof, chi2_sf(statistic, dof)


def chi_square_homogeneity(table: Sequence[Sequence[float]]) -> tuple[float, int, float]:
    """Whether the rows of ``table`` share one distribution: (statistic, dof, p-value).

    Columns with nothing in any row are left out.

    >>> statistic, dof, p = chi_square_homogeneity([[30, 70], [50, 50]])
    >>> round(statistic, 3), dof, round(p, 4)
    (8.333, 1, 0.0039)
    """
    columns = [c for c in range(len(table[0])) if any(row[c] for row in table)]
    rows = [math.fsum(row[c] for c in columns) for row in table]
    sums = [math.fsum(row[c] for row in table) for c in columns]
    total = math.fsum(rows)
    statistic = 0.0
    for row, row_sum in zip(table, rows, strict=True):
        for c, column_sum in zip(columns, sums, strict=True):
            expected = row_sum * column_sum / total
            statistic += (row[c] - expected) ** 2 / expected
    dof = (len(table) - 1) * (len(columns) - 1)
    return statistic, dof, chi2_sf(statistic, dof) if dof else 1.0


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks of ``values``, ties sharing their mean rank.

    >>> ranks([10, 20, 10, 30])
    [1.5, 3.0, 1.5, 4.0]
    """
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        stop = start
        while stop + 1 < len(order) and values[order[stop + 1]] == values[order[start]]:
            stop += 1
        for position in range(start, stop + 1):
            result[order[position]] = (start + stop) / 2 + 1
        start = stop + 1
    return result


def kruskal_wallis(samples: Sequence[Sequence[float]]) -> tuple[float, int, float]:
    """Whether ``samples`` come from one distribution: (H with ties corrected, dof, p).

    >>> statistic, dof, p = kruskal_wallis([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]])
    >>> round(statistic, 4), dof, round(p, 4)
    (6.8182, 1, 0.009)
    """
    pooled = [value for sample in samples for value in sample]
    n = len(pooled)
    rank = ranks(pooled)
    statistic = 0.0
    start = 0
    for sample in samples:
        rank_sum = math.fsum(rank[start : start + len(sample)])
        statistic += rank_sum * rank_sum / len(sample)
        start += len(sample)
    statistic = 12 / (n * (n + 1)) * statistic - 3 * (n + 1)
    ties: dict[float, int] = {}
    for value in pooled:
        ties[value] = ties.get(value, 0) + 1
    correction = 1 - math.fsum(t**3 - t for t in ties.values()) / (n**3 - n)
    dof = len(samples) - 1
    if correction <= 0:  # every value equal: nothing tells the samples apart
        return 0.0, dof, 1.0
    statistic /= correction
    return statistic, dof, chi2_sf(statistic, dof)
