"""Fixtures of the diff tests: the seed editions, segmented, with no embedding model involved."""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

from lawalign.models import Edition, Line, SourceText

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
SEEDS = {
    "vi": "raw/000_e6edf3a6b624c89e.txt",
    "ru": "raw/002_1323563bdd032735.txt",
    "tr": "raw/003_e30df247acf19ab2.txt",
}
LAWS = {"vi": ("68", "69", "70"), "ru": ("68",), "tr": ("68",)}


def source_from_text(text: str, path: str, lang: str) -> SourceText:
    """A minimal SourceText (NFC, LF) for tests that must not depend on the ingest stage."""
    text = unicodedata.normalize("NFC", text).replace("\r\n", "\n").replace("\r", "\n")
    lines, offset = [], 0
    for number, line in enumerate(text.split("\n"), 1):
        lines.append(Line(line, number, offset))
        offset += len(line) + 1
    return SourceText(path=path, text=text, lines=tuple(lines), lang=lang, encoding="utf-8")


def edition_from_text(text: str, lang: str, path: str = "", name: str | None = None) -> Edition:
    """Segment ``text`` into an Edition (structure stage only)."""
    from dataclasses import replace

    from lawalign.structure import segment_law

    edition = segment_law(
        source_from_text(text, path or f"corpus/{SEEDS.get(lang, lang)}", lang), name=name or lang
    )
    return replace(edition, laws=LAWS.get(lang, edition.laws), laws_declared=lang in LAWS)


def seed_text(lang: str) -> str:
    return (CORPUS / SEEDS[lang]).read_text(encoding="utf-8")


@cache
def seed_editions() -> tuple[Edition, ...]:
    """The three seed editions, segmented from the raw files (paths as in the manifest)."""
    return tuple(edition_from_text(seed_text(lang), lang) for lang in ("vi", "ru", "tr"))
