"""Generated books for ``scripts/bench.py``: N laws in three languages, and a matching skeleton.

Every law of a book is the seeds' Law 68 (Vietnamese, Russian, Turkish) with its number changed to
1..N, so the three editions align law by law; the Turkish copy keeps its unlabelled sections, whose
ids the structure stage infers (so the anchoring runs). The bundled skeleton knows Laws 68–71 only:
:func:`use_book_skeleton` swaps in one with Law 68's units repeated as Laws 1..N, for this process.
With ``distinct=True`` each law's paragraphs carry the law number, so no two laws share a text and
nothing is cached across laws (a cold build really encodes a book of N laws).
"""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RAW = ROOT / "corpus" / "raw"
LANGS = ("vi", "ru", "tr")


def _law68(lang: str) -> tuple[str, re.Pattern[str]]:
    if lang == "vi":
        lines = (RAW / "000_e6edf3a6b624c89e.txt").read_text(encoding="utf-8").split("\n")
        end = next(i for i, line in enumerate(lines) if line.startswith("ĐIỀU 69"))
        return "\n".join(lines[:end]).strip("\n"), re.compile(r"^(ĐIỀU )68(\.)", re.M)
    if lang == "ru":
        text = (RAW / "002_1323563bdd032735.txt").read_text(encoding="utf-8")
        return text.strip("\n"), re.compile(r"^(ПРАВИЛО )68(\.)", re.M)
    lines = (RAW / "003_e30df247acf19ab2.txt").read_text(encoding="utf-8").split("\n")
    end = next(i for i, line in enumerate(lines) if line.startswith("Hiç yorum"))  # blog chrome
    body = "\n".join(lines[:end]).strip("\n")
    return "YASA 68. Löve Talebi veya Terki\n\n" + body, re.compile(r"^(YASA )68(\.)", re.M)


def book_text(lang: str, laws: int, *, distinct: bool = False) -> str:
    """The text of an edition of ``laws`` laws in ``lang`` (see the module docstring)."""
    text, heading = _law68(lang)
    parts = []
    for k in range(1, laws + 1):
        law = heading.sub(lambda m, k=k: f"{m.group(1)}{k}{m.group(2)}", text)
        if distinct:  # a law-specific word at the end of every paragraph
            law = re.sub(r"(?m)(\S)$", lambda m, k=k: f"{m.group(1)} §{k}", law)
        parts.append(law)
    return "\n\n".join(parts) + "\n"


def write_book(folder: Path, laws: int, *, distinct: bool = False) -> Path:
    """Write a corpus folder (manifest + three editions) of ``laws`` laws; returns the folder."""
    raw = folder / "raw"
    raw.mkdir(parents=True, exist_ok=True)
    entries = []
    for lang in LANGS:
        path = raw / f"{lang}.txt"
        text = book_text(lang, laws, distinct=distinct)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        entries.append(f'[[edition]]\nname = "{lang}"\nfile = "raw/{lang}.txt"\nlang = "{lang}"\n')
    (folder / "manifest.toml").write_text("\n".join(entries), encoding="utf-8")
    return folder


def book_skeleton(laws: int) -> object:
    """The 2007 skeleton's Law 68 repeated as Laws 1..``laws`` (ids, refs and footnotes renumbered)."""
    from lawalign.models import UnitId
    from lawalign.structure.skeleton import Skeleton, load_skeleton

    base = load_skeleton("2007")
    law68 = [u for u in base.units if u.law == "68"]

    def renumber(uid: str, k: int) -> str:
        return re.sub(r"^68(?=\D|$)", str(k), uid)

    units = [
        replace(
            u,
            id=UnitId(renumber(u.id, k)),  # typed, as the skeleton's loader makes them
            law=str(k),
            refs=tuple(renumber(r, k) for r in u.refs),
            footnotes=tuple(UnitId(renumber(f, k)) for f in u.footnotes),
        )
        for k in range(1, laws + 1)
        for u in law68
    ]
    return Skeleton(
        edition="2007",
        date=base.date,
        title=base.title,
        laws=tuple(str(k) for k in range(1, laws + 1)),
        units=tuple(units),
    )


def use_book_skeleton(laws: int) -> None:
    """Make ``load_skeleton("2007")`` return :func:`book_skeleton` in this process."""
    from lawalign.structure import skeleton

    generated = book_skeleton(laws)
    bundled = skeleton._load_bundled

    def load(edition: str, *rest: object) -> object:  # rest: the user data folder, when given
        return generated if edition == "2007" else bundled(edition, *rest)

    skeleton._load_bundled = load  # type: ignore[assignment]


_BUILD_CHILD = r"""
import sys
sys.path.insert(0, {scripts!r})
import bench_books
bench_books.use_book_skeleton({laws!r})
from lawalign.cli import main
sys.exit(main(["build", {folder!r}, "--out", {out!r}]))
"""


def build_argv(laws: int, folder: Path, out: Path) -> list[str]:
    """``lawalign build FOLDER --out OUT`` in a child interpreter whose 2007 skeleton is
    :func:`book_skeleton` of ``laws`` laws, as a book written by :func:`write_book` needs: against the
    bundled skeleton, Law 68's text under "Law 1" is not Law 1, and the reader refuses it."""
    code = _BUILD_CHILD.format(
        scripts=str(Path(__file__).resolve().parent), laws=laws, folder=str(folder), out=str(out)
    )
    return [sys.executable, "-c", code]
