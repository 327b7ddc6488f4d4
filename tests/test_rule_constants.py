"""The structure rules' thresholds as data (data/reader/rules.json, lawalign.structure.constants)."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from lawalign.knowledge import Knowledge
from lawalign.structure.constants import RuleConstants, bundled_constants
from lawalign.structure.segment import segment_best
from structure_fixtures import GREEK_LAW71, assert_no_law, source_from_text


def test_the_bundled_file_is_read_and_is_the_knowledge_of_a_run() -> None:
    rules = bundled_constants()
    values = (rules.law_margin, rules.named_law_margin, rules.footnoted_law_margin)
    assert all(v is None or math.isfinite(v) for v in values) and math.isfinite(rules.named_law_margin)
    assert Knowledge.load(()).rules == rules
    assert RuleConstants.from_json(rules.to_json()) == rules


@pytest.mark.parametrize(
    "change",
    [
        {"law_margin": None},  # missing
        {"law_margin": True},
        {"named_law_margin": "0"},
        {"named_law_margin": "null"},  # only the margins of a page not pointing at its law may be null
        {"footnoted_law_margin": float("inf")},
        {"extra": 1.0},
    ],
)
def test_a_bad_rules_file_is_refused(change: dict[str, object]) -> None:
    data = json.loads(RuleConstants().to_json())
    for key, value in change.items():
        if value is None:
            del data[key]
        elif value == "null":
            data[key] = None
        else:
            data[key] = value
    with pytest.raises(ValueError):
        RuleConstants.from_json(json.dumps(data))


def test_the_margin_decides_whether_a_headless_text_is_a_law() -> None:
    # the rules infer Law 71 from the paragraphs of a text printing no law heading, with margin 4.0 (the
    # next law's best reading holds a second law whose heading was lost: hidden_law_cost, settings.toml)
    lenient = RuleConstants(law_margin=3.0, named_law_margin=0.0, footnoted_law_margin=0.0)
    edition, _ = segment_best(source_from_text(GREEK_LAW71, "el"), rules=lenient)
    assert [u.id for u in edition.units if u.kind != "debris"][:3] == ["71.intro", "71A", "71B"]
    assert "4.00 over the next law" in edition.units[0].evidence
    strict = replace(lenient, law_margin=9.0)
    # no law left: the page is read as no law, every line debris
    assert_no_law(segment_best(source_from_text(GREEK_LAW71, "el"), rules=strict)[0])
    # a file name pointing at the law is the page naming it: the named margin applies
    named, _ = segment_best(source_from_text(GREEK_LAW71, "el", path="law_71.txt"), rules=strict)
    assert named.units[0].id == "71.intro" and "the file name points at it" in named.units[0].evidence


def test_the_defaults_are_the_bundled_thresholds() -> None:
    # what a reading uses when the data file is absent is what the bundled file says
    assert RuleConstants() == bundled_constants()


def test_another_set_of_thresholds_is_another_knowledge() -> None:
    k = Knowledge.load(())
    other = k.with_rules(RuleConstants(law_margin=9.0))
    assert other.rules.law_margin == 9.0 and other.key != k.key
    assert other.with_rules(k.rules).rules == k.rules


def test_a_headless_text_is_a_law_only_where_the_page_points_at_it() -> None:
    # null margins (the bundled file): however well the paragraphs fit Law 71, a text that prints no
    # law heading and does not point at the law (it cites Law 79C only) is no law
    never = RuleConstants(law_margin=None, named_law_margin=0.0, footnoted_law_margin=None)
    assert_no_law(segment_best(source_from_text(GREEK_LAW71, "el"), rules=never)[0])
    # the page citing the law points at it, also from a line read as debris (a page title naming it)
    cited = "Διεθνής Κώδικας, Νόμος 71\n\n" + GREEK_LAW71
    edition, _ = segment_best(source_from_text(cited, "el"), rules=never)
    law = [u for u in edition.units if u.kind != "debris"]
    assert [u.id for u in law][:3] == ["71.intro", "71A", "71B"]
    assert edition.units[0].kind == "debris" and "the page cites it" in law[0].evidence


CONTESTED = (
    "Claim Defined\n"
    "Any statement to the effect that a side will win a specific number of tricks is a claim.\n\n"
    "Concession Defined\n"
    "1. Any statement to the effect that a side will lose a specific number of tricks is a concession.\n"
    "2. Regardless of B1, if a defender attempts to concede and his partner objects, no concession\n"
    "has occurred.\n\n"
    "Clarification Required\n"
    "A claim should be accompanied at once by a clear statement of the line of play.\n\n"
    "Suspension of Play\n"
    "After any claim or concession, play is suspended.\n"
)


def test_headings_of_the_reference_name_the_law_of_a_headless_text() -> None:
    never = RuleConstants(law_margin=None, named_law_margin=0.0, footnoted_law_margin=None)
    edition, _ = segment_best(source_from_text(CONTESTED, "en"), rules=never)
    law = [u for u in edition.units if u.kind != "debris"]
    assert [u.id for u in law][:2] == ["68A.title", "68A"]
    assert "its headings are the law's" in law[0].evidence
    # one heading of the law is not its name: a page's "Suspension of Play" above its own prose
    one = "Suspension of Play\nAfter a claim, we stop.\n\nOur club\nWe meet on Tuesdays.\n"
    assert_no_law(segment_best(source_from_text(one, "en"), rules=never)[0])
