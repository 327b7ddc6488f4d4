"""Which WBF edition a text is read against: the printed outline weighs, unknown editions are reported.

Texts in ``tests/edition_texts/`` (gold in ``gold.json`` there): real-looking Laws 68-71 of the
1997, 2007 and 2017 editions, whole and partial, and one of an edition the tool does not know.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lawalign import cli
from lawalign.errors import InputError
from lawalign.ingest import read_source
from lawalign.run import UNKNOWN_EDITION, read_structure
from lawalign.structure.segment import UNKNOWN_CONTRADICTIONS, segment_best
from lawalign.structure.skeleton import load_skeleton
from structure_fixtures import source_from_text

HERE = Path(__file__).parent / "edition_texts"
GOLD = {
    k: v for k, v in json.loads((HERE / "gold.json").read_text(encoding="utf-8")).items() if k != "_about"
}


@pytest.mark.parametrize("name", sorted(GOLD))
def test_each_text_is_read_against_its_edition_with_its_ids(name: str) -> None:
    gold = GOLD[name]
    ((edition, reading),) = read_structure(read_source(str(HERE / name)))
    assert reading.source_edition == gold["edition"] == edition.source_edition
    assert reading.known == (gold["edition"] != UNKNOWN_EDITION)
    assert [u.id for u in edition.units if u.kind != "debris"] == gold["ids"]


def test_the_1997_outline_wins_by_what_it_prints() -> None:
    # 1997 prints point sub-headings in B and C and D/E without points: evidence 2007/2017 contradict
    _, choice = segment_best(read_source(str(HERE / "en-1997-law70.txt")))
    assert choice.edition == "1997" and choice.known and choice.margin > 10
    assert "70B1 printed with a heading of its own" in choice.evidence
    assert not choice.contradictions


def test_a_2017_law_70_is_told_from_2007_by_the_points_of_d() -> None:
    _, choice = segment_best(read_source(str(HERE / "en-2017-law70-de.txt")))
    assert choice.edition == "2017"
    assert "70D printed with points up to 2 (2007 has 3)" in choice.evidence


def test_an_unknown_edition_is_reported_with_its_best_guess_and_keeps_printed_ids() -> None:
    _, choice = segment_best(read_source(str(HERE / "en-unknown-law70.txt")))
    assert not choice.known and choice.edition in ("1997", "2007", "2017")
    assert len(choice.contradictions) >= UNKNOWN_CONTRADICTIONS
    assert "does not know" in choice.evidence and "70F printed" in choice.contradictions[3]


def test_fingerprint_says_the_edition_is_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["fingerprint", "--format", "json", str(HERE / "en-unknown-law70.txt")])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["edition"] == UNKNOWN_EDITION
    assert data["reading"]["known"] is False and data["reading"]["guess"] in ("1997", "2007", "2017")
    assert cli.main(["fingerprint", str(HERE / "en-unknown-law70.txt")]) == 0
    assert "an edition the tool does not know" in capsys.readouterr().out


@pytest.mark.parametrize(
    "path", [HERE / "en-1997-law70.txt", HERE.parent / "realworld" / "pages" / "en-1997-jfrpzbs-law70.txt"]
)
def test_fingerprint_of_a_1997_law_70_is_1997(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    # the second is the real page as published (chapter headings, list dashes, hard wrapping)
    code = cli.main(["fingerprint", "--format", "json", str(path)])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["edition"] == "1997" and data["reading"]["known"] is True
    assert data["reading"]["margin"] > 10 and data["confidence"] > 0.9


def test_fits_are_compared_on_the_laws_every_skeleton_knows(tmp_path: Path) -> None:
    # a skeleton that knows one more law gains nothing from it when the others cannot read that law
    base = load_skeleton("2007")
    from dataclasses import replace

    from lawalign.structure.skeleton import SkeletonUnit

    wider = replace(
        base,
        edition="2099",
        laws=("16", *base.laws),
        units=(SkeletonUnit("16.title", "law-title", "16", heading="Unauthorized Information"), *base.units),
    )
    text = (HERE / "en-2007-law70-de.txt").read_text(encoding="utf-8")
    path = tmp_path / "t.txt"
    path.write_text("LAW 16\nA. Something\nText of A.\nB. Other\nText of B.\n" + text, encoding="utf-8")
    _, choice = segment_best(read_source(str(path)), [base, wider])
    assert dict(choice.scores)["2007"] == dict(choice.scores)["2099"]


def test_laws_before_68_keep_their_own_printed_ids() -> None:
    # a federation's book: Laws 18 and 65 come before Law 68; none of them gets another law's ids
    text = "\n".join(
        [
            "LAW 18 - BIDS",
            "A. Proper Form",
            "A bid designates a number of odd tricks, from one to seven, and a denomination.",
            "B. To Supersede a Bid",
            "A bid supersedes a previous bid if it names more tricks, or as many in a higher denomination.",
            "LAW 65 - ARRANGEMENT OF TRICKS",
            "A. Completed Trick",
            "When four cards have been played to a trick, each player turns his own card face down.",
            "B. Keeping Track of the Ownership of Tricks",
            "1. If the player's side has won the trick, the card is pointed lengthwise towards his partner.",
            "2. If the opponents have won the trick, the card is pointed lengthwise towards them.",
            (HERE / "en-2017-law68.txt").read_text(encoding="utf-8"),
        ]
    )
    ((edition, reading),) = read_structure(source_from_text(text, "en"))
    ids = [u.id for u in edition.units if u.kind != "debris"]
    assert ids[:10] == [
        "18.title", "18A.title", "18A", "18B.title", "18B",
        "65.title", "65A.title", "65A", "65B.title", "65B1",
    ]  # fmt: skip
    assert ids[10:] == ["65B2", *GOLD["en-2017-law68.txt"]["ids"]]
    assert reading.source_edition == "2017"


def test_update_plan_refuses_an_unknown_edition_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["update-plan", str(HERE / "en-unknown-law70.txt")]) == 2
    err = capsys.readouterr().err.strip()
    assert "does not know" in err and "--from" in err and len(err.splitlines()) == 1


def test_book_facts_give_ids_where_letters_were_lost() -> None:
    # a 2017 text (its Law 68 says so) whose Laws 65 and 79 print headings without letters: the
    # skeleton's facts of those laws (data/skeletons/2017.toml) give the sections
    text = "\n".join(
        [
            "LAW 65 - ARRANGEMENT OF TRICKS",
            "Completed Trick",
            "When four cards have been played to a trick, each player turns his own card face down.",
            "Keeping Track of the Ownership of Tricks",
            "1. If his side won the trick, the card points lengthwise towards his partner.",
            "2. If the opponents won the trick, the card points lengthwise towards them.",
            "3. A player may point out a wrongly pointed card until his side plays to the next trick.",
            "Orderliness",
            "Each player keeps his played cards in an orderly overlapping row in the sequence played.",
            "Agreement on Results of Play",
            "A player should not disturb his played cards until the number of tricks won is agreed.",
            (HERE / "en-2017-law68.txt").read_text(encoding="utf-8"),
            "LAW 79 - TRICKS WON",
            "Agreement on Tricks Won",
            "1. The number of tricks won is agreed before the hands are returned to the board.",
            "2. A player must not knowingly accept a trick his side did not win.",
            "Disagreement on Tricks Won",
            "If a disagreement arises, the Director must be called, then:",
            "1. The Director finds whether there was a claim or concession and applies Law 69B or 71.",
            "2. If B1 does not apply, the Director rules what score is recorded.",
            "3. If the Director is called late, he changes the score only when clearly convinced.",
        ]
    )
    ((edition, reading),) = read_structure(source_from_text(text, "en"))
    assert reading.source_edition == "2017"
    ids = [u.id for u in edition.units if u.kind != "debris"]
    assert ids[:11] == [
        "65.title", "65A.title", "65A", "65B.title", "65B1", "65B2", "65B3",
        "65C.title", "65C", "65D.title", "65D",
    ]  # fmt: skip
    assert ids[ids.index("79.title") :] == [
        "79.title", "79A.title", "79A1", "79A2", "79B.title", "79B", "79B1", "79B2", "79B3",
    ]  # fmt: skip


def test_a_quote_without_law_heading_is_not_guessed_as_a_law_known_only_from_book_facts() -> None:
    from lawalign.structure.skeleton import load_skeleton

    sk = load_skeleton("2017")
    assert "53" in sk.laws and not sk.can_infer("53") and sk.can_infer("70")
    text = "Proper Lead Made Subsequent to Irregular Lead\n1. The lead stands.\n2. Or it does not.\n"
    try:
        edition, _ = segment_best(source_from_text(text, "en"))
    except InputError:
        return  # numbered lines alone are no law structure: refused, no law guessed either
    assert not any(u.law == "53" for u in edition.units)


def test_an_unknown_edition_neither_relabels_nor_changes_findings_of_the_others() -> None:
    from lawalign.run import Run

    seed = "corpus/raw/000_e6edf3a6b624c89e.txt"
    alone = Run.from_paths([seed], align=False)
    both = Run.from_paths([seed, str(HERE / "en-unknown-law70.txt")], align=False)
    assert [u.id for u in both.editions[0].units] == [u.id for u in alone.editions[0].units]
    assert both.editions[1].source_edition == UNKNOWN_EDITION
    assert {f.key for f in both.findings if f.lang == "vi"} == {f.key for f in alone.findings}
    assert not [f for f in both.findings if f.lang == "en"]  # differing from 2007 is not its error
