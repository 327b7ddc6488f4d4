"""The confidence of an id: the head of the line reader, its cues, and its fit out of fold."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import lawalign.structure.reader as reader_module
from lawalign.ingest.normalize import normalize_text
from lawalign.models import SourceText
from lawalign.run import read_structure
from lawalign.structure.reader import CUES, ConfidenceHead, RoleModel, bundled_model, confidence_cues
from lawalign_dev.evaluate.pages import LineResult
from lawalign_dev.evaluate.protocol import calibrate_out_of_fold, id_lines_confident

TEXT = """Our club's page on claims
LAW 68 - CLAIM OR CONCESSION DEFINED
A. Claim Defined
Any statement to the effect that a contestant will win a specific number of tricks is a claim.
B. Concession Defined
1. Any statement to the effect that a contestant will lose a specific number of tricks is a concession.
2. A defender's attempt to concede tricks is not valid if his partner objects.
Contact us | Home | Results
"""


def _source() -> SourceText:
    lines, text, _ = normalize_text(TEXT)
    return SourceText("t.txt", text, lines, "en", "utf-8")


def _bundled() -> RoleModel:
    model = bundled_model()
    assert model is not None
    return model


def test_the_bundled_model_has_a_fitted_head_over_known_cues() -> None:
    model = _bundled()
    assert model.head is not None and model.head.weights
    assert set(model.head.weights) <= set(CUES)
    assert model.calibration and all(0.0 <= y <= 1.0 for _, y in model.calibration)
    assert RoleModel.from_json(model.to_json()) == model


def test_a_head_naming_an_unknown_cue_is_refused() -> None:
    data = json.loads(_bundled().to_json())
    data["confidence"]["weights"]["page-colour"] = 1.0
    with pytest.raises(ValueError, match="unknown cues"):
        RoleModel.from_json(json.dumps(data))


def test_the_head_reads_the_cues_the_training_data_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``make train`` fits the head on (the cues of a reading by a model without head, its
    confidences raw) is what the head reads when the pipeline runs with it."""
    model = _bundled()
    ((raw_edition, _),) = read_structure(_source(), reader=replace(model, head=None, calibration=()))
    expected = confidence_cues(raw_edition.units, model.attested)
    assert any(c is not None for c in expected)
    assert any(c is not None and c["attested"] for c in expected)
    seen: list[list[dict[str, float] | None]] = []

    def spy(units, attested):  # type: ignore[no-untyped-def]
        out = confidence_cues(units, attested)
        seen.append(out)
        return out

    monkeypatch.setattr(reader_module, "confidence_cues", spy)
    ((edition, _),) = read_structure(_source(), reader=model)
    assert seen == [expected]
    assert [u.id for u in edition.units] == [u.id for u in raw_edition.units]
    for unit, raw, cues in zip(edition.units, raw_edition.units, expected, strict=True):
        if cues is None:
            assert unit.confidence == raw.confidence
        else:
            assert unit.confidence == round(model.confidence(raw.confidence, cues), 3)


def test_the_cues_of_a_text_read_by_the_rules() -> None:
    ((edition, _),) = read_structure(_source(), reader=None)
    cues = confidence_cues(edition.units)
    ids = [c for c, u in zip(cues, edition.units, strict=True) if u.kind != "debris"]
    assert ids and all(c is not None for c in ids)
    assert all(c is None for c, u in zip(cues, edition.units, strict=True) if u.kind == "debris")
    first = ids[0]
    assert first is not None and set(first) <= set(CUES)
    assert 0.0 < first["text-debris"] < 1.0  # the club's line and the menu
    assert first["text-laws"] == 0.0  # one law


def test_ids_the_training_gold_does_not_hold_are_a_cue() -> None:
    """A regulation's "Article 2" read as Law 2 with sections the law does not have: its ids are not
    attested, and the shares of its law and its text say so; the same text's ids attested read 1."""
    ((edition, _),) = read_structure(_source(), reader=None)
    ids = {str(u.id) for u in edition.units if u.kind != "debris"}

    def cues_with(attested: set[str]) -> dict[str, dict[str, float]]:
        cues = confidence_cues(edition.units, attested)
        return {str(u.id): c for c, u in zip(cues, edition.units, strict=True) if c}

    known = cues_with(ids)
    assert {(c["attested"], c["law-attested"], c["text-attested"]) for c in known.values()} == {
        (1.0, 1.0, 1.0)
    }
    part = cues_with(ids - {"68B1", "68B2"})
    assert part["68B1"]["attested"] == 0.0 and part["68A"]["attested"] == 1.0
    assert part["68A"]["law-attested"] == part["68A"]["text-attested"] == (len(ids) - 2) / len(ids)
    unknown = cues_with(set())  # a model without attested ids: the cues are 0
    assert all(c["attested"] == c["law-attested"] == c["text-attested"] == 0.0 for c in unknown.values())


def test_the_bundled_model_holds_the_ids_of_its_training_gold() -> None:
    model = _bundled()
    assert {"68A", "68B1", "70E1", "68.title"} <= model.attested
    assert not any(".x" in i or i.startswith("debris") for i in model.attested)
    data = json.loads(model.to_json())
    assert data["attested"] == sorted(data["attested"])
    data["attested"] = "68A"
    with pytest.raises(ValueError, match="attested ids"):
        RoleModel.from_json(json.dumps(data))


def test_a_printed_label_the_id_does_not_carry_is_a_cue() -> None:
    ((edition, _),) = read_structure(_source(), reader=None)
    cues = {u.id: c for c, u in zip(confidence_cues(edition.units), edition.units, strict=True) if c}
    assert cues["68B1"]["relabelled"] == 0.0 and cues["68B1"]["text-relabelled"] == 0.0
    # a point printed "1." read as the section's second point (a list numbered again in every section)
    units = [replace(u, id=type(u.id)("68B2")) if u.id == "68B1" else u for u in edition.units]
    units = [u for u in units if u.id != "68B2" or u.label == "1."]
    moved = {u.id: c for c, u in zip(confidence_cues(units), units, strict=True) if c}
    assert moved["68B2"]["relabelled"] == 1.0 and moved["68A.title"]["text-relabelled"] > 0.0


def test_calibration_out_of_fold_reads_the_cues_when_the_raw_confidence_says_nothing() -> None:
    """Ids right exactly when printed (cue ``inferred`` 0), all at the same raw confidence: the isotonic
    map of the raw confidence cannot tell them apart, the head fitted on the other sites can."""
    results = []
    for site in range(8):
        for line in range(20):
            inferred = line % 4 == 0
            results.append(
                LineResult(
                    f"p{site}",
                    "en",
                    line + 1,
                    "68A",
                    "text",
                    not inferred,
                    "68A",
                    "text",
                    0.8,
                    cues=(("inferred", float(inferred)), ("raw", 0.8)),
                )
            )
    site_of = {f"p{s}": f"site{s}.org" for s in range(8)}
    plain = calibrate_out_of_fold(results, site_of)
    assert len({r.confidence for r in plain}) == 1
    headed = calibrate_out_of_fold(results, site_of, head_c=1.0, head_folds=3)
    assert id_lines_confident(headed).total == sum(r.right for r in results)
    assert id_lines_confident(headed).accuracy == 1.0
    assert all(r.confidence < 0.5 for r in headed if not r.right)


def test_a_head_probability_is_a_logistic_of_its_cues() -> None:
    head = ConfidenceHead(0.0, {"raw": 4.0, "inferred": -4.0})
    assert head.probability({"raw": 0.0}) == 0.5
    assert head.probability({"raw": 1.0}) > 0.98 > 0.02 > head.probability({"inferred": 1.0})
    assert head.probability({"raw": -1000.0}) == 0.0  # no overflow
