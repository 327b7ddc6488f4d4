"""Compare an old and a revised edition of one translation, unit by unit, word by word.

Units are matched by id, then by text similarity (for units the revision relabelled or renumbered);
every unit changed, added, removed or moved is listed with its word-level differences:
``[-old-]{+new+}`` in text, ``<del>``/``<ins>`` in HTML.
"""

from __future__ import annotations

import argparse
import sys

from lawalign.commands._corpus_args import add_data, add_input_lang, add_langs, check_output_langs, langs_of
from lawalign.commands._source import DEFAULT_CORPUS, resolve_run
from lawalign.editions.compare import compare_editions
from lawalign.editions.render import compare_html, compare_text, to_json
from lawalign.output import emit

HELP = "compare two editions of one translation (old and revised): units changed, added, removed, moved"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("old", metavar="OLD", help="the earlier edition (file or corpus edition name)")
    p.add_argument("new", metavar="NEW", help="the revised edition (file or corpus edition name)")
    add_input_lang(p)
    add_langs(p, "(the editions must be in one of them)")
    p.add_argument("--corpus", default=DEFAULT_CORPUS, help="corpus folder to look edition names up in")
    add_data(p)
    p.add_argument("--format", choices=("text", "json", "html"), default="text")
    p.add_argument("-o", "--output", help="write here instead of stdout")


def run(args: argparse.Namespace) -> int:
    old_run, old_name = resolve_run(args, args.old)
    old = old_run.edition(old_name)
    new_run, new_name = resolve_run(args, args.new, lang=args.input_lang or old.lang)
    new = new_run.edition(new_name)
    check_output_langs(langs_of(args), [old.lang, new.lang])
    cmp = compare_editions(old, new)
    if args.format == "json":
        out = to_json(cmp.as_dict())
    elif args.format == "html":
        out = compare_html(cmp)
    else:
        out = compare_text(cmp)
    emit(out, args.output, sys.stdout)
    return 0
