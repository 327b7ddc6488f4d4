"""Read a text with the ids its printed labels give, against no skeleton (``skeleton``, ``changes``)."""

from __future__ import annotations

import os
from pathlib import Path

from lawalign.editions.derive import DerivedUnit, units_of
from lawalign.errors import InputError
from lawalign.models import Edition


def read_printed(
    path: str | os.PathLike[str],
    lang: str | None = None,
    law: str = "",
    *,
    edition_name: str = "",
    data_dir: Path | None = None,
) -> Edition:
    """The edition of ``path`` with every id from its printed labels (segmented against no skeleton),
    or, with ``edition_name`` naming an edition whose skeleton is known, read against that skeleton
    (a text quoting the law with citation labels then still gets its ids).

    The project's own Akoma Ntoso and a completed XLIFF package are read back as they are. ``law``
    is the law of a text that prints no law heading ("68").

    Raises:
        InputError: the file is bad input, or holds no unit with a law (and ``law`` is not given).
    """
    from lawalign.corpus import read_akn_edition
    from lawalign.ingest import read_source
    from lawalign.ingest.xliff import read_xliff_edition
    from lawalign.output import slug
    from lawalign.structure.segment import segment_law
    from lawalign.structure.skeleton import Skeleton

    shown = os.fspath(path)
    if not Path(shown).is_file():
        raise InputError(shown, "no such file")
    edition = read_akn_edition(shown) or read_xliff_edition(shown)
    if edition is None and edition_name and _has_skeleton(edition_name, data_dir):
        from lawalign.models import EditionInput
        from lawalign.run import read_input
        from lawalign.structure.reader import bundled_model

        item = EditionInput(shown, lang, slug(Path(shown).stem), source_edition=edition_name)
        edition = read_input(item, data_dir=data_dir, reader=bundled_model())[0][0]
    if edition is None:
        source = read_source(shown, lang=lang)
        edition = segment_law(
            source, name=slug(Path(shown).stem), skeleton=Skeleton("printed", "", "", (), ()), law=law
        )
    if not any(u.law for u in edition.law_units):
        raise InputError(shown, "no law heading printed: give the law with --law N")
    return edition


def _has_skeleton(name: str, data_dir: Path | None) -> bool:
    from lawalign.structure.skeleton import known_skeletons

    return name in known_skeletons(data_dir)


def derived_units(edition: Edition) -> list[DerivedUnit]:
    """The derived units of ``edition``, sentences counted by the language's splitter."""
    from lawalign.align.sentences import split_many

    units = [u for u in edition.law_units if u.uid is not None and u.kind != "title"]
    counts = split_many([u.text.strip() for u in units], edition.lang)
    return units_of(
        edition, {u.id: len([s for s in c if s.strip()]) for u, c in zip(units, counts, strict=True)}
    )
