"""Headings without letters, matched to the skeleton's short English heading labels by meaning.

A page whose lettered list lost its letters prints "Claim Defined", "Kiedy zachodzi uznanie",
"TLs vurderinger" alone on a line. Which section such a heading opens is read mostly from its place
(the DP of ``ids.py``); the bundled multilingual model adds what the words say: the heading's
cross-lingual similarity to each skeleton heading label ("Claim Defined", "Director's
Considerations"), as a small cost adjustment, so that it breaks ties and never outvotes printed
labels, numbering or references. Short headings in another language are a weak signal for a small
model, hence the small weight.

The model is the run's embedder (its ``--model`` and ``--cache-dir``), passed down by the run
(:class:`lawalign.models.TextEncoder`) and used only when a text has such headings. Without one (the
structure stage called alone) headings are read by position only; when it cannot be loaded the
adjustment is left out and a notice says so.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from lawalign.errors import ModelError
from lawalign.models import TextEncoder
from lawalign.structure.blocks import Block, frozen_costs
from lawalign.structure.skeleton import Skeleton
from lawalign.tuning import tuned_float

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger(__name__)

# Cost adjustment per standard deviation of similarity above the heading's mean over the labels,
# clipped at MAX_Z deviations: at most HEADING_WEIGHT * MAX_Z either way.
HEADING_WEIGHT = tuned_float("structure.headings", "heading_weight")
MAX_Z = tuned_float("structure.headings", "max_z")


def encode_texts(texts: Sequence[str], encoder: TextEncoder) -> np.ndarray:
    """Vectors of ``texts``, each distinct text embedded once (the embedder's own cache keeps them)."""
    import numpy as np  # here, not at import: the structure stage does not need it otherwise

    distinct = list(dict.fromkeys(texts))
    rows = dict(zip(distinct, encoder.encode(distinct), strict=True))
    return np.asarray([rows[t] for t in texts], dtype=np.float32)


def unlettered_headings(blocks: Sequence[Block]) -> list[Block]:
    """Heading blocks that print no section letter (the ones whose section must be read)."""
    return [b for b in blocks if b.kind == "heading" and not b.letter and b.text.strip()]


def with_heading_costs(
    blocks: Sequence[Block], skeleton: Skeleton, encoder: TextEncoder | None
) -> tuple[list[Block], str | None]:
    """The blocks with ``heading_cost`` (label → cost adjustment) set on each unlettered heading.

    Args:
        blocks: the text's blocks.
        skeleton: the skeleton whose heading labels the headings are compared with.
        encoder: the run's embedder; None: nothing is set (headings read by position only).

    Returns:
        The blocks (those given when nothing is set), and None when done (or nothing to do) or a
        message when the model could not be used.
    """
    import numpy as np

    heads = unlettered_headings(blocks)
    labels = sorted({u.heading for u in skeleton.units if u.role == "heading" and u.heading})
    if not heads or len(labels) < 2 or encoder is None:
        return list(blocks), None
    try:
        vectors = encode_texts([b.text.strip() for b in heads] + labels, encoder)
    except (ModelError, ImportError, OSError, RuntimeError) as exc:
        log.warning("heading similarity unavailable: %s", exc)
        return list(blocks), (
            f"heading similarity unavailable ({type(exc).__name__}: {exc}); headings read by position only"
        )
    sims = vectors[: len(heads)] @ vectors[len(heads) :].T
    costs: dict[int, Mapping[str, float]] = {}
    for b, row in zip(heads, sims, strict=True):
        std = float(row.std()) or 1.0
        z = np.clip((row - row.mean()) / std, -MAX_Z, MAX_Z)
        costs[b.index] = frozen_costs(
            {label: round(-HEADING_WEIGHT * float(v), 4) for label, v in zip(labels, z, strict=True)}
        )
    return [replace(b, heading_cost=costs[b.index]) if b.index in costs else b for b in blocks], None
