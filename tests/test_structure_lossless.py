"""Nothing lost: every non-whitespace character of the normalized text lands exactly once, in order,
in a unit's label or text or in a debris unit (seeded property test)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from lawalign.errors import InputError
from lawalign.structure import segment_law
from structure_fixtures import source_from_text

LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
PREFIXES = [
    "",
    "",
    "",
    "1. ",
    "2. ",
    "3. ",
    "A. ",
    "B. ",
    "С. ",
    "- ",
    "* ",
    "<*> ",
    "[1] ",
    "ĐIỀU 68. ",
    "ПРАВИЛО 69. ",
    "LAW 70 ",
    "Law 12. ",
    "----------",
    "Hiç yorum yok:",
    "   ",
]
free_text = st.text(
    alphabet=st.characters(blacklist_characters=LINE_BREAKS, blacklist_categories=("Cs",)), max_size=60
)
words = st.sampled_from(
    ["see Law 70D3.", "Điều 54", "Правило 16D", "Yasa 57A", "claim.", "the Director*", "text", "(x)"]
)
line = st.builds(lambda p, a, b: p + a + " " + b, st.sampled_from(PREFIXES), free_text, words)
document = st.lists(st.one_of(line, st.just("")), min_size=1, max_size=25).map("\n".join)


def _non_ws(s: str) -> str:
    return "".join(ch for ch in s if not ch.isspace())


@seed(20071)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document, st.sampled_from(["vi", "ru", "tr", "en", "zz"]))
def test_every_character_lands_once_in_order(text, lang):
    source = source_from_text(text, lang)
    try:
        edition = segment_law(source)
    except InputError:
        return  # no law structure at all: rejected as a whole, nothing half-built
    pieces = sorted((u for u in edition.units), key=lambda u: u.span)
    rebuilt = "".join(u.label + u.text for u in pieces)
    assert _non_ws(rebuilt) == _non_ws(source.text)
    for u in pieces:
        start, end = u.span
        assert _non_ws(source.text[start:end]) == _non_ws(u.label + u.text)
