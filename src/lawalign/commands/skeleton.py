"""Derive a skeleton data file from a text of an edition that prints its labels.

Reads the text with the ids its printed labels give (law, section letters, point numbers, headings
as printed, footnote markers, cross-references) and writes ``skeletons/<EDITION>.toml`` in the
format the tool validates on load: with ``--data DIR`` holding it (and a change map), ``update-plan``,
``fingerprint``, ``update-package`` and ``diff`` know that edition.
"""

from __future__ import annotations

import argparse
import sys

from lawalign.commands._corpus_args import add_input_lang
from lawalign.output import emit

HELP = "derive a skeleton data file (laws, sections, points, headings, footnotes, references) from a text"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("original", metavar="ORIGINAL", help="a text of the edition that prints its labels")
    p.add_argument("--edition", required=True, help="the name of the edition (2027)")
    p.add_argument("--law", default="", help="the law of a text that prints no law heading")
    p.add_argument("--date", default="", help="the edition's date (default: EDITION-01-01)")
    add_input_lang(p)
    p.add_argument("-o", "--output", help="write here instead of stdout (skeletons/EDITION.toml)")


def run(args: argparse.Namespace) -> int:
    from lawalign.commands._printed import derived_units, read_printed
    from lawalign.editions.derive import skeleton_toml
    from lawalign.structure.skeleton import skeleton_from_toml

    edition = read_printed(args.original, args.input_lang, args.law)
    text = skeleton_toml(derived_units(edition), args.edition, date=args.date, source=edition.path)
    skeleton_from_toml(text, args.output or "<stdout>")  # the file reads back as a skeleton
    emit(text, args.output, sys.stdout)
    return 0
