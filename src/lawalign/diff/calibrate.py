"""Calibration of per-corpus statistics: robust z-scores (median and MAD), no magic thresholds.

A pair score is an outlier when its modified z-score (Iglewicz and Hoaglin, 1993) passes
:data:`OUTLIER_Z`: ``z = 0.6745 · (x − median) / MAD``. The threshold is a property of the statistic
(3.5 flags about 1 value in 2,000 of a normal sample), not of this corpus; what is calibrated is the
centre and spread, measured on the corpus's own pairs per language pair.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

OUTLIER_Z = 3.5
"""Modified z-score beyond which a value is an outlier (Iglewicz and Hoaglin's recommendation)."""

MIN_SAMPLE = 8
"""Fewer values than this give no usable spread: no outliers are reported. (At 6–7 values one
changed unit moved another unit past the threshold in the synthetic-variant runs.)"""


def robust_z(values: Sequence[float]) -> list[float]:
    """Modified z-scores of ``values`` (0.0 each when the sample is too small or has no spread).

    When the MAD is zero (over half the values equal) the mean absolute deviation stands in, scaled
    by 1.2533 as Iglewicz and Hoaglin suggest.

    >>> [round(z, 2) for z in robust_z([1.0, 1.1, 0.9, 1.0, 1.05, 0.95, 1.0, 3.0])]
    [0.0, 1.35, -1.35, 0.0, 0.67, -0.67, 0.0, 26.98]
    >>> robust_z([1.0, 2.0])
    [0.0, 0.0]
    """
    if len(values) < MIN_SAMPLE:
        return [0.0] * len(values)
    med = statistics.median(values)
    mad = statistics.median(abs(v - med) for v in values)
    if mad > 0:
        return [0.6745 * (v - med) / mad for v in values]
    mean_ad = statistics.fmean(abs(v - med) for v in values)
    if mean_ad == 0:
        return [0.0] * len(values)
    return [(v - med) / (1.2533 * mean_ad) for v in values]
