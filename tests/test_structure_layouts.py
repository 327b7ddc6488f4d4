"""Layouts of real published pages, class by class (issue: real published editions).

Every text here is written for the test in the layout of its class (web pages that lost their
letters, mailing-list posts, bilingual pages, ...); none is a copy of a development page. Each test
failed before the layout was handled.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from lawalign.ingest import read_source
from lawalign.models import Edition
from lawalign.structure.segment import segment_editions, segment_law
from structure_fixtures import GREEK_LAW71, assert_no_law, source_from_text

LAW70_BODY = """A. General Objective

In ruling on a contested claim the Director adjudicates the result as equitably as possible to both sides.
The Director proceeds as follows.

B. Clarification Statement Repeated

1. The Director requires claimer to repeat the clarification statement he made at the time of his claim.
2. Next, the Director hears the opponents' objections to the claim.
3. The Director may require players to put their remaining cards face up on the table.
"""


def _ids(ed: Edition) -> dict[int, tuple[str, str]]:
    """Raw line → (id, kind) of the unit covering it."""
    out: dict[int, tuple[str, str]] = {}
    for u in ed.units:
        for line in range(u.source.line_start, u.source.line_end + 1):
            out.setdefault(line, (u.id if u.kind != "debris" else "debris", u.kind))
    return out


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- 1. law headings in any form; pages without one -------------------------------------------


@pytest.mark.parametrize(
    ("heading", "lang"),
    [
        ("LAW 70 - CONTESTED CLAIM OR CONCESSION", "en"),
        ("Law 70, Contested Claim or Concession", "en"),
        ("§ 70. CONTESTED CLAIM OR CONCESSION", "en"),
        ("Art. 70 – CONTESTED CLAIM OR CONCESSION", "en"),
        ("Przepis 70 SPORNE ROSZCZENIE", "pl"),
        ("Νόμος 70 ΑΜΦΙΣΒΗΤΟΥΜΕΝΗ ΔΙΕΚΔΙΚΗΣΗ", "el"),
        ("ARTIKEL 70", "nl"),
        ("70. CONTESTED CLAIM OR CONCESSION", "en"),
        ("70 CONTESTED CLAIM OR CONCESSION", "en"),
        ("Lei 70 - RECLAMAÇÃO CONTESTADA", "pt"),
    ],
)
def test_law_heading_forms(heading: str, lang: str) -> None:
    ed = segment_law(source_from_text(f"{heading}\n\n{LAW70_BODY}", lang))
    ids = _ids(ed)
    assert ids[1] == ("70.title", "title")
    assert ids[3] == ("70A.title", "title") and ids[5][0] == "70A"
    assert ids[10][0] == "70B1" and ids[12][0] == "70B3"


def test_title_on_the_line_below_the_law_number() -> None:
    ed = segment_law(source_from_text(f"LOI 70\nREVENDICATION CONTESTEE\n\n\n{LAW70_BODY}", "fr"))
    assert _ids(ed)[1] == _ids(ed)[2] == ("70.title", "title")


def test_no_law_heading_law_from_the_slug(tmp_path: Path) -> None:
    text = (
        "Agreement is established when a contestant assents to an opponent's claim and raises no objection.\n"
        "\n"
        "Within the Correction Period of Law 79C a contestant may withdraw his agreement:\n"
        "\n"
        "1. if he agreed to the loss of a trick his side had won; or\n"
        "2. if he agreed to the loss of a trick his side would likely have won.\n"
        "\n"
        "The board is rescored.\n"
    )
    (ed, _choice), *_ = segment_editions(read_source(_write(tmp_path, "rules_law_69.html.txt", text), "en"))
    ids = _ids(ed)
    assert ids[1][0] == "69A" and ids[5][0] == "69B1" and ids[8][0] == "69B.wrap"
    assert any(n.code == "law-inferred" and "file name" in n.message for n in ed.notices)


# --- 2. headings without letters --------------------------------------------------------------


def test_unlettered_headings_and_heading_above_its_text() -> None:
    text = (
        "LAW 70 CONTESTED CLAIM OR CONCESSION\n"
        "\n"
        "General Objective\n"
        "In ruling on a contested claim the Director adjudicates the result as equitably as possible.\n"
        "\n"
        "Clarification Statement Repeated\n"
        "\n"
        "1. The Director requires claimer to repeat the clarification statement.\n"
        "2. Next, the Director hears the opponents' objections to the claim.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[3] == ("70A.title", "title") and ids[4] == ("70A", "text")
    assert ids[6] == ("70B.title", "title") and ids[8][0] == "70B1"


def test_a_line_holding_only_a_dash_is_a_separator(tmp_path: Path) -> None:
    """A page whose items each start with "- " and whose blank lines kept their dash: the dash alone
    holds no text, and glued to the heading above it made "2. During the Play Period" a paragraph."""
    text = (
        "LAW 9\nPROCEDURE FOLLOWING AN IRREGULARITY\n"
        "- A. Calling Attention to an Irregularity\n-\n"
        "- 1. During the Auction Period\n"
        "- Unless prohibited by Law, any player may call attention to an\n"
        "irregularity during the auction, whether or not it is his turn to call.\n"
        "- 2. During the Play Period\n-\n"
        "- Unless prohibited by law, declarer or either defender may draw\n"
        "attention to an irregularity that occurs during the play period.\n-\n"
        "- B. After Attention Is Called to an Irregularity\n-\n"
        "- 1. Summoning the Director\n-\n"
        "- The Director must be summoned at once when attention is drawn to an irregularity.\n"
    )
    path = tmp_path / "irregularity.txt"
    path.write_text(text, encoding="utf-8")
    ((edition, _),) = segment_editions(read_source(path))
    read = [(str(u.id), u.source.line_start) for u in edition.units if u.kind != "debris"]
    assert read == [
        ("9.title", 1),
        ("9A.title", 3),
        ("9A1.title", 5),
        ("9A1", 6),
        ("9A2.title", 8),
        ("9A2", 10),
        ("9B.title", 13),
        ("9B1.title", 15),
        ("9B1", 17),
    ]
    dashes = [u for u in edition.units if u.kind == "debris" and u.text.strip() == "-"]
    assert [u.source.line_start for u in dashes] == [4, 9, 12, 14, 16]
    assert {u.reason for u in dashes} == {"separator"}


# --- 3. hard-wrapped lines ---------------------------------------------------------------------


MAIL = """From: A. Reader <reader@example.org>
Date: Tue, 3 Mar 2015 09:12:44 +0100
Subject: [bridge-laws] 69B once more

> Does the 2007 wording of 69B allow a withdrawal after the round ended?
> I think not, but the text is unclear to me.

Here is the law as printed:

LAW 69 AGREED CLAIM OR CONCESSION

B. Director's Decision

Agreement with a claim or concession (see A) may be withdrawn within the
Correction Period established under Law 79C:
1. if a player agreed to the loss of a trick his side had, in fact, won;
or
2. if a player has agreed to the loss of a trick that his side would
likely have won had the play continued.
The board is rescored with such trick awarded to his side.

> So the Correction Period decides it?

Yes. The question is only when that period ends in your event, which
the regulations of the tournament say.

--
A. Reader, club director
"""


def test_hard_wrapped_mail_unwrapped_with_line_provenance() -> None:
    ed = segment_law(source_from_text(MAIL, "en"))
    by_id = {u.id: u for u in ed.units}
    assert (by_id["69B"].source.line_start, by_id["69B"].source.line_end) == (14, 15)
    assert (by_id["69B1"].source.line_start, by_id["69B1"].source.line_end) == (16, 17)
    assert (by_id["69B2"].source.line_start, by_id["69B2"].source.line_end) == (18, 19)
    assert by_id["69B.wrap"].source.line_start == by_id["69B.wrap"].source.line_end == 20


# --- 4. non-law text as debris with its reason ---------------------------------------------------


def test_mail_debris_reasons() -> None:
    ed = segment_law(source_from_text(MAIL, "en"))
    reason = {line: u.reason for u in ed.debris for line in range(u.source.line_start, u.source.line_end + 1)}
    assert reason[1] == reason[2] == reason[3] == "mail-header"
    assert reason[5] == reason[6] == "quoted-reply"
    assert reason[22] == "quoted-reply"
    assert reason[24] == reason[25] == "commentary"
    assert reason[27] == reason[28] == "signature"
    law_lines = {line for u in ed.law_units for line in range(u.source.line_start, u.source.line_end + 1)}
    assert not law_lines & set(reason)
    assert sum(len(u.text) for u in ed.units) >= len(MAIL.replace("\n", "")) - 40  # nothing lost


def test_navigation_lines_are_debris() -> None:
    text = (
        "69. AGREED CLAIM OR CONCESSION\n\n"
        "A. Agreement Established\n\n"
        "Agreement is established when a contestant assents to an opponent's claim.\n\n"
        "68. CLAIM OR CONCESSION OF TRICKS   top of page   70. CONTESTED CLAIM OR CONCESSION\n"
    )
    ed = segment_law(source_from_text(text, "en"))
    assert _ids(ed)[7] == ("debris", "debris")
    assert ed.debris[-1].reason == "navigation"
    text2 = "home  ← 69 → 71  contents\n\n" + "LAW 70\n\n" + LAW70_BODY
    ed2 = segment_law(source_from_text(text2, "en"))
    assert ed2.units[0].kind == "debris" and ed2.units[0].reason == "navigation"
    ed3 = segment_law(
        source_from_text("§ 70. KRAV SOM BESTRIDES\n\n" + LAW70_BODY + "\n< § 69   § 71 >\n", "no")
    )
    assert ed3.units[-1].kind == "debris" and ed3.units[-1].reason == "navigation"


def test_trailing_site_link_is_navigation() -> None:
    text = "LAW 70\n\n" + LAW70_BODY + "\nIndex of the Laws of Duplicate Bridge\n"
    ed = segment_law(source_from_text(text, "en"))
    last = ed.units[-1]
    assert last.kind == "debris" and last.reason == "navigation"


# --- 6. labels in other scripts, glued footnote markers, "1)" footnotes -------------------------


def test_greek_section_labels_and_glued_markers() -> None:
    text = (
        "ΝΟΜΟΣ 70 ΑΜΦΙΣΒΗΤΟΥΜΕΝΗ ΔΙΕΚΔΙΚΗΣΗ\n\n"
        "Α. Γενικός Σκοπός\n\n"
        "Ο Διαιτητής κρίνει το αποτέλεσμα όσο το δυνατόν δικαιότερα για τις δύο πλευρές.\n\n"
        "Β. Επανάληψη της Δήλωσης\n\n"
        "1. Ο Διαιτητής ζητά από τον διεκδικητή να επαναλάβει τη δήλωσή του.\n"
        "2. Έπειτα ο Διαιτητής ακούει τις αντιρρήσεις των αντιπάλων.\n"
        "3. Ο Διαιτητής μπορεί να ζητήσει να εκτεθούν τα φύλλα με κάθε κανονικό1) παίξιμο.\n"
    )
    ed = segment_law(source_from_text(text, "el"))
    ids = _ids(ed)
    assert ids[3] == ("70A.title", "title") and ids[7] == ("70B.title", "title")
    assert ids[11][0] == "70B3"
    assert ed.unit("70B3") is not None and ed.unit("70B3").markers == ("1)",)  # type: ignore[union-attr]


@pytest.mark.parametrize("word", ["normal2)", "normale44", "normal*", "κανονικό1)"])
def test_glued_footnote_markers(word: str) -> None:
    from lawalign.structure.patterns import IN_TEXT_MARKER

    text = f"by any {word} play of the remaining cards (see Law 16 and 1) both)"
    found = [m.group(0) for m in IN_TEXT_MARKER.finditer(text)]
    assert len(found) >= 1 and word.endswith(found[0])


def test_footnote_printed_as_numbered_line() -> None:
    text = (
        "Artikel 71 Afstaan ongedaan gemaakt\n"
        "Een afgestane slag blijft afgestaan, tenzij de speler een slag afstond die bij een normale 1) "
        "voortzetting niet verloren kon gaan.\n"
        "1) Normaal omvat een speelwijze die zorgeloos of minder goed zou zijn.\n"
    )
    ed = segment_law(source_from_text(text, "nl"))
    fn = ed.units[-1]
    assert fn.kind == "footnote" and fn.id == "71.fn1" and fn.anchor is not None


# --- 7. bilingual pages --------------------------------------------------------------------------


def test_bilingual_page_gives_two_editions(tmp_path: Path) -> None:
    text = (
        "Ustępstwo pozostaje w mocy, ale w okresie reklamacyjnym przewidzianym w przepisie 79C sędzia "
        "anuluje ustępstwo, jeżeli:\n\n"
        "A. gracz oddał lewę, którą jego strona w rzeczywistości już wzięła, albo\n\n"
        "B. gracz oddał lewę, której jego strona nie mogła stracić przy żadnej normalnej rozgrywce.\n\n"
        "Zapis rozdania ulega zmianie, a taką lewę przyznaje się jego stronie.\n\n"
        "A concession must stand, once made, except that within the Correction Period established under "
        "Law 79C the Director shall cancel a concession:\n\n"
        "A. if a player conceded a trick his side had, in fact, won; or\n\n"
        "B. if a player has conceded a trick that could not be lost by any normal play of the cards.\n\n"
        "The board is rescored with such trick awarded to his side.\n"
    )
    pairs = segment_editions(read_source(_write(tmp_path, "przepis_71.txt", text)))
    assert [e.lang for e, _ in pairs] == ["pl", "en"]
    for ed, choice in pairs:
        assert choice.edition == "2017"
        assert [u.id for u in ed.law_units] == ["71.intro", "71A", "71B", "71.wrap"]
    assert pairs[1][0].units[0].source.line_start == 9


def test_bilingual_page_without_blank_lines_keeps_its_paragraphs(tmp_path: Path) -> None:
    text = (
        "Ustępstwo pozostaje w mocy, ale w okresie reklamacyjnym przewidzianym w przepisie 79C sędzia "
        "anuluje ustępstwo, jeżeli:\n"
        "A. gracz oddał lewę, którą jego strona w rzeczywistości już wzięła, albo\n"
        "B. gracz oddał lewę, której jego strona nie mogła stracić przy żadnej normalnej rozgrywce.\n"
        "Zapis rozdania ulega zmianie, a taką lewę przyznaje się jego stronie.\n"
        "A concession must stand, once made, except that within the Correction Period established under "
        "Law 79C the Director shall cancel a concession:\n"
        "A. if a player conceded a trick his side had, in fact, won; or\n"
        "B. if a player has conceded a trick that could not be lost by any normal play of the cards.\n"
        "The board is rescored with such trick awarded to his side.\n"
    )
    pairs = segment_editions(read_source(_write(tmp_path, "przepis_71.txt", text)))
    assert [e.lang for e, _ in pairs] == ["pl", "en"]
    for ed, _ in pairs:  # the other language's lines, blanked, are no paragraph breaks
        assert [u.id for u in ed.law_units] == ["71.intro", "71A", "71B", "71.wrap"]
        assert all(u.source.line_start == u.source.line_end for u in ed.law_units)


# --- 8. languages --------------------------------------------------------------------------------


def test_norwegian_and_greek_detected(tmp_path: Path) -> None:
    no = "§ 70. KRAV SOM IKKE BLIR GODTATT\n\n" + (
        "A. Generelt formål\nNår et krav bestrides, skal turneringslederen avgjøre resultatet så rettferdig "
        "som mulig for begge sider, men ethvert tvilsomt punkt skal avgjøres mot den som fremsatte kravet.\n"
    )
    el = "ΝΟΜΟΣ 70\n\n" + (
        "Α. Γενικός Σκοπός\nΌταν αμφισβητείται μια διεκδίκηση, ο Διαιτητής κρίνει το αποτέλεσμα όσο το "
        "δυνατόν δικαιότερα για τις δύο πλευρές, αλλά κάθε αμφίβολο σημείο κρίνεται κατά του διεκδικητή.\n"
    )
    assert read_source(_write(tmp_path, "a.txt", no)).lang == "no"
    assert read_source(_write(tmp_path, "b.txt", el)).lang == "el"
    assert read_source(_write(tmp_path, "c.txt", el), "pl").lang == "pl"  # --lang always wins


# --- 10. the reference edition chosen per edition ------------------------------------------------


def test_2017_law_68_and_71_chosen_by_structure() -> None:
    text = (
        "LAW 68 CLAIM OR CONCESSION OF TRICKS\n\n"
        "D. Suspension of Play\n\n"
        "After any claim or concession, play is suspended.\n\n"
        "1. If the claim or concession is agreed, Law 69 applies.\n"
        "2. If it is doubted by any player, the Director is summoned at once and Law 70 applies.\n\n"
        "LAW 71 CONCESSION CANCELLED\n\n"
        "A concession must stand, once made, except that the Director shall cancel it:\n\n"
        "A. if a player conceded a trick his side had, in fact, won; or\n\n"
        "B. if a player conceded a trick that could not be lost by any normal play.\n"
    )
    from lawalign.structure.segment import segment_best

    ed, choice = segment_best(source_from_text(text, "en"))
    assert choice.edition == "2017" and choice.margin > 0 and not choice.given
    ids = [u.id for u in ed.law_units]
    assert ids == ["68.title", "68D.title", "68D", "68D1", "68D2", "71.title", "71.intro", "71A", "71B"]
    assert ed.source_edition == "2017"
    ed07, choice07 = segment_best(source_from_text(text, "en"), edition="2007")
    assert choice07.given and ed07.source_edition == "2007"


def test_laws_outside_the_skeleton_keep_their_printed_ids() -> None:
    text = (
        "LAW 18 BIDS\n\nA. Proper Form\n\nA bid designates a number of odd tricks and a denomination.\n\n"
        "LAW 65 ARRANGEMENT OF TRICKS\n\nA. Completed Trick\n\nWhen four cards have been played, each "
        "player turns his own card face down.\n\n"
        "LAW 68 CLAIM OR CONCESSION OF TRICKS\n\nC. Clarification Required\n\n"
        "A claim should be accompanied at once by a clear statement of the line of play.\n"
    )
    ed = segment_law(source_from_text(text, "en"))
    ids = [u.id for u in ed.law_units]
    assert ids[:3] == ["18.title", "18A.title", "18A"]
    assert ids[3:6] == ["65.title", "65A.title", "65A"]
    assert ids[6:] == ["68.title", "68C.title", "68C"]


# --- 2b. an unlettered heading read by what it says (the bundled model) ------------------------


@pytest.mark.model
def test_unlettered_heading_matched_by_meaning() -> None:
    text = (
        "LAW 70 CONTESTED CLAIM OR CONCESSION\n\n"
        "Director's Considerations\n\n"
        "1. The Director does not accept from claimer any successful line of play not embraced in the "
        "original clarification statement.\n"
        "2. The Director does not accept from a defender any part of his claim that depends on his "
        "partner's choice of play.\n"
    )
    from lawalign.align.embed import get_embedder

    # the structure stage alone reads headings by meaning with the embedder it is given (a run gives
    # its own: --model, --cache-dir); without one, by position only
    ids = _ids(segment_law(source_from_text(text, "en"), encoder=get_embedder("e5")))
    assert ids[3] == ("70D.title", "title") and ids[5][0] == "70D1" and ids[6][0] == "70D2"


# --- 6b. a lettered list extracted as numbers, with nested points ---------------------------------


def test_lettered_list_extracted_as_numbers() -> None:
    text = (
        "LAW 70 CONTESTED CLAIM OR CONCESSION\n\n"
        "1. General Objective\n\n"
        "In ruling on a contested claim the Director adjudicates the result as equitably as possible.\n\n"
        "2. Clarification Statement Repeated\n\n"
        "  1. The Director requires claimer to repeat the clarification statement.\n"
        "  2. Next, the Director hears the opponents' objections to the claim.\n"
        "  3. The Director may require players to put their remaining cards face up.\n\n"
        "3. There Is an Outstanding Trump\n\n"
        "When a trump remains in one of the opponents' hands, the Director awards a trick if:\n\n"
        "  1. claimer made no statement about that trump, and\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[3] == ("70A.title", "title") and ids[5][0] == "70A"
    assert ids[7] == ("70B.title", "title") and [ids[k][0] for k in (9, 10, 11)] == ["70B1", "70B2", "70B3"]
    assert ids[13] == ("70C.title", "title") and ids[15][0] == "70C" and ids[17][0] == "70C1"


def test_lettered_list_extracted_as_lists_that_restart() -> None:
    # Each section extracted as a list of its own, so every section heading prints "1.": the
    # headings' order gives the letters (a law no skeleton holds, read by its printed outline).
    text = (
        "LAW 41 COMMENCEMENT OF PLAY\n\n"
        "  1. Face-down Opening Lead\n\n"
        "After a bid, double or redouble has been followed by three passes, the defender on presumed "
        "declarer's left makes the opening lead face down.\n\n"
        "  1. Review of Auction and Questions\n\n"
        "Before the opening lead is faced, the leader's partner and the presumed declarer may each "
        "require a review of the auction.\n\n"
        "  1. Face-up Opening Lead\n\n"
        "After the question period, the opening lead is faced and the play period begins.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    read = [ids[k][0] for k in (3, 5, 7, 9, 11, 13)]
    assert read == ["41A.title", "41A", "41B.title", "41B", "41C.title", "41C"]


def test_lettered_list_extracted_as_numbers_that_count_on_keeps_its_numbers() -> None:
    # Headings numbered 1, 2, 3 in one list: each number is its letter, as before; a page cut before
    # section A starts at "2." = B.
    text = (
        "LAW 41 COMMENCEMENT OF PLAY\n\n"
        "2. Review of Auction and Questions\n\n"
        "Before the opening lead is faced, the leader's partner and the presumed declarer may each "
        "require a review of the auction.\n\n"
        "3. Face-up Opening Lead\n\n"
        "After the question period, the opening lead is faced and the play period begins.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert [ids[k][0] for k in (3, 5, 7, 9)] == ["41B.title", "41B", "41C.title", "41C"]


def test_point_headings_without_numbers_stay_in_their_printed_section() -> None:
    # A law outside the skeletons printing its section letters, its points' own sub-headings without
    # their numbers (the 1997 layout with the numbers lost): each sub-heading heads the next point of
    # the printed section, and the printed "B." stays B (before, each sub-heading was read as a
    # section whose letter was lost: 16B, 16C, then the printed B again as "16B.x1").
    text = (
        "LAW 16 UNAUTHORISED INFORMATION\n\n"
        "A. Extraneous Information from Partner\n\n"
        "When Such Information Is Given\n\n"
        "After a player makes available to his partner extraneous information that may suggest a call "
        "or play, the partner may not choose from among logical alternative actions one that could "
        "demonstrably have been suggested over another.\n\n"
        "Non-offenders' Options\n\n"
        "When a player considers that an opponent has made such information available, he may announce "
        "that he reserves the right to summon the Director later.\n\n"
        "B. Extraneous Information from Other Sources\n\n"
        "Information Received Inadvertently\n\n"
        "If a player accidentally receives unauthorised information about a board he is playing, he "
        "should at once notify the Director.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    read = [ids[k][0] for k in (3, 5, 7, 9, 11, 13, 15, 17)]
    assert read == [
        "16A.title", "16A1.title", "16A1", "16A2.title", "16A2", "16B.title", "16B1.title", "16B1"
    ]  # fmt: skip


def test_headings_read_as_sections_where_no_letter_is_printed() -> None:
    # The same law with no section letter printed: its bare headings are its sections, as before.
    text = (
        "LAW 16 UNAUTHORISED INFORMATION\n\n"
        "Extraneous Information from Partner\n\n"
        "After a player makes available to his partner extraneous information that may suggest a call "
        "or play, the partner may not choose from among logical alternative actions.\n\n"
        "Extraneous Information from Other Sources\n\n"
        "If a player accidentally receives unauthorised information about a board he is playing, he "
        "should at once notify the Director.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert [ids[k][0] for k in (3, 5, 7, 9)] == ["16A.title", "16A", "16B.title", "16B"]


def test_list_of_contents_before_the_law_is_navigation() -> None:
    # A chapter page that lists its laws' headings, then prints the first law under the same heading
    # again: the list is navigation and the law's text follows the heading printed over it (before,
    # the repeated heading was dropped as a duplicate and the law's sections went to the list's last
    # law, 44A, 44B, ...).
    text = (
        "CHAPTER VI - THE PLAY\n\n"
        "LAW 41 - COMMENCEMENT OF PLAY\n"
        "LAW 42 - DUMMY'S RIGHTS\n"
        "LAW 43 - DUMMY'S LIMITATIONS\n"
        "LAW 44 - SEQUENCE AND PROCEDURE OF PLAY\n\n"
        "LAW 41 - COMMENCEMENT OF PLAY\n\n"
        "A. Face-down Opening Lead\n\n"
        "After a bid, double or redouble has been followed by three passes, the defender on presumed "
        "declarer's left makes the opening lead face down.\n\n"
        "B. Review of Auction and Questions\n\n"
        "Before the opening lead is faced, the leader's partner and the presumed declarer may each "
        "require a review of the auction.\n"
    )
    edition = segment_law(source_from_text(text, "en"))
    ids = _ids(edition)
    assert [ids[k] for k in (3, 4, 5, 6)] == [("debris", "debris")] * 4
    assert [ids[k][0] for k in (8, 10, 12, 14, 16)] == ["41.title", "41A.title", "41A", "41B.title", "41B"]
    assert "44" not in edition.laws


def test_a_citation_closing_its_bracket_on_a_line_of_its_own_is_no_law_heading() -> None:
    # "(… defined in" / "Law 42 and" / "Law 43)": the wrapped end of a citation in brackets; read as
    # the heading of Law 43 before, it took the rest of Law 9 into a Law 43 of its own
    text = (
        "LAW 9 - PROCEDURE FOLLOWING AN IRREGULARITY\n\n"
        "A. Calling Attention to an Irregularity\n\n"
        "1. Dummy (dummy's restricted rights are defined in\n"
        "Law 42 and\n"
        "Law 43)\n"
        "may not call attention to an irregularity during the play.\n"
        "2. Any player may attempt to prevent an irregularity.\n"
    )
    edition = segment_law(source_from_text(text, "en"))
    assert edition.laws == ("9",)
    assert _ids(edition)[9][0] == "9A2"


def test_outline_of_laws_without_their_text_is_navigation() -> None:
    # A book's contents printed as its outline, law headings and their section headings with no page
    # numbers and no text under any of them: navigation, not laws (before, each entry became a law
    # title and its section headings, 1.title, 1A.title, ...). A law printed with its text after the
    # outline is read as a law.
    text = (
        "Contents\n\n"
        "LAW 1 - THE PACK\n"
        "A. Rank of Cards and Suits\n"
        "B. Face of Cards\n"
        "LAW 2 - THE DUPLICATE BOARDS\n"
        "LAW 3 - ARRANGEMENT OF TABLES\n"
        "LAW 4 - PARTNERSHIPS\n\n"
        "LAW 16 - AUTHORIZED AND UNAUTHORIZED INFORMATION\n\n"
        "A. Players' Use of Information\n\n"
        "1. A player may use information in the auction or play if it derives from the legal calls.\n"
    )
    edition = segment_law(source_from_text(text, "en"))
    ids = _ids(edition)
    assert all(ids[k] == ("debris", "debris") for k in range(3, 9)), ids
    assert [ids[k][0] for k in (10, 12, 14)] == ["16.title", "16A.title", "16A1"]
    assert edition.laws == ("16",)


def test_dashed_paragraphs_wrapped_with_point_sub_headings() -> None:
    # An old HTML printing of the 1997 Laws: book headings above the law, the law's title on the line
    # below its number, every paragraph starting with "- " and wrapped onto lines without it, points
    # with sub-headings of their own (some the reference has, some it does not), the footnote after.
    text = (
        "CHAPTER VI\n"
        "PART V\n"
        "LAW 70\n"
        "- CONTESTED CLAIM\n"
        "- A. General Objective\n"
        "- In ruling on a contested claim the Director adjudicates the result as\n"
        "equitably as possible to both sides. The Director proceeds as follows.\n"
        "- B. Clarification Statement Repeated\n"
        "- 1. Claimer Repeats Statement\n"
        "- The Director requires claimer to repeat the clarification statement\n"
        "he made when he claimed.\n"
        "- 2. Hands Faced\n"
        "- The Director requires the players to face their remaining cards.\n"
        "- 3. Objections Heard\n"
        "- The Director hears the objections of the opponents.\n"
        "- C. There Is an Outstanding Trump\n"
        "- When a trump remains with an opponent, the Director awards a trick to\n"
        "the opponents if:\n"
        "- 1. Trump Not Mentioned\n"
        "- claimer said nothing about that trump, and\n"
        "- 2. Probably Unaware\n"
        "- claimer was probably unaware of the trump, and\n"
        "- 3. Trick Could Be Lost\n"
        "- a trick could be lost to the trump by any normal\n"
        "play.\n"
        "For the purposes of Laws 69, 70, and 71, normal play includes careless play.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[1][1] == ids[2][1] == "debris"
    assert ids[3] == ids[4] == ("70.title", "title")
    assert ids[5] == ("70A.title", "title") and ids[6] == ids[7] == ("70A", "text")
    assert ids[9] == ("70B1.title", "title") and ids[10] == ids[11] == ("70B1", "text")
    assert ids[14] == ("70B3.title", "title") and ids[15] == ("70B3", "text")
    assert ids[17] == ids[18] == ("70C", "text")
    assert ids[19] == ("70C1.title", "title") and ids[20] == ("70C1", "text")
    assert ids[23] == ("70C3.title", "title") and ids[24] == ids[25] == ("70C3", "text")
    assert ids[26] == ("70.fn1", "footnote")


def test_a_wrapped_line_starting_with_a_citation_is_no_law_heading() -> None:
    text = (
        "LAW 68\n"
        "- CLAIM OR CONCESSION OF TRICKS\n"
        "- D. Play Ceases\n"
        "- After any claim or concession, play ceases. If the claim or concession is agreed to,\n"
        "Law 69 applies; if it is doubted by any player, the Director must be summoned at once\n"
        "and Law 70 applies.\n"
        "- E. Another Heading\n"
        "- Another paragraph of text that is wrapped onto a second line without\n"
        "the dash in front of it.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[4] == ids[5] == ids[6] == ("68D", "text")


def test_a_paragraph_read_as_a_point_it_does_not_number_is_inferred() -> None:
    # an older edition prints B as one paragraph where the reference has points B1-B3
    text = LAW70_BODY.split("1. The Director")[0] + (
        "The Director requires claimer to repeat his statement, then hears the opponents' objections.\n"
    )
    ed = segment_law(source_from_text("LAW 70 CONTESTED CLAIM\n\n" + text, "en"))
    unit = next(u for u in ed.law_units if u.text.startswith("The Director requires"))
    assert unit.id.startswith("70B") and unit.inferred and unit.confidence < 0.9


def test_law_title_after_a_blank_line() -> None:
    ed = segment_law(source_from_text(f"ARTIKEL 70\n\nBetwiste claim\n\n{LAW70_BODY}", "nl"))
    assert _ids(ed)[1] == _ids(ed)[3] == ("70.title", "title")
    assert _ids(ed)[5] == ("70A.title", "title")


def test_indented_list_numbering_headings_and_texts_alike() -> None:
    # A lettered list extracted as an indented numbered list whose outer numbers count every item
    # (heading, its text, next heading), with the points one level deeper.
    text = (
        "LAW 68 CLAIM OR CONCESSION\n\n"
        "A statement about the current trick only is no claim; Laws 16 and 57A may apply.\n"
        "  1. Claim Defined\n"
        "  2. Any statement that a side will win a number of tricks is a claim of those tricks.\n"
        "  3. Concession Defined\n"
        "    1. Any statement that a side will lose a number of tricks is a concession of those tricks.\n"
        "    2. A defender's concession to which his partner objects at once is void; Law 16C applies.\n"
        "  4. Clarification Required\n"
        "  5. A claim should be accompanied at once by a clarification statement.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[3] == ("68.intro", "text")
    assert ids[4] == ("68A.title", "title") and ids[5] == ("68A", "text")
    assert ids[6] == ("68B.title", "title") and ids[7] == ("68B1", "text") and ids[8] == ("68B2", "text")
    assert ids[9] == ("68C.title", "title")


def test_links_naming_laws_between_the_heading_and_the_list_are_navigation() -> None:
    text = (
        "ARTIKEL 70\n\nBetwiste claim\n\n\nHome Artikelengroep 53--71\n\nOpmerking 1 algemeen Artikel 70\n\n"
        "  1. Algemene doelstelling\n"
        "  2. Bij een betwiste claim stelt de wedstrijdleider de uitslag zo billijk mogelijk vast.\n"
        "  3. Herhaling van de verklaring\n"
        "    1. De wedstrijdleider verlangt dat de claimer zijn verklaring herhaalt.\n"
        "    2. Daarna hoort de wedstrijdleider de bezwaren van de tegenpartij.\n"
    )
    ed = segment_law(source_from_text(text, "nl"))
    ids = _ids(ed)
    assert ids[1] == ids[3] == ("70.title", "title")
    assert ids[6] == ids[8] == ("debris", "debris")
    assert ids[10] == ("70A.title", "title") and ids[11] == ("70A", "text") and ids[13] == ("70B1", "text")
    law_ids = [u.id for u in ed.law_units]
    assert len(law_ids) == len(set(law_ids))


def test_commentary_between_extracts_of_a_printed_law() -> None:
    # an article: an introduction that cites the law, the law's heading, an extract of section C,
    # a line introducing another extract (section A, printed after C), the footnote
    text = (
        "Contested claims: what the Director does\n\n"
        "When a claim is contested, the Director must be called at once. The relevant law is Law 70.\n\n"
        "LAW 70 - CONTESTED CLAIM OR CONCESSION\n\n"
        "C. There Is an Outstanding Trump\n\n"
        "When a trump remains in one of the opponents' hands, the Director shall award a trick if:\n\n"
        "1. claimer made no statement about that trump, and\n\n"
        "2. it is at all likely that claimer was unaware that a trump remained, and\n\n"
        "3. a trick could be lost to that trump by any normal* play.\n\n"
        "Law 70.A. should also be consulted:\n\n"
        "A. General Objective\n\n"
        "In ruling on a contested claim, the Director adjudicates the result as equitably as possible.\n\n"
        "* For the purposes of Laws 70 and 71, 'normal' includes careless or inferior play.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[1] == ids[3] == ("debris", "debris")
    assert (
        ids[5] == ("70.title", "title") and ids[7] == ("70C.title", "title") and ids[15] == ("70C3", "text")
    )
    assert ids[17] == ("debris", "debris")
    assert ids[19] == ("70A.title", "title") and ids[21] == ("70A", "text")
    assert ids[23] == ("70.fn1", "footnote")


# --- 4b. a table of contents is navigation, not law ------------------------------------------------


def test_table_of_contents_is_navigation() -> None:
    text = (
        "Inhalt\n"
        "REGEL 69\n"
        "A. Zustimmung zum Claim 84\n"
        "B. Zurückziehen der Zustimmung 84\n"
        "REGEL 70\n"
        "A. Allgemeines Ziel 85\n"
        "B. Wiederholung der Erklärung 85\n"
        "C. Ausstehender Trumpf 86\n"
        "REGEL 71\n"
        "A. Aufhebung einer Konzession 87\n"
    )
    assert_no_law(segment_law(source_from_text(text, "de")))  # nothing but navigation: no law text to segment


# --- 9. confidence: a reading by position alone is never confident -----------------------------


def test_unlabelled_prose_is_not_read_with_confidence() -> None:
    text = (
        "Claims in practice\n\n"
        "Many players claim too early and lose tricks they could have won. Let us look at Law 68 first.\n\n"
        "A statement that a side will win a number of tricks is a claim of those tricks, says Law 68.\n\n"
        "In our club we see this every week. The Director is then called to the table.\n\n"
        "Next time we will look at Law 69 and Law 70.\n"
    )
    ed = segment_law(source_from_text(text, "en"))
    if not ed.law_units:  # no law structure at all: read as no law, which is right too
        assert_no_law(ed)
        return
    assert all(u.confidence < 0.9 for u in ed.law_units)
    assert any(n.code == "low-confidence" for n in ed.notices)


# --- 4c. a commentary page quoting the law under its citations -----------------------------------


def test_commentary_page_quoting_the_law() -> None:
    text = (
        "When is a claim a claim?\n\n"
        "Last week a reader asked me whether showing his cards to partner counts as a claim. "
        "The answer is in the Laws, so let us read them together.\n\n"
        "Claims are defined in Law 68A:\n\n"
        "Any statement by declarer or a defender to the effect that a side will win a specific number of "
        "tricks is a claim of those tricks. A player also claims when he shows his cards.\n\n"
        "So showing the cards is enough. What happens next is in the same law.\n\n"
        'Law 68C: "A claim should be accompanied at once by a clear statement of the line of play."\n\n'
        "I hope this helps; write to me with your own rulings.\n"
    )
    ed = segment_law(source_from_text(text, "en"))
    ids = _ids(ed)
    assert ids[7][0] == "68A" and ids[11][0] == "68C"
    assert ed.unit("68C") is not None and ed.unit("68C").label == "Law 68C:"  # type: ignore[union-attr]
    assert all(ids[k] == ("debris", "debris") for k in (1, 3, 5, 9, 13))
    assert {u.reason for u in ed.debris} == {"commentary"}


def test_a_quote_of_a_law_no_skeleton_holds_keeps_the_id_it_is_cited_as() -> None:
    # a mail quoting Law 81C3 (outside every skeleton) after a citation and a colon, and a forum
    # post quoting Law 20F1 inside a sentence: the cited ids, the commentary around them debris
    text = (
        "Subject: [BLML] Who may rectify?\n\n"
        "Among the Director's duties and powers, Law 81C3 lists:\n\n"
        "to rectify an error or irregularity of which he becomes aware in any manner, within the "
        "correction period established in accordance with Law 79C.\n\n"
        'And on explanations, Law 20F1 says: "During the auction and before the final pass, any player '
        "may request an explanation of the opponents' prior auction.\" That is not our case.\n\n"
        "Regards, a director\n"
    )
    ed = segment_law(source_from_text(text, "en"))
    law = [(u.id, u.label) for u in ed.law_units]
    assert [i for i, _ in law] == ["81C3", "20F1"], law
    assert all(u.inferred and "cited as" in u.evidence for u in ed.law_units)
    assert {u.reason for u in ed.debris} == {"mail-header", "commentary"}


def test_excerpts_under_citation_lines_after_a_numbered_questionnaire() -> None:
    # a numbered form (its numbers are no section letters) and then excerpts of the Laws, each under
    # a line citing the point and printing its section's heading, or under a bare citation line
    text = (
        "Form for rulings on unauthorised information\n\n"
        "1. Was UI available? (Law 16B)\n\n( ) Yes ( ) No\n\n"
        "2. Did it suggest the action taken?\n\n( ) Yes ( ) No\n\n"
        "Excerpts from the Laws, for reference:\n\n"
        "Law 73C1. Player Receives Unauthorized Information from Partner\n\n"
        "When a player has available to him unauthorized information from his partner, he must "
        "carefully avoid taking any advantage from it.\n\n"
        "Law 40B2(b)\n\n"
        "(b) Unless the Regulating Authority provides otherwise a player may not consult his own "
        "system card during the auction period.\n\n"
        "Print this form and keep it with the board.\n"
    )
    ed = segment_law(source_from_text(text, "en"))
    assert [u.id for u in ed.law_units] == ["73C.title", "73C1", "40B2b"]
    assert all(u.law in ("73", "40") for u in ed.law_units)


def test_a_section_cited_before_a_colon_and_its_points_quoted_under_it() -> None:
    # "Law 16B says, in relevant parts:" then the section's points, the first with its sub-point label
    text = (
        "Hesitations again\n\n"
        "Law 16B says, in relevant parts:\n"
        "1. (a) After a player makes available to his partner extraneous information that may suggest a "
        "call or play, the partner may not choose from among logical alternatives one suggested by it.\n"
        "2. When a player considers that an opponent has made such information available, he may summon "
        "the Director.\n\n"
        "So call the Director when the tempo breaks.\n"
    )
    ed = segment_law(source_from_text(text, "en"))
    assert [(u.id, u.role) for u in ed.law_units] == [("16B1a", "sub-point"), ("16B2", "point")]
    # a list the author writes after a colon citing a law alone stays commentary
    own = (
        "My advice\n\nWhen Law 16 is in play, remember:\n"
        "1. Call the Director at once when the tempo breaks.\n2. Do not argue at the table.\n"
    )
    mine = segment_law(source_from_text(own, "en"))
    assert not mine.law_units


def test_forum_thread_citing_laws_without_quoting_them_is_not_law() -> None:
    # post headers between the posts; posts in the first and second person that cite ids
    text = (
        "Revoke after a claim\n"
        "Posted 2015-March-02, 10:14\n"
        "Is the ruling right? We applied 69A and 71.2, and the board was rescored.\n"
        "Posted 2015-March-02, 11:40\n"
        "jdoe, on 2015-March-02, 10:14, said:\n"
        "I think Law 70C3 decides it; you cannot rescore after the round ends.\n"
        "Posted 2015-March-02, 12:02\n"
        "Law 71 applies here. Declarer conceded a trick he could not lose.\n"
    )
    assert_no_law(segment_law(source_from_text(text, "en")))


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "I think the Director was right to award the trick to the defenders here."),
        ("nl", "Ik denk dat de wedstrijdleider hier de slag terecht aan de tegenpartij gaf."),
        ("pl", "Uważam, że sędzia słusznie przyznał tę lewę obrońcom."),
    ],
)
def test_first_person_paragraph_inside_a_law_page_is_commentary(lang: str, sentence: str) -> None:
    # between two sections of the law, where a paragraph of the law could stand
    body = LAW70_BODY.replace("\nB. ", f"\n{sentence}\n\nB. ")
    ed = segment_law(source_from_text(f"LAW 70 CONTESTED CLAIM\n\n{body}", lang))
    ids = _ids(ed)
    assert ids[8] == ("debris", "debris") and ids[10] == ("70B.title", "title")
    assert [u.reason for u in ed.debris if u.source.line_start == 8] == ["commentary"]


def test_labels_glued_to_headings_in_a_wrapped_book_text() -> None:
    # a book read online: an index of letters above, labels glued to their headings ("C.Пояснение"),
    # a rule of dashes under the law heading, lines wrapped at a fixed width with hyphenation
    text = (
        "А-П\n\nП-Я\n\n"
        "C.Пояснение, требующееся для претензии\n"
        "Претензию следует сразу сопроводить заявле-\n"
        "нием, поясняющим порядок розыгрыша карт,\n"
        "которым делающий претензию предполагает\n"
        "выиграть взятки, на которые претендует.\n"
        "D.Розыгрыш заканчивается\n"
        "После любой претензии или уступки игра за-\n"
        "канчивается. Если претензия оспаривается,\n"
        "судья должен быть вызван немедленно для\n"
        "применения правила 70 или правила 71.\n"
        "Правило 69. Принятие претензии или уступки\n"
        "------------------------------------------\n"
        "A.Когда имеет место принятие\n"
        "Принятие претензии или уступки имеет место,\n"
        "когда участник соглашается с претензией и не\n"
        "возражает до того, как его сторона сделает\n"
        "заявку в следующей сдаче.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "ru")))
    assert ids[1] == ids[3] == ("debris", "debris")
    assert ids[5] == ("68C.title", "title") and ids[6] == ids[9] == ("68C", "text")
    assert ids[10] == ("68D.title", "title") and ids[11] == ids[14] == ("68D", "text")
    assert ids[15] == ("69.title", "title") and ids[16] == ("debris", "debris")
    assert ids[17] == ("69A.title", "title") and ids[18] == ids[21] == ("69A", "text")


def test_quote_hard_wrapped_inside_unwrapped_posts() -> None:
    text = (
        "Codo, on 2013-March-18, 06:59, said:\n"
        "Why would a statement like that be a concession? Nobody showed cards or stated a line of play.\n"
        "Let us look at what the law actually says, because the wording matters here more than anything.\n"
        "L68A Any statement to the effect that a contestant will win a specific number of\n"
        "tricks is a claim of those tricks. A contestant also claims when he suggests\n"
        "that play be curtailed, or when he shows his cards.\n"
        "So showing the cards can be a claim, but it is not required, and a line of play is no part of it.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[4] == ids[5] == ids[6] == ("68A", "text")
    assert all(ids[k] == ("debris", "debris") for k in (1, 2, 3, 7))


def test_paragraphs_numbered_by_another_book_are_commentary() -> None:
    # a club page: the law's heading, then a commentary book's numbered notes on it
    text = (
        "See below for the notes on the Laws:\n\n"
        "Law 69 Agreed Claim or Concession\n\n"
        "4.69.1 Agreement with a claim\n\n"
        "Players should not agree to a claim they do not understand; the Director should be called.\n\n"
        "4.69.2 Law 69B: Withdrawing agreement [WBFLC]\n\n"
        "A player may withdraw agreement within the correction period if a trick was lost wrongly.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[3] == ("69.title", "title")
    assert all(ids[k] == ("debris", "debris") for k in (5, 7, 9, 11))


def test_a_document_numbered_in_chapters_is_not_law() -> None:
    # a federation's statement about claims: chapters "1.", sections "1.1", "2.1", citations of
    # laws, examples with one holding per line; no law text
    text = (
        "Contested claims - examples\n\n"
        "1. Introduction\n\n"
        "The examples show how the Director rules when a claim is contested under Law 70 and Law 71.\n\n"
        "1.1 Normal play (the footnote to Law 70)\n\n"
        "Many examples turn on what normal play is for the class of player involved.\n\n"
        "2. General examples\n\n"
        "2.1 Counting order is not playing order\n\n"
        "S Q 5\nH -\nD J 4\n"
    )
    assert_no_law(segment_law(source_from_text(text, "en")))


def test_numbered_notes_under_a_heading_naming_several_laws() -> None:
    text = (
        "Claims and Concessions\n\nLaws 68-71\n\n"
        "1. With tricks still to play, a player who claims some tricks concedes the remainder.\n\n"
        "2. A player claims when he makes a statement about the ownership of the remaining tricks.\n\n"
        "3. After a claim is made play ceases. Play after a claim is cancelled by the Director.\n"
    )
    # numbered paragraphs alone, without a law heading, a section letter or an outline of headings
    assert_no_law(segment_law(source_from_text(text, "en")))
    # with the law's heading printed they are read, as the law's points
    ed = segment_law(source_from_text(text.replace("Laws 68-71", "LAW 71"), "en"))
    assert _ids(ed)[5][0].startswith("71")


def test_forum_quotes_under_bare_ids_and_cited_points() -> None:
    text = (
        "4H from E\n\n"
        "Right. But that does not mean that he is forced to make a ridiculous play after it.\n\n"
        "70D1 The Director shall not accept from claimer any successful line of play not embraced in the "
        "original clarification statement if there is an alternative normal line of play.\n\n"
        "So the line he stated is the line he plays, and the worst normal one at that.\n\n"
        "Law 70B: 1. The Director requires claimer to repeat the clarification statement he made.\n"
        "2. Next, the Director hears the opponents' objections to the claim.\n"
        "3. The Director may require players to put their remaining cards face up on the table.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[1] == ids[3] == ids[7] == ("debris", "debris")
    assert ids[5] == ("70D1", "text")
    assert [ids[k] for k in (9, 10, 11)] == [("70B1", "text"), ("70B2", "text"), ("70B3", "text")]


def test_quote_under_a_citation_in_prose_with_list_markers_lost() -> None:
    text = (
        "Claim with a trump out\n\n"
        "I was asked for an opinion on this claim and gave it as follows.\n\n"
        "I believe the relevant Law is number 70. Its Section C covers an outstanding trump. It says:\n\n"
        "When a trump remains in one of the opponents' hands, the Director shall award a trick if:\n\n"
        "claimer made no statement about that trump; and\n"
        "it is at all likely that claimer was unaware that a trump remained; and\n"
        "a trick could be lost to that trump by any normal play.\n\n"
        "I would award the trick to the defenders.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert all(ids[k] == ("debris", "debris") for k in (1, 3, 5, 13))
    assert ids[7] == ("70C", "text")
    assert [ids[k] for k in (9, 10, 11)] == [("70C1", "text"), ("70C2", "text"), ("70C3", "text")]


def test_extract_under_a_law_and_section_heading() -> None:
    text = (
        "A declarer claimed with a trump still out. How should the Director rule?\n\n"
        "70 C. There Is an Outstanding Trump\n\n"
        "When a trump remains in one of the opponents' hands, the Director awards a trick if:\n\n"
        "1. claimer made no statement about that trump, and\n"
        "2. it is at all likely that claimer was unaware that a trump remained, and\n"
        "3. a trick could be lost to that trump by any normal play.\n\n"
        "I would rule for the defenders here, but opinions differ.\n\n"
        "Vote in the poll below.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[1] == ("debris", "debris") and ids[3] == ("70C.title", "title") and ids[5][0] == "70C"
    assert [ids[k][0] for k in (7, 8, 9)] == ["70C1", "70C2", "70C3"]
    assert ids[11] == ids[13] == ("debris", "debris")


def test_cjk_law_heading_and_menu_navigation() -> None:
    text = (
        "第71条　譲歩（コンセッション）の取消し\n"
        "譲歩は一度なされたら有効であるが、第79条Cに定める訂正期間内であれば、ディレクターは次の譲歩を取り消す：\n"
        "1．プレーヤーが実際には自分の側がすでに勝っていたトリックを譲歩した場合、または\n"
        "2．残りのカードのどのような正常なプレーによっても失うことのなかったトリックを譲歩した場合。\n"
        "前へ: 第70条 | 目次 | 次へ: 第72条\n"
    )
    ed = segment_law(source_from_text(text, "ja"))
    ids = _ids(ed)
    assert ids[1] == ("71.title", "title") and ids[2][0] == "71.intro"
    assert ids[3][0] == "71.1" and ids[4][0] == "71.2"
    assert ids[5] == ("debris", "debris") and ed.units[-1].reason == "navigation"


# --- run-in text: a printed page's text layer on one line --------------------------------------

RUN_IN_PAGE = (
    "laws2007.qxd 41 3/4/08 9:15 AM\n"
    "\n"
    "Law 70 B. Clarification Statement Repeated 1. The Director "
    "requires claimer to repeat the clarification statement he made at the time of his claim. "
    "2. Next, the Director hears the opponents' objections to the claim. 3. The Director may require "
    "players to put their remaining cards face up on the table. C. There Is an Outstanding Trump When "
    "a trump remains in one of the opponents' hands, the Director shall award a trick or tricks to the "
    "opponents if: 1. claimer made no statement about that trump, and 2. it is at all likely that "
    "claimer at the time of his claim was unaware that a trump remained in an opponent's hand, and "
    "3. a trick could be lost to that trump by any normal* play. * For the purposes of Laws 70 and 71, "
    "normal includes play that would be careless or inferior for the class of player involved.\n"
)


def test_run_in_page_is_cut_at_its_labels() -> None:
    ed = segment_law(source_from_text(RUN_IN_PAGE, "en"))
    law = [u for u in ed.units if u.kind != "debris"]
    assert [u.id for u in law if u.id.startswith("70")][:9] == [
        "70B.title", "70B1", "70B2", "70B3", "70C.title", "70C", "70C1", "70C2", "70C3",
    ]  # fmt: skip
    assert law[-1].id == "70.fn1" and law[4].text == "There Is an Outstanding Trump"
    assert all(u.source.line_start == u.source.line_end == 3 for u in law)
    slug = ed.units[0]
    assert slug.kind == "debris" and slug.reason == "print-mark" and slug.source.line_start == 1
    # nothing lost: the units' spans cover the long line, in order, without overlap
    spans = sorted(u.span for u in ed.units if u.source.line_start == 3 and u.span)
    assert all(a[1] <= b[0] for a, b in pairwise(spans))
    line = RUN_IN_PAGE.split("\n")[2]
    assert "".join(RUN_IN_PAGE[a:b] for a, b in spans).replace(" ", "") == line.replace(" ", "")


def test_run_in_law_heading_and_headings_run_into_their_text() -> None:
    text = (
        "Claims and concessions, as printed in the club's handbook (page 12). LAW 69 - AGREED CLAIM OR "
        "CONCESSION A. When Agreement is Established Agreement is established when a contestant assents "
        "to an opponent's claim or concession, and raises no objection to it before his side makes a call "
        "on a subsequent board. B. Director's Decision Agreement with a claim or concession may be "
        "withdrawn within the Correction Period established under Law 79C: 1. if a player agreed to the "
        "loss of a trick his side had, in fact, won; or 2. if a player has agreed to the loss of a trick "
        "that his side would likely have won had the play continued.\n"
    )
    ed = segment_law(source_from_text(text, "en"))
    law = [(u.id, u.text[:25]) for u in ed.units if u.kind != "debris"]
    assert law == [
        ("69.title", "AGREED CLAIM OR CONCESSIO"),
        ("69A.title", "When Agreement is Establi"),
        ("69A", "Agreement is established "),
        ("69B.title", "Director's Decision"),
        ("69B", "Agreement with a claim or"),
        ("69B1", "if a player agreed to the"),
        ("69B2", "if a player has agreed to"),
    ]


def test_long_commentary_line_with_a_numbered_list_is_not_cut() -> None:
    text = (
        "Law 70 B. Clarification Statement Repeated\n\n"
        "1. The Director requires claimer to repeat the clarification statement he made.\n\n"
        "My advice as a director, after many years: 1. never play on after a claim, because the play "
        "after a claim only helps the side that is wrong, and 2. call the Director at once, without "
        "arguing with the claimer, whatever the claimer says about the trumps, and 3. wait at the table "
        "until the Director has heard both sides of the story and given his ruling on the board.\n"
    )
    ed = segment_law(source_from_text(text, "en"))
    assert [u.source.line_start for u in ed.units].count(5) == 1


def test_quote_repeated_in_a_reply_and_cut_short() -> None:
    text = (
        "Recommended Posts\n\n"
        "The laws allow the declarer to replace an abnormal claim statement with the worst normal one:\n\n"
        "70D1 The Director shall not accept from claimer any successful line of play not embraced in the "
        "original clarification statement if there is an alternative normal line of play that would be "
        "less successful.\n\n"
        "Link to comment\n\n"
        "The laws allow the declarer to replace an abnormal claim statement with the worst normal one:\n\n"
        "70D1 The Direc"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[5][0] == "70D1" and ids[11][0] == "70D1"


def test_ruling_with_headings_and_a_numbered_account_is_not_law() -> None:
    # a federation forum's appeal ruling about a claim: breadcrumbs, a title, the poster's name, a
    # deal one holding a line, a list of events and the director's numbered account; headings and
    # numbers enough for an outline, but they fit Laws 69 and 70 about equally: no law is printed
    text = (
        "Forum » Directors and rulings » AC 1508 Faulty claim in a team match\n\n"
        "AC 1508 Faulty claim in a team match\n\n"
        "5 posts / 0 new\nLatest post\nJohn Green\n\n"
        "984\n76\nQ105\nJ8654\nKQ7532\nAKQ10\nJ6\nA\nAJ\n953\nNorth\nEast\nSouth\nWest\nWest deals\n\n"
        "Result at the table\n3S by East -1 +100\n\n"
        "Events\n- Ace, king and a diamond ruffed by East\n- Heart ten to the jack\n\n"
        "The director's account of the facts:\n"
        "1. East plays 3S and with seven or eight cards left he faces his hand and says it is all good.\n"
        "2. North says stop, he does not accept that.\n"
        "3. East picks up his cards again.\n"
        "4. I ask my partner what she wants declarer to play.\n"
        "5. Hearts, says North, and East plays a heart which North ruffs.\n"
        "6. East says he had no time to state his line of play.\n"
        "7. North enters the result and East accepts it.\n"
    )
    assert_no_law(segment_law(source_from_text(text, "en")))


def test_law_quoted_inside_a_sentence_and_inside_a_quoted_reply() -> None:
    # a mailing-list reply: the earlier post quotes the law inside its quoted reply ("> "), the poster
    # quotes another section inside a sentence of his own ('Law 70C reads: "…'), hard-wrapped
    text = (
        "[laws-list] trump outstanding\n\n"
        "On Mar 3, 2009, at 9:12 PM, Ann Smith wrote:\n\n"
        '> 2007 Law 70A: "In ruling on a contested claim or concession, the\n'
        "> Director adjudicates the result of the board as equitably as possible\n"
        '> to both sides."\n'
        ">\n"
        "> So the doubt goes against the claimer, I take it?\n\n"
        'Yes, and where a trump is out Law 70C reads: "When a trump remains in\n'
        "one of the opponents' hands, the Director shall award a trick or tricks\n"
        'to the opponents if" the three conditions hold. None of them is met here,\n'
        "so I would give declarer all the tricks.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert [ids[n] for n in (5, 6, 7)] == [("70A", "text")] * 3
    assert ids[9][1] == "debris"  # the rest of the quoted reply
    assert [ids[n] for n in (11, 12, 13)] == [("70C", "text")] * 3
    assert ids[14][1] == "debris"  # the poster's own words after the quote


# --- re-laid-out pages: double spacing, paragraphs broken at line ends, wrapped navigation ------

DOUBLE_SPACED_MAIL = """[BLML] Agreed claim withdrawn

Pat Doe pat at example.org

Law 69, Agreed Claim or Concession

A. When Agreement is Established

Agreement is established when a contestant assents to an opponent's claim

or concession, and raises no objection to it before his side makes a call on a

subsequent board or before the round ends, whichever occurs first. The

board is scored as though the tricks claimed or conceded had been won or

lost in play.

B. Director's Decision

Agreement with a claim or concession (see A) may be withdrawn within the

Correction Period established under Law 79C:

1. if a player agreed to the loss of a trick his side had, in fact, won; or

2. if a player has agreed to the loss of a trick that his side would likely have

won had the play continued.
"""


def test_double_spaced_hard_wrapped_text_is_unwrapped() -> None:
    ed = segment_law(source_from_text(DOUBLE_SPACED_MAIL, "en"))
    law = [u for u in ed.units if u.kind != "debris"]
    assert [u.id for u in law] == ["69.title", "69A.title", "69A", "69B.title", "69B", "69B1", "69B2"]
    a = next(u for u in law if u.id == "69A")
    assert (a.source.line_start, a.source.line_end) == (9, 17)


SENTENCES_ON_LINES = """LOI 70 - REVENDICATION OU CONCESSION CONTESTÉE
A. Objectif général
Suite à une revendication contestée, l'arbitre décide du résultat aussi équitablement que possible.
L'arbitre procède comme suit :
B. Répétition des explications
1. L'arbitre demande au joueur qui a revendiqué de répéter les explications qu'il a données.
2. Puis l'arbitre entend les objections des adversaires.
E. Ligne de jeu non formulée
1. L'arbitre n'acceptera aucune ligne de jeu non formulée dont le succès dépend d'une carte, à moins :
- que l'adversaire n'ait pas fourni dans cette couleur avant la revendication ou,
- que l'adversaire ne fournisse pas ultérieurement dans cette couleur sur une ligne de jeu normale.
2. L'organisme responsable peut établir un ordre de jeu.
"""


def test_paragraph_broken_at_line_ends_keeps_its_id() -> None:
    ed = segment_law(source_from_text(SENTENCES_ON_LINES, "fr"))
    law = [u for u in ed.units if u.kind != "debris"]
    ids = [u.id for u in law]
    assert ids == ["70.title", "70A.title", "70A", "70B.title", "70B1", "70B2", "70E.title", "70E1", "70E2"]
    a, e1 = law[2], law[7]
    assert (a.source.line_start, a.source.line_end) == (3, 4) and a.text.endswith("comme suit :")
    assert (e1.source.line_start, e1.source.line_end) == (9, 11) and "\n- que l'adversaire ne" in e1.text


def test_navigation_wrapped_over_lines_and_a_point_number_far_out_of_range() -> None:
    text = (
        "69. UZNANIE ROSZCZENIA ALBO ZRZECZENIA\n\n"
        "A. Kiedy zachodzi uznanie\n\n"
        "Uznanie zachodzi gdy gracz strony przeciwnej zgodzi się na\n"
        "roszczenie albo zrzeczenie dotyczące lew i nie wyrazi\n"
        "zastrzeżenia przed zgłoszeniem zapowiedzi własnej strony.\n\n"
        "B. Decyzja sędziego\n\n"
        "Uznanie roszczenia albo zrzeczenia dotyczącego lew może\n"
        "być wycofane przed upływem okresu reklamacyjnego:\n\n"
        "1. jeżeli gracz zgodził się na oddanie lewy, którą jego\n"
        "strona faktycznie wzięła, albo\n\n"
        "2. jeżeli gracz zgodził się na oddanie lewy, którą jego\n"
        "strona prawdopodobnie by wzięła, gdyby gra była\n"
        "kontynuowana.\n\n"
        "68. ROSZCZENIE ALBO ZRZECZENIE DOTYCZĄCE LEW  68. ROSZCZENIE\n"
        "ALBO ZRZECZENIE DOTYCZĄCE LEW top of page 70. ROZSTRZYGANIE\n"
        "SPORNEGO ROSZCZENIA LUB ZRZECZENIA\n"
    )
    ed = segment_law(source_from_text(text, "pl"))
    nav = ed.units[-1]
    assert nav.kind == "debris" and nav.reason == "navigation" and nav.source.line_start == 21
    assert [u.id for u in ed.units if u.kind != "debris"][-2:] == ["69B1", "69B2"]


def test_wrapped_labelled_line_is_not_a_heading() -> None:
    # the text prints no law heading and cites no Law 71: its file's name points at the law
    ids = _ids(segment_law(source_from_text(GREEK_LAW71, "el", path="law_71.txt")))
    assert [ids[k][0] for k in (1, 5, 6, 8, 12)] == ["71.intro", "71A", "71A", "71B", "71.wrap"]


def test_hard_wrapped_prose_introduction_of_a_quote() -> None:
    text = (
        "A declarer claimed with a trump still out, and the opponents called me.\n"
        "I think the relevant Law is no.70 - Contested Claim or\n"
        "Concession. Section C is titled 'There is an Outstanding\n"
        "Trump'. This states:\n\n"
        "When a trump remains in one of the opponents hands, the\n"
        "Director shall award a trick or tricks to the opponents if:\n\n"
        "I would rule one trick to the defenders here.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[2] == ("debris", "debris") and ids[6][0] == ids[7][0] == "70C" and ids[9][0] == "debris"


def test_wrapped_line_starting_with_a_cited_id_goes_on() -> None:
    text = (
        "ARTIKEL 68\n\nOpeisen en afstaan van slagen\n\n"
        "B. Omschrijving van afstaan van slagen\n\n"
        "2. Als een tegenspeler een of meer slagen wil afstaan en\n"
        "zijn partner maakt daartegen onmiddellijk bezwaar, dan zijn\n"
        "geen slagen afgestaan. Het spelen gaat verder. Geen enkele\n"
        "kaart die door een tegenspeler getoond werd, is een strafkaart maar artikel\n"
        "16C is van toepassing op de informatie die voortkomt uit het\n"
        "zichtbaar zijn van de kaart; deze informatie mag niet\n"
        "gebruikt worden door de partner van de tegenspeler.\n"
    )
    ed = segment_law(source_from_text(text, "nl"))
    b2 = next(u for u in ed.units if u.id == "68B2")
    assert (b2.source.line_start, b2.source.line_end) == (7, 13)


def test_menu_line_is_navigation() -> None:
    text = (
        "Laws of Duplicate Bridge › law_69\n"
        "Home | Laws | Search | Log in\n"
        "A. Agreement Established\n"
        "Agreement is established when a contestant assents to an opponent's claim or concession.\n"
        "B. Agreement Withdrawn\n"
        "Agreement with a claim or concession may be withdrawn within the Correction Period:\n"
        "1. if a player agreed to the loss of a trick his side had, in fact, won; or\n"
        "2. if a player agreed to the loss of a trick that his side would likely have won.\n"
    )
    ed = segment_law(source_from_text(text, "en", path="law_69.txt"))
    assert ed.units[1].kind == "debris" and ed.units[1].reason == "navigation"
    assert next(u.id for u in ed.units if u.kind != "debris") == "69A.title"


def test_section_labels_with_a_hyphen_and_an_editors_note_in_brackets() -> None:
    # a Spanish federation's book: "A.-" and "B.- " as section labels, and the federation's own note
    # in brackets inside the law
    text = (
        "Artículo 71.- Concesión anulada\n\n"
        "Una concesión se mantiene una vez hecha, salvo que dentro del periodo de corrección establecido "
        "en el Artículo 79C el Árbitro anulará la concesión:\n\n"
        "A.-Si un jugador concedió una baza que su bando ya había ganado; o\n\n"
        "B.- Si un jugador concedió una baza que no podía perderse con ningún juego normal* de las cartas "
        "restantes.\n\n"
        "(Nota de la AEB: el periodo de corrección termina treinta minutos después de publicarse los "
        "resultados).\n\n"
        "La mano se puntúa de nuevo adjudicando esa baza a su bando.\n"
    )
    ed = segment_law(source_from_text(text, "es"))
    ids = _ids(ed)
    assert ids[5] == ("71A", "text")
    assert ids[7] == ("71B", "text")
    assert ids[9][1] == "debris"  # the federation's note, not the law
    printed = {u.id: (u.label, u.inferred) for u in ed.units}
    assert printed["71A"] == ("A.-", False) and printed["71B"] == ("B.-", False)


def test_unlabelled_paragraphs_of_a_law_outside_the_skeleton_are_flagged() -> None:
    # Law 72 (outside 68-71) keeps the ids its labels give; the federation's bullets after the points
    # are placed by position only: flagged for review, never a confident id
    text = (
        "Artículo 72.- Principios generales\n\n"
        "B.- Infracciones del Reglamento\n\n"
        "1. Un jugador no debe infringir intencionadamente una norma del Reglamento.\n\n"
        "2. No existe obligación de llamar la atención sobre una infracción del propio bando.\n\n"
        "  • La AEB mantiene la obligación del uso del stop.\n"
    )
    ed = segment_law(source_from_text(text, "es"))
    by_line = {u.source.line_start: u for u in ed.units}
    assert by_line[5].id == "72B1" and by_line[5].confidence == 1.0
    assert by_line[9].confidence < 0.9 and by_line[9].inferred


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        (
            "69. UZNANIE ROSZCZENIA ALBO ZRZECZENIA A. Kiedy zachodzi uznanie Uznanie zachodzi, gdy gracz "
            "strony przeciwnej zgodzi się na roszczenie albo zrzeczenie i nie wyrazi zastrzeżenia przed "
            "następnym rozdaniem. B. Decyzja sędziego Uznanie roszczenia może być wycofane przed upływem "
            "okresu reklamacyjnego, ustalonego zgodnie z przepisem 79C: 1. jeżeli gracz zgodził się na "
            "oddanie lewy, którą jego strona faktycznie wzięła, albo 2. jeżeli gracz zgodził się na oddanie "
            "lewy, którą jego strona prawdopodobnie by wzięła, gdyby gra była kontynuowana.",
            "pl",
            ["69.title", "69A.title", "69A", "69B.title", "69B", "69B1", "69B2"],
        ),
        (
            "Νόμος 70 – Αμφισβητούμενη διεκδίκηση Α. Γενικός σκοπός Όταν κρίνει μια αμφισβητούμενη "
            "διεκδίκηση, ο Διαιτητής καθορίζει το αποτέλεσμα όσο το δυνατόν πιο δίκαια και για τους δύο "
            "άξονες. Β. Επανάληψη της δήλωσης 1. Ο Διαιτητής ζητά από τον διεκδικητή να επαναλάβει τη "
            "δήλωση που έκανε. 2. Στη συνέχεια ο Διαιτητής ακούει τις αντιρρήσεις των αντιπάλων. "
            "3. Ο Διαιτητής μπορεί να ζητήσει από τους παίκτες να βάλουν τα φύλλα τους ανοιχτά στο τραπέζι.",
            "el",
            ["70.title", "70A.title", "70A", "70B.title", "70B1", "70B2", "70B3"],
        ),
    ],
)
def test_run_in_law_with_a_bare_or_greek_heading(text: str, lang: str, expected: list[str]) -> None:
    ed = segment_law(source_from_text(text, lang))
    assert [u.id for u in ed.units if u.kind != "debris"] == expected


def test_quote_box_captioned_with_a_citation_and_the_footnote_quoted_with_it() -> None:
    # a forum reply on a page without blank lines: a quote box whose caption names the law instead
    # of a poster ("TFLB L70E1 said:"), the point quoted, the "normal" footnote right after it
    text = (
        "gnasher, on 2012-December-22, 16:31, said:\n"
        "(1) Yes, we give him nine tricks because it would be irrational not to finesse.\n"
        "TFLB L70E1 said:\n"
        "The Director shall not accept from claimer any unstated line of play the success of which "
        "depends upon finding one opponent rather than the other with a particular card.\n"
        "For the purposes of Laws 70 and 71, normal includes play that would be careless or inferior "
        "for the class of player involved\n"
        "IMO the heart king is a particular card, so the finesse is not allowed here.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[3][1] == "debris"
    assert ids[4] == ("70E1", "text")
    assert ids[5] == ("70.fn1", "footnote")
    assert ids[6][1] == "debris"


def test_commentary_after_a_quote_cut_from_a_quoted_reply_stays_commentary() -> None:
    # a quote cut out of a quoted reply two levels deep ('>> L70E.  "...'): the paragraphs after the
    # reply are the poster's own (cutting a block in two must not give two blocks one number)
    text = (
        "[BLML] L70E -- any line of play\n\n"
        "Robert Frick rfrick at example.org\nThu Mar 15 14:41:37 CET 2012\n\n"
        "On Thu, 15 Mar 2012 08:32:55 -0400, Thomas Dehn <blml at example.org> wrote:\n\n"
        "> Robert Frick <rfrick at example.org> wrote:\n"
        '>> L70E.  "...unless an opponent failed to follow to the suit of that card\n'
        ">> before the claim was made, or would subsequently fail to follow to that\n"
        '>> suit on any normal line of play."\n'
        ">> The problem is the middle conditional, which I would change.\n"
        "> I agree that the meaning is every line under consideration.\n\n"
        "Consider this example. Declarer claims, saying his hand is good. It is\n"
        "not. One rational line of play is to lead a heart.\n\n"
        "My guess is that every director will allow the finesse.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert {ids[n][0] for n in (9, 10, 11)} == {"70E1"}  # the 2007 words of E1, cited as its section
    assert {ids[n][1] for n in (12, 13, 15, 16, 18)} == {"debris"}


@pytest.mark.parametrize(
    ("citation", "title", "uid"),
    [
        ("Law 70C: There Is an Outstanding Trump", "70C.title", "70C"),
        ("Law 74B: Etiquette", "74B.title", "74B"),
        ("Law 70C - There Is an Outstanding Trump", "70C.title", "70C"),
        ("LAW 70C (There Is an Outstanding Trump)", "70C.title", "70C"),
        ("70C There Is an Outstanding Trump", "70C.title", "70C"),
        ("Νόμος 70Γ - Υπάρχει Ατού", "70C.title", "70C"),
    ],
)
def test_citation_line_naming_the_heading_above_a_quoted_paragraph(
    citation: str, title: str, uid: str
) -> None:
    # a club's advice quoting one section under a line that cites it and prints its heading; a law
    # outside the skeleton keeps the id it is cited as
    text = (
        "SCOTTISH CLUB\n\nAnother area where ill-feeling abounds:\n\n"
        f"{citation}\n\n"
        "As a matter of courtesy, a player should refrain from prolonging play unnecessarily for the "
        "purpose of disconcerting an opponent.\n\n"
        "In other words, do not play on when you have the rest of the tricks.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert ids[5] == (title, "title")
    assert ids[7] == (uid, "text")
    assert ids[9][1] == "debris"


def test_run_in_page_hard_wrapped_again_is_cut_at_its_labels() -> None:
    # a run-in law (a printed page's text layer on one line) wrapped at 60 columns afterwards: the
    # wrapped lines read as one line, cut at the same labels, each unit on its own lines
    import textwrap

    page = "\n".join(w for ln in RUN_IN_PAGE.split("\n") for w in (textwrap.wrap(ln, 60) or [""]))
    flat = [u for u in segment_law(source_from_text(RUN_IN_PAGE, "en")).units if u.kind != "debris"]
    ed = segment_law(source_from_text(page, "en"))
    law = [u for u in ed.units if u.kind != "debris"]
    assert [u.id for u in law] == [u.id for u in flat]
    assert law[4].id == "70C.title" and " ".join(law[4].text.split()) == "There Is an Outstanding Trump"
    assert all(a.source.line_end <= b.source.line_start for a, b in pairwise(law))


@pytest.mark.parametrize(("posted", "edition", "uid"), [("2007", "1997", "70E"), ("2012", "2007", "70E1")])
def test_a_quote_fitting_every_edition_is_read_in_the_edition_in_force_when_posted(
    posted: str, edition: str, uid: str
) -> None:
    # a page that only quotes fits every edition alike: the date of its mail header picks the edition
    # in force (1997's 70E is one paragraph; in 2007 the words are point E1, E having no text of its own)
    from lawalign.structure.segment import segment_best

    text = (
        f"[blml] normal lines\nJerry Smith jsmith at example.org\nThu Dec 20 20:35:39 CET {posted}\n\n"
        '> This is wrong. L70E: "The Director shall not accept from claimer any unstated\n'
        "> line of play the success of which depends upon finding one opponent rather than\n"
        '> the other with a particular card."\n\n'
        "Thanks for stating your position with such clarity.\n"
    )
    ed, choice = segment_best(source_from_text(text, "en"))
    assert choice.edition == edition
    assert {u.id for u in ed.units if u.kind != "debris"} == {uid}


def test_quote_box_caption_with_commas_and_a_marked_footnote_after_the_quote() -> None:
    # "TFLB, L70E1, said:" captions the quote; the footnote below it prints its "*" marker
    text = (
        "gnasher, on 2012-December-22, 16:31, said:\n"
        "Yes, we give him nine tricks because it would be irrational not to finesse.\n"
        "TFLB, L70E1, said:\n"
        "The Director shall not accept from claimer any unstated line of play the success of which "
        "depends upon finding one opponent rather than the other with a particular card, unless an "
        "opponent failed to follow on any normal* line of play.\n"
        '* For the purposes of Laws 70 and 71, "normal" includes play that would be careless or inferior '
        "for the class of player involved.\n"
        "IMO the heart king is a particular card, so the finesse is not allowed here.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert [ids[n] for n in (4, 5)] == [("70E1", "text"), ("70.fn1", "footnote")]
    assert ids[3][1] == ids[6][1] == "debris"


def test_points_after_a_section_quoted_under_its_heading_line_continue_it() -> None:
    text = (
        "My club had a ruling last week about a claim with a trump out.\n\n"
        "Law 70C - There Is an Outstanding Trump\n\n"
        "When a trump remains in one of the opponents' hands, the Director shall award a trick or "
        "tricks to the opponents if:\n\n"
        "1. claimer made no statement about that trump, and\n\n"
        "2. it is at all likely that claimer was unaware that a trump remained, and\n\n"
        "3. a trick could be lost to that trump by any normal* play.\n\n"
        "So the director gave the defence a trick, which seems right.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert [ids[n][0] for n in (3, 5, 7, 9, 11)] == ["70C.title", "70C", "70C1", "70C2", "70C3"]
    assert ids[1][1] == ids[13][1] == "debris"


def test_a_whole_law_quoted_after_a_line_citing_it_in_a_mail() -> None:
    # "Law 71 says:" after the mail header: the quote starts there (no greeting of the post); the law's
    # own text is its first paragraph, the numbered paragraphs after it the law's points (2007: 71.1)
    text = (
        "[blml] concession cancelled\n\nPat Doe pat at example.org\nMon Mar 2 10:11:12 CET 2009\n\n"
        "Law 71 says:\n\n"
        "A concession must stand, once made, except that within the correction period established "
        "under Law 79C the Director shall cancel a concession:\n\n"
        "1. if a player conceded a trick his side had, in fact, won; or\n\n"
        "2. if a player has conceded a trick that could not be lost by any normal* play of the "
        "remaining cards.\n\n"
        "So the trick goes back to declarer here.\n"
    )
    ids = _ids(segment_law(source_from_text(text, "en")))
    assert [ids[n][0] for n in (8, 10, 12)] == ["71.intro", "71.1", "71.2"]
    assert ids[6][1] == ids[14][1] == "debris"


@pytest.mark.parametrize(("laws", "commentary"), [({"70"}, True), ({"70", "3"}, False), (None, False)])
def test_a_two_level_number_is_another_books_unless_its_chapter_is_a_law_read(laws, commentary) -> None:
    from lawalign.ingest.profiles import load_profile
    from lawalign.structure.blocks import classify_blocks, split_blocks
    from lawalign.structure.debris import mark_debris

    text = "LAW 70\n\n" + LAW70_BODY + "\n\n3.1 Some other book explains the procedure at length.\n"
    profile = load_profile("en")
    blocks = mark_debris(
        classify_blocks(split_blocks(source_from_text(text, "en"), profile), profile), profile, laws
    )
    last = next(b for b in blocks if b.raw.startswith("3.1"))
    assert (last.reason == "commentary") is commentary
