"""Plan the update of a translation to a newer WBF edition of the Laws.

Lists every unit the translation must revisit (with the kind of change, the concrete change and what
the translation's own text says about it), the units it lacks relative to the edition it follows,
and the units that can stay as they are. Only the laws the translation contains are considered.
"""

from __future__ import annotations

import argparse
import sys

from lawalign.commands._corpus_args import add_data, add_input_lang, add_langs, check_output_langs, langs_of
from lawalign.commands._source import DEFAULT_CORPUS, resolve_run
from lawalign.editions.plan import plan_update
from lawalign.editions.render import plan_html, plan_text, to_json
from lawalign.output import emit

HELP = "list what a translation must revisit to follow a newer WBF edition (e.g. 2007 -> 2017)"

FORMATS = ("text", "json", "html")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "edition", metavar="EDITION", help="an edition file, or the name of an edition in the corpus"
    )
    p.add_argument("--to", dest="target", default="2017", help="WBF edition to update to (default 2017)")
    p.add_argument(
        "--from",
        dest="source",
        help="WBF edition the translation follows (default: the run's reading of it)",
    )
    add_input_lang(p)
    add_langs(p, "(the edition must be in one of them)")
    p.add_argument("--corpus", default=DEFAULT_CORPUS, help="corpus folder to look edition names up in")
    add_data(p)
    p.add_argument("--format", choices=FORMATS, default="text")
    p.add_argument("-o", "--output", help="write here instead of stdout")


def run(args: argparse.Namespace) -> int:
    run, name = resolve_run(args, args.edition)
    edition = run.edition(name)
    check_output_langs(langs_of(args), [edition.lang])
    plan = plan_update(edition, args.target, source=args.source, data_dir=run.data_dir)
    if args.format == "json":
        out = to_json(plan.as_dict())
    elif args.format == "html":
        out = plan_html(plan)
    else:
        out = plan_text(plan)
    emit(out, args.output, sys.stdout)
    return 0
