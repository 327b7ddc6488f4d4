"""Alignment: embedders behind one protocol, sentence splitting, anchoring of inferred ids across
languages, and the N-way clause alignment keyed by canonical id.

Importing this package loads no model and imports neither spaCy nor torch.
"""

from typing import TYPE_CHECKING

from lawalign.lazy import lazy_attributes
from lawalign.models import beads_text, parse_beads

if TYPE_CHECKING:
    from lawalign.align.anchor import anchor_editions, apply_checks
    from lawalign.align.clauses import AlignOptions, align_editions
    from lawalign.align.embed import Embedder, embedder_names, get_embedder
    from lawalign.align.rows import alignment_rows
    from lawalign.align.sentences import split_sentences

__all__ = [
    "AlignOptions",
    "Embedder",
    "align_editions",
    "alignment_rows",
    "anchor_editions",
    "apply_checks",
    "beads_text",
    "embedder_names",
    "get_embedder",
    "parse_beads",
    "split_sentences",
]

__getattr__ = lazy_attributes(
    __name__,
    {
        "anchor_editions": "anchor",
        "apply_checks": "anchor",
        "AlignOptions": "clauses",
        "align_editions": "clauses",
        "Embedder": "embed",
        "embedder_names": "embed",
        "get_embedder": "embed",
        "alignment_rows": "rows",
        "split_sentences": "sentences",
    },
)
