"""Align two parallel texts sentence by sentence (any two translations, not only law editions).

SRC and TGT are text files in any encoding lawalign decodes. By default each non-empty line is a
paragraph, split into sentences; with --presplit every line is one sentence and bead indices are
0-based line numbers (blank lines become deletions). By default (--unit both) two searches are
reconciled, one over whole sentences and one over clause fragments: every sentence and every
fragment is encoded once, a first search over approximated runs finds each level's path, and only
the runs inside the beads it is unsure of are encoded before the search runs again (--unit sentence
searches whole sentences only; sentence-all encodes every run; fragment aligns clause fragments). A
bead of more than three sentences on a side must beat every smaller bead inside it by a margin,
so an unmatched tail or head stays unaligned. Beads cover every sentence of both sides once, in
order. --format beads prints one bead per line in vecalign notation ([0]:[0, 1], [5]:[]); jsonl
adds the texts, score and line numbers; tsv the same as a table; tmx a sentence-level TMX 1.4b
(matches only). Languages are detected unless given with
--src-lang/--tgt-lang.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace

from lawalign.align.embed import DEFAULT_MODEL, Embedder, embedder_names, get_embedder
from lawalign.align.fragments import FRAGMENT_CONFIG
from lawalign.align.hybrid import bundled_settings
from lawalign.align.pairing import (
    PAIR_FORMATS,
    PAIR_UNITS,
    PairDocument,
    pair_documents,
    read_document,
    render_beads,
    render_jsonl,
    render_tsv,
    store_of,
)
from lawalign.align.parallel import default_jobs
from lawalign.align.sentalign import AlignConfig
from lawalign.align.strategies import DEFAULT_STRATEGY, document_config
from lawalign.commands._corpus_args import add_jobs
from lawalign.errors import ConfigError
from lawalign.export.base import write_output
from lawalign.export.tmx import TranslationUnit, tmx_document
from lawalign.limits import MAX_BEAD
from lawalign.models import Bead

HELP = "align two parallel texts sentence by sentence (beads, jsonl, tsv or tmx)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Options of ``lawalign pair``."""
    p.add_argument("src", metavar="SRC", help="source text file")
    p.add_argument("tgt", metavar="TGT", help="target text file")
    p.add_argument("--presplit", action="store_true", help="one sentence per line: do not split")
    p.add_argument("--format", choices=PAIR_FORMATS, default="beads", help="output format (default beads)")
    p.add_argument("--src-lang", metavar="LANG", help="language of SRC (ISO 639-1); detected when omitted")
    p.add_argument("--tgt-lang", metavar="LANG", help="language of TGT (ISO 639-1); detected when omitted")
    p.add_argument(
        "--model",
        default=None,
        help=f"embedding model: {', '.join(embedder_names())} (default: e5+<pair> when an encoder "
        f"fitted to the two texts' language pair is bundled, e5+<pair>+use when the pair also has a "
        f"bundled mixture, else {DEFAULT_MODEL})",
    )
    p.add_argument(
        "--unit",
        choices=PAIR_UNITS,
        default=DEFAULT_STRATEGY,
        help="what the search aligns: sentences and clause fragments, the two paths reconciled (both, "
        "the default); sentences, runs of sentences encoded only where a first pass is uncertain "
        "(sentence); sentences with every run encoded (sentence-all); clause fragments read back as "
        "sentence beads (fragment)",
    )
    p.add_argument(
        "--max-bead",
        type=int,
        metavar="N",
        help=f"largest bead the search tries, in units of both sides (default {FRAGMENT_CONFIG.max_size} "
        f"fragments, {AlignConfig().max_size} sentences: up to 1-4, 2-3, 3-2, 4-1)",
    )
    p.add_argument("--no-cache", action="store_true", help="embed everything afresh; read and write no cache")
    add_jobs(p)
    p.add_argument(
        "--cache-dir", help="embedding cache folder (default $LAWALIGN_CACHE or .cache/embeddings)"
    )
    p.add_argument("-o", "--output", default="-", metavar="FILE", help="write here (default - : stdout)")


def run(args: argparse.Namespace) -> int:
    """Run ``lawalign pair``."""
    fragments = args.unit in ("both", "fragment")
    default = FRAGMENT_CONFIG if fragments else document_config()
    max_bead = default.max_size if args.max_bead is None else args.max_bead
    if not 2 <= max_bead <= MAX_BEAD:
        largest = f"1-{MAX_BEAD - 1}"
        raise ConfigError(f"--max-bead {max_bead}: must lie in 2-{MAX_BEAD} (1-1 beads up to {largest})")
    if args.unit == "both":
        config = bundled_settings().configs(max_bead)[0]
    elif fragments:
        config = replace(FRAGMENT_CONFIG, max_size=max_bead)
    else:
        config = document_config(max_bead)

    def embedder_named(name: str) -> Embedder:
        return get_embedder(name, args.cache_dir, cache=not args.no_cache, jobs=args.jobs or default_jobs())

    embedder = embedder_named(args.model or DEFAULT_MODEL)
    store = store_of(embedder)
    src = read_document(args.src, args.src_lang, presplit=args.presplit, store=store)
    tgt = read_document(args.tgt, args.tgt_lang, presplit=args.presplit, store=store)
    chosen = pair_model(args.model, src.lang, tgt.lang)
    if chosen != (args.model or DEFAULT_MODEL):
        embedder = embedder_named(chosen)
    beads = pair_documents(src, tgt, embedder, config, unit=args.unit)
    if args.format == "tmx":
        data = render_tmx(beads, src, tgt)
    elif args.format == "jsonl":
        data = render_jsonl(beads, src, tgt).encode("utf-8")
    elif args.format == "tsv":
        data = render_tsv(beads, src, tgt).encode("utf-8")
    else:
        data = render_beads(beads).encode("utf-8")
    sys.stdout.flush()
    write_output(args.output, data, binary=False)
    return 0


def pair_model(named: str | None, src_lang: str, tgt_lang: str) -> str:
    """The embedder ``pair`` uses: the one named, else the encoder fitted to the two languages'
    pair when one is bundled (:mod:`lawalign.align.adapted`), mixed with a second model when the
    pair has a bundled mixture (:mod:`lawalign.align.mixed`), else the bundled e5.

    >>> pair_model(None, "zh", "en"), pair_model(None, "de", "fr"), pair_model("e5", "zh", "en")
    ('e5+en-zh+use', 'e5', 'e5')
    """
    if named:
        return named
    from lawalign.align.adapted import adapter_for
    from lawalign.align.mixed import bundled_mixtures

    pair = adapter_for(src_lang, tgt_lang)
    if not pair:
        return DEFAULT_MODEL
    mixture = bundled_mixtures().get(pair)
    return mixture.name if mixture else f"e5+{pair}"


def render_tmx(beads: Sequence[Bead], src: PairDocument, tgt: PairDocument) -> bytes:
    """Sentence-level TMX 1.4b: one ``tu`` per match (deletions left out), ``srclang`` = source.

    Here, not in :mod:`lawalign.align.pairing`: the aligner does not depend on the export layer.
    """
    units = [
        TranslationUnit(
            tuid=f"{k + 1}",
            texts=((src.lang, src.joined(b.src)), (tgt.lang, tgt.joined(b.tgt))),
            props=(("x-src", str(list(b.src))), ("x-tgt", str(list(b.tgt))), ("x-score", f"{b.score:.4f}")),
        )
        for k, b in enumerate(bb for bb in beads if bb.src and bb.tgt)
    ]
    return tmx_document(src.lang, "sentence", units)
