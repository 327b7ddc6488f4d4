"""The classes of page that failed on real pages no rule had been written against (issue 25), each
tested on a short text of that class written here, not on the page it was found on.

1. a page printing law text without a law heading is not refused (its title names the law);
2. an index of laws with page numbers is no law;
3. a section heading ending in ":" is a heading, and the points after it stay in its section;
4. sub-points "(a)"–"(c)" on their own lines are sub-points of the point above (16B1a), not its wrap;
5. 1997 point sub-headings are headings of points, not new sections;
6. a board's table ("North 1 5 9 13") is no law title, and the law after it reads as printed;
7. a law heading after a chapter heading is kept; a law without sections is one text, not ``.x`` ids;
8. a Word file whose list numbering runs on across sections reads like the same text restarted.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lawalign.errors import InputError
from lawalign.knowledge import Knowledge
from lawalign.models import Edition
from lawalign.run import load_editions


def _read_by(reader: str, path: Path) -> Edition:
    """The edition of one text read by the rules alone (``reader`` "rules") or the shipped reader."""
    knowledge = Knowledge.load(()).with_reader(None) if reader == "rules" else None
    (edition,) = load_editions([str(path)], knowledge=knowledge)
    return edition


def _ids(tmp_path: Path, name: str, text: str) -> list[tuple[str, str, int]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    (edition,) = load_editions([str(path)])
    return [(u.id, u.kind, u.source.line_start) for u in edition.units if u.kind != "debris"]


def test_class_1_a_page_whose_title_names_the_law_is_read_by_its_outline(tmp_path: Path) -> None:
    text = (
        "Laws of Duplicate Bridge - Law 16 (club copy)\n\n"
        "A. Players' Use of Information\n"
        "1. A player may use information in the auction or play if it derives from the legal calls.\n"
        "2. A player may also use information from his own knowledge and experience.\n"
        "B. Extraneous Information from Partner\n"
        "1. After a player makes extraneous information available, his partner may not choose an action.\n"
    )
    ids = _ids(tmp_path, "club-copy.txt", text)
    assert [i for i, _, _ in ids] == ["16A.title", "16A1", "16A2", "16B.title", "16B1"]
    (edition,) = load_editions([str(tmp_path / "club-copy.txt")])
    units = [u for u in edition.units if u.kind != "debris"]
    assert all(u.inferred for u in units)  # the law came from the title
    # and is no surer than the same outline under a printed law heading (the calibrated share of ids
    # right at each reading: the isotonic map may put both in its top block; whether it falls below
    # the review threshold is the calibration's call)
    headed = _write(
        tmp_path, "headed.txt", "LAW 16 - UNAUTHORISED INFORMATION\n\n" + text.split("\n\n", 1)[1]
    )
    (printed,) = load_editions([str(headed)])
    assert max(u.confidence for u in units) <= min(u.confidence for u in printed.units if u.kind != "debris")


def test_class_1_a_titled_outline_is_its_law_not_the_reference_law_it_resembles(tmp_path: Path) -> None:
    """Without a law heading, an outline A.-D. with points fits the reference structure of Law 70;
    a title line naming Law 27 above it (set aside as a menu line) says which law it is."""
    text = (
        "Bridge club notes - Law 27\n\n"
        "A. Acceptance of Insufficient Bid\n"
        "1. Any insufficient bid may be accepted (treated as legal) at the option of the next player.\n"
        "2. It is accepted if that player calls.\n\n"
        "B. Insufficient Bid Not Accepted\n"
        "1. If it is corrected by the lowest sufficient bid in the same denomination, the auction goes on.\n"
        "2. If it is corrected by a legal call with the same meaning, the auction goes on.\n"
        "3. Except as provided above, the offender's partner must pass whenever it is his turn to call.\n\n"
        "C. Premature Correction\n"
        "If the offender substitutes another call before the Director has ruled, it stands.\n\n"
        "D. Non-offending Side Damaged\n"
        "If the outcome could well have been different without the infraction, the score is adjusted.\n"
    )
    ids = [i for i, _, _ in _ids(tmp_path, "notes.txt", text)]
    assert ids[:3] == ["27A.title", "27A1", "27A2"] and "27D" in ids
    # with no title naming a law, the same outline is still read against the reference structure
    plain = [i for i, _, _ in _ids(tmp_path, "plain.txt", text.split("\n", 2)[2])]
    assert all(i.startswith("70") for i in plain)


def test_class_1_a_title_naming_the_law_above_a_lead_in(tmp_path: Path) -> None:
    # the title names the law; a sentence of the page's own comes between it and the outline
    text = (
        "Gedrag aan tafel (artikel 74 van de spelregels)\n\n"
        "Een artikel dat vaak wordt overtreden. De belangrijkste punten eruit:\n\n"
        "A. Juiste houding\n\n"
        "1. Een speler behoort zich altijd hoffelijk te gedragen;\n"
        "2. Iedere speler behoort steeds op dezelfde correcte wijze te bieden en te spelen.\n\n"
        "B. Etiquette\n\nUit oogpunt van etiquette behoort een speler niet:\n\n"
        "1. onvoldoende aandacht aan het spel te besteden;\n2. ongevraagd commentaar te leveren.\n"
    )
    ids = [i for i, _, _ in _ids(tmp_path, "gedrag.txt", text)]
    assert ids == ["74A.title", "74A1", "74A2", "74B.title", "74B", "74B1", "74B2"]


def test_class_1_a_file_named_for_the_law_is_read_by_its_outline(tmp_path: Path) -> None:
    # no line names the law; the saved page's name does ("…/law74.html"), and the outline runs from A
    text = (
        "A. Proper Attitude\n\n1. A player should maintain a courteous attitude at all times.\n\n"
        "2. Every player should follow uniform and correct procedure in calling and playing.\n\n"
        "B. Etiquette\n\nAs a matter of courtesy a player should refrain from:\n\n"
        "1. paying insufficient attention to the game.\n\n2. making gratuitous comments during play.\n"
    )
    ids = [i for i, _, _ in _ids(tmp_path, "club-law74.txt", text)]
    assert ids == ["74A.title", "74A1", "74A2", "74B.title", "74B", "74B1", "74B2"]
    (edition,) = load_editions([str(tmp_path / "club-law74.txt")])
    assert all(u.inferred and "file's name" in u.evidence for u in edition.units if u.kind != "debris")
    # a name without a law number says nothing: the same outline is read against the reference, or not
    assert not any(i.startswith("74") for i, _, _ in _ids(tmp_path, "club-page.txt", text))


def test_class_1_a_lead_in_naming_a_section_above_its_points(tmp_path: Path) -> None:
    # "Law 27B says that:" right above points 1, 2 (and a sub-point): they are 27B's points; the
    # page's own sentences after the run of points are no law text
    text = (
        "What happens after an insufficient bid?\n\n"
        "The Director will explain your options. Law 27B says that:\n"
        "1. a) if the bid is corrected by the lowest sufficient bid in the same denomination, "
        "the auction proceeds\n"
        "b) if it is corrected by a call with the same meaning, the auction proceeds\n"
        "2. otherwise the offender's partner must pass whenever it is his turn to call.\n\n"
        "So call the Director before you do anything else.\n"
    )
    path = tmp_path / "ib.txt"
    path.write_text(text, encoding="utf-8")
    rules = _read_by("rules", path)
    assert [u.id for u in rules.units if u.kind != "debris"] == ["27B1a", "27B1b", "27B2"]
    # The fitted run veto weighs this run of three inferred lines near its edge: noise at 0.383 with
    # the reader fitted on 303 pages, 0.504 refitted with batch 2026-12-r (twelve pages, eleven of them
    # hard negatives; tests/realworld/README.md), 0.732 with the cues of a law that prints no title
    # (its text, paraphrased, is far from Law 27's title). The reading is the rules'; the veto keeps it
    # whole or sets it aside whole, naming the rules' ids.
    shipped = _read_by("reader", path)
    kept = [u.id for u in shipped.units if u.kind != "debris"]
    vetoed = [u.evidence for u in shipped.units if u.reason == "noise"]
    assert kept == ["27B1a", "27B1b", "27B2"] or (
        not kept and [e.rsplit("rules: ", 1)[-1].rstrip(")") for e in vetoed] == ["27B1a", "27B1b", "27B2"]
    )
    # the same points under a line that names the section but not right above them: no law read
    apart = text.replace("Law 27B says that:\n", "Law 27B says that:\n\nHere is the gist.\n\n")
    assert _ids(tmp_path, "apart.txt", apart) == []


def test_class_2_an_index_with_page_numbers_is_no_law(tmp_path: Path) -> None:
    text = "INDEX\n\n" + "\n".join(
        f"{n}. {title} ......... {page}"
        for n, title, page in [
            (41, "Commencement of Play", 45),
            (42, "Dummy's Rights", 46),
            (43, "Dummy's Limitations", 47),
            (68, "Claim or Concession", 80),
            (69, "Established Claim or Concession", 81),
            (70, "Contested Claim or Concession", 82),
        ]
    )
    path = tmp_path / "index.txt"
    path.write_text(text + "\n", encoding="utf-8")
    try:
        (edition,) = load_editions([str(path)])
    except InputError:
        return  # refused: no law text
    assert all(u.kind == "debris" for u in edition.units)


def test_section_headings_ending_in_a_full_stop(tmp_path: Path) -> None:
    # "A. Acceptance of Insufficient Bid.": a heading in title case with a full stop; a sentence is not
    text = (
        "LAW 27 - INSUFFICIENT BID\n\nA. Acceptance of Insufficient Bid.\n"
        "1. Any insufficient bid may be accepted (treated as legal) at the option of offender's LHO.\n\n"
        "B. Insufficient Bid not Accepted.\n"
        "If an insufficient bid in rotation is not accepted it must be corrected by a legal call.\n\n"
        "C. The offender replaces his bid.\n"
    )
    assert [(i, k) for i, k, _ in _ids(tmp_path, "law27.txt", text)] == [
        ("27.title", "title"), ("27A.title", "title"), ("27A1", "text"), ("27B.title", "title"),
        ("27B", "text"), ("27C", "text"),
    ]  # fmt: skip


def test_class_3_headings_ending_in_a_colon(tmp_path: Path) -> None:
    outside = (
        "LAW 16 - AUTHORIZED AND UNAUTHORIZED INFORMATION\n\n"
        "A. Players' Authorized Information:\n"
        "1. A player may use information in the auction or play if it derives from the legal calls.\n"
        "2. A player may also use information from his own knowledge and experience.\n\n"
        "B. Extraneous Information from Partner:\n"
        "1. After a player makes extraneous information available, his partner may not choose an action.\n"
    )
    assert [i for i, _, _ in _ids(tmp_path, "a.txt", outside)] == [
        "16.title", "16A.title", "16A1", "16A2", "16B.title", "16B1",
    ]  # fmt: skip
    chapeau = (
        "LAW 16 - INFORMATION\n\nA. The player may use:\n1. information from calls,\n"
        "2. information from his own knowledge.\n\nB. The partner shall not use:\n"
        "1. extraneous information,\n2. information from remarks.\n"
    )
    ids = _ids(tmp_path, "b.txt", chapeau)
    assert [i for i, _, _ in ids] == ["16.title", "16A", "16A1", "16A2", "16B", "16B1", "16B2"]
    in_skeleton = (
        "LAW 68 - CLAIM OR CONCESSION\n\nA. Claim Defined:\n"
        "Any statement to the effect that a contestant will win a specific number of tricks is a claim.\n\n"
        "B. Concession Defined:\n"
        "1. Any statement that a contestant will lose a specific number of tricks is a concession.\n"
        "2. Regardless of 1 preceding, if a defender attempts to concede a trick and his partner objects, "
        "no concession has occurred.\n"
    )
    assert [(i, k) for i, k, _ in _ids(tmp_path, "c.txt", in_skeleton)] == [
        ("68.title", "title"), ("68A.title", "title"), ("68A", "text"),
        ("68B.title", "title"), ("68B1", "text"), ("68B2", "text"),
    ]  # fmt: skip


SUB_POINTS_68D = (
    "LAW 68 - CLAIM OR CONCESSION\n\nD. Suspension of Play\n"
    "1. After any claim or concession, play is suspended.\n"
    "2. Play may continue if all four players agree:\n"
    "(a) the play continues as if no claim had been made,\n"
    "(b) the Director is not summoned,\n"
    "(c) any trick conceded may be won by the other side.\n"
)


def _68d_ids(tmp_path: Path, knowledge: Knowledge | None) -> list[str]:
    (edition,) = load_editions([str(_write(tmp_path, "d.txt", SUB_POINTS_68D))], knowledge=knowledge)
    return [u.id for u in edition.units if u.kind != "debris"]


def test_class_4_sub_points_of_a_law_of_the_reference_by_the_rules(tmp_path: Path) -> None:
    ids = _68d_ids(tmp_path, Knowledge.load(()).with_reader(None))
    assert ids[-4:] == ["68D2", "68D2a", "68D2b", "68D2c"]


# The reader as refitted when sub-point headings and lead-ins naming a section were read reads this
# excerpt right again (it had vetoed it since a text without a law heading had to point at its law,
# run means 0.644 and 0.527): an excerpt of one section under its law heading, with no text of the law
# before it, is rare in the development set, and the page may flip with a refit.
def test_class_4_sub_points_of_a_law_of_the_reference_by_the_shipped_reader(tmp_path: Path) -> None:
    assert _68d_ids(tmp_path, None)[-4:] == ["68D2", "68D2a", "68D2b", "68D2c"]


def test_class_4_sub_points_on_their_own_lines(tmp_path: Path) -> None:
    outside = (
        "LAW 16 - AUTHORIZED AND UNAUTHORIZED INFORMATION\n\nB. Extraneous Information from Partner\n"
        "1. After a player makes extraneous information available, his partner:\n"
        "(a) may not choose a logical alternative demonstrably suggested by it;\n"
        "(b) must carefully avoid taking any advantage of it.\n"
        "2. A player who considers that an opponent made it available may summon the Director.\n"
    )
    (edition,) = load_editions([str(_write(tmp_path, "law16.txt", outside))])
    units = [u for u in edition.units if u.kind != "debris"]
    assert [(u.id, u.role, u.label) for u in units][-4:] == [
        ("16B1", "point", "1."), ("16B1a", "sub-point", "(a)"), ("16B1b", "sub-point", "(b)"),
        ("16B2", "point", "2."),
    ]  # fmt: skip


def test_a_point_printed_with_its_first_sub_point_label_is_that_sub_point(tmp_path: Path) -> None:
    # "4. (a) …", "4. a. …", "4.  a) …": the line holds the sub-point's text (45C4a), not the point's
    forms = {"paren": ("4. (a) ", "(b) "), "bare": ("4. a. ", "b. "), "closing": ("4.  a) ", "b) ")}
    for name, (first, second) in forms.items():
        text = (
            "LAW 45 - CARD PLAYED\n\nC. Compulsory Play of Card\n"
            "3. A card must be played if it is held so that partner could see its face.\n"
            f"{first}A card must be played if a player names or otherwise designates it.\n"
            f"{second}Until his partner has played a card a player may change an unintended designation.\n"
            "5. A penalty card may have to be played.\n"
        )
        (edition,) = load_editions([str(_write(tmp_path, f"law45-{name}.txt", text))])
        units = [u for u in edition.units if u.kind != "debris"]
        got = [(u.id, u.role, u.label) for u in units][-4:]
        assert got == [
            ("45C3", "point", "3."), ("45C4a", "sub-point", first.strip()),
            ("45C4b", "sub-point", second.strip()), ("45C5", "point", "5."),
        ], name  # fmt: skip


def test_a_title_glued_to_its_law_number_is_the_law_heading(tmp_path: Path) -> None:
    # text extraction glues "LAW 20" to its capitalised title; a citation "Law 20F1" is no heading
    text = (
        "LAW 20REVIEW AND EXPLANATION OF CALLS\n\nA. Call Not Clearly Heard\n"
        "A player who does not hear a call distinctly may forthwith require that it be repeated.\n"
        "B. Review of Auction during Auction Period\n"
        "During the auction period a player is entitled to have all previous calls restated.\n"
    )
    ids = [i for i, _, _ in _ids(tmp_path, "law20.txt", text)]
    assert ids == ["20.title", "20A.title", "20A", "20B.title", "20B"]
    (edition,) = load_editions([str(tmp_path / "law20.txt")])
    assert edition.units[0].label == "LAW 20"
    assert edition.units[0].text == "REVIEW AND EXPLANATION OF CALLS"


def test_class_5_1997_point_sub_headings(tmp_path: Path) -> None:
    text = (
        "LAW 70 - CONTESTED CLAIM OR CONCESSION\n\nA. General Objective\n"
        "In ruling on a contested claim, the Director adjudicates the result as equitably as possible, "
        "but any doubtful point shall be resolved against the claimer.\n\n"
        "B. Clarification Statement Repeated\n1. Require Claimer to Repeat Statement\n"
        "The Director requires claimer to repeat the clarification statement he made.\n"
        "2. Hearing Objections\nNext, the Director hears the opponents' objections to the claim.\n"
    )
    ids = [i for i, _, _ in _ids(tmp_path, "p.txt", text)]
    assert ids[:7] == ["70.title", "70A.title", "70A", "70B.title", "70B1.title", "70B1", "70B2.title"]
    # a law no skeleton holds is read by its printed outline: the numbered heading is its point's
    outside = (
        "LAW 9 - PROCEDURE FOLLOWING AN IRREGULARITY\n\nA. Drawing Attention to an Irregularity\n"
        "1. During the Auction Period\n"
        "Unless prohibited by Law, any player may draw attention to an irregularity during the auction.\n"
        "2. During the Play Period\n"
        "Declarer or either defender may draw attention to an irregularity that occurs.\n"
        "B. After Attention Is Drawn to an Irregularity\n"
        "The Director should be summoned at once when attention is drawn to an irregularity.\n"
    )
    ids = [i for i, _, _ in _ids(tmp_path, "law9.txt", outside)]
    assert ids == [
        "9.title", "9A.title", "9A1.title", "9A1", "9A2.title", "9A2", "9B.title", "9B",
    ]  # fmt: skip


def test_class_5_1997_sub_point_headings(tmp_path: Path) -> None:
    # "(a) Play of Named Card" under the point heading "4. Named or Designated Card" is the heading of
    # sub-point 45C4a, and the text under it is that sub-point, not the next point (45C5)
    text = (
        "LAW 45 - CARD PLAYED\n\nC. Compulsory Play of Card\n\n4. Named or Designated Card\n\n"
        "- (a) Play of Named Card\n\n"
        "A card must be played if a player names or otherwise designates it as the card he proposes "
        "to play.\n\n"
        "- (b) Correction of Inadvertent Designation\n\n"
        "A player may, without penalty, change an inadvertent designation if he does so without pause.\n\n"
        "5. Penalty Card\n\nA penalty card, major or minor, may have to be played, subject to Law 50.\n"
    )
    ids = [(i, k) for i, k, _ in _ids(tmp_path, "law45.txt", text)]
    assert ids == [
        ("45.title", "title"), ("45C.title", "title"), ("45C4.title", "title"),
        ("45C4a.title", "title"), ("45C4a", "text"), ("45C4b.title", "title"), ("45C4b", "text"),
        ("45C5.title", "title"), ("45C5", "text"),
    ]  # fmt: skip
    # a sub-point label before a few words of cut text is that sub-point's text, not its heading
    cut = (
        "LAW 40 - PARTNERSHIP\n\nB. Special Agreements\n\n1. (a) A special partnership understanding.\n\nb. S"
    )
    assert [i for i, _, _ in _ids(tmp_path, "law40.txt", cut)][-1] == "40B1b"


CELLS = (
    "LAW 70 - CONTESTED CLAIM OR CONCESSION |\n|\n"
    "A. |\nGeneral\nObjective |\n|\n"
    "In ruling on a contested claim or concession, the Director adjudicates the result\n"
    "of the board as equitably as possible to both sides, but any doubtful point\n"
    "as to a claim shall be resolved against the claimer. |\n|\n"
    "B. |\nClarification Statement\nRepeated |\n|\n"
    "1. |\nRequire Claimer to\nRepeat Statement |\n|\n"
    "The Director requires claimer to repeat the clarification statement he made\n"
    "at the time of his claim; |\n"
)


@pytest.mark.parametrize("reader", ["rules", "shipped"])
def test_a_table_s_cells_closed_by_a_bar_and_labels_alone_on_their_lines(tmp_path: Path, reader: str) -> None:
    # a web page's table kept as text: each cell closed by " |", a cell's lines wrapped inside it, a
    # label alone in its cell and its heading in the next: "A." / "General" / "Objective" is one heading
    edition = _read_by(reader, _write(tmp_path, "cells.txt", CELLS))
    units = [(u.id, u.source.line_start, u.source.line_end) for u in edition.units if u.kind != "debris"]
    assert units == [
        ("70.title", 1, 1), ("70A.title", 3, 5), ("70A", 7, 9), ("70B.title", 11, 13),
        ("70B1.title", 15, 17), ("70B1", 19, 20),
    ]  # fmt: skip
    # the same lines without the bars: the labels alone still head their sections and points
    edition = _read_by(reader, _write(tmp_path, "plain.txt", CELLS.replace(" |", "").replace("|\n", "\n")))
    assert [u.id for u in edition.units if u.kind != "debris"][:3] == ["70.title", "70A.title", "70A"]


def test_a_heading_wrapped_after_a_conjunction_is_one_heading(tmp_path: Path) -> None:
    # "(a) Players or" / "Spectators": a sub-point heading wrapped after "or" is one heading, and the
    # text and sub-points below it keep their ids
    text = (
        "LAW 16 - UNAUTHORISED INFORMATION\n\nB. Extraneous Information from Partner\n\n"
        "1. Extraneous Information\n\n"
        "- (a) Players or\nSpectators\n"
        "- After a player makes available to his partner extraneous information, the partner may not\n"
        "choose from among logical alternative actions one that could demonstrably have been suggested.\n"
        "- (b) Logical Alternatives\n"
        "- A logical alternative action is one that a significant proportion of players would consider.\n"
    )
    ids = [i for i, _, _ in _ids(tmp_path, "law16.txt", text)]
    assert ids == ["16.title", "16B.title", "16B1.title", "16B1a.title", "16B1a", "16B1b.title", "16B1b"]


def test_a_list_whose_numbers_were_lost_is_the_section_s_points(tmp_path: Path) -> None:
    # a page printing a law's points as bullets ("·", "•": an HTML list whose numbers were lost), under
    # a section's heading or its chapeau ending in ":": the items are the section's points in order,
    # their numbers inferred; a bullet that is the only one under its heading stays the section's text
    text = (
        "LAW 40 - PARTNERSHIP UNDERSTANDINGS\n\nA. Players' Systemic Agreements\n"
        "• Partnership understandings as to the methods adopted by a partnership may be reached "
        "explicitly in discussion or implicitly through mutual experience.\n"
        "• Each partnership has a duty to make its partnership understandings available to its "
        "opponents.\n\n"
        "B. Special Partnership Understandings\n"
        "The Regulating Authority may designate certain understandings as special:\n"
        "• it may regulate the use of such understandings;\n"
        "• it may require a player to disclose them before play.\n\n"
        "C. Deviation from System\n• A player may deviate from his side's announced understandings.\n"
    )
    units = [u for u in _read_by("shipped", _write(tmp_path, "law40.txt", text)).units if u.kind != "debris"]
    assert [str(u.id) for u in units] == [
        "40.title", "40A.title", "40A1", "40A2", "40B.title", "40B", "40B1", "40B2", "40C.title", "40C",
    ]  # fmt: skip
    assert all(u.inferred for u in units if u.role == "point")


def test_class_6_a_board_table_is_no_law_title(tmp_path: Path) -> None:
    text = (
        "Club night results, Tuesday\n\nBoard 1\nNorth 1 5 9 13\nEast 2 6 10 14\nSouth 3 7 11 15\n"
        "West 4 8 12 16\n\nLAW 69 - ESTABLISHED CLAIM OR CONCESSION\n\nA. Agreement Established\n"
        "Agreement with a claim or concession is established when a contestant assents to it.\n"
    )
    assert [i for i, _, _ in _ids(tmp_path, "night.txt", text)] == ["69.title", "69A.title", "69A"]


LAW2_TABLE = (
    "LAW 2 - THE DUPLICATE BOARDS\n\n"
    "A duplicate board containing a pack is provided for each deal to be played during a session. "
    "Dealer and vulnerability are designated as follows:\n\n"
    "Dealer   Boards\n\nNorth    1   5   9   13\n\nEast    2   6   10   14\n\n"
    "South    3   7   11   15\n\nWest    4   8   12   16\n\n"
    "The same sequence is repeated for Boards 17-32, and for each subsequent group of 16 boards.\n"
)


@pytest.mark.parametrize("reader", ["rules", "shipped"])
def test_class_6_a_table_the_law_announces_is_its_text(tmp_path: Path, reader: str) -> None:
    # Law 2's own table of dealers, one row a line after "as follows:", is the law's text (in its
    # unit), not debris and not headings, and the reader does not read the law as noise for it
    edition = _read_by(reader, _write(tmp_path, "law2.txt", LAW2_TABLE))
    units = [u for u in edition.units if u.kind != "debris"]
    assert [u.id for u in units] == ["2.title", "2.intro"]
    assert "West    4   8   12   16" in units[1].text and units[1].source.line_end == 15
    assert not [u for u in edition.units if u.kind == "debris"]


def test_class_7_chapter_heading_and_a_law_without_sections(tmp_path: Path) -> None:
    text = (
        "CHAPTER VII - PART VI\n\nCLAIMS AND CONCESSIONS\n\nLAW 69 - ESTABLISHED CLAIM OR CONCESSION\n\n"
        "A. Agreement Established\nAgreement with a claim is established when a contestant assents to it.\n"
    )
    assert [i for i, _, _ in _ids(tmp_path, "chapter.txt", text)] == ["69.title", "69A.title", "69A"]


LAW_WITHOUT_SECTIONS = (
    "LAW 12 - DIRECTOR'S DISCRETIONARY POWERS\n\n"
    "The Director may award an adjusted score when these Laws empower him to do so.\n\n"
    "He may also award one when the Laws provide no indemnity to a non-offending contestant.\n\n"
    "An artificial adjusted score is awarded when no result can be obtained.\n"
)


def _law12_units(tmp_path: Path, knowledge: Knowledge | None) -> list[tuple[str, int, int]]:
    (edition,) = load_editions(
        [str(_write(tmp_path, "law12.txt", LAW_WITHOUT_SECTIONS))], knowledge=knowledge
    )
    return [(u.id, u.source.line_start, u.source.line_end) for u in edition.units if u.kind != "debris"]


def test_class_7_a_law_without_sections_by_the_rules(tmp_path: Path) -> None:
    assert _law12_units(tmp_path, Knowledge.load(()).with_reader(None)) == [
        ("12.title", 1, 1),
        ("12.intro", 3, 7),
    ]


def test_class_7_a_law_without_sections_by_the_shipped_reader(tmp_path: Path) -> None:
    assert _law12_units(tmp_path, None) == [("12.title", 1, 1), ("12.intro", 3, 7)]


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


SEED_VI = Path(__file__).resolve().parents[1] / "corpus" / "raw" / "000_e6edf3a6b624c89e.txt"


def test_class_8_word_numbering_that_runs_on_reads_as_restarted(tmp_path: Path) -> None:
    from docx_fixtures import word

    text = SEED_VI.read_text(encoding="utf-8")
    restarted = word(text, tmp_path / "restarted.docx")
    running = word(text, tmp_path / "running.docx", run_on=True)
    (a,) = load_editions([str(restarted)])
    (b,) = load_editions([str(running)])
    labels = [u.label for u in b.units if u.role == "point"]
    assert "15." in labels  # the numbers did run on, across sections and laws
    assert [(u.id, u.kind) for u in a.units] == [(u.id, u.kind) for u in b.units]


def test_class_8_the_same_numbering_printed_as_text(tmp_path: Path) -> None:
    """The plain text of such a file (as a PDF printed from it reads) gets the seed's ids too."""
    text = SEED_VI.read_text(encoding="utf-8")
    counter = iter(range(1, 100))
    running = re.sub(r"(?m)^(\s*)\d{1,2}\.(?=\s)", lambda m: f"{m[1]}{next(counter)}.", text)
    assert running != text
    (a,) = load_editions([str(_write(tmp_path, "seed.txt", text))], "vi")
    (b,) = load_editions([str(_write(tmp_path, "running.txt", running))], "vi")
    assert [(u.id, u.kind) for u in a.units] == [(u.id, u.kind) for u in b.units]


HANGING = (
    "LAW 69 ESTABLISHED CLAIM OR CONCESSION\n\n"
    "A.\nAgreement Established\n\nAgreement is established when a contestant assents to a claim.\n\n"
    "B.\nWithdrawal of Agreement\n"
    "1.\nA contestant may withdraw his agreement within the correction period.\n"
    "2.\nA trick the player would probably have lost may be withdrawn.\n"
)


@pytest.mark.parametrize("reader", ["rules", "shipped"])
def test_labels_in_a_hanging_column_each_start_a_unit(tmp_path: Path, reader: str) -> None:
    # labels printed alone on their lines, some items parted by blank lines and some not (a PDF's or a
    # table's text, a definition list): "1." joined the paragraph above it, so section B took its
    # points' text
    edition = _read_by(reader, _write(tmp_path, "hanging.txt", HANGING))
    units = [(u.id, u.source.line_start) for u in edition.units if u.kind != "debris"]
    assert units == [
        ("69.title", 1), ("69A.title", 3), ("69A", 6), ("69B.title", 8), ("69B1", 10), ("69B2", 12),
    ]  # fmt: skip
