"""Tell which WBF edition (1997, 2007, 2017, ...) a translation follows.

Each signal of the change maps (Law 16D or 16C in 68B2, the 70D3 reference in 68D, a point 70D3,
footnote or body text in Law 68, the Law 54 example in 68A, 68D split into points, Law 71 sections)
is looked for in the translation; each edition is scored, and the best is printed with its evidence
(signal, unit, quoted text, line) and a confidence.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lawalign.commands._corpus_args import add_input_lang, add_langs, check_output_langs, langs_of
from lawalign.editions.fingerprint import fingerprint_edition
from lawalign.editions.render import fingerprint_text, to_json
from lawalign.editions.source import DEFAULT_CORPUS, resolve_edition
from lawalign.output import emit

HELP = "tell which WBF edition of the Laws a translation follows, with evidence"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "edition", metavar="EDITION", help="an edition file, or the name of an edition in the corpus"
    )
    add_input_lang(p)
    add_langs(p, "(the edition must be in one of them)")
    p.add_argument("--corpus", default=DEFAULT_CORPUS, help="corpus folder to look edition names up in")
    p.add_argument("--data", type=Path, help="extra data folder with changes/ (signals of further editions)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("-o", "--output", help="write here instead of stdout")


def run(args: argparse.Namespace) -> int:
    edition = resolve_edition(args.edition, lang=args.input_lang, corpus=args.corpus)
    check_output_langs(langs_of(args), [edition.lang])
    fp = fingerprint_edition(edition, data_dir=args.data)
    out = to_json(fp.as_dict()) if args.format == "json" else fingerprint_text(fp)
    emit(out, args.output, sys.stdout)
    return 0
