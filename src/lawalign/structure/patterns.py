"""Every regular expression of the structure stage, built from a language profile.

Each pattern is compiled with ``re.X`` and commented with an example of what it matches. Patterns
match the *start* of a block (a paragraph); in-text footnote markers are found anywhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from lawalign.ingest.letters import LETTERS, char_class
from lawalign.ingest.profiles import Profile

# Letter classes (data/letters/letters.toml): a heading's letters, Latin and Cyrillic (look-alikes and
# the first letters of the Cyrillic alphabet), the alphabets read by their place, a reference's and a
# sub-point's letters.
_HEAD = LETTERS.heading
HEADING_LETTERS = LETTERS.printed_heading
_BY_PLACE = char_class(LETTERS.greek_by_place, LETTERS.hebrew_by_place)
_REF = LETTERS.reference
_SUB = LETTERS.subpoint

# A separator rule: "--------------------------------", "_____", "* * *"; and a line holding only a
# dash or a bullet, a list item without text (a page whose items each start with "- " and whose blank
# lines kept their dash): it holds no text, and glued to the line above it ("2. During the Play
# Period" / "-") it made a heading read as a paragraph.
SEPARATOR = re.compile(r"^\s*(?:[-_=~–—·•]\s*){3,}$|^\s*(?:\*\s*){3,}$|^\s*[-–—·•]\s*$", re.X)

# A printer's slug line of a page laid out for print, left in its text layer: the layout file's name,
# then maybe its page number, date and time ("aug.indd", "Laws2017.indd 53 8/1/13 10:15 AM").
PRINT_SLUG = re.compile(
    r"""^\S+\.(?:indd|indb|qxd|qxp|pmd|p65|sla|fm|book)
        (?:\s+\d{1,4})?(?:\s+\d{1,2}[./-]\d{1,2}[./-]\d{2,4})?(?:\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AP]M)?)?$""",
    re.X | re.I,
)

# A numbered point: "1. Mọi tuyên bố ...", "2) ...", full-width "1．牌手…", "1、…" (no space after
# a full-width mark), "1 - Qualquer declaração …" (a dash between spaces, a word after it: "2 - 3" is
# a score); its label may print the whole id, law and section before the number ("68B1. Any statement
# …": the number is the point's, its place in the outline gives the rest).
POINT = re.compile(
    rf"""^(?P<label>(?:\d{{1,2}}[{_HEAD}])?(?P<num>\d{{1,2}})
          (?:[.)](?=\s)|[．）、]|\s[-–—](?=\s+[^\W\d_])))\s*(?P<rest>\S.*)$""",
    re.X | re.S,
)

# A lettered sub-point of a point, the letter in brackets or before a full stop or bracket: "(a) the
# play continues …", "(b) …", "b. Cada pareja …", "b) Wiederholte Verstöße …" (a sub-point only after
# a point or another sub-point, structure/segment.py).
# Full-width brackets as Chinese and Japanese books print them: "（a）…", no space needed after "）".
SUBPOINT = re.compile(
    rf"""^(?P<label>[(（](?P<letter>[{_SUB}])[)）]|(?P<bare>[{_SUB}])[.)])
        (?:\s+|(?<=）)(?![\s）]))(?P<rest>\S.*)$""",
    re.X | re.S,
)

# A section label: "A. Определение претензии", "C. Sự giải thích ...", Cyrillic "С. ..." too, and
# Greek capitals "Α. Ένας παίκτης ...", "Γ. ..." (read by their place in the alphabet: Γ is C).
# Hebrew letters "א." "ב." likewise (א is A, ב is B).
# A label glued to its heading by text extraction ("C.Пояснение, требующееся …") counts too when a
# capitalised word follows (an initial "C.S." does not); so does a full stop and a hyphen before a
# capitalised word, as Spanish and Portuguese books print them ("A.-Observancia …", "B.- Infracciones"),
# and a dash between spaces before a capitalised word ("A - Definição de reclamação"; "E - W" is no
# label: a capital and a lowercase letter must follow).
# Chinese and Japanese books close the label with a full-width mark and no space ("A．クレームの定義",
# "B、…"; full-width letters are read folded, ingest.normalize.fold_width): a letter or digit after
# the mark is no text ("A、K、Q" lists honours).
SECTION = re.compile(
    rf"""^(?P<label>(?P<letter>[{HEADING_LETTERS}{_BY_PLACE}])
          (?:[.)]|\.\s?-(?=\s?[A-ZÀ-ÞА-ЯЁΑ-Ω])|[．）、](?![\sA-Za-z0-9])
            |\s[-–—](?=\s+[A-ZÀ-ÞА-ЯЁΑ-Ω][a-zß-ÿа-яёα-ω])))
        (?:\s+|(?=[A-ZÀ-ÞА-ЯЁΑ-Ω][a-zß-ÿа-яёα-ω])|(?<=[．）、]))(?P<rest>\S.*)$""",
    re.X | re.S,
)

# Greek and Hebrew letters as section letters, by their place in the alphabet ("Γ." is section C).
GREEK_SECTION_LETTERS = LETTERS.by_place

# A law number written in digits or in Chinese numerals ("六十八", "十六": :func:`cjk_law_number`).
CJK_NUM = r"\d{1,3}|[一二两三四五六七八九十百零〇]{1,6}"
# A law heading of Chinese, Japanese or Korean: "第71条　承让的取消", "第71條", "제71조", "第十六条".
CJK_LAW_HEADING = re.compile(
    rf"^(?P<label>(?:第|제)\s*(?P<num>{CJK_NUM})\s*(?:条|條|조))\s*(?P<rest>.*)$", re.X | re.S
)
# Two or more CJK law numbers on one short line: "上一条：第70条　　下一条：第72条".
CJK_LAW = re.compile(rf"(?:第|제)\s*(?P<num>{CJK_NUM})\s*(?:条|條|조)")

_CJK_DIGITS = dict(zip("零〇一二两三四五六七八九", (0, 0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9), strict=True))


def cjk_law_number(num: str) -> str:
    """A law number of :data:`CJK_LAW_HEADING` in decimal digits: Chinese numerals read as numbers
    ("十" is ten, "六十八" sixty-eight, "一百零五" a hundred and five), digits as they are.

    >>> [cjk_law_number(n) for n in ("68", "十", "十六", "六十八", "九十三", "一百零五")]
    ['68', '10', '16', '68', '93', '105']
    """
    if num.isdigit():
        return num
    total = current = 0
    for ch in num:
        if ch == "十":
            total, current = total + (current or 1) * 10, 0
        elif ch == "百":
            total, current = total + (current or 1) * 100, 0
        else:
            current = _CJK_DIGITS[ch]
    return str(total + current)


# A bulleted heading without a letter: "- Talebin Tanımı", "• Claim Defined".
BULLET = re.compile(r"^(?P<label>[-–—•▪·])\s*(?P<rest>\S.*)$", re.X | re.S)
# A dash or bullet starting a line, with a space after it: "- In ruling on a contested claim, …".
BULLET_LINE = re.compile(r"^[-–—•▪·]\s+(?=\S)")

# In-text footnote markers: "текущей <*>.", "bình thường* nào", "gerekir[1].", "play¹", and the
# forms text extraction leaves of a wiki's or a book's footnote numbers: "κανονικό1)", "normal2)",
# "normale 1) voortzetting", "normale44 delle" (a book-wide number glued to a lowercase word).
IN_TEXT_MARKER = re.compile(
    r"""<\*>                                   # <*>
      | \[\d{1,2}\]                            # [1]
      | (?<=[^\s*\d(\[])\*(?!\*)               # a lone * glued to the word before it
      | (?<=\w)[¹²³⁴⁵⁶⁷⁸⁹]                      # superscript digits
      | (?<=[^\W\d_])\d{1,2}\)                   # "κανονικό1)": number and ")" glued to a word
      | (?<=[^\W\d_]\ )\d\)(?=\s)              # "normale 1) voortzetting": a lone "1)" after a word
      | (?<=[^\W\d_A-Z]{3})\d{1,3}(?=[\s,.;:])   # "normale44 delle": digits glued to a lowercase word
    """,
    re.X,
)

# A law heading printed as a bare number and a title in capitals: "69. UZNANIE ROSZCZENIA ...",
# "68 CLAIM OR CONCESSION". The first word of the title is in capitals (3+ letters), which a
# numbered point ("1. if a player ...") never is.
BARE_LAW_HEADING = re.compile(
    r"""^(?P<label>(?P<num>\d{1,2})(?:\.|(?=\s)))\s*
        (?P<rest>(?P<first>[^\W\d_]{3,})(?:[\s,.:;\-–—].*)?)$""",
    re.X | re.S,
)

# Any capitalised word (or "§") followed by a number, for languages without a profile keyword:
# "Lei 68 - ...", "Zákon 68.", "§ 70.". Only a law heading when the rest reads as a title.
GENERIC_LAW_HEADING = re.compile(
    r"""^(?P<label>(?P<kw>§|[^\W\d_a-z][^\W\d_]{1,15}\.?)\s*(?P<num>\d{1,3})(?![\w])\s*[.:,\-–—]?)
        \s*(?P<rest>.*)$""",
    re.X | re.S,
)

# A citation label glued in front of quoted law text: 'Law 68A: "…', "§ 68A: …", "Pravidlo 69A: …",
# 'Law 68B (Concession Defined): …', "L68A Any statement …", "70D1 The Director …" (structure/quotes.py).
CITATION_LABEL = re.compile(
    rf"""^(?P<label>
          (?:(?:[^\W\d_]{{2,12}}\.?|§)\s*(?P<id>\d{{1,2}}[{_REF}]?\d?)(?:\s*\([^)]{{0,60}}\))?\s*:
            | [A-Z]{{0,2}}(?P<gid>\d{{1,2}}[{_REF}]\d?)(?=\s+[^\W\d_]))
        )\s*""",
    re.X,
)

# A section heading that prints its law's number too: "70 C. There Is an Outstanding Trump", "68B. …",
# "Law 70 B. Clarification Statement Repeated", "Law 68A – Claim Defined" (a dash after the letter,
# when a keyword or "§" leads: "68A - …" alone may be a score; "Law 68A:" cites a quote).
LAW_SECTION_HEADING = re.compile(
    rf"""^(?P<label>(?:(?P<kw>[^\W\d_]{{2,12}}\.?|§)\s?)?(?P<num>\d{{1,2}})\s?(?P<letter>[{_HEAD}])
          (?:\.|(?(kw)\s*[-–—]|(?!x)x)))
        \s+(?P<rest>\S.*)$""",
    re.X | re.S,
)

# Quoted reply lines of an e-mail: "> text", ">> text".
QUOTED = re.compile(r"^\s*(?:>|&gt;)")

# E-mail header evidence: an address ("name@host.org", "name at host.org"), a header field
# ("From:", "Subject:"), a mailing-list subject tag ("[BLML] ..."), a date with a clock time.
MAIL_ADDRESS = re.compile(r"[\w.+-]+(?:@|\s+at\s+)[\w-]+(?:\.[\w-]+)+")
MAIL_FIELD = re.compile(r"^(?:From|To|Cc|Subject|Date|Sent|Reply-To|Message-ID|In-Reply-To)\s*:", re.I)
MAIL_TAG = re.compile(r"^\[[\w .-]{2,30}\]\s+\S")
CLOCK_TIME = re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\b")

# A signature separator: "-- " on its own line, or a rule of underscores.
SIGNATURE_RULE = re.compile(r"^(?:--\s*|_{5,})$")

# Page navigation: arrows between law numbers ("← 67 → 69"), or two law headings on one line
# ("68. ROSZCZENIE ...  top of page 70. ROZSTRZYGANIE ...").
# Breadcrumbs: "首页 > 竞赛规则 > 第71条", "Home › Laws › Law 69". Guillemets are quotation marks in
# many languages, so "«" alone is no navigation.
NAV_ARROWS = re.compile(
    r"[←→‹›⇐⇒◄►]|<<|>>|\|\s*\d{1,3}\s*\||\s>\s.*\s>\s|«\s*\S+\s*\||\s\|\s.*\s\|\s"  # menus "a | b | c"
)
NAV_HEADING = re.compile(r"(?:^|\s|[a-z])(?P<num>\d{1,2})\.\s+[^\W\d_a-z]{3,}")

# Sentence ends, to count sentences roughly: ". " followed by a capital or quote, or end of text.
SENTENCE_END = re.compile(r"[.!?…](?:[\"”»)]*)(?=\s+[\"“«(]?[A-ZÀ-ỸА-ЯЁÇĞİÖŞÜĐ]|\s*$)|[。！？]", re.X)


@dataclass(frozen=True, slots=True)
class ProfilePatterns:
    """Patterns that depend on the language: law headings, footnote lines, known debris."""

    law_heading: re.Pattern[str]
    footnote: re.Pattern[str]
    debris: tuple[re.Pattern[str], ...]
    abbreviations: tuple[str, ...]


def _marker_alternatives(markers: tuple[str, ...]) -> str:
    parts = []
    for m in markers:
        if m in ("[1]",):
            parts.append(r"\[\d{1,2}\]")
        elif m in ("(1)",):
            parts.append(r"\(\d{1,2}\)")
        elif m == "¹":
            parts.append(r"[¹²³⁴⁵⁶⁷⁸⁹]")
        elif m == "*":
            parts.append(r"\*(?!\*)")
        else:
            parts.append(re.escape(m))
    # longest first so "<*>" wins over "*"
    return "|".join(sorted(set(parts), key=len, reverse=True))


# The law keyword of the Laws' original, English: pages in every language quote it ("LAW 16 -
# UNAUTHORISED INFORMATION" above its translation), so every profile's law heading reads it too.
ORIGINAL_LAW_KEYWORDS = ("Law",)


@cache
def patterns_for(profile: Profile) -> ProfilePatterns:
    words = {*profile.law_keywords, *ORIGINAL_LAW_KEYWORDS}
    keywords = "|".join(sorted((re.escape(k) for k in words), key=lambda k: (-len(k), k)))
    # A law heading: "ĐIỀU 68. YÊU SÁCH ...", "ПРАВИЛО 68. ПРЕТЕНЗИЯ ...", "LAW 68 - CLAIM ...".
    # "§ 70." / "§70." / "Art. 71 –" / "Law 69, Agreed ...": a keyword ending in a mark may be glued.
    # "LAW 17DURATION OF THE AUCTION": a title in capitals glued to the number by text extraction
    # (a word of four letters or more; blocks.py keeps it only when that word is in capitals).
    law_heading = re.compile(
        rf"""^(?P<label>(?P<kw>{keywords})(?:\s+|(?<=[^\w\s])\s*)(?P<num>\d{{1,3}})(?:(?![\w])|(?=[^\W\d_]{{4}}))
             \s*[.:,\-–—]?)\s*(?P<rest>.*)$""",
        re.X | re.S | re.I,
    )
    # A footnote line: "* Nếu ...", "<*> Если ...", "[1] Eğer ...".
    footnote = re.compile(
        rf"^(?P<label>(?P<marker>{_marker_alternatives(profile.footnote_markers)}))\s*(?P<rest>\S.*)$",
        re.X | re.S,
    )
    debris = tuple(re.compile(p, re.I) for p in profile.debris)
    return ProfilePatterns(law_heading, footnote, debris, profile.abbreviations)


def count_sentences(text: str) -> int:
    """A rough sentence count used as structural evidence (not for alignment).

    >>> count_sentences("One. Two (see Law 54). Three")
    3
    """
    n = len(SENTENCE_END.findall(text))
    if text.strip() and not re.search(r"[.!?…。！？][\"”»)]*\s*$", text):
        n += 1
    return max(n, 1) if text.strip() else 0
