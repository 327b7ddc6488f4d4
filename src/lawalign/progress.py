"""Progress bars for long runs, shown only when stderr is a terminal.

Library code wraps long loops (embedding many texts, splitting sentences) in :func:`progress` or
:func:`chunked`; in a pipe, a test or CI (``$CI`` set), after ``--quiet`` (:func:`set_quiet`) or with
``$LAWALIGN_NO_PROGRESS`` set, the items are passed through untouched and nothing is drawn, so output
stays byte-identical and logs clean. On a terminal, tqdm draws on stderr what is being done, how far
it got and an estimate of the time left.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

DISABLE_ENV = "LAWALIGN_NO_PROGRESS"
"""Set this environment variable (to anything) to silence progress bars even on a terminal."""


_quiet = False


def set_quiet(quiet: bool = True) -> None:
    """Silence (or allow again) progress bars in this process (the CLI's ``--quiet``)."""
    global _quiet
    _quiet = quiet


def progress_enabled() -> bool:
    """Whether progress bars would be drawn now: stderr is a terminal and they are not disabled.

    Returns:
        True when a bar would be shown.
    """
    if _quiet or os.environ.get(DISABLE_ENV) or os.environ.get("CI"):
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


def chunked(items: Sequence[T], size: int, desc: str, *, unit: str = "text") -> Iterator[Sequence[T]]:
    """``items`` in consecutive slices of ``size``, with a bar counting items (not slices).

    Args:
        items: What to process.
        size: Items per slice (at least 1).
        desc: A short label ("embedding 1,204 texts").
        unit: What one item is called on the bar.

    Returns:
        An iterator over the slices, in order.

    >>> [list(c) for c in chunked([1, 2, 3, 4, 5], 2, "counting")]
    [[1, 2], [3, 4], [5]]
    """
    size = max(1, size)
    slices = (items[i : i + size] for i in range(0, len(items), size))
    if not progress_enabled() or len(items) <= size:
        return slices
    return _counted(slices, len(items), desc, unit)


def _counted(slices: Iterator[Sequence[T]], total: int, desc: str, unit: str) -> Iterator[Sequence[T]]:
    from tqdm import tqdm

    with tqdm(total=total, desc=desc, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True) as bar:
        for part in slices:
            yield part
            bar.update(len(part))
