"""Write the update package of a translation: the new WBF edition as a CAT-ready bilingual file.

From the published translation (any input format) and the English original of the new edition
(and, when at hand, the English original of the edition the translation follows), writes into DIR
the new edition as XLIFF 2.0 and 1.2 with every unit of the new original in order (ids of the new
edition, sentences as segments, targets pre-filled from the old translation through the ids, the
change maps and the sentence alignment; unchanged units translated, changed ones for review with a
note of what changed, new ones empty), a TMX of the old translation aligned to the old original,
and a summary (text, HTML, JSON) of the units and words unchanged, changed, new and deleted.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from lawalign.commands._corpus_args import add_data, add_input_lang, data_folder
from lawalign.commands._source import DEFAULT_CORPUS, resolve_run
from lawalign.models import Edition

HELP = "write the new WBF edition as XLIFF 2.0/1.2 pre-filled from a translation, with a TMX and a summary"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "translation",
        metavar="TRANSLATION",
        help="the published translation: a file, or an edition of the corpus",
    )
    p.add_argument("--to", dest="target", required=True, help="the WBF edition of the package (2017)")
    p.add_argument(
        "--original", required=True, metavar="NEW_ORIGINAL", help="the English text of that edition"
    )
    p.add_argument(
        "--old-original",
        metavar="OLD",
        help="the English text of the edition the translation follows (sentence alignment and word diffs)",
    )
    p.add_argument(
        "--from", dest="source", help="WBF edition the translation follows (default: the run's reading)"
    )
    add_input_lang(p)
    p.add_argument("--original-lang", default="en", help="language of the originals (default en)")
    p.add_argument("--corpus", default=DEFAULT_CORPUS, help="corpus folder to look edition names up in")
    add_data(p)
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="folder to write the package into")


def read_original(path: str, lang: str, edition: str, data_dir: Path | None) -> Edition:
    """An English original read as ``edition`` (its ids follow that edition's skeleton)."""
    from lawalign.errors import InputError
    from lawalign.models import EditionInput
    from lawalign.output import slug
    from lawalign.run import read_input
    from lawalign.structure.reader import bundled_model

    if not Path(path).is_file():
        raise InputError(path, "no such file")
    pairs = read_input(
        EditionInput(path=path, lang=lang, name=slug(Path(path).stem), source_edition=edition),
        data_dir=data_dir,
        reader=bundled_model(),
    )
    return pairs[0][0]


def run(args: argparse.Namespace) -> int:
    from lawalign.align.embed import normalize_rows
    from lawalign.align.pairing import store_of
    from lawalign.align.sentalign import align_texts
    from lawalign.align.sentences import split_many
    from lawalign.editions.package import build_package
    from lawalign.export.package import summary_text, write_package
    from lawalign.models import Bead

    data_dir = data_folder(args)
    run_, name = resolve_run(args, args.translation)
    translation = run_.edition(name)
    source = args.source or translation.source_edition
    original = read_original(args.original, args.original_lang, args.target, data_dir)
    old = (
        read_original(args.old_original, args.original_lang, source, data_dir) if args.old_original else None
    )
    embedder = run_.get_embedder()
    store = store_of(embedder)

    def align(src: Sequence[str], tgt: Sequence[str]) -> Sequence[Bead]:
        return align_texts(src, tgt, embedder)

    def split(texts: Sequence[str], lang: str) -> list[list[str]]:
        return split_many(texts, lang, store)  # type: ignore[arg-type]

    def similar(src: Sequence[str], tgt: Sequence[str]) -> list[list[float]]:
        vectors = normalize_rows(embedder.encode([*src, *tgt]))
        return (vectors[: len(src)] @ vectors[len(src) :].T).tolist()  # type: ignore[no-any-return]

    package = build_package(
        translation,
        original,
        target=args.target,
        source=source,
        old_original=old,
        align=align,
        split=split,
        similar=similar,
        data_dir=data_dir,
    )
    written = write_package(package, args.output)
    sys.stdout.write(summary_text(package))
    for path in written:
        print(f"wrote {path}", file=sys.stderr)
    return 0
