"""The ``lawalign`` command line: thin argparse over the library. Only this layer prints.

Each subcommand lives in ``lawalign.commands.<name>`` and exposes ``HELP``, ``add_arguments(parser)``
and ``run(args) -> int``. Exit codes: 0 clean, 1 findings at or above the chosen severity, 2 usage or
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
    "fingerprint",
    "compare",
)


class _Parser(argparse.ArgumentParser):
    """argparse with "did you mean" for a mistyped command or option value (difflib)."""

    def error(self, message: str) -> NoReturn:
        m = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if m:
            choices = re.findall(r"'([^']*)'", m[2])
            close = difflib.get_close_matches(m[1], choices, n=3, cutoff=0.6)
            if close:
                message = f"{message}; did you mean {' or '.join(close)}?"
        super().error(message)


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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="lawalign",
        description="Align published translations of a law and report where editions diverge.",
    )
    parser.add_argument("-v", "--verbose", action="count", default=0, help="log more (-vv for debug)")
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        module = _command_module(name)
        doc = (module.__doc__ or "").strip()
        p = sub.add_parser(name, help=module.HELP, description=doc or module.HELP)
        module.add_arguments(p)
        p.add_argument(
            "--allow-outside",
            action="store_true",
            help="let manifest 'file' entries point outside the corpus folder (refused by default)",
        )
        p.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (also used by the console script)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
        return int(exc.code or 0)
    level = logging.WARNING - 10 * min(args.verbose, 2)
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    from lawalign.corpus import outside_files_allowed

    outside_files_allowed.set(bool(getattr(args, "allow_outside", False)))
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
