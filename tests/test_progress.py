"""Progress bars: drawn on stderr when it is a terminal (a pseudo-terminal here), never in a pipe,
under ``--quiet`` (``set_quiet``) or in CI. Splitting fresh texts is the long loop used (cheap: spaCy,
no model)."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CODE = """
import sys
from lawalign.align.cache import Store
from lawalign.align.sentences import split_many
from lawalign.progress import set_quiet
if sys.argv[2] == "quiet":
    set_quiet(True)
texts = [f"Игра продолжается {i}. Вист не может {i}." for i in range(40)]
split_many(texts, "ru", Store(sys.argv[1]))
"""


def _stderr_of(tmp_path: Path, *, terminal: bool, mode: str = "", ci: bool = False) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "LAWALIGN_NO_PROGRESS")}
    env["PYTHONPATH"] = str(ROOT / "src")
    if ci:
        env["CI"] = "true"
    cmd = [sys.executable, "-c", CODE, str(tmp_path / "cache"), mode or "-"]
    if not terminal:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
        return proc.stderr
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a 100-column terminal
    try:
        child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=slave, env=env)
        os.close(slave)
        chunks: list[bytes] = []
        while True:
            ready, _, _ = select.select([master], [], [], 1.0)
            if ready:
                try:
                    data = os.read(master, 4096)
                except OSError:  # the child closed the terminal
                    break
                if not data:
                    break
                chunks.append(data)
            elif child.poll() is not None:
                break
        assert child.wait() == 0
    finally:
        os.close(master)
    return b"".join(chunks).decode("utf-8", "replace")


def test_a_bar_is_drawn_on_a_terminal(tmp_path: Path) -> None:
    out = _stderr_of(tmp_path, terminal=True)
    assert "splitting 40 ru texts" in out
    assert "/40 [" in out


@pytest.mark.parametrize(("mode", "ci"), [("quiet", False), ("", True)])
def test_no_bar_when_quiet_or_in_ci(tmp_path: Path, mode: str, ci: bool) -> None:
    assert "splitting" not in _stderr_of(tmp_path, terminal=True, mode=mode, ci=ci)


def test_no_bar_in_a_pipe(tmp_path: Path) -> None:
    assert _stderr_of(tmp_path, terminal=False) == ""


def test_quiet_is_accepted_before_and_after_the_command() -> None:
    from lawalign.cli import build_parser

    assert build_parser(only="build").parse_args(["--quiet", "build"]).quiet
    assert build_parser(only="build").parse_args(["build", "--quiet"]).quiet
    assert not build_parser(only="build").parse_args(["build"]).quiet
