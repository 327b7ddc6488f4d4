"""Cross-references: find "Law 16D", "Правило 70D3", "mục 1 ở trên" in a unit's text.

:func:`find_refs` returns every reference in a text as a :class:`Ref` whose ``target`` is a canonical
unit id ("70D3", "16", "57A", "68B1"). The words that introduce a reference come from the language
profile (``law_keywords``, ``law_keywords_plural``, ``and_words``, ``section_words``, ``above_words``,
``below_words``); the shapes of the references are the regular expressions below, all in this module,
each commented with an example. A language without a profile falls back to the generic profile.

Handled shapes (examples from the 2007 translations):

* external: "Điều 73D3", "Правило 70D3", "Yasa 16D", "Law 54", "Law 16 D", "16.D.3";
* lists: "các Điều 70 và 71", "Laws 16 and 57A", "Правила 16, 57A и 70";
* a title after a reference is not a reference: 'Правило 16 "Несанкционированная информация"',
  "Yasa 57A, Zamanından Önce Oynama";
* a section spelled out after the law: "Articolo 16, paragrafo D" → 16D;
* internal, resolved against the citing unit's ``law`` and ``section``: "mục 1 ở trên" (in 68B → 68B1),
  "mục A" (in 69 → 69A), "пункта 1 выше", "B1 above", "of A above", Turkish "1’deki" (numeral,
  apostrophe, locative), and a bare section letter with a point number as a word of its own:
  "Regardless of B1" (in 68B → 68B1; a capital and a digit stand for nothing else in law text);
* glued: two ids run together by text extraction of link text, "przepisy 1657A" (Laws 16 and 57A),
  are read where exactly one split gives two law numbers of the book, and marked ``garbled`` (the
  diff stage reports them as a "garbled reference": the reading is a guess to check);
* Chinese, Japanese and Korean: "第16条", "第十六条", "第57条Ａ項", "第72条B項1", "제16조", full-width
  letters and digits read as ASCII; "B項1" without a law is a section of the citing law;
* Cyrillic look-alike letters inside a reference ("Правило 70С3" with a Cyrillic С) are folded to
  Latin in ``target`` only; ``surface`` keeps the text as published.

Not references: "Điều luật này" ("this Law"), "Giai đoạn Điều chỉnh" (a word that starts like a law
keyword), and a law heading at the start of a line written in capitals ("ĐIỀU 68.", "ПРАВИЛО 68.").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Literal

from lawalign.ingest.letters import LETTERS as _LETTERS
from lawalign.ingest.letters import char_class
from lawalign.ingest.normalize import fold_width
from lawalign.ingest.profiles import Profile, load_profile
from lawalign.structure.patterns import CJK_NUM, cjk_law_number

RefKind = Literal["external", "internal"]


@dataclass(frozen=True, slots=True)
class Ref:
    """One cross-reference found in a text.

    Attributes:
        target: canonical id of the cited unit ("70D3", "16", "68B1").
        kind: "external" (cites a law by number) or "internal" (a section or point of the citing law).
        start: offset of the first character of ``surface`` in the searched text.
        end: offset just past ``surface``.
        surface: the matched text, as published.
        garbled: for ids read out of glued digits ("1657A"), the whole printed reference; "" otherwise.
    """

    target: str
    kind: RefKind
    start: int
    end: int
    surface: str
    garbled: str = ""  # the printed text when the reference was split out of glued ids ("przepisy 1657A")


# Cyrillic capitals that look like the Latin section letters A-L, and Greek capitals read by their
# place in the alphabet ("79Γ" is 79C), and a lowercase letter glued to the number ("Law 16d").
# Folded inside a reference only.
_REF = _LETTERS.reference
_CYR = _LETTERS.cyrillic_for(_REF)
LOOKALIKES: dict[str, str] = {c: _LETTERS.label_fold[c] for c in _CYR}
GREEK_LETTERS: dict[str, str] = _LETTERS.by_place_map
_FOLD = str.maketrans({**LOOKALIKES, **GREEK_LETTERS, **{c: c.upper() for c in _REF.lower()}})

# The law numbers of the book (data/letters/letters.toml, [book]): a glued "1657A" is split only where
# exactly one split gives two of them.
BOOK_LAWS = _LETTERS.book_laws

# Keywords of languages without a bundled profile, so the generic profile still finds the common
# spelled-out forms ("Articolo 16, paragrafo D", "Article 16", "Artículo 16").
EXTRA_LAW_KEYWORDS: tuple[str, ...] = ("Articolo", "Articoli", "Article", "Articles", "Artículo", "Artikel")
EXTRA_SECTION_WORDS: tuple[str, ...] = ("paragrafo", "paragraphe", "párrafo", "comma", "sezione")

# A section letter: Latin A-L or a Cyrillic look-alike, always case-sensitive ("D" in "16D", "С" in "70С3").
_REF_CYR = char_class(_REF, _CYR)
LETTER = rf"(?-i:[{char_class(_REF, _CYR, _LETTERS.greek_by_place)}])"
# A glued letter may also be lowercase: "Law 16d".
GLUED_LETTER = rf"(?-i:[{char_class(_REF, _CYR, _LETTERS.greek_by_place, _REF.lower())}])"

# A canonical id after a law keyword. Examples: "54", "57A", "70D3", "16 D", "16.D.3", "71.1".
ID_PATTERN = rf"""
    (?P<num>\d{{1,3}})(?!\d)                          # law number: "70" in "70D3"
    (?:
        (?:
            (?P<sec>{GLUED_LETTER})                   # glued letter: "D" in "16D", "С" in "70С3", "d"
          | \.(?P<dsec>{LETTER})(?=\.\d)              # dotted letter: "D" in "16.D.3"
          | [ ](?!A[ ]+(?-i:[a-z]))                   # not the article in "Law 16 A player"
            (?P<ssec>{LETTER})                        # spaced letter: "D" in "Law 16 D"
        )
        (?![^\W\d_])                                  # "16Dx" is no section
        (?:\.?(?P<pt>\d)(?![\d]))?                    # point: "3" in "70D3" or "16.D.3"
      | \.(?P<npt>\d)(?![\d.]|[^\W\d_])               # numbered point of a law without sections: "71.1"
    )?
"""


def _alternation(words: tuple[str, ...]) -> str:
    """A regex alternation of ``words``, longest first so "Правилам" wins over "Правила"."""
    unique = sorted(set(words), key=lambda w: (-len(w), w))
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in unique)


@dataclass(frozen=True, slots=True)
class _Patterns:
    external: re.Pattern[str]
    list_item: re.Pattern[str]
    spelled_section: re.Pattern[str]
    internal_word: re.Pattern[str]
    internal_above: re.Pattern[str]
    internal_locative: re.Pattern[str]
    glued: re.Pattern[str]
    bare: re.Pattern[str]
    internal_bare: re.Pattern[str]


@cache
def _patterns(profile: Profile) -> _Patterns:
    # Keyed on the profile itself, not its language: a user's profile of the same language (``--data``)
    # is another key, so what a text's references are never depends on which run came first.
    keywords = profile.law_keywords + profile.law_keywords_plural
    section_words = profile.section_words
    if profile.generic:
        keywords += EXTRA_LAW_KEYWORDS
        section_words += EXTRA_SECTION_WORDS
    kw = _alternation(keywords)
    sw = _alternation(section_words) or r"(?!x)x"
    above = _alternation(profile.above_words + profile.below_words) or r"(?!x)x"
    conj = _alternation(profile.and_words) or r"(?!x)x"
    flags = re.X | re.I

    # "Правило 70D3", "các Điều 70", "Laws 16": a law keyword, whitespace, then an id.
    external = re.compile(
        rf"""
        (?<![^\W\d_])(?P<kw>{kw})(?![^\W\d_])         # keyword as a whole word: "Điều", not "Điều chỉnh"
        (?:\s+|\s*№\s*)                               # "Law 54", "Правило № 54"
        {ID_PATTERN}
        """,
        flags,
    )
    # The next item of a list: ", 57A" or " и 70" in "Правила 16, 57A и 70"; "и 70" in "16 и 70".
    list_item = re.compile(
        rf"""
        (?:\s*,\s*(?:(?:{conj})\s+)? | \s+(?:{conj})\s+)   # ", " / " и " / ", and "
        {ID_PATTERN}
        (?![^\W\d_])
        """,
        flags,
    )
    # A section spelled out after the law: ", paragrafo D" in "Articolo 16, paragrafo D".
    spelled_section = re.compile(
        rf"""
        (?:\s*,)?\s+(?:[^\s.;:!?,]+\s+){{0,2}}?       # up to two words between: "16 of the Laws, section D"
        (?:{sw})\s+
        (?P<sec>{LETTER})(?![^\W\d_])                 # "D"
        (?:\s*(?P<pt>\d)(?!\d))?                      # "paragrafo D 3" / "section D3"
        """,
        flags,
    )
    # A section or point named in words: "mục 1 ở trên", "mục A", "пункта 1 выше", "paragraph B1".
    internal_word = re.compile(
        rf"""
        (?<![^\W\d_])(?:{sw})\s+
        (?P<tok>{LETTER}\d?|\d)(?![\w])               # "1", "A", "B1"
        (?:\s+(?:{above}))?                           # " ở trên", " выше", " above"
        """,
        flags,
    )
    # An id followed by "above"/"below" without a section word: "B1 above", "1 yukarıda".
    internal_above = re.compile(
        rf"""
        (?<![\w.])(?P<tok>{LETTER}\d?|\d)\s+(?:{above})(?![^\W\d_])
        """,
        flags,
    )
    # Turkish numeral + apostrophe + locative suffix: "1’deki", "1'de", "A’daki".
    internal_locative = re.compile(
        rf"""
        (?<![\w.])(?P<tok>(?-i:[{_REF_CYR}])\d?|\d)
        [’'](?:d|t)[ae](?:ki)?(?![^\W\d_])
        """,
        re.X,
    )
    # Two ids glued by text extraction after a keyword: "przepisy 1657A" (= 16 and 57A).
    glued = re.compile(
        rf"""
        (?<![^\W\d_])(?P<kw>{kw})(?![^\W\d_])\s+
        (?P<digits>\d{{3,4}})(?P<tail>{LETTER}\d?)?(?![\w])
        """,
        flags,
    )
    # Any language: a law number with a section letter after a word or "§" ("Lei 16C", "§ 70D3");
    # the letter makes it a citation whatever the keyword.
    bare = re.compile(
        rf"""
        (?<=[^\W\d_]\s|§\s|\S§)(?P<num>\d{{1,2}})(?P<sec>{LETTER})(?P<pt>\d)?(?![\w])
        """,
        re.X,
    )
    # A section letter and point number standing alone: "B1" in "Regardless of B1," (an internal id).
    internal_bare = re.compile(
        rf"""
        (?<![\w.§/\-])(?P<tok>{LETTER}\d)(?![\w]|[.,]\d)
        """,
        re.X,
    )
    return _Patterns(
        external,
        list_item,
        spelled_section,
        internal_word,
        internal_above,
        internal_locative,
        glued,
        bare,
        internal_bare,
    )


def split_glued(digits: str, tail: str = "") -> tuple[str, str] | None:
    """Split two law ids glued together ("1657", "A" → "16", "57A") when exactly one split gives two
    law numbers of the book; None when no split or several do.

    >>> split_glued("1657", "A"), split_glued("6970"), split_glued("175")  # 1+75 or 17+5: no reading
    (('16', '57A'), ('69', '70'), None)
    """
    splits = [
        (digits[:k], digits[k:] + tail)
        for k in range(1, len(digits))
        if digits[k] != "0" and int(digits[:k]) in BOOK_LAWS and int(digits[k:]) in BOOK_LAWS
    ]
    return splits[0] if len(splits) == 1 else None


# Chinese, Japanese and Korean citations, read in the text with full-width letters and digits folded
# (ingest.normalize.fold_width): "第16条", "第十六条", "第57条Ａ項", "第72条B項1", "第16条C", "제16조".
# A section letter with "項"/"项"/"款"/"항" and no law is a section of the citing law: "B項1".
_CJK_REF = re.compile(
    rf"""(?P<law>(?:第|제)\s*(?P<num>{CJK_NUM})\s*(?:条|條|조))
        (?:\s*(?P<sec>[A-L])(?![A-Za-z])\s*(?:項|项|款|항)?(?:\s*(?P<pt>\d)(?!\d))?)?""",
    re.X,
)
_CJK_LAW_MARK = re.compile(r"[第제条條조項项款항]")
_CJK_INTERNAL = re.compile(r"(?<![A-Za-z第])(?P<sec>[A-L])\s*(?:項|项|款|항)(?:\s*(?P<pt>\d)(?!\d))?")


def _cjk_refs(text: str, law: str) -> list[Ref]:
    """The CJK citations of ``text`` (:data:`_CJK_REF`); a law heading, at a line's start with a space
    after it ("第68条　…"), is none.

    >>> [(r.target, r.surface) for r in _cjk_refs("第16条Ｃ項が適用され、第５７条Ａ項と第十六条", "")]
    [('16C', '第16条Ｃ項'), ('57A', '第５７条Ａ項'), ('16', '第十六条')]
    >>> [(r.target, r.kind) for r in _cjk_refs("第72条B項1.に、B項1にかかわらず", "72")]
    [('72B1', 'external'), ('72B1', 'internal')]
    >>> _cjk_refs("第68条　クレームの定義", "")
    []
    """
    view = fold_width(text)
    found: list[Ref] = []
    for m in _CJK_REF.finditer(view):
        line_start = view.rfind("\n", 0, m.start()) + 1
        spaced = view[m.end() : m.end() + 1] in ("", " ", "\n", "\t")
        if not view[line_start : m.start()].strip() and not m["sec"] and spaced:
            continue  # "第68条　クレーム…": the law's heading (a citation runs on: "第16条により")
        target = cjk_law_number(m["num"]) + (m["sec"] or "") + (m["pt"] or "")
        found.append(Ref(target, "external", m.start(), m.end(), text[m.start() : m.end()]))
    taken = [(r.start, r.end) for r in found]
    for m in _CJK_INTERNAL.finditer(view):
        if law and not any(a <= m.start() < b for a, b in taken):
            target = f"{law}{m['sec']}{m['pt'] or ''}"
            found.append(Ref(target, "internal", m.start(), m.end(), text[m.start() : m.end()]))
    return found


# What may stand between a section named in words and the law it belongs to: " of " in
# "section D of Law 16", " của " in "mục D của Điều 16", just a space in "пункт D Правила 16".
_OF_LAW = re.compile(r"\s+(?:(?:of|của|из)\s+)?", re.X | re.I)


def _target(m: re.Match[str]) -> str:
    """The canonical id an ``ID_PATTERN`` match stands for, with look-alikes folded."""
    sec = m.group("sec") or m.group("dsec") or m.group("ssec") or ""
    if m.group("npt"):
        return f"{m.group('num')}.{m.group('npt')}"
    return (m.group("num") + sec + (m.group("pt") or "")).translate(_FOLD)


def _is_heading(text: str, m: re.Match[str]) -> bool:
    """A law heading ("ĐIỀU 68.", "ПРАВИЛО 68.") at a line start in capitals is not a reference."""
    kw = m.group("kw")
    line_start = text.rfind("\n", 0, m.start()) + 1
    return kw.isupper() and len(kw) > 1 and not text[line_start : m.start()].strip()


def _resolve(tok: str, law: str, section: str) -> str:
    """Resolve an internal token ("1", "A", "B1") against the citing unit's law and section."""
    tok = tok.translate(_FOLD)
    if tok[0].isdigit():
        if section:
            return f"{law}{section}{tok}"
        return f"{law}.{tok}" if law else tok
    return f"{law}{tok}"


def find_refs(
    text: str, lang: str, *, law: str = "", section: str = "", profile: Profile | None = None
) -> list[Ref]:
    """Every cross-reference in ``text``, sorted by start offset.

    Args:
        text: the text of one unit (or any text) as published.
        lang: ISO 639-1 code; picks the language profile (unknown → generic profile).
        profile: the run's profile of ``lang`` (a user's ``--data`` one); None: the profile of ``lang``.
        law: the citing unit's law ("68"), to resolve internal references.
        section: the citing unit's section letter ("B" or "68B"), to resolve "point 1 above".

    Returns:
        The references, sorted by ``start``; overlapping matches keep the earliest, longest one.

    Examples:
        >>> [r.target for r in find_refs("nhưng xem Điều 73D3", "vi")]
        ['73D3']
        >>> [(r.target, r.surface) for r in find_refs("Правила 16, 57A и 70", "ru")]
        [('16', 'Правила 16'), ('57A', '57A'), ('70', '70')]
        >>> [r.target for r in find_refs("các Điều 70 và 71", "vi")]
        ['70', '71']
        >>> find_refs("không áp dụng Điều luật này mà áp dụng Điều 54", "vi")[0].target
        '54'
        >>> [r.target for r in find_refs('Правило 16 "Несанкционированная информация"', "ru")]
        ['16']
        >>> [r.target for r in find_refs("Yasa 57A, Zamanından Önce Oynama", "tr")]
        ['57A']
        >>> text = "Không liên quan đến mục 1 ở trên"
        >>> [(r.target, r.kind) for r in find_refs(text, "vi", law="68", section="B")]
        [('68B1', 'internal')]
        >>> [r.target for r in find_refs("(xem mục A)", "vi", law="69")]
        ['69A']
        >>> [r.target for r in find_refs("1’deki tanımlara rağmen", "tr", law="68", section="B")]
        ['68B1']
        >>> [r.target for r in find_refs("Notwithstanding B1 above", "en", law="68")]
        ['68B1']
        >>> [r.target for r in find_refs("Articolo 16, paragrafo D", "it")]
        ['16D']
        >>> [r.target for r in find_refs("Law 16 D and 16.D.3", "en")]
        ['16D', '16D3']
        >>> [r.target for r in find_refs("пункт D Правила 16", "ru")]
        ['16D']
        >>> r = find_refs("см. Правило 70С3", "ru")[0]
        >>> (r.target, r.surface == "Правило 70С3")
        ('70C3', True)
        >>> [(r.target, r.garbled) for r in find_refs("przepisy 1657A oraz przepisem 79C", "pl")]
        [('16', 'przepisy 1657A'), ('57A', 'przepisy 1657A'), ('79C', '')]
        >>> text = "Regardless of B1, if a defender"
        >>> [(r.target, r.kind) for r in find_refs(text, "en", law="68", section="B")]
        [('68B1', 'internal')]
        >>> [r.target for r in find_refs("the provisions of A above", "en", law="69")]
        ['69A']
        >>> [r.target for r in find_refs("ο Νόμος 79Γ; see Law 16d; Lei 70D3", "sq")]
        ['79C', '16D', '70D3']
    """
    pats = _patterns(profile if profile is not None else load_profile(lang))
    sec = section[len(law) :] if law and section.startswith(law) else section
    found: list[Ref] = []

    for m in pats.external.finditer(text):
        if _is_heading(text, m):
            continue
        items: list[tuple[int, int, str]] = [(m.start(), m.end(), _target(m))]
        pos = m.end()
        while item := pats.list_item.match(text, pos):
            items.append((item.start("num"), item.end(), _target(item)))
            pos = item.end()
        if len(items) == 1 and not (m.group("sec") or m.group("dsec") or m.group("ssec") or m.group("npt")):
            spelled = pats.spelled_section.match(text, m.end())
            if spelled:
                target = m.group("num") + spelled.group("sec").translate(_FOLD) + (spelled.group("pt") or "")
                items = [(m.start(), spelled.end(), target)]
        for start, end, target in items:
            found.append(Ref(target, "external", start, end, text[start:end]))

    for m in pats.glued.finditer(text):
        split = split_glued(m.group("digits"), (m.group("tail") or "").translate(_FOLD))
        if split is not None:
            cut = m.start("digits") + len(split[0])
            printed = m.group(0)
            found.append(Ref(split[0], "external", m.start(), cut, text[m.start() : cut], printed))
            found.append(Ref(split[1], "external", cut, m.end(), text[cut : m.end()], printed))
    taken = [(r.start, r.end) for r in found]
    for m in pats.bare.finditer(text):
        if not any(a <= m.start() < b for a, b in taken):
            target = (m.group("num") + m.group("sec") + (m.group("pt") or "")).translate(_FOLD)
            found.append(Ref(target, "external", m.start(), m.end(), m.group(0)))

    if _CJK_LAW_MARK.search(text):
        found.extend(_cjk_refs(text, law))

    by_start = {r.start: r for r in found}
    for pattern in (pats.internal_word, pats.internal_above, pats.internal_locative, pats.internal_bare):
        for m in pattern.finditer(text):
            tok = m.group("tok").translate(_FOLD)
            law_after = _OF_LAW.match(text, m.end())
            outer = by_start.get(law_after.end()) if law_after else None
            if outer is not None and tok[0].isalpha() and outer.target.isdigit():
                # "пункт D Правила 16": a section of another law, cited before the law → 16D
                found.remove(outer)
                start, end = m.start(), outer.end
                found.append(Ref(outer.target + tok, "external", start, end, text[start:end]))
                continue
            found.append(Ref(_resolve(tok, law, sec), "internal", m.start(), m.end(), m.group(0)))

    found.sort(key=lambda r: (r.start, -(r.end - r.start), r.kind))
    kept: list[Ref] = []
    for ref in found:
        if kept and ref.start < kept[-1].end:
            continue  # overlaps an earlier (external or longer) match: "Law 16 D" is not also "D"
        kept.append(ref)
    return kept
