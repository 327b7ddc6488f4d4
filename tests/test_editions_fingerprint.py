"""Fingerprints: which WBF edition a translation follows."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from editions_fixtures import drop_unit, edit_unit, ru_edition, tr_edition, vi_edition
from lawalign.editions import fingerprint_edition
from lawalign.editions.render import fingerprint_text, to_json
from lawalign.models import Edition


def test_seeds_follow_2007() -> None:
    for ed in (vi_edition(), ru_edition(), tr_edition()):
        fp = fingerprint_edition(ed)
        assert fp.edition == "2007", (ed.lang, fp.scores)
        assert 0.0 < fp.confidence <= 1.0
        assert fp.evidence and all(o.quote and o.line for o in fp.evidence)


def test_russian_evidence_quotes_16D_and_70D3() -> None:
    fp = fingerprint_edition(ru_edition())
    by_signal = {o.signal: o for o in fp.evidence}
    assert "Правило 16D" in by_signal["law-16-section"].quote and by_signal["law-16-section"].line == 17
    assert "Правило 70D3" in by_signal["law-70D3-reference"].quote
    assert fp.dissent == ()


def test_turkish_without_law_54_example_is_still_2007() -> None:
    fp = fingerprint_edition(tr_edition())
    assert fp.edition == "2007"
    assert fp.scores["2007"] > fp.scores["1997"] > fp.scores["2017"]
    assert any("Law 54" in d and "1997" in d for d in fp.dissent)
    # the abridged 68D cites nothing: no signal either way, and the confidence says so
    assert [o.signal for o in fp.unobserved] == ["law-70D3-reference"]
    assert fp.confidence < fingerprint_edition(ru_edition()).confidence


def test_vietnamese_misprinted_reference_counts_half() -> None:
    fp = fingerprint_edition(vi_edition())
    ref = next(o for o in fp.evidence if o.signal == "law-70D3-reference")
    assert ref.note == "probable misprint: 73D3 for 70D3" and ref.weight == 1.5


def _to_2017_style(ed: Edition) -> Edition:
    ed = edit_unit(ed, "68B2", "16D", "16C")
    old = "(nhưng xem Điều 73D3)" if ed.lang == "vi" else "(но см. Правило 70D3)"
    return edit_unit(ed, "68D", old, "")


def test_2017_style_variants() -> None:
    ru = _to_2017_style(ru_edition())
    assert fingerprint_edition(ru).edition == "2017"
    vi = _to_2017_style(vi_edition())
    assert fingerprint_edition(vi).edition == "2017"
    vi_full = drop_unit(vi, "70D3")
    fp = fingerprint_edition(vi_full)
    assert fp.edition == "2017" and fp.confidence > fingerprint_edition(vi).confidence
    assert any(o.says == "Law 70D ends with point 2" for o in fp.evidence)


def test_no_law_text_is_undetermined() -> None:
    empty = replace(vi_edition(), units=(), laws=())
    fp = fingerprint_edition(empty)
    assert fp.edition == "" and fp.confidence == 0.0
    assert "undetermined" in fingerprint_text(fp)


def test_text_output_is_deterministic() -> None:
    a = fingerprint_text(fingerprint_edition(tr_edition()))
    assert a == fingerprint_text(fingerprint_edition(tr_edition()))
    assert "1997" in a and "2007 edition" in a
    assert to_json(fingerprint_edition(vi_edition()).as_dict()).count('"signal"') == 6


@settings(derandomize=True, max_examples=60, deadline=None)
@given(st.sets(st.sampled_from([u.id for u in vi_edition().law_units if u.id != "68B2"])))
def test_dropping_units_keeps_2007_while_68B2_stands(dropped: set[str]) -> None:
    """A partial copy may weaken the verdict, but while 68B2 cites 16D it never looks 2017."""
    ed = vi_edition()
    ed = replace(ed, units=tuple(u for u in ed.units if u.id not in dropped))
    fp = fingerprint_edition(ed)
    assert fp.edition == "2007"
    assert 0.0 <= fp.confidence <= 1.0
