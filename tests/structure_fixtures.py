"""Helpers for structure tests: a SourceText straight from already-normalized text, and where the
shared development split of real pages sits."""

from __future__ import annotations

from pathlib import Path

from lawalign.models import Edition, Line, SourceText

ROOT = Path(__file__).resolve().parents[1]
# The shared development split of real pages, when this checkout sits next to it (../shared or
# ../../shared); None elsewhere. Measurement data: read from there, never copied.
SHARED_DEV: Path | None = next(
    (
        b / "shared" / "benchmarks" / "real-pages-dev"
        for b in (ROOT.parent, ROOT.parent.parent)
        if (b / "shared" / "benchmarks" / "real-pages-dev").is_dir()
    ),
    None,
)

SEEDS = {
    "vi": "corpus/raw/000_e6edf3a6b624c89e.txt",
    "ru": "corpus/raw/002_1323563bdd032735.txt",
    "tr": "corpus/raw/003_e30df247acf19ab2.txt",
}

# 2017 Law 71 in Greek, hard-wrapped, with no law heading: intro, sections A and B, the wrap after them.
GREEK_LAW71 = (
    "Μία παραχώρηση πρέπει να ισχύει, από τη στιγμή που θα γίνει,\n"
    "αλλά, εντός της Περιόδου Διόρθωσης, που ορίζει ο Νόμος 79Γ,\n"
    "ο Διαιτητής θα ακυρώσει την παραχώρηση αν:\n\n"
    "Α. Ένας παίκτης παραχώρησε λεβέ που, στην πραγματικότητα, ο\n"
    "άξονάς του είχε ήδη κερδίσει ή\n\n"
    "Β. Ένας παίκτης παραχώρησε λεβέ που ο άξονάς του δεν θα\n"
    "μπορούσε να χάσει με οποιοδήποτε κανονικό παίξιμο των\n"
    "υπόλοιπων φύλλων.\n\n"
    "Η διανομή βαθμολογείται εκ νέου και κάθε τέτοια λεβέ\n"
    "αποδίδεται στον άξονά του.\n"
)


def source_from_text(text: str, lang: str, path: str = "mem.txt") -> SourceText:
    """A SourceText whose lines are ``text``'s lines (the text must already be normalized)."""
    lines, offset = [], 0
    for i, t in enumerate(text.split("\n")):
        lines.append(Line(t, i + 1, offset))
        offset += len(t) + 1
    return SourceText(
        path=path, text="\n".join(ln.text for ln in lines), lines=tuple(lines), lang=lang, encoding="utf-8"
    )


def assert_no_law(edition: Edition) -> None:
    """A text read as no law: every unit debris, every line kept, a ``no-law`` notice."""
    assert not edition.law_units, [u.id for u in edition.law_units]
    assert edition.units and all(u.kind == "debris" for u in edition.units)
    assert any(n.code == "no-law" for n in edition.notices)
