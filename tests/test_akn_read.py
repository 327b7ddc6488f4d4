"""Reading AKN back: field-by-field round trip, text round trip, hostile input, random editions."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from akn_fixtures import edge_edition, ru_edition, vi_edition
from lawalign.errors import InputError
from lawalign.models import DEBRIS_REASONS, Edition, Source, Unit
from lawalign.structure.akn import edition_text, from_akn, to_akn, validate

EDITIONS = {"ru": ru_edition, "vi": vi_edition, "edge": edge_edition}


def assert_same_edition(got: Edition, want: Edition) -> None:
    """Field by field, so a failure names the unit and the field."""
    assert len(got.units) == len(want.units), [u.id for u in got.units]
    for g, w in zip(got.units, want.units, strict=True):
        for f in dataclasses.fields(Unit):
            assert getattr(g, f.name) == getattr(w, f.name), (w.id, f.name)
    for f in dataclasses.fields(Edition):
        assert getattr(got, f.name) == getattr(want, f.name), f.name
    assert got == want


@pytest.mark.parametrize("name", sorted(EDITIONS))
def test_round_trip_every_unit_field(name: str) -> None:
    edition = EDITIONS[name]()
    xml = to_akn(edition)
    ok, errors = validate(xml, strict=True)
    assert ok, errors
    assert_same_edition(from_akn(xml, "x.xml"), edition)


@pytest.mark.parametrize("name", sorted(EDITIONS))
def test_text_round_trip(name: str) -> None:
    edition = EDITIONS[name]()
    text = edition_text(edition)
    assert edition_text(from_akn(to_akn(edition))) == text
    for unit in edition.law_units:  # nothing lost: every label and text is in there
        assert unit.text in text and unit.label in text


def test_edition_text_of_the_russian_seed_is_the_seed_without_debris() -> None:
    edition = ru_edition()
    raw = open(edition.path, encoding="utf-8").read()
    kept = [line for line in raw.split("\n") if line and not line.startswith("-----")]
    assert edition_text(edition) == "\n\n".join(kept) + "\n"


def test_special_characters_survive() -> None:
    edition = edge_edition()
    back = from_akn(to_akn(edition))
    assert back.unit("73.intro").text == "  leading & trailing spaces <b>not markup</b>  "
    assert "\r" in back.unit("73D3").text and "]]>" in back.unit("73D3").text
    assert back.description == 'Synthetic: <edge> & "cases"'
    assert [u.text for u in back.units if u.id == "73D3"][1] == "Duplicate id, kept."


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"<akomaNtoso",
        b"<a><b></a>",
        b"\xff\xfe<\x00a\x00",
        b'<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "boom">]><a>&x;</a>',
        b'<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
        b'<!DOCTYPE a [<!ENTITY a "aa"><!ENTITY b "&a;&a;&a;&a;">]><a>&b;</a>',
        b"<a>&undefined;</a>",
        b"<html><body/></html>",
    ],
)
def test_bad_xml_is_an_input_error(data: bytes) -> None:
    with pytest.raises(InputError) as info:
        from_akn(data, "bad.xml")
    assert info.value.path == "bad.xml"
    assert str(info.value).startswith("bad.xml")


def test_malformed_xml_error_carries_line() -> None:
    data = to_akn(ru_edition()).replace(b"</body>", b"</bdy>")
    with pytest.raises(InputError) as info:
        from_akn(data, "broken.xml")
    assert info.value.line > 40 and "malformed" in info.value.message


def test_bad_unit_attribute_is_an_input_error() -> None:
    data = to_akn(ru_edition()).replace(b'la:lines="11-11"', b'la:lines="eleven"')
    with pytest.raises(InputError, match="la:lines"):
        from_akn(data, "x.xml")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (b'la:reason="separator"', b'la:reason="spam"'),
        (b'la:kind="text"', b'la:kind="txt"'),
        (b'la:role="point"', b'la:role="pointy"'),
    ],
)
def test_a_kind_role_or_reason_outside_the_vocabulary_is_a_located_input_error(
    old: bytes, new: bytes
) -> None:
    data = to_akn(ru_edition())
    assert old in data
    with pytest.raises(InputError, match="is not one of") as info:
        from_akn(data.replace(old, new, 1), "x.xml")
    assert info.value.line > 0


def test_foreign_act_reads_what_it_can() -> None:
    data = to_akn(ru_edition())
    start, end = data.index(b"<proprietary"), data.index(b"</proprietary>") + len(b"</proprietary>")
    stripped = data[:start] + data[end:]
    assert validate(stripped)[0]
    back = from_akn(stripped, "dir/foreign.xml")
    assert back.lang == "ru" and back.name == "foreign"
    assert [u.id for u in back.units] == [u.id for u in ru_edition().law_units]


# --- random editions ----------------------------------------------------------------------------------

_TEXT = st.text(
    st.characters(
        blacklist_categories=("Cs",), blacklist_characters="\x00\ufffe\uffff", max_codepoint=0x2FFFF
    ).filter(lambda c: c in "\t\n\r" or ord(c) >= 0x20),
    max_size=30,
)
_IDS = ["68.title", "68.intro", "68.fn1", "68A.title", "68A", "68B1", "68B2", "69B", "69B.wrap", "71.1",
        "73Z", "71.1.title", "16B1a", "68B.x2", "70.fn1"]  # fmt: skip
_DEBRIS_IDS = ["debris.1", "debris.html2", "debris.page3", "debris.ctl4"]
_ROLES = ["law-title", "heading", "intro", "section", "chapeau", "point", "wrap", "footnote", "debris"]


@st.composite
def editions(draw: st.DrawFn) -> Edition:
    units = []
    for n in range(draw(st.integers(0, 12))):
        role = draw(st.sampled_from(_ROLES))
        kind = {"law-title": "title", "heading": "title", "footnote": "footnote", "debris": "debris"}.get(
            role, "text"
        )
        uid = draw(st.sampled_from(_DEBRIS_IDS if kind == "debris" else _IDS))
        markers = tuple(draw(st.lists(_TEXT, max_size=2)))
        units.append(
            Unit(
                id=uid,
                kind=kind,  # type: ignore[arg-type]
                role=role,  # type: ignore[arg-type]
                lang=draw(st.sampled_from(["ru", "vi"])),
                law=draw(st.sampled_from(["68", "69", "71", "", "7 3"])),
                text=draw(_TEXT),
                source=Source(draw(_TEXT), n + 1, n + draw(st.integers(1, 3))),
                label=draw(_TEXT),
                heading=draw(_TEXT),
                inferred=draw(st.booleans()),
                confidence=draw(st.floats(0, 1)),
                evidence=draw(_TEXT),
                reason=draw(st.sampled_from(("", *DEBRIS_REASONS))),
                duplicate_of=draw(st.none() | st.sampled_from(_IDS)),
                markers=markers,
                footnotes=tuple(draw(st.sampled_from(_IDS)) for _ in markers),
                anchor=draw(st.none() | st.sampled_from(_IDS)),
                span=(n, n + 5),
            )
        )
    return Edition(
        name=draw(_TEXT),
        path="p.txt",
        lang="ru",
        units=tuple(units),
        description=draw(_TEXT),
        laws=tuple(draw(st.lists(st.sampled_from(["68", "69", "7 3", ""]), max_size=3))),
    )


@settings(derandomize=True, max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(editions())
def test_any_edition_validates_and_round_trips(edition: Edition) -> None:
    xml = to_akn(edition)
    ok, errors = validate(xml, strict=True)
    assert ok, errors
    assert_same_edition(from_akn(xml), edition)
    assert to_akn(edition) == xml
