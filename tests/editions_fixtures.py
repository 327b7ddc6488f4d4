"""Hand-built editions of the three seeds for the ``editions`` tests: ids assigned by hand from the
reference structure, text taken verbatim from ``corpus/raw`` (so the tests do not depend on the
segmenter), plus small helpers to derive edited variants."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from lawalign.models import Edition, Source, Unit

ROOT = Path(__file__).resolve().parent.parent
RAW = ROOT / "corpus" / "raw"
VI = RAW / "000_e6edf3a6b624c89e.txt"
RU = RAW / "002_1323563bdd032735.txt"
TR = RAW / "003_e30df247acf19ab2.txt"

# raw line -> (id, label); label "" when the line has none. Debris ids start with "debris.".
VI_MAP: dict[int, tuple[str, str]] = {
    1: ("68.title", "ĐIỀU 68."),
    3: ("debris.1", "ĐIỀU 68."),
    5: ("68A", ""),
    7: ("68B1", "1."),
    9: ("68B2", "2."),
    11: ("68C.title", "C."),
    13: ("68C", ""),
    15: ("68D", ""),
    17: ("68.fn1", "*"),
    19: ("69.title", "ĐIỀU 69."),
    21: ("69A", ""),
    23: ("69B", ""),
    25: ("69B1", "1."),
    27: ("69B2", "2."),
    29: ("69B.wrap", ""),
    31: ("70.title", "ĐIỀU 70."),
    33: ("70A", ""),
    35: ("70B1", "1."),
    37: ("70B2", "2."),
    39: ("70B3", "3."),
    41: ("70C", ""),
    43: ("70C1", "1."),
    45: ("70C2", "2."),
    47: ("70C3", "3."),
    49: ("70D.title", "D."),
    51: ("70D1", "1."),
    53: ("70D2", "2."),
    55: ("70D3", "3."),
    57: ("70E1", "1."),
    59: ("70E2", "2."),
    61: ("70.fn1", "*"),
}
RU_MAP: dict[int, tuple[str, str]] = {
    1: ("68.title", "ПРАВИЛО 68."),
    3: ("68.intro", ""),
    5: ("debris.1", ""),
    7: ("68.fn1", "<*>"),
    9: ("68A.title", "A."),
    11: ("68A", ""),
    13: ("68B.title", "B."),
    15: ("68B1", "1."),
    17: ("68B2", "2."),
    19: ("68C.title", "C."),
    21: ("68C", ""),
    23: ("68D.title", "D."),
    25: ("68D", ""),
}
TR_MAP: dict[int, tuple[str, str]] = {
    1: ("68.intro", ""),
    2: ("68A.title", "-"),
    3: ("68A", ""),
    4: ("68B.title", "-"),
    5: ("68B1", "1."),
    6: ("68B2", "2."),
    7: ("68C.title", "-"),
    8: ("68C", ""),
    9: ("68D.title", "-"),
    10: ("68D", ""),
    11: ("68.fn1", "[1]"),
    12: ("debris.1", "[1]"),
    13: ("debris.2", ""),
    14: ("debris.3", ""),
}

_ROLES = {"title": "law-title", "fn1": "footnote", "intro": "intro", "wrap": "wrap"}


def _role(uid: str) -> str:
    if uid.startswith("debris."):
        return "debris"
    if "." in uid:
        suffix = uid.split(".")[1]
        if suffix == "title":
            return "law-title" if uid[:2].isdigit() and uid[2] == "." else "heading"
        return _ROLES.get(suffix, "point")
    return "point" if uid[-1].isdigit() else "section"


def _kind(role: str) -> str:
    return {"law-title": "title", "heading": "title", "footnote": "footnote", "debris": "debris"}.get(
        role, "text"
    )


def build_edition(path: Path, lang: str, mapping: dict[int, tuple[str, str]], name: str = "") -> Edition:
    """An Edition of ``path`` with the hand-assigned ids of ``mapping``."""
    lines = path.read_text(encoding="utf-8").split("\n")
    units = []
    for n, (uid, label) in sorted(mapping.items()):
        raw = lines[n - 1]
        text = raw[len(label) :].strip() if label and raw.startswith(label) else raw.strip()
        role = _role(uid)
        law = "" if role == "debris" else uid[:2]
        units.append(
            Unit(
                id=uid,
                kind=_kind(role),  # type: ignore[arg-type]
                role=role,  # type: ignore[arg-type]
                lang=lang,
                law=law,
                text=text,
                source=Source(str(path), n, n),
                label=label,
                heading=text if role in ("law-title", "heading") else "",
            )
        )
    laws = tuple(sorted({u.law for u in units if u.law}))
    return Edition(name=name or path.stem, path=str(path), lang=lang, units=tuple(units), laws=laws)


def vi_edition() -> Edition:
    return build_edition(VI, "vi", VI_MAP)


def ru_edition() -> Edition:
    return build_edition(RU, "ru", RU_MAP)


def tr_edition() -> Edition:
    return build_edition(TR, "tr", TR_MAP)


def edit_unit(edition: Edition, uid: str, old: str, new: str) -> Edition:
    """A copy of ``edition`` with ``old`` replaced by ``new`` in unit ``uid`` (must occur once)."""
    units = []
    for u in edition.units:
        if u.id == uid:
            assert u.text.count(old) == 1, (uid, old)
            u = replace(u, text=u.text.replace(old, new))
        units.append(u)
    return replace(edition, units=tuple(units))


def drop_unit(edition: Edition, uid: str) -> Edition:
    """A copy of ``edition`` without unit ``uid``."""
    assert edition.unit(uid) is not None
    return replace(edition, units=tuple(u for u in edition.units if u.id != uid))
