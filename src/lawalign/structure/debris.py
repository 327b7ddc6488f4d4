"""Non-law text around and inside a published law: recognised by layout, recorded as debris.

Each rule marks blocks as debris with a reason (a marked copy in a new list: blocks are values) before ids
are decided; nothing is removed (a debris block becomes a debris unit with its location):

``mail-header``
    The header of a mailing-list post before the law: a subject line with a list tag ("[BLML] ..."),
    sender lines with an address ("name at host.org"), header fields ("From:"), a date with a time.
``quoted-reply``
    Lines of a reply quoting an earlier message ("> ...").
``commentary``
    A poster's own text after a quoted reply that follows the law text (the law was quoted first),
    and any paragraph written in the first or second person (the profile's ``commentary_words``:
    "I think …", "you are …"), which the Laws never are; and a paragraph numbered by another book
    ("8.68.1 …") with what follows it up to the next law heading or section label.
``signature``
    From a signature rule ("-- ") or a disclaimer line (the profile's ``signature`` patterns) to the
    end of the text or the next law heading.
``navigation``
    A table of contents (headings of laws and sections, most lines ending in a page number, no
    paragraph of text), or a line holding page navigation: arrows between law numbers
    ("← 67 → 69") or the headings of two other laws ("68. ROSZCZENIE ... top of page 70. ...").

The rules look at layout and at marks that hold in any language; words of one language (disclaimer
openings) come from the language profile.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import replace
from functools import cache
from itertools import pairwise

from lawalign.ingest.profiles import Profile
from lawalign.models import law_of
from lawalign.structure.blocks import Block, marked_debris
from lawalign.structure.patterns import (
    CITATION_LABEL,
    CJK_LAW,
    CLOCK_TIME,
    MAIL_ADDRESS,
    MAIL_FIELD,
    MAIL_TAG,
    NAV_ARROWS,
    NAV_HEADING,
    QUOTED,
    SIGNATURE_RULE,
)
from lawalign.structure.refs import find_refs
from lawalign.tuning import tuned_float, tuned_int

# Generic openings of an e-mail disclaimer or signature, in the languages of the bundled profiles'
# mailing lists; a profile adds its own (``signature``).
SIGNATURE_START = (
    r"^(?:Important Notice|IMPORTANT|Disclaimer|DISCLAIMER|Confidentiality|CONFIDENTIAL)\b",
    r"^This (?:e-?mail|message)\b.*\b(?:confidential|intended|privileged)",
    r"^Sent from my\b",
    r"^-{2,}\s*(?:Original Message|Ursprüngliche Nachricht|Wiadomość oryginalna)\s*-{2,}$",
)


# A heading line of a table of contents ends in its page number: "D. Eiser stelt andere speelwijze voor 86"
# (a letter somewhere before it). Found from the end, then a letter looked for before it: one pass per
# line, where a single pattern "letter, anything, number" backtracks over every long line.
PAGE_NUMBER_END = re.compile(r"\s\d{1,4}$")
LETTER = re.compile(r"[^\W\d_]")
MIN_TOC_LINES = tuned_int("structure.debris", "min_toc_lines")
# A mail header shows itself in two lines at least (sender and date, or header fields).
MIN_MAIL_LINES = tuned_int("structure.debris", "min_mail_lines")
# An extract's introduction opens with its citation: it starts within this many characters.
MAX_CITATION_START = tuned_int("structure.debris", "max_citation_start")
# A range of law numbers: "53--71", "68–71".
LAW_RANGE = re.compile(r"(?<![\d.])\d{1,2}\s?(?:-{1,2}|–|—)\s?\d{1,2}(?![\d.])")
# Numbers of three levels or more are no label of the Laws: "8.68.1", "3.2.1".
# Two levels ("2.1 Optællingsrækkefølge …") too, under a chapter number that is no law of the skeletons
# the text is read against (:func:`_other_numbering`).
OTHER_NUMBERING = re.compile(r"^(\d{1,3})(?:\.\d{1,3}){2,}\.?\s|^(\d{1,2})\.\d{1,2}\.?\s+[^\W\d_]")
# A paragraph in the first or second person has a few words at least.
MIN_COMMENTARY_WORDS = tuned_int("structure.debris", "min_commentary_words")
# A navigation line with arrows or breadcrumbs is short.
MAX_NAV_CHARS = tuned_int("structure.debris", "max_nav_chars")
# A menu line: at least this many entries of at most this many words.
MIN_MENU_ITEMS = tuned_int("structure.debris", "min_menu_items")
MAX_MENU_WORDS = tuned_int("structure.debris", "max_menu_words")


# A paragraph wholly in round brackets that opens with a few words and a colon: an editor's note.
EDITOR_NOTE = re.compile(r"^\(\s*[^\W\d_][^():\n]{0,40}:\s[^()]*\)\.?$")


@cache
def _commentary_words(words: tuple[str, ...]) -> re.Pattern[str] | None:
    """Whole-word, case-sensitive matcher of a profile's ``commentary_words`` (None: no words).

    >>> _commentary_words(("I", "j’")).findall("I think j’ai raison; In 1997")
    ['I', 'j’']
    """
    if not words:
        return None
    alternatives = "|".join(
        re.escape(w) + ("" if not w[-1].isalnum() else r"(?!\w)")
        for w in sorted(words, key=len, reverse=True)
    )
    return re.compile(rf"(?<!\w)(?:{alternatives})")


def _other_numbering(blocks: list[Block], laws: Collection[str] | None) -> list[Block]:
    """A paragraph numbered by another book ("8.68.1 Play ceases after a claim", a commentary's
    three-level numbers, "2.1 …" under a chapter 2 that is none of ``laws``) opens that book's text:
    it and what follows, up to the next law heading or printed section label, are commentary."""

    def other(raw: str) -> re.Match[str] | None:
        m = OTHER_NUMBERING.match(raw)
        return m if m and (m[1] or (laws is not None and m[2] not in laws)) else None

    # the chapters of that numbering ("1. Indledning" above "1.1 Normalt spil") belong to it too
    chapters = {m[1] or m[2] for b in blocks if (m := other(b.raw))}
    inside = False
    out: list[Block] = []
    for b in blocks:
        chapter = re.match(r"(\d{1,2})[.)]\s", b.raw) if b.kind == "heading" else None
        if other(b.raw) or (chapter and chapter[1] in chapters):
            inside = True
        elif b.kind == "law" or (b.printed_letter and b.kind != "debris"):
            inside = False
        out.append(marked_debris(b, "commentary") if inside and b.kind != "debris" else b)
    return out


def _extract_intros(blocks: list[Block], profile: Profile) -> list[Block]:
    """A line that opens with a citation and ends in a colon, right before a law or section heading,
    introduces another extract ("Law 70.A. should also be consulted:" above "A. General Objective"): it is
    commentary, and the extract after it is read as a new extract of the cited law
    (:attr:`Block.extract`). A line before numbered points is the law's own chapeau ("… under Law
    79C:" above "1. …") and stays."""
    live = [b for b in blocks if b.kind != "debris"]
    intros: dict[int, Block] = {}
    for b, nxt in pairwise(live):
        text = b.raw.strip()
        if b.kind != "text" or b.letter or "\n" in text or not re.search(r":\s*[\"“„«]?$", text):
            continue
        if not (nxt.kind == "law" or (nxt.letter and nxt.kind in ("heading", "text"))):
            continue
        refs = [r for r in find_refs(text, profile.lang, profile=profile) if r.kind == "external"]
        # the citation opens the line ("Law 70.A. should …"); the law's own chapeaux cite mid-sentence
        if refs and refs[0].start <= MAX_CITATION_START:
            intros[b.index] = replace(marked_debris(b, "commentary"), extract=law_of(refs[0].target))
    return [intros.get(b.index, b) for b in blocks] if intros else blocks


def _names_laws(text: str, profile: Profile) -> bool:
    """A line that cites a law by number or names a range of laws ("Artikelengroep 53--71").

    >>> from lawalign.ingest.profiles import load_profile
    >>> nl = load_profile("nl")
    >>> _names_laws("Opmerking 1 algemeen Artikel 70", nl), _names_laws("Home Artikelengroep 53--71", nl)
    (True, True)
    >>> _names_laws("Claim Defined", load_profile("en"))
    False
    """
    if LAW_RANGE.search(text):
        return True
    return any(r.kind == "external" for r in find_refs(text, profile.lang, profile=profile))


def _no_word(text: str) -> bool:
    """A short line that holds no word of three letters or more, and no number.

    >>> _no_word("А-П"), _no_word("A  B  C  D"), _no_word("Claim Defined"), _no_word("第71条")
    (True, True, False, False)
    """
    t = text.strip()
    return 0 < len(t) <= MAX_NAV_CHARS and not re.search(r"[^\W\d_]{3}|\d", t) and not _cjk(t)


def _menu(text: str) -> bool:
    """A line of menu entries: three or more short items between bars or dots.

    >>> _menu("Home | Laws | Search | Log in"), _menu("Start · Regler · Kontakt"), _menu("A | B")
    (True, True, False)
    >>> _menu("if a player agreed to the loss of a trick | his side had, in fact, won; or | x")
    False
    """
    t = text.strip()
    if "\n" in t or len(t) > MAX_NAV_CHARS:
        return False
    items = [i.strip() for i in re.split(r"\s[|·•]\s", t)]
    return len(items) >= MIN_MENU_ITEMS and all(0 < len(i.split()) <= MAX_MENU_WORDS for i in items)


def _cjk(text: str) -> bool:
    return any("\u3040" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af" for c in text)


def _is_mail_line(line: str) -> bool:
    line = line.strip()
    return bool(
        MAIL_FIELD.match(line)
        or MAIL_TAG.match(line)
        or (MAIL_ADDRESS.search(line) and len(line.split()) <= MAX_MAIL_LINE_WORDS)
        or (
            CLOCK_TIME.search(line)
            and re.search(r"\b(?:19|20)\d\d\b", line)
            and len(line.split()) <= MAX_MAIL_LINE_WORDS
        )
    )


def is_navigation(text: str) -> bool:
    """A line of page navigation: arrows between law numbers, or headings of two different laws.

    >>> is_navigation("strona tytułowa spis treści ← 67 → 69 EN: Law 68")
    True
    >>> is_navigation("68. ROSZCZENIE ALBO ZRZECZENIE  top of page 70. ROZSTRZYGANIE SPORNEGO")
    True
    >>> is_navigation("< § 67   § 69 >")
    True
    >>> is_navigation("1. if a player agreed to the loss of a trick his side had, in fact, won; or")
    False

    Wrapped over a few lines it is navigation only when the laws' headings are printed in capitals
    (a paragraph may well cite "Law 68. The …" and "Law 70. Then …"):

    >>> is_navigation("68. ROSZCZENIE ALBO  68. ROSZCZENIE\\nALBO ZRZECZENIE top of page 70. ROZSTRZYGANIE")
    True
    >>> is_navigation("The Director rules under Law 68. The claim is\\nvoid, see Law 70. The board is …")
    False
    """
    if "\n" in text.strip():
        flat = " ".join(text.split())
        capitals = {m["num"] for m in NAV_HEADING.finditer(flat) if _capitals(flat[m.end("num") + 1 :])}
        return len(flat) <= 2 * MAX_NAV_CHARS and len(capitals) >= 2
    numbers = {m["num"] for m in NAV_HEADING.finditer(text)}
    cjk = {m["num"] for m in CJK_LAW.finditer(text)}
    if len(numbers) >= 2 or (len(cjk) >= 2 and len(text) <= MAX_NAV_CHARS and not re.search(r"[。.]$", text)):
        return True
    if len(text) > MAX_NAV_CHARS:
        return False
    digits = re.findall(r"\d{1,3}", text)
    if len(set(digits)) >= 2 and not re.search(r"[^\W\d_]{3}", text):
        return True  # "< § 67   § 69 >", "67 | 69": law numbers and marks, no word
    return bool(NAV_ARROWS.search(text)) and len(digits) >= 1


def _capitals(text: str) -> bool:
    """The first words of ``text`` are in capitals: a heading printed in capitals ("ROSZCZENIE ALBO")."""
    words = text.split()[:2]
    return bool(words) and len(words[0]) >= MIN_CAPITAL_WORD_CHARS and all(w.isupper() for w in words)


def _is_quote(b: Block) -> bool:
    return all(QUOTED.match(ln) for ln in b.raw.split("\n"))


def _mark_attributions(blocks: list[Block]) -> list[Block]:
    """The line introducing a quoted reply ("On 3 March, Pierre wrote:") belongs to the quote."""
    out = list(blocks)
    for k, (b, after) in enumerate(pairwise(blocks)):
        one_line = "\n" not in b.raw.strip()
        if b.kind != "debris" and one_line and b.raw.rstrip().endswith(":") and _is_quote(after):
            out[k] = marked_debris(b, "quoted-reply")
    return out


def _table_of_contents(blocks: list[Block]) -> bool:
    """Headings with page numbers and no paragraph of text: "B. Instemming ... herzien 85"."""
    lines = [ln for b in blocks if b.kind != "debris" for ln in b.raw.split("\n") if ln.strip()]
    numbered = [ln for ln in lines if _ends_in_page_number(ln)]
    prose = [b for b in blocks if b.kind in ("text", "point") and b.sentences >= 2]
    return len(numbered) >= MIN_TOC_LINES and len(numbered) >= MIN_TOC_SHARE * len(lines) and not prose


def _ends_in_page_number(line: str) -> bool:
    """A line with a letter that ends in a page number (one number: a row of numbers is a table's).

    >>> _ends_in_page_number("D. Eiser stelt andere speelwijze voor 86"), _ends_in_page_number("70 86")
    (True, False)
    >>> _ends_in_page_number("North 1 5 9 13")  # a board's hands
    False
    """
    m = PAGE_NUMBER_END.search(line)
    if m is None or LETTER.search(line, 0, m.start()) is None:
        return False
    return not re.search(r"\d\s*$", line[: m.start()])


# A line introducing a quote of the law is short: a citation and a verb ("Law 71 says:").
MAX_INTRO_LINE = tuned_int("structure.debris", "max_intro_line")
MAX_MAIL_LINE_WORDS = tuned_int("structure.debris", "max_mail_line_words")
MIN_CAPITAL_WORD_CHARS = tuned_int("structure.debris", "min_capital_word_chars")
MIN_TOC_SHARE = tuned_float("structure.debris", "min_toc_share")
MAX_LEAD_CHARS = tuned_int("structure.debris", "max_lead_chars")


def _introduces_quote(b: Block, profile: Profile) -> bool:
    """A short line citing a law and ending in a colon ("Law 71 says:", "§ 70C lyder:"): the law quoted
    after it starts there, it is no greeting or lead-in of the post."""
    from lawalign.structure.refs import find_refs

    text = b.raw.strip()
    return (
        "\n" not in text
        and len(text) <= MAX_INTRO_LINE
        and text.endswith(":")
        and any(r.kind == "external" for r in find_refs(text, profile.lang, profile=profile))
    )


def mark_debris(blocks: Sequence[Block], profile: Profile, laws: Collection[str] | None) -> list[Block]:
    """The blocks with mail headers, quoted replies, commentary, signatures and navigation marked as
    debris.

    ``laws`` are the laws the text may be read as (of the skeletons it is read against): "70.1 …"
    may be their text, "2.1 …" is another book's numbering; None: any law (a text read by its printed
    labels alone)."""
    out = list(blocks)
    if _table_of_contents(out):
        return [marked_debris(b, "navigation") if b.kind != "debris" else b for b in out]
    signature = [re.compile(p) for p in (*SIGNATURE_START, *profile.signature)]
    # Mail header: the run of blocks before the first law heading or structural block, if any of it
    # carries header evidence.
    lead = 0
    for b in out:
        if (
            b.kind in ("law", "point", "footnote")
            or b.letter
            or len(b.raw) > MAX_LEAD_CHARS
            or CITATION_LABEL.match(b.raw)
            or _introduces_quote(b, profile)
        ):
            break
        lead += 1
    mail = [i for i, b in enumerate(out[:lead]) if any(_is_mail_line(ln) for ln in b.raw.split("\n"))]
    mail_lines = sum(1 for b in out[:lead] for ln in b.raw.split("\n") if _is_mail_line(ln))
    if mail_lines >= MIN_MAIL_LINES:
        for k in range(mail[-1] + 1):
            out[k] = marked_debris(out[k], "mail-header")
        for k in range(mail[-1] + 1, lead):  # the poster's greeting and lead-in before the law
            out[k] = marked_debris(out[k], "quoted-reply" if _is_quote(out[k]) else "commentary")
    out = _other_numbering(_mark_attributions(out), laws)
    for k, b in enumerate(out):
        # "А-П", "A-Z", "| |": a short line without a word, an index or a menu of letters
        if b.kind in ("heading", "text") and not b.label and (_no_word(b.raw) or _menu(b.raw)):
            out[k] = marked_debris(b, "navigation")
        # "(Nota de la AEB: …)", "(Note: …)": a paragraph wholly in brackets that opens with a few words
        # and a colon is an editor's or a federation's note inside the law, not the law's text
        elif b.kind in ("heading", "text") and not b.label and EDITOR_NOTE.match(b.raw.strip()):
            out[k] = marked_debris(b, "commentary")
        # "Opmerking 1 algemeen Artikel 70", "Home Artikelengroep 53--71": a heading line that names
        # laws is a link or a menu entry; the Laws' section headings never cite a law
        elif b.kind == "heading" and not (b.letter or b.number) and _names_laws(b.raw, profile):
            out[k] = marked_debris(b, "navigation")
    for k, b in enumerate(out):
        # a post's header anywhere on a forum page: "Posted 2014-September-03, 15:25",
        # "barmar, on 2014-September-03, 09:23, said:"
        if b.kind != "debris" and all(_is_mail_line(ln) for ln in b.raw.split("\n") if ln.strip()):
            out[k] = marked_debris(b, "mail-header")

    law_seen = False
    after_quote = False
    in_signature = False
    for k, b in enumerate(out):
        if b.kind == "law" and is_navigation(b.raw):
            # "68. … top of page 70. …": two laws' headings on one line
            out[k] = marked_debris(b, "navigation")
            continue
        if b.kind == "law":
            law_seen, after_quote, in_signature = True, False, False
            continue
        if b.kind == "debris":
            continue
        first = b.raw.lstrip().split("\n", 1)[0]
        if in_signature or SIGNATURE_RULE.match(first) or any(p.match(first) for p in signature):
            in_signature = True
            out[k] = marked_debris(b, "signature")
        elif _is_quote(b):
            out[k] = marked_debris(b, "quoted-reply")
            after_quote = law_seen or after_quote
        elif after_quote:
            out[k] = marked_debris(b, "commentary")
        elif b.kind in ("text", "heading", "point") and is_navigation(b.raw):
            out[k] = marked_debris(b, "navigation")
        elif b.kind in ("text", "point", "heading") or b.letter:
            law_seen = True
    out = _extract_intros(out, profile)
    if words := _commentary_words(profile.commentary_words):
        for k, b in enumerate(out):
            # "I think the relevant Law is 70", "you are perfectly correct": the author's own text
            prose = len(b.raw.split()) >= MIN_COMMENTARY_WORDS  # not "П-Я", an index of letters
            if b.kind in ("text", "point", "heading") and prose and words.search(b.raw):
                out[k] = marked_debris(b, "commentary")
    return out
