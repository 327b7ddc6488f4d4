"""The ``lawalign`` command line: thin argparse over the library. Only this layer prints.

Each subcommand lives in ``lawalign.commands.<name>`` and exposes ``HELP``, ``add_arguments(parser)``
and ``run(args) -> int``. Only the module of the command being run is imported (``lawalign --help``
imports none): the one-line help of each command is repeated in :data:`HELPS` (a test keeps the two
equal); a command missing there still works, its module is imported for its help.

Exit codes: 0 clean, 1 findings at or above the chosen severity, 2 usage or
input error (one line ``path:line:col: message`` on stderr, no traceback, no partial output).
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import logging
import os
import re
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

from lawalign.errors import LawalignError
from lawalign.output import printable

# Order is the order of `lawalign --help` and of the README's command table.
COMMANDS: tuple[str, ...] = (
    "build",
    "ingest",
    "units",
    "align",
    "pair",
    "diff",
    "check",
    "show",
    "search",
    "refs",
    "terms",
    "sql",
    "report",
    "export",
    "update-plan",
    "update-package",
    "fingerprint",
    "compare",
    "skeleton",
    "changes",
    "data",
)

HELPS: dict[str, str] = {
    "build": "ingest, align and diff a whole corpus into CORPUS/build/ (the main job)",
    "ingest": "convert edition files into Akoma Ntoso XML (one .xml per input)",
    "units": "list every unit of the given editions with its id, kind, text and source lines",
    "align": "align editions by canonical id: unit similarity and sentence beads per language pair",
    "pair": "align two parallel texts sentence by sentence (beads, jsonl, tsv or tmx)",
    "diff": "report where editions diverge (omissions, references, footnotes, headings, debris, ...)",
    "check": "exit 1 when findings at or above a severity remain (after the baseline), else 0",
    "show": "show one clause in every language, with its source lines and findings",
    "search": "search clauses across languages (semantic, exact substring or regex)",
    "refs": "list every unit's cross-references (canonical targets, as printed) or who cites what",
    "terms": "how each edition renders each termbase term: variants, counts, unit ids, inconsistencies",
    "sql": "run a read-only SQL query on corpus.sqlite (written by build)",
    "report": "write a static HTML report of the editions side by side with their findings",
    "export": "export the corpus as TMX, XLIFF, CSV, Parquet or HTML",
    "update-plan": "list what a translation must revisit to follow a newer WBF edition (e.g. 2007 -> 2017)",
    "update-package": "write the new WBF edition as XLIFF 2.0/1.2 pre-filled from a translation, with a TMX "
    "and a summary",
    "fingerprint": "tell which WBF edition of the Laws a translation follows, with evidence",
    "compare": "compare two editions of one translation (old and revised): units changed, added, "
    "removed, moved",
    "skeleton": "derive a skeleton data file (laws, sections, points, headings, footnotes, references) "
    "from a text",
    "changes": "derive the change map between two editions from their texts (added, removed, split, "
    "moved, ...)",
    "data": "show the knowledge a run reads: bundled data and your --data overlay, file by file",
}
"""Command → its module's ``HELP``, so ``lawalign --help`` lists commands without importing them."""

QUIET_HELP = "no progress bars (they are drawn only when stderr is a terminal, never in pipes or CI)"


class _Parser(argparse.ArgumentParser):
    """argparse with "did you mean" for a mistyped command or option value (difflib)."""

    def error(self, message: str) -> NoReturn:
        m = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if m:
            choices = re.findall(r"'([^']*)'", m[2])
            close = difflib.get_close_matches(m[1], choices, n=3, cutoff=0.6)
            if close:
                message = f"{message}; did you mean {' or '.join(close)}?"
        m = re.match(r"unrecognized arguments: (.*)", message)
        if m:
            known = _option_strings(self)
            hints = []
            for arg in m[1].split():
                if arg.startswith("-"):
                    close = difflib.get_close_matches(arg.split("=", 1)[0], known, n=2, cutoff=0.75)
                    if close:
                        hints.append(f"{' or '.join(close)} (for {arg})")
            if hints:
                message = f"{message}; did you mean {', '.join(hints)}?"
        super().error(message)


def _option_strings(parser: argparse.ArgumentParser) -> list[str]:
    """Every long option of ``parser`` and of its subcommands' parsers, sorted (for "did you mean")."""
    found: set[str] = set()
    for action in parser._actions:
        found.update(s for s in action.option_strings if s.startswith("--"))
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found.update(_option_strings(sub))
    return sorted(found)


class _Version(argparse.Action):
    """``--version``: print ``lawalign X.Y.Z`` (read from the installed metadata only when asked)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **_: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help="print the version")

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version("lawalign")
        except PackageNotFoundError:  # a source tree that was never installed
            found = "0"
        print(f"lawalign {found}")
        parser.exit()


def _command_module(name: str) -> ModuleType:
    return importlib.import_module(f"lawalign.commands.{name.replace('-', '_')}")


def _chosen(argv: Sequence[str]) -> str | None:
    """The command named on the command line (the first argument that is not an option), if any."""
    for arg in argv:
        if arg == "--":
            return None
        if not arg.startswith("-"):
            return arg if arg in COMMANDS else None
    return None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser; with ``only``, just that command's module is imported and its options added.

    Args:
        only: A command name: the other commands are listed with their help but get no options.
            None: every command is complete (every module imported).

    Returns:
        The parser.
    """
    parser = _Parser(
        prog="lawalign",
        description="Align published translations of a law and report where editions diverge.",
    )
    parser.add_argument("-v", "--verbose", action="count", default=0, help="log more (-vv for debug)")
    parser.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        if only is not None and name != only and name in HELPS:
            sub.add_parser(name, help=HELPS[name], add_help=False)
            continue
        module = _command_module(name)
        doc = (module.__doc__ or "").strip()
        p = sub.add_parser(name, help=module.HELP, description=doc or module.HELP)
        module.add_arguments(p)
        if not any("--quiet" in a.option_strings for a in p._actions):
            p.add_argument("--quiet", action="store_true", default=argparse.SUPPRESS, help=QUIET_HELP)
        p.add_argument(
            "--allow-outside",
            action="store_true",
            help="let manifest 'file' entries point outside the corpus folder (refused by default)",
        )
        p.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (also used by the console script)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(only=_chosen(args_list) or "")
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return int(exc.code or 0)
    if getattr(args, "quiet", False):
        from lawalign.progress import set_quiet

        set_quiet(True)
    level = logging.WARNING - 10 * min(args.verbose, 2)
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    try:
        code = int(args._run(args))
        sys.stdout.flush()  # a full device or a closed pipe shows here, not at interpreter exit
        return code
    except LawalignError as err:
        print(printable(str(err)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("lawalign: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (`lawalign units corpus | head`): a quiet exit
        _drop_stdout()
        return 0
    except OSError as exc:  # the environment failed us: full disk or stdout, I/O error
        where = exc.filename if isinstance(exc.filename, str) else "<stdout>"
        if where == "<stdout>":
            _drop_stdout()
        print(printable(f"{where}: {exc.strerror or exc}"), file=sys.stderr)
        return 2


def _drop_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush cannot fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout is not a real file (captured in tests)
        pass


if __name__ == "__main__":
    sys.exit(main())
