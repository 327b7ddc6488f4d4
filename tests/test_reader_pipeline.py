"""The fitted line reader in the pipeline: runs vetoed as noise, confidences weighed and calibrated,
links to vetoed units dropped, the rules alone on request; and the letters data file."""

from __future__ import annotations

import json

import pytest

from lawalign.errors import ConfigError
from lawalign.ingest.letters import LETTERS, parse_letters
from lawalign.ingest.normalize import normalize_text
from lawalign.ingest.profiles import load_profile
from lawalign.knowledge import Knowledge
from lawalign.models import SourceText
from lawalign.run import read_structure
from lawalign.structure.reader import (
    ROLES,
    RoleModel,
    bundled_model,
    stacked_sequence,
    weigh_units,
    with_confidence,
)

TEXT = """LAW 68 - CLAIM OR CONCESSION DEFINED
A. Claim Defined
Any statement to the effect that a contestant will win a specific number of tricks is a claim.*
B. Concession Defined
Any statement to the effect that a contestant will lose a specific number of tricks is a concession.
* A footnote of the law about the tricks in play.
"""


def _source() -> SourceText:
    lines, text, _ = normalize_text(TEXT)
    return SourceText("t.txt", text, lines, "en", "utf-8")


def _model(bias: str, calibration: tuple[tuple[float, float], ...] = ()) -> RoleModel:
    """A model that reads every line as ``bias`` (the other roles far behind)."""
    labels = ROLES
    transitions = tuple(tuple(0.0 for _ in labels) for _ in labels)
    return RoleModel(labels, transitions, {"bias": {bias: 8.0}}, calibration)


def _rules_units():
    source = _source()
    ((edition, _),) = read_structure(source, reader=None)
    return source, edition.units


def test_a_run_read_as_noise_becomes_debris_and_links_to_it_are_dropped() -> None:
    source, units = _rules_units()
    assert any(u.kind == "footnote" and u.anchor for u in units)
    out = weigh_units(units, source, load_profile("en"), _model("noise"))
    assert [u.kind for u in out] == ["debris"] * len(units)
    assert {u.reason for u in out if u.id not in {x.id for x in units if x.kind == "debris"}} <= {"noise"}
    assert [u.id for u in out] == [f"debris.{n}" for n in range(1, len(out) + 1)]
    assert all(u.anchor is None and not u.footnotes for u in out)
    # nothing lost: each vetoed unit's text is its whole source span
    for before, after in zip(units, out, strict=True):
        assert after.text == source.text[before.span[0] : before.span[1]]


def test_a_run_read_as_law_keeps_its_ids_and_weighs_its_confidence() -> None:
    source, units = _rules_units()
    law = weigh_units(units, source, load_profile("en"), _model("section"))
    assert [u.id for u in law] == [u.id for u in units]
    texts = [u for u in law if u.role in ("section", "point")]
    assert texts and all(u.confidence > 0.99 for u in texts)
    titles = [u for u in law if u.kind == "title"]  # the model says "section": a title's kind is unlikely
    assert titles and all(u.confidence < 0.01 for u in titles)
    # weighed, an id's confidence is raw; the text's units all known, the calibration maps it
    halving = _model("section", ((0.0, 0.0), (1.0, 0.5)))
    weighed = weigh_units(units, source, load_profile("en"), halving)
    assert [u.confidence for u in weighed] == [u.confidence for u in law]
    halved = with_confidence(weighed, halving)
    assert all(u.confidence <= 0.5 for u in halved if u.kind != "debris")
    assert [u.confidence for u in halved if u.kind != "debris"] == [
        round(u.confidence / 2, 3) for u in weighed if u.kind != "debris"
    ]


def test_the_rules_alone_on_request_and_the_bundled_reader_by_default() -> None:
    k = Knowledge.load(())
    assert k.reader is bundled_model() and k.reader is not None
    assert k.with_reader(None).reader is None
    assert k.with_reader(None).key != k.with_reader(k.reader).key
    source, units = _rules_units()
    seq = stacked_sequence(source, load_profile("en"), units)
    assert all(any(a.startswith("rule-kind=") for a in f.attrs) for f in seq)
    assert {a for f in seq for a in f.attrs if a.startswith("rule-conf=")} == {"rule-conf=1"}


def test_calibration_knots_are_checked_and_clipped() -> None:
    m = _model("noise", ((0.2, 0.1), (0.6, 0.3), (1.0, 0.9)))
    assert [m.calibrated(x) for x in (0.0, 0.2, 0.4, 0.8, 1.0)] == [0.1, 0.1, 0.2, 0.6, 0.9]
    assert RoleModel.from_json(m.to_json()) == m
    bad = json.loads(m.to_json())
    bad["calibration"] = [[0.2, 0.5], [0.6, 0.3]]
    with pytest.raises(ValueError):
        RoleModel.from_json(json.dumps(bad))


def test_the_bundled_model_is_stacked_and_calibrated() -> None:
    model = bundled_model()
    assert model is not None
    assert any(a.startswith("rule-kind=") for a in model.state)
    assert model.calibration and model.calibration[-1][1] <= 1.0
    assert not any(a.startswith("script=") for a in model.state)


def test_the_letter_classes_by_context() -> None:
    from lawalign.structure.patterns import SECTION
    from lawalign.structure.refs import find_refs

    assert LETTERS.heading == "ABCDEFGH" and LETTERS.reference == "ABCDEFGHIJKL"
    assert LETTERS.cyrillic_for(LETTERS.heading) == "АВСЕН"  # no К: K is no heading letter
    assert LETTERS.cyrillic_for(LETTERS.reference) == "АВСЕНК"
    assert SECTION.match("С. Пояснение претензии")  # a Cyrillic look-alike label, as the comment says
    assert SECTION.match("Γ. Ένας παίκτης") and not SECTION.match("K. Not a section heading")
    assert [r.target for r in find_refs("see Law 12K", "en")] == ["12K"]
    assert LETTERS.book_laws == range(1, 94)


@pytest.mark.parametrize(
    "change",
    [
        ('greek_by_place = "ΑΒΓΔΕΖΗ"', 'greek_by_place = "ΑΒΓΔΕΖΗΘΙ"'),
        ('heading = "ABCDEFGH"', 'heading = "ABCDEFGHA"'),
        ('cyrillic_lookalikes = "АВСЕНК"', 'cyrillic_lookalikes = "АВСЕНКД"'),
        ('reference = "ABCDEFGHIJKL"', 'reference = "ABC"'),
        ("[typed]", "[typo]"),
        ("laws = 93", "laws = 0"),
        ("laws = 93", 'laws = "93"'),
        ("\n[book]\n", "\n[books]\n"),
    ],
)
def test_a_bad_letters_file_is_refused(change: tuple[str, str]) -> None:
    from importlib import resources

    text = resources.files("lawalign").joinpath("data", "letters", "letters.toml").read_text(encoding="utf-8")
    assert change[0] in text
    with pytest.raises(ConfigError):
        parse_letters(text.replace(change[0], change[1], 1))
