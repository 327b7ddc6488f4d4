"""Hand-built Law 68 editions of the three seeds (ids as a careful reader assigns them).

They let the alignment tests run without the structure stage; the ids follow
/work reference facts: vi has no 68.intro and its 68.fn1 is orphaned at the end of the law,
ru places 68.fn1 right after the intro, tr has no law heading and a duplicated footnote.
"""

from __future__ import annotations

import re
from pathlib import Path

from lawalign.models import Edition, Source, Unit

ROOT = Path(__file__).resolve().parents[1]
RAW = ROOT / "corpus" / "raw"
SEEDS = {
    "vi": RAW / "000_e6edf3a6b624c89e.txt",
    "ru": RAW / "002_1323563bdd032735.txt",
    "tr": RAW / "003_e30df247acf19ab2.txt",
}

# (line, id, role, label, inferred); ids starting with "debris" are debris units.
LAYOUT: dict[str, list[tuple[int, str, str, str, bool]]] = {
    "vi": [
        (1, "68.title", "law-title", "ĐIỀU 68.", False),
        (3, "debris.1", "debris", "", False),
        (5, "68A", "section", "", True),
        (7, "68B1", "point", "1.", True),
        (9, "68B2", "point", "2.", True),
        (11, "68C.title", "heading", "C.", False),
        (13, "68C", "section", "", False),
        (15, "68D", "section", "", True),
        (17, "68.fn1", "footnote", "*", False),
    ],
    "ru": [
        (1, "68.title", "law-title", "ПРАВИЛО 68.", False),
        (3, "68.intro", "intro", "", False),
        (5, "debris.1", "debris", "", False),
        (7, "68.fn1", "footnote", "<*>", False),
        (9, "68A.title", "heading", "A.", False),
        (11, "68A", "section", "", False),
        (13, "68B.title", "heading", "B.", False),
        (15, "68B1", "point", "1.", False),
        (17, "68B2", "point", "2.", False),
        (19, "68C.title", "heading", "C.", False),
        (21, "68C", "section", "", False),
        (23, "68D.title", "heading", "D.", False),
        (25, "68D", "section", "", False),
    ],
    "tr": [
        (1, "68.intro", "intro", "", True),
        (2, "68A.title", "heading", "-", True),
        (3, "68A", "section", "", True),
        (4, "68B.title", "heading", "-", True),
        (5, "68B1", "point", "1.", True),
        (6, "68B2", "point", "2.", True),
        (7, "68C.title", "heading", "-", True),
        (8, "68C", "section", "", True),
        (9, "68D.title", "heading", "-", True),
        (10, "68D", "section", "", True),
        (11, "68.fn1", "footnote", "[1]", False),
        (12, "debris.1", "debris", "", False),
        (13, "debris.2", "debris", "", False),
        (14, "debris.3", "debris", "", False),
    ],
}

ANCHORS = {"vi": None, "ru": "68.intro", "tr": "68.intro"}


def _kind(role: str) -> str:
    return {"law-title": "title", "heading": "title", "footnote": "footnote", "debris": "debris"}.get(
        role, "text"
    )


def seed_edition(lang: str) -> Edition:
    """The Law 68 part of the ``lang`` seed as an Edition with hand-assigned ids."""
    path = SEEDS[lang]
    lines = path.read_text(encoding="utf-8").split("\n")
    units = []
    for line, uid, role, label, inferred in LAYOUT[lang]:
        raw = lines[line - 1]
        text = raw[len(label) :].strip() if label and raw.startswith(label) else raw.strip()
        kind = _kind(role)
        footnotes: tuple[str, ...] = ()
        if uid == "68.intro":
            footnotes = ("68.fn1",)
        units.append(
            Unit(
                id=uid,
                kind=kind,  # type: ignore[arg-type]
                role=role,  # type: ignore[arg-type]
                lang=lang,
                law="68",
                text=text,
                source=Source(str(path), line, line),
                label=label,
                heading=text if kind == "title" else "",
                inferred=inferred,
                confidence=0.6 if inferred else 1.0,
                footnotes=footnotes,
                anchor=ANCHORS[lang] if role == "footnote" else None,
                reason="fixture" if kind == "debris" else "",
            )
        )
    return Edition(name=path.stem, path=str(path), lang=lang, units=tuple(units), laws=("68",))


def seed_editions() -> list[Edition]:
    """vi, ru and tr Law 68 editions, in that order."""
    return [seed_edition(lang) for lang in ("vi", "ru", "tr")]


def squash(text: str) -> str:
    """Whitespace-free form, for 'nothing lost' comparisons."""
    return re.sub(r"\s+", "", text)


class HashEmbedder:
    """A deterministic, model-free embedder for tests: hashed character trigrams, L2-normalized."""

    name = "test-hash"
    dim = 64

    def __init__(self) -> None:
        self.calls = 0

    def encode(self, texts):  # type: ignore[no-untyped-def]
        import hashlib

        import numpy as np

        self.calls += 1
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            t = f"  {text.lower()}  "
            for k in range(len(t) - 2):
                h = int.from_bytes(hashlib.blake2b(t[k : k + 3].encode(), digest_size=4).digest(), "little")
                out[i, h % self.dim] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms == 0, 1, norms)
