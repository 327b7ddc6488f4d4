"""Language profiles: every bundled profile loads, has the shared keys, and its data is usable."""

from __future__ import annotations

import codecs
import re

import pytest

from lawalign.ingest.profiles import available_languages, generic_profile, load_profile

EXPECTED = {
    "ca",
    "cs",
    "da",
    "de",
    "el",
    "en",
    "es",
    "fi",
    "fr",
    "hr",
    "id",
    "it",
    "nl",
    "no",
    "pl",
    "pt",
    "ro",
    "ru",
    "sk",
    "sl",
    "sr",
    "sv",
    "tr",
    "vi",
}
HEADING_WORD = {
    "el": "Νόμος",
    "no": "§",
    "pl": "Prawo",
    "fr": "Loi",
    "de": "Regel",
    "it": "Legge",
    "es": "Ley",
    "nl": "Wet",
    "sv": "Lag",
    "fi": "Laki",
    "pt": "Lei",
    "ca": "Llei",
    "cs": "Pravidlo",
    "sk": "Pravidlo",
    "id": "Pasal",
    "da": "§",
    "hr": "Član",
    "sr": "Члан",
    "sl": "Člen",
    "ro": "Legea",
}
NO_COMMENTS = {
    "pl": "Brak komentarzy:",
    "fr": "Aucun commentaire:",
    "de": "Keine Kommentare:",
    "it": "Nessun commento:",
    "es": "No hay comentarios:",
    "nl": "Geen opmerkingen:",
    "tr": "Hiç yorum yok:",
    "vi": "Không có nhận xét nào:",
    "ru": "Нет комментариев:",
    "en": "No comments:",
    "el": "Δεν υπάρχουν σχόλια:",
    "no": "Ingen kommentarer:",
    "sv": "Inga kommentarer:",
    "fi": "Ei kommentteja:",
    "pt": "Nenhum comentário:",
    "ca": "Cap comentari:",
    "cs": "Žádné komentáře:",
    "sk": "Žiadne komentáre:",
    "id": "Tidak ada komentar:",
    "da": "Ingen kommentarer:",
    "hr": "Nema komentara:",
    "sr": "Нема коментара:",
    "sl": "Ni komentarjev:",
    "ro": "Niciun comentariu:",
}


def test_bundled_languages() -> None:
    assert set(available_languages()) == EXPECTED


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_profile_is_complete(lang: str) -> None:
    p = load_profile(lang)
    assert p.lang == lang and p.name and p.spacy
    for key in (
        "law_keywords",
        "law_keywords_plural",
        "section_words",
        "above_words",
        "below_words",
        "and_words",
        "footnote_markers",
        "debris",
        "abbreviations",
        "legacy_encodings",
    ):
        assert getattr(p, key), f"{lang}: {key} is empty"
    assert all(a.endswith(".") for a in p.abbreviations if a not in ("pkt",))
    for pattern in p.debris:
        re.compile(pattern)
    assert any(re.match(pattern, NO_COMMENTS[lang]) for pattern in p.debris)
    assert set(p.common_letters) <= set(p.alphabet)
    assert p.alphabet == p.alphabet.lower()
    for name in p.legacy_encodings:
        codecs.lookup(name)
    if lang in HEADING_WORD:
        assert HEADING_WORD[lang] in p.law_keywords


def test_generic_profile_unites_alphabets() -> None:
    g = generic_profile()
    assert g.generic and {"đ", "ş", "я", "ł", "ß"} <= set(g.alphabet)
