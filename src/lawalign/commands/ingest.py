"""Ingest edition files into Akoma Ntoso XML, one <stem>.xml per input, schema-validated.

All inputs are read and converted before anything is written: a bad input stops the run with
``path:line: message`` and exit code 2, leaving no output file behind.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lawalign.commands._corpus_args import (
    add_data,
    add_input_lang,
    add_langs,
    add_reader,
    check_output_langs,
    langs_of,
    run_of,
)
from lawalign.errors import WriteError
from lawalign.output import edition_file, write_atomic

HELP = "convert edition files into Akoma Ntoso XML (one .xml per input)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "paths",
        nargs="+",
        metavar="FILE",
        help="edition files (text, saved web page, PDF, Word) or a corpus folder",
    )
    add_input_lang(p)
    add_langs(p, "to write")
    add_data(p)
    add_reader(p)
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="folder for the XML files")


def run(args: argparse.Namespace) -> int:
    from lawalign.run import require_law
    from lawalign.structure.akn import assert_validates, to_akn

    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise WriteError(str(out), "exists and is not a folder (-o names the folder for the XML files)")
    editions = run_of(args, align=False).editions
    langs = langs_of(args)
    check_output_langs(langs, [e.lang for e in editions])
    editions = tuple(e for e in editions if langs is None or e.lang in langs)
    require_law(editions)
    outputs = {}
    for e in editions:
        xml = to_akn(e)
        assert_validates(xml)
        outputs[out / edition_file(e.name)] = xml
    for path, xml in outputs.items():
        write_atomic(path, xml)
        print(f"{path}", file=sys.stdout)
    return 0
