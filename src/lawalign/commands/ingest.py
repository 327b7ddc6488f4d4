"""Ingest edition files into Akoma Ntoso XML, one <stem>.xml per input, schema-validated.

All inputs are read and converted before anything is written: a bad input stops the run with
``path:line: message`` and exit code 2, leaving no output file behind.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from lawalign.commands._corpus_args import add_data, run_of
from lawalign.output import write_atomic

HELP = "convert edition files into Akoma Ntoso XML (one .xml per input)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "paths", nargs="+", metavar="FILE", help="edition files (text or saved web page) or a corpus folder"
    )
    p.add_argument("--lang", help="language of the files (ISO 639-1); detected when omitted")
    add_data(p)
    p.add_argument("-o", "--output", required=True, metavar="DIR", help="folder for the XML files")


def run(args: argparse.Namespace) -> int:
    from lawalign.structure.akn import assert_validates, to_akn

    editions = run_of(args, align=False).editions
    outputs = {}
    for e in editions:
        xml = to_akn(e)
        assert_validates(xml)
        outputs[Path(args.output) / f"{e.name}.xml"] = xml
    for path, xml in outputs.items():
        write_atomic(path, xml)
        print(f"{path}", file=sys.stdout)
    return 0
