"""Tell which WBF edition (1997, 2007, 2017, ...) a translation follows.

Each signal of the change maps (Law 16D or 16C in 68B2, the 70D3 reference in 68D, a point 70D3,
footnote or body text in Law 68, the Law 54 example in 68A, 68D split into points, Law 71 sections)
is looked for in the translation; each edition is scored. The edition printed is the one the run
reads the text against (the manifest's ``source_edition``, else the best reading), with the margin
of that choice, the signals' evidence (signal, unit, quoted text, line) and a confidence.
"""

from __future__ import annotations

import argparse
import sys

from lawalign.commands._corpus_args import add_data, add_input_lang, add_langs, check_output_langs, langs_of
from lawalign.commands._source import DEFAULT_CORPUS, resolve_run
from lawalign.editions.fingerprint import fingerprint_edition, with_reading
from lawalign.editions.render import fingerprint_text, to_json
from lawalign.output import emit

HELP = "tell which WBF edition of the Laws a translation follows, with evidence"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "edition", metavar="EDITION", help="an edition file, or the name of an edition in the corpus"
    )
    add_input_lang(p)
    add_langs(p, "(the edition must be in one of them)")
    p.add_argument("--corpus", default=DEFAULT_CORPUS, help="corpus folder to look edition names up in")
    add_data(p)
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("-o", "--output", help="write here instead of stdout")


def run(args: argparse.Namespace) -> int:
    run, name = resolve_run(args, args.edition)
    edition = next(e for e in run.segmented if e.name == name)
    check_output_langs(langs_of(args), [edition.lang])
    fp = with_reading(fingerprint_edition(edition, data_dir=run.data_dir), run.reading(name))
    out = to_json(fp.as_dict()) if args.format == "json" else fingerprint_text(fp)
    emit(out, args.output, sys.stdout)
    return 0
