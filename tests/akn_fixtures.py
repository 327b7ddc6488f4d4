"""Hand-built editions for the Akoma Ntoso tests (independent of the structure stage).

``ru_edition`` and ``vi_edition`` mirror the Russian and Vietnamese seeds line by line (text read
from ``corpus/raw``); ``edge_edition`` holds what the seeds do not: a law outside the skeleton,
markup characters, odd whitespace, duplicate ids, dangling anchors, notices and a law-less unit.
"""

from __future__ import annotations

import re
from pathlib import Path

from lawalign.models import Edition, Notice, Source, Unit

ROOT = Path(__file__).resolve().parents[1]
RAW = ROOT / "corpus" / "raw"
RU = RAW / "002_1323563bdd032735.txt"
VI = RAW / "000_e6edf3a6b624c89e.txt"
SEEDS = {"vi": VI, "ru": RU, "tr": RAW / "003_e30df247acf19ab2.txt"}

# line -> (id, role) of each non-empty seed line
# fmt: off
RU_IDS: dict[int, tuple[str, str]] = {
    1: ("68.title", "law-title"), 3: ("68.intro", "intro"), 5: ("debris.1", "debris"),
    7: ("68.fn1", "footnote"), 9: ("68A.title", "heading"), 11: ("68A", "section"),
    13: ("68B.title", "heading"), 15: ("68B1", "point"), 17: ("68B2", "point"),
    19: ("68C.title", "heading"), 21: ("68C", "section"),
    23: ("68D.title", "heading"), 25: ("68D", "section"),
}
VI_IDS: dict[int, tuple[str, str]] = {
    1: ("68.title", "law-title"), 3: ("debris.1", "debris"), 5: ("68A", "section"),
    7: ("68B1", "point"), 9: ("68B2", "point"), 11: ("68C.title", "heading"), 13: ("68C", "section"),
    15: ("68D", "section"), 17: ("68.fn1", "footnote"), 19: ("69.title", "law-title"),
    21: ("69A", "section"), 23: ("69B", "chapeau"), 25: ("69B1", "point"), 27: ("69B2", "point"),
    29: ("69B.wrap", "wrap"), 31: ("70.title", "law-title"), 33: ("70A", "section"),
    35: ("70B1", "point"), 37: ("70B2", "point"), 39: ("70B3", "point"), 41: ("70C", "chapeau"),
    43: ("70C1", "point"), 45: ("70C2", "point"), 47: ("70C3", "point"), 49: ("70D.title", "heading"),
    51: ("70D1", "point"), 53: ("70D2", "point"), 55: ("70D3", "point"), 57: ("70E1", "point"),
    59: ("70E2", "point"), 61: ("70.fn1", "footnote"),
}
# fmt: on
# footnote id -> its anchor (None: orphaned, as the vi 68 footnote whose anchor sentence is missing)
ANCHORS = {"ru": {"68.fn1": "68.intro"}, "vi": {"68.fn1": None, "70.fn1": "70C3"}}
# unit id -> the footnote marker printed in it
MARKED = {
    "ru": {"68.intro": ("<*>", "68.fn1")},
    "vi": {u: ("*", "70.fn1") for u in ("70C3", "70D1", "70D2", "70E1")},
}
_LABEL = re.compile(r"^(ĐIỀU \d+\.|ПРАВИЛО \d+\.|\d+\.|[A-E]\.|\*|<\*>)\s*")
_KIND = {"law-title": "title", "heading": "title", "footnote": "footnote", "debris": "debris"}


def seed_edition(lang: str) -> Edition:
    """The ``ru`` or ``vi`` seed segmented by hand."""
    path = SEEDS[lang]
    ids = {"ru": RU_IDS, "vi": VI_IDS}[lang]
    lines = path.read_text(encoding="utf-8").split("\n")
    units = []
    for n, (uid, role) in ids.items():
        line = lines[n - 1]
        m = _LABEL.match(line)
        label = m.group(1) if m and role != "debris" else ""
        text = line[m.end() :] if label and m else line
        marker = MARKED[lang].get(uid)
        law = "" if role == "debris" else uid.split(".")[0][:2]
        units.append(
            Unit(
                id=uid,
                kind=_KIND.get(role, "text"),  # type: ignore[arg-type]
                role=role,  # type: ignore[arg-type]
                lang=lang,
                law=law if role != "debris" else "68",
                text=text,
                source=Source(str(path), n, n),
                label=label,
                heading=text if role in ("law-title", "heading") else "",
                inferred=lang == "vi" and not label and role in ("section", "chapeau", "wrap"),
                confidence=0.95 if lang == "vi" and not label else 1.0,
                evidence="position in the reference order" if lang == "vi" and not label else "",
                reason=("duplicate-heading" if lang == "vi" else "separator") if role == "debris" else "",
                duplicate_of="68.title" if role == "debris" and lang == "vi" else None,
                markers=(marker[0],) if marker else (),
                footnotes=(marker[1],) if marker else (),
                anchor=ANCHORS[lang].get(uid) if role == "footnote" else None,
            )
        )
    laws = tuple(dict.fromkeys(u.law for u in units if u.kind != "debris"))
    return Edition(name=path.stem, path=str(path), lang=lang, units=tuple(units), laws=laws,
                   description=f"{lang} seed, hand-segmented")  # fmt: skip


def ru_edition() -> Edition:
    return seed_edition("ru")


def vi_edition() -> Edition:
    return seed_edition("vi")


def relabel(edition: Edition, lang: str, mark: str = "~") -> Edition:
    """The same structure in another language: every text replaced, ids and roles kept."""
    units = tuple(
        Unit(
            u.id,
            u.kind,
            u.role,
            lang,
            u.law,
            f"{mark}{u.id} {u.markers[0] if u.markers else ''}",
            u.source,
            label=u.label,
            markers=u.markers,
            footnotes=u.footnotes,
            anchor=u.anchor,
        )
        for u in edition.units
    )
    return Edition(
        name=f"{edition.name}-{lang}", path=edition.path, lang=lang, units=units, laws=edition.laws
    )


def _u(uid: str, role: str, text: str, line: int, *, law: str, lang: str = "en", **kw: object) -> Unit:
    source = Source("edge.txt", line, line)
    return Unit(uid, _KIND.get(role, "text"), role, lang, law, text, source, **kw)  # type: ignore[arg-type]


def edge_edition() -> Edition:
    """Everything the seeds lack, in one edition."""
    units = (
        _u("debris.1", "debris", "Home > Laws > <Bridge> & more", 1, law="", reason="chrome"),
        _u("73.x1", "intro", "A paragraph whose unit names no law.", 2, law="", span=(10, 46)),
        _u(
            "73.title",
            "law-title",
            'Communication "between" partners',
            3,
            law="73",
            label="LAW 73",
            heading='Communication "between" partners',
        ),
        _u(
            "73.intro",
            "intro",
            "  leading & trailing spaces <b>not markup</b>  ",
            4,
            law="73",
            markers=("†",),
            footnotes=("73.fn1",),
        ),
        _u(
            "73.fn1",
            "footnote",
            "A footnote whose marker † is printed.",
            5,
            law="73",
            label="†",
            anchor="73.intro",
        ),
        _u("73D.title", "heading", "Variations in Tempo", 6, law="73", label="D."),
        _u(
            "73D3",
            "point",
            "A line\nwith a newline, a\ttab, a CR\r and ]]> and 'quotes'",
            7,
            law="73",
            label="3.",
            markers=("[9]", "[2]"),
            footnotes=("73.fn9", "73.fn2"),
            inferred=True,
            confidence=0.42,
            evidence="printed point number 3",
        ),
        _u(
            "73.fn2",
            "footnote",
            "Second note; its marker is missing from the anchor text.",
            8,
            law="73",
            label="[2]",
            anchor="73D3",
        ),
        _u("73.fn3", "footnote", "Dangling anchor.", 9, law="73", label="[3]", anchor="73Z9"),
        _u("73.fn4", "footnote", "Orphan", 10, law="73", label="[4]"),
        _u(
            "debris.2",
            "debris",
            "73D3 repeated",
            11,
            law="73",
            reason="duplicate-heading",
            duplicate_of="73D.title",
        ),
        _u("73D3", "point", "Duplicate id, kept.", 12, law="73", label="3."),
        _u("73G", "section", "A Cyrillic section letter.", 13, law="73", label="Ж."),
        _u("74", "section", "", 14, law="74"),
        _u("71.1", "point", "A point directly under a law.", 15, law="71", label="1.", lang="ru"),
        _u("71.wrap", "wrap", "Wrap of a law without sections.", 16, law="71"),
    )
    return Edition(
        name="edge",
        path="edge.txt",
        lang="en",
        units=units,
        source_edition="1997",
        authoritative=True,
        encoding="cp1252",
        media_type="text/html",
        description='Synthetic: <edge> & "cases"',
        laws=("73", "74", "71"),
        notices=(Notice("encoding-repaired", "mojibake & <fixed>", "edge.txt", 3),),
    )
