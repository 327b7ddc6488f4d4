"""Structure: units with canonical ids, reference skeletons, cross-references, Akoma Ntoso."""

from lawalign.structure.segment import segment_law
from lawalign.structure.skeleton import Skeleton, SkeletonUnit, load_skeleton, make_id, parse_id

__all__ = ["Skeleton", "SkeletonUnit", "load_skeleton", "make_id", "parse_id", "segment_law"]
