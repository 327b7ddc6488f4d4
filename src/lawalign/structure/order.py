"""The order of a corpus' law-unit ids: the reference skeleton's, with ids it lacks placed where they
are printed."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from lawalign.models import Edition, UnitId
from lawalign.structure.skeleton import Skeleton, available_skeletons, load_skeleton

log = logging.getLogger(__name__)


def reference_order(editions: Sequence[Edition], skeleton: Skeleton | None) -> tuple[UnitId, ...]:
    """Every law-unit id of the corpus, in reference order.

    Ids of the reference skeleton come in its order; an id no reference has (``68.x1``) is placed
    right after the unit that precedes it in the first edition that has it.

    Args:
        editions: The editions, in corpus order.
        skeleton: The reference edition's skeleton, or None (then first-seen order).

    Returns:
        The ids, each once.
    """
    order: list[UnitId] = list(skeleton.ids) if skeleton is not None else []
    known = set(order)
    for edition in editions:
        previous: UnitId | None = None
        for unit in edition.law_units:
            uid = unit.unit_id
            if uid not in known:
                if previous is not None and previous in known:
                    index = order.index(previous) + 1
                    # Keep earlier insertions after the same predecessor in their order.
                    while index < len(order) and order[index] not in (skeleton.ids if skeleton else ()):
                        index += 1
                    order.insert(index, uid)
                else:
                    order.append(uid)
                known.add(uid)
            previous = uid
    present = {u.unit_id for e in editions for u in e.law_units}
    return tuple(i for i in order if i in present)


def common_skeleton(editions: Sequence[Edition]) -> Skeleton | None:
    """The skeleton of the one WBF edition all ``editions`` follow; None when they follow several, or
    one without a skeleton (then ids keep their first-seen order). A run knows its reference edition
    and passes its skeleton; this is the default of the stages called on editions alone.

    >>> common_skeleton([]) is None
    True
    """
    wanted = sorted({e.source_edition for e in editions if e.source_edition})
    if len(wanted) == 1 and wanted[0] in available_skeletons():
        return load_skeleton(wanted[0])
    log.info("no single reference skeleton for source editions %s", wanted)
    return None


__all__ = ["common_skeleton", "reference_order"]
