"""Headings without letters, matched to the skeleton's short English heading labels by meaning.

A page whose lettered list lost its letters prints "Claim Defined", "Kiedy zachodzi uznanie",
"TLs vurderinger" alone on a line. Which section such a heading opens is read mostly from its place
(the DP of ``ids.py``); the bundled multilingual model adds what the words say: the heading's
cross-lingual similarity to each skeleton heading label ("Claim Defined", "Director's
Considerations"), as a small cost adjustment, so that it breaks ties and never outvotes printed
labels, numbering or references. Short headings in another language are a weak signal for a small
model, hence the small weight.

The model is loaded only when a text has such headings, once per process, through the embedding
cache (:func:`lawalign.align.embed.get_embedder`). When it cannot be loaded the adjustment is left
out and a notice says so.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from lawalign.errors import ModelError
from lawalign.structure.blocks import Block
from lawalign.structure.skeleton import Skeleton

if TYPE_CHECKING:
    import numpy as np

    from lawalign.align.embed import Embedder

log = logging.getLogger(__name__)

# Cost adjustment per standard deviation of similarity above the heading's mean over the labels,
# clipped at MAX_Z deviations: at most HEADING_WEIGHT * MAX_Z either way.
HEADING_WEIGHT = 0.1
MAX_Z = 2.0
MODEL = "e5"


@cache
def _embedder() -> Embedder:
    from lawalign.align.embed import get_embedder

    return get_embedder(MODEL)


def _encode(texts: Sequence[str]) -> np.ndarray:
    """Vectors of ``texts``, each embedded once per process (and once ever, through the disk cache)."""
    import numpy as np  # here, not at import: the structure stage does not need it otherwise

    missing = [t for t in dict.fromkeys(texts) if t not in _seen]
    if missing:
        for text, row in zip(missing, _embedder().encode(missing), strict=True):
            _seen[text] = tuple(float(x) for x in row)
    return np.asarray([_seen[t] for t in texts], dtype=np.float32)


_seen: dict[str, tuple[float, ...]] = {}


def unlettered_headings(blocks: Sequence[Block]) -> list[Block]:
    """Heading blocks that print no section letter (the ones whose section must be read)."""
    return [b for b in blocks if b.kind == "heading" and not b.letter and b.text.strip()]


def set_heading_costs(blocks: Sequence[Block], skeleton: Skeleton) -> str | None:
    """Set ``heading_cost`` (label → cost adjustment) on each unlettered heading block, in place.

    Returns:
        None when done (or nothing to do); a message when the model could not be used.
    """
    import numpy as np

    heads = unlettered_headings(blocks)
    labels = sorted({u.heading for u in skeleton.units if u.role == "heading" and u.heading})
    if not heads or len(labels) < 2:
        return None
    try:
        vectors = _encode([b.text.strip() for b in heads] + labels)
    except (ModelError, ImportError, OSError, RuntimeError) as exc:
        log.warning("heading similarity unavailable: %s", exc)
        return f"heading similarity unavailable ({type(exc).__name__}: {exc}); headings read by position only"
    sims = vectors[: len(heads)] @ vectors[len(heads) :].T
    for b, row in zip(heads, sims, strict=True):
        std = float(row.std()) or 1.0
        z = np.clip((row - row.mean()) / std, -MAX_Z, MAX_Z)
        b.heading_cost = {
            label: round(-HEADING_WEIGHT * float(v), 4) for label, v in zip(labels, z, strict=True)
        }
    return None
