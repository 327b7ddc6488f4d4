"""Structure: units with canonical ids, reference skeletons, cross-references, Akoma Ntoso."""

from typing import TYPE_CHECKING

from lawalign.lazy import lazy_attributes

if TYPE_CHECKING:
    from lawalign.structure.segment import segment_law
    from lawalign.structure.skeleton import Skeleton, SkeletonUnit, load_skeleton

__all__ = ["Skeleton", "SkeletonUnit", "load_skeleton", "segment_law"]

__getattr__ = lazy_attributes(
    __name__,
    {
        "segment_law": "segment",
        "Skeleton": "skeleton",
        "SkeletonUnit": "skeleton",
        "load_skeleton": "skeleton",
    },
)
