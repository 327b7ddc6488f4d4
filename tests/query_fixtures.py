"""Hand-segmented editions of the three seeds, for query/export/report tests.

They do not depend on the structure stage: each seed line that carries text gets the id a careful
reader gives it, so the tests exercise lookup, search, frames and exporters on realistic data.
"""

from __future__ import annotations

import re
from pathlib import Path

from lawalign.models import Edition, Evidence, Finding, Source, Unit

ROOT = Path(__file__).resolve().parents[1]
RAW = ROOT / "corpus" / "raw"
VI = RAW / "000_e6edf3a6b624c89e.txt"
RU = RAW / "002_1323563bdd032735.txt"
TR = RAW / "003_e30df247acf19ab2.txt"

# line -> (id, role); ids starting with "debris." are debris. Unlisted non-empty lines are an error.
VI_IDS: dict[int, tuple[str, str]] = {
    1: ("68.title", "law-title"),
    3: ("debris.1", "debris"),
    5: ("68A", "section"),
    7: ("68B1", "point"),
    9: ("68B2", "point"),
    11: ("68C.title", "heading"),
    13: ("68C", "section"),
    15: ("68D", "section"),
    17: ("68.fn1", "footnote"),
    19: ("69.title", "law-title"),
    21: ("69A", "section"),
    23: ("69B", "chapeau"),
    25: ("69B1", "point"),
    27: ("69B2", "point"),
    29: ("69B.wrap", "wrap"),
    31: ("70.title", "law-title"),
    33: ("70A", "section"),
    35: ("70B1", "point"),
    37: ("70B2", "point"),
    39: ("70B3", "point"),
    41: ("70C", "chapeau"),
    43: ("70C1", "point"),
    45: ("70C2", "point"),
    47: ("70C3", "point"),
    49: ("70D.title", "heading"),
    51: ("70D1", "point"),
    53: ("70D2", "point"),
    55: ("70D3", "point"),
    57: ("70E1", "point"),
    59: ("70E2", "point"),
    61: ("70.fn1", "footnote"),
}
RU_IDS: dict[int, tuple[str, str]] = {
    1: ("68.title", "law-title"),
    3: ("68.intro", "intro"),
    5: ("debris.1", "debris"),
    7: ("68.fn1", "footnote"),
    9: ("68A.title", "heading"),
    11: ("68A", "section"),
    13: ("68B.title", "heading"),
    15: ("68B1", "point"),
    17: ("68B2", "point"),
    19: ("68C.title", "heading"),
    21: ("68C", "section"),
    23: ("68D.title", "heading"),
    25: ("68D", "section"),
}
TR_IDS: dict[int, tuple[str, str]] = {
    1: ("68.intro", "intro"),
    2: ("68A.title", "heading"),
    3: ("68A", "section"),
    4: ("68B.title", "heading"),
    5: ("68B1", "point"),
    6: ("68B2", "point"),
    7: ("68C.title", "heading"),
    8: ("68C", "section"),
    9: ("68D.title", "heading"),
    10: ("68D", "section"),
    11: ("68.fn1", "footnote"),
    12: ("debris.1", "debris"),
    13: ("debris.2", "debris"),
    14: ("debris.3", "debris"),
}
_LABEL = re.compile(r"^(ĐIỀU \d+\.|ПРАВИЛО \d+\.|\d+\.|[A-E]\.|- |\*|<\*>|\[1\])\s*")
_KIND = {"law-title": "title", "heading": "title", "footnote": "footnote", "debris": "debris"}


def seed_edition(
    path: Path,
    lang: str,
    ids: dict[int, tuple[str, str]],
    *,
    authoritative: bool = False,
    inferred: frozenset[str] = frozenset(),
) -> Edition:
    """An edition of one seed, segmented by the ``ids`` table."""
    units = []
    lines = path.read_text(encoding="utf-8").split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        uid, role = ids[number]
        m = _LABEL.match(line) if role != "debris" else None
        label = m.group(1).strip() if m else ""
        text = line[m.end() :] if m else line
        law = uid.split(".")[0][:2] if not uid.startswith("debris") else "68"
        kind = _KIND.get(role, "text")
        units.append(
            Unit(
                id=uid,
                kind=kind,
                role=role,
                lang=lang,
                law=law,
                text=text,  # type: ignore[arg-type]
                source=Source(str(path.relative_to(ROOT)), number, number),
                label=label,
                heading=text if kind == "title" else "",
                inferred=uid in inferred,
                confidence=0.8 if uid in inferred else 1.0,
                evidence="numbering restart" if uid in inferred else "",
                reason="duplicate-heading" if role == "debris" else "",
            )
        )
    laws = tuple(dict.fromkeys(u.law for u in units if u.kind != "debris"))
    return Edition(
        name=path.stem,
        path=str(path.relative_to(ROOT)),
        lang=lang,
        units=tuple(units),
        authoritative=authoritative,
        laws=laws,
    )


def seed_editions() -> list[Edition]:
    """The three seeds as editions: vi (authoritative), ru, tr."""
    return [
        seed_edition(
            VI, "vi", VI_IDS, authoritative=True, inferred=frozenset({"68A", "68B1", "68B2", "68D"})
        ),
        seed_edition(RU, "ru", RU_IDS),
        seed_edition(TR, "tr", TR_IDS, inferred=frozenset({"68A.title", "68B.title"})),
    ]


def seed_findings() -> list[Finding]:
    """A few findings of the kinds the diff stage reports on the seeds."""
    return [
        Finding(
            type="cross-reference",
            severity="error",
            lang="vi",
            unit="68D",
            message="cites Law 73D3 where the other editions cite Law 70D3",
            evidence=(
                Evidence("vi", "68D", "xem Điều 73D3", "corpus/raw/000_e6edf3a6b624c89e.txt", 15),
                Evidence("ru", "68D", "см. Правило 70D3", "corpus/raw/002_1323563bdd032735.txt", 25),
            ),
            suggestion="Điều 70D3",
            detail={"key": "73D3"},
        ),
        Finding(
            type="omission",
            severity="warning",
            lang="tr",
            unit="68A",
            message="the Law 54 exception is missing",
            detail={"key": "54"},
        ),
        Finding(
            type="omission",
            severity="warning",
            lang="vi",
            unit="68.intro",
            message="the intro is missing",
            detail={"key": "intro"},
        ),
        Finding(type="coverage", severity="info", lang="ru", unit="69", message="Laws 69-71 are absent"),
    ]


def script_edition() -> Edition:
    """A one-unit edition whose text is markup, to prove every output escapes law text."""
    text = (
        "<script>alert(1)</script><script>document.documentElement.setAttribute('data-xss','1')</script> & co"
    )
    unit = Unit(
        id="68C",
        kind="text",
        role="section",
        lang="en",
        law="68",
        text=text,
        source=Source("evil.txt", 1, 1),
        label="C.",
    )
    return Edition(name="evil", path="evil.txt", lang="en", units=(unit,), laws=("68",))
