"""Derive the change map between two editions from their texts (units added, removed, split, merged,
renumbered, moved; references changed; wording changed, with the word diff).

Writes ``changes/<FROM>-<TO>.toml`` in the format the tool validates on load. Both texts are read
with the ids their printed labels give. When the two editions' skeletons are at hand (bundled or in
``--data``), the map is checked against them and every inconsistency is listed on stderr.
"""

from __future__ import annotations

import argparse
import logging
import sys

from lawalign.commands._corpus_args import add_data, add_input_lang, data_folder
from lawalign.output import emit

HELP = "derive the change map between two editions from their texts (added, removed, split, moved, ...)"

log = logging.getLogger(__name__)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("old", metavar="OLD_ORIGINAL", help="a text of the older edition")
    p.add_argument("new", metavar="NEW_ORIGINAL", help="a text of the newer edition")
    p.add_argument("--from", dest="source", required=True, help="the older edition's name (2017)")
    p.add_argument("--to", dest="target", required=True, help="the newer edition's name (2027)")
    p.add_argument("--law", default="", help="the law of texts that print no law heading")
    add_input_lang(p)
    add_data(p)
    p.add_argument("-o", "--output", help="write here instead of stdout (changes/FROM-TO.toml)")


def run(args: argparse.Namespace) -> int:
    from lawalign.commands._printed import derived_units, read_printed
    from lawalign.editions.changes import change_map_from_toml, check_change_map, known_editions
    from lawalign.editions.derive import changes_toml, derive_changes
    from lawalign.models import UnitId
    from lawalign.structure.skeleton import known_skeletons

    data_dir = data_folder(args)
    # the older edition is read against its skeleton when the tool knows it; the newer by its labels
    old = read_printed(args.old, args.input_lang, args.law, edition_name=args.source, data_dir=data_dir)
    new = read_printed(args.new, args.input_lang, args.law)
    known: tuple[str, ...] = ()
    if old.source_edition == args.source:  # read against the old edition's skeleton
        from lawalign.editions.changes import skeleton_for

        known = skeleton_for(args.source, data_dir).ids
    changes = derive_changes(derived_units(old), derived_units(new), old_known=known)
    text = changes_toml(changes, args.source, args.target, sources=f"{old.path} and {new.path}")
    cmap = change_map_from_toml(text, args.output or "<stdout>")  # the file reads back as a change map
    skeletons = set(known_skeletons(data_dir))
    if {args.source, args.target} <= skeletons and args.source in known_editions(data_dir):
        laws = {u.law for u in (*old.law_units, *new.law_units) if u.law}
        for problem in check_change_map(cmap, data_dir):
            unit = problem.split(":")[0]
            if (uid := UnitId.maybe(unit)) is not None and uid.law in laws:
                log.warning("%s", problem)
    emit(text, args.output, sys.stdout)
    return 0
