"""Progress bars for long runs, shown only when stderr is a terminal.

Library code wraps long loops (embedding many units, building a corpus) in :func:`progress`; in a
pipe, a test or CI the iterable is returned untouched, so output stays byte-identical and logs clean.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")

DISABLE_ENV = "LAWALIGN_NO_PROGRESS"
"""Set this environment variable (to anything) to silence progress bars even on a terminal."""


def progress_enabled() -> bool:
    """Whether progress bars would be drawn now: stderr is a terminal and they are not disabled.

    Returns:
        True when a bar would be shown.
    """
    if os.environ.get(DISABLE_ENV):
        return False
    stream = sys.stderr
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError):  # closed or replaced stream
        return False


def progress(iterable: Iterable[T], desc: str, *, total: int | None = None) -> Iterator[T]:
    """Iterate over ``iterable``, with a tqdm bar on stderr when stderr is a terminal.

    Args:
        iterable: The items to walk through.
        desc: A short label shown before the bar ("embedding units").
        total: The number of items when ``iterable`` has no ``len()``.

    Returns:
        An iterator over the same items, in the same order.

    >>> list(progress([1, 2, 3], "counting"))
    [1, 2, 3]
    """
    if not progress_enabled():
        return iter(iterable)
    from tqdm import tqdm  # imported lazily: most runs never draw a bar

    return iter(tqdm(iterable, desc=desc, total=total, file=sys.stderr, leave=False, dynamic_ncols=True))
