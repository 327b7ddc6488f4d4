"""Known-answer variants of an edition's raw text, for measuring the divergence rules.

Each :class:`Variant` is the raw text of one edition with one change and the finding the change
should produce: deleting a sentence (omission), changing a reference (cross-reference), dropping a
footnote (footnote), duplicating a paragraph (duplicate), adding a sentence from another law or
unit (addition), inserting blog chrome (debris). The generator is seeded and works on the raw text,
so the whole structure stage runs on every variant.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass

from lawalign.diff.context import DiffContext
from lawalign.ingest.profiles import load_profile
from lawalign.models import Edition, Unit

OPERATIONS: tuple[str, ...] = (
    "delete-sentence",
    "change-reference",
    "drop-footnote",
    "duplicate-paragraph",
    "add-sentence",
    "insert-debris",
)


@dataclass(frozen=True, slots=True)
class Variant:
    """One changed raw text and the finding it should produce."""

    name: str  # "delete-sentence:vi:68A"
    operation: str
    lang: str
    text: str  # the whole raw text of the changed edition
    expected_type: str
    expected_unit: str
    marker: str = ""  # text the change inserted or altered (lets a matching finding quote it)


_CHROME = {"vi": "Đăng nhận xét", "ru": "Добавить комментарий", "tr": "Paylaş", "en": "Post a Comment"}


def _line_of(raw: str, unit: Unit) -> tuple[int, int]:
    """[start, end) offsets in ``raw`` of the unit's first raw line (units of the seeds are one line)."""
    lines = raw.split("\n")
    start = sum(len(x) + 1 for x in lines[: unit.source.line_start - 1])
    return start, start + len(lines[unit.source.line_start - 1])


def _body(edition: Edition) -> list[Unit]:
    return [u for u in edition.law_units if u.role in ("intro", "section", "chapeau", "point", "wrap")]


def _candidates(ctx: DiffContext, edition: Edition, raw: str, op: str) -> Iterator[Variant]:
    lang = edition.lang
    if op == "delete-sentence":
        for u in _body(edition):
            spans = ctx.sentences(edition, u)
            if len(spans) < 2 or u.source.line_start != u.source.line_end:
                continue
            a, b = spans[-1]
            sent = u.text[a:b]
            ls, le = _line_of(raw, u)
            pos = raw.find(sent, ls, le)
            if pos < 0:
                continue
            cut_from = pos - 1 if pos > ls and raw[pos - 1] == " " else pos
            text = raw[:cut_from] + raw[pos + len(sent) :]
            yield Variant(f"{op}:{lang}:{u.id}", op, lang, text, "omission", u.id)
    elif op == "change-reference":
        for u in _body(edition) + [f for f in edition.law_units if f.kind == "footnote"]:
            targets = set(ctx.ref_targets(edition, u))
            for ref in ctx.refs(edition, u):
                m = re.search(r"\d+", ref.surface)
                if ref.kind != "external" or m is None:
                    continue
                new_num = str(int(m.group(0)) + 3)
                if any(t.startswith(new_num) for t in targets):
                    continue
                ls, le = _line_of(raw, u)
                text_at = raw.find(u.text[:40], ls, le)
                pos = text_at + ref.start
                if text_at < 0 or raw[pos : pos + len(ref.surface)] != ref.surface:
                    continue
                changed = ref.surface[: m.start()] + new_num + ref.surface[m.end() :]
                text = raw[:pos] + changed + raw[pos + len(ref.surface) :]
                yield Variant(
                    f"{op}:{lang}:{u.id}:{ref.target}", op, lang, text, "cross-reference", u.id, changed
                )
    elif op == "drop-footnote":
        for u in edition.law_units:
            if u.kind != "footnote":
                continue
            copies = [u] + [d for d in edition.debris if d.duplicate_of == u.id]
            drop = {c.source.line_start for c in copies}
            lines = raw.split("\n")
            text = "\n".join(x for i, x in enumerate(lines, 1) if i not in drop)
            yield Variant(f"{op}:{lang}:{u.id}", op, lang, text, "footnote", u.id)
    elif op == "duplicate-paragraph":
        for u in _body(edition):
            ls, le = _line_of(raw, u)
            sep = "\n\n" if "\n\n" in raw else "\n"
            text = raw[:le] + sep + raw[ls:le] + raw[le:]
            yield Variant(f"{op}:{lang}:{u.id}", op, lang, text, "duplicate", u.id)
    elif op == "add-sentence":
        pool = [  # whole sentences only: capitalised, ending with a full stop
            (u, sent)
            for u in _body(edition)
            for a, b in ctx.sentences(edition, u)
            if len(sent := u.text[a:b]) > 40 and sent[0].isupper() and sent.rstrip()[-1] in ".!?"
        ]
        for u in _body(edition):
            donors = [s for d, s in pool if d.law != u.law] or [s for d, s in pool if d.id != u.id]
            if not donors or u.source.line_start != u.source.line_end:
                continue
            sent = donors[len(u.id) % len(donors)]
            ls, le = _line_of(raw, u)
            at = raw.find(u.text[:40], ls, le)  # before the unit's first sentence, after its label
            if at < 0:
                continue
            text = raw[:at] + sent + " " + raw[at:]
            yield Variant(f"{op}:{lang}:{u.id}", op, lang, text, "addition", u.id, sent)
    elif op == "insert-debris":
        chrome = _CHROME.get(lang) or (load_profile(lang).debris or ("^Share$",))[0].strip("^$")
        body = _body(edition)
        if body:
            ls, le = _line_of(raw, body[len(body) // 2])
            sep = "\n\n" if "\n\n" in raw else "\n"
            text = raw[:le] + sep + chrome + raw[le:]
            yield Variant(
                f"{op}:{lang}:after:{body[len(body) // 2].id}", op, lang, text, "debris", "", chrome
            )


def generate_variants(
    editions: list[Edition], raws: dict[str, str], *, seed: int = 0, per_operation: int = 4
) -> list[Variant]:
    """Up to ``per_operation`` variants per operation and edition, sampled with ``seed``.

    Args:
        editions: the unmodified, segmented editions.
        raws: raw text of each edition by language.
        seed: the sampling seed (same seed, same variants).
        per_operation: how many variants of each operation to keep per edition.

    Returns:
        The variants, in a deterministic order.
    """
    rng = random.Random(seed)
    ctx = DiffContext(editions)
    out: list[Variant] = []
    for edition in editions:
        raw = raws[edition.lang]
        for op in OPERATIONS:
            found = list(_candidates(ctx, edition, raw, op))
            rng.shuffle(found)
            out.extend(sorted(found[:per_operation], key=lambda v: v.name))
    return out
