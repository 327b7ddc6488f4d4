"""Language profiles: the words and marks a parser needs per language, kept as data.

One TOML file per language in ``lawalign/data/profiles/<lang>.toml``. Keys:

``lang``, ``name``, ``spacy``
    ISO 639-1 code, English name, and the ``spacy.blank`` language code used to split sentences.
``law_keywords``
    Words that introduce a law number, in headings ("ĐIỀU 68.") and references ("Điều 54"); matched
    case-insensitively and as word prefixes of inflected forms are listed explicitly.
``law_keywords_plural``
    Plural forms that introduce a list of laws ("các Điều 70 và 71", "Laws 16 and 57A").
``section_words``, ``above_words``, ``below_words``
    Internal references in words: "mục 1 ở trên", "пункта 1 выше", "B1 above".
``and_words``
    Conjunctions joining the items of a reference list.
``footnote_markers``
    Printed footnote marks (``*``, ``<*>``, ``[1]``, ``(1)``, ``¹``); numbered forms stand for any number.
``debris``
    Regular expressions matching a whole line of known non-law text (blog chrome) in this language.
``signature`` (optional)
    Regular expressions matching the first line of an e-mail disclaimer or signature in this language
    ("^Important Notice"); from there to the next law heading is debris (``signature``).
``commentary_words`` (optional)
    Words the Laws never use and commentary uses all the time: first- and second-person pronouns
    ("I", "my", "you"; "ik", "mijn"; "jeg"). A paragraph holding one is an author's own text
    (debris ``commentary``). Matched as whole words, case-sensitively; not merged into the generic
    profile (a pronoun of one language is an ordinary word of another: French "du").
``abbreviations``
    Abbreviations that end with a full stop but do not end a sentence ("bkz.", "см.", "e.g.").
``alphabet`` (optional)
    Every lowercase letter the language writes, as one string (foreign-word letters included for
    Latin-script languages). Decoding uses it to choose among single-byte code pages.
``common_letters`` (optional)
    The language's most frequent lowercase letters, most frequent first; also decoding evidence.
``legacy_encodings`` (optional)
    Single-byte code pages the language was written in before UTF-8 ("cp1258" for vi); they win ties.

A language without a profile still parses: :func:`load_profile` returns the generic profile (the
union of every profile) and the caller records a warning.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from pathlib import Path

from lawalign.datafiles import check_keys, data_file, data_names, parse_toml, read_data, shown
from lawalign.errors import ConfigError

GENERIC = "xx"


@dataclass(frozen=True, slots=True)
class Profile:
    lang: str
    name: str
    spacy: str
    law_keywords: tuple[str, ...]
    law_keywords_plural: tuple[str, ...] = ()
    section_words: tuple[str, ...] = ()
    above_words: tuple[str, ...] = ()
    below_words: tuple[str, ...] = ()
    and_words: tuple[str, ...] = ()
    footnote_markers: tuple[str, ...] = ("*",)
    debris: tuple[str, ...] = ()
    signature: tuple[str, ...] = ()
    abbreviations: tuple[str, ...] = ()
    generic: bool = False
    commentary_words: tuple[str, ...] = ()
    alphabet: str = ""
    common_letters: str = ""
    legacy_encodings: tuple[str, ...] = ()


def _profile_dir() -> resources.abc.Traversable:
    return resources.files("lawalign").joinpath("data", "profiles")


def available_languages(data_dir: Path | None = None) -> tuple[str, ...]:
    """ISO codes of every profile (of the ``--data`` folder ``data_dir`` and the bundled ones), sorted."""
    return _available(data_dir)


@cache
def _available(user: Path | None) -> tuple[str, ...]:
    return data_names("profiles", user)


def available_termbases(data_dir: Path | None = None) -> tuple[str, ...]:
    """ISO codes of every termbase (of the ``--data`` folder ``data_dir`` and the bundled ones), sorted."""
    return data_names("termbase", data_dir)


PROFILE_KEYS = frozenset(f.name for f in fields(Profile) if f.name != "generic")
"""The keys a profile file may have (every field of :class:`Profile`)."""


def _from_toml(data: dict[str, object], source: str, text: str = "") -> Profile:
    check_keys(data, PROFILE_KEYS, source, text)

    def strings(key: str) -> tuple[str, ...]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{source}: {key!r} must be a list of strings")
        return tuple(value)

    def letters(key: str) -> str:
        value = data.get(key, "")
        if not isinstance(value, str):
            raise ConfigError(f"{source}: {key!r} must be a string")
        return value

    try:
        lang, name, spacy = str(data["lang"]), str(data["name"]), str(data.get("spacy", data["lang"]))
    except KeyError as exc:
        raise ConfigError(f"{source}: missing key {exc.args[0]!r}") from None
    return Profile(
        lang=lang,
        name=name,
        spacy=spacy,
        law_keywords=strings("law_keywords"),
        law_keywords_plural=strings("law_keywords_plural"),
        section_words=strings("section_words"),
        above_words=strings("above_words"),
        below_words=strings("below_words"),
        and_words=strings("and_words"),
        footnote_markers=strings("footnote_markers") or ("*",),
        debris=strings("debris"),
        signature=strings("signature"),
        abbreviations=strings("abbreviations"),
        commentary_words=strings("commentary_words"),
        alphabet=letters("alphabet"),
        common_letters=letters("common_letters"),
        legacy_encodings=strings("legacy_encodings"),
    )


def check_profile_file(text: str, source: str) -> Profile:
    """The profile a file's ``text`` describes, checked (unknown keys refused with ``source:line``).

    Raises:
        ConfigError: bad TOML, an unknown key or a value of the wrong type.
    """
    return _from_toml(parse_toml(text, source), source, text)


def load_profile(lang: str, data_dir: Path | None = None) -> Profile:
    """The profile of ``lang`` (ISO 639-1), or the generic profile when there is none.

    A profile in the ``--data`` folder ``data_dir`` (``profiles/<lang>.toml``) is used before the
    bundled one; unknown keys are refused with file and line.

    >>> load_profile("ru").law_keywords[0]
    'Правило'
    >>> load_profile("zz").generic
    True
    """
    return _load(lang, data_dir)


def profile_of(lang: str, folder: Path | None) -> Profile:
    """The profile of ``lang`` from the data folder ``folder`` (None: bundled only), else the
    bundled one, else the generic profile: what a run with that ``--data`` folder reads.

    >>> profile_of("ru", None) == load_profile("ru")
    True
    """
    return _load(lang, folder)


@cache
def _load(lang: str, user: Path | None) -> Profile:
    entry = data_file("profiles", lang, user)
    if entry is not None:
        source = shown(entry, "profiles")
        text = read_data(entry, source)
        return _from_toml(parse_toml(text, source), source, text)
    return generic_profile(lang, user)


def _union(groups: list[tuple[str, ...]]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for group in groups:
        for item in group:
            seen.setdefault(item, None)
    return tuple(seen)


def generic_profile(lang: str = GENERIC, data_dir: Path | None = None) -> Profile:
    """The union of every profile (of ``data_dir`` and bundled): generic rules for a language nobody
    described yet."""
    return _generic(lang, data_dir)


@cache
def _generic(lang: str, user: Path | None) -> Profile:
    profiles = [load_profile(code, user) for code in available_languages(user)]
    return Profile(
        lang=lang,
        name="generic",
        spacy=GENERIC,
        law_keywords=_union([p.law_keywords for p in profiles]),
        law_keywords_plural=_union([p.law_keywords_plural for p in profiles]),
        section_words=_union([p.section_words for p in profiles]),
        above_words=_union([p.above_words for p in profiles]),
        below_words=_union([p.below_words for p in profiles]),
        and_words=_union([p.and_words for p in profiles]),
        footnote_markers=_union([p.footnote_markers for p in profiles]),
        debris=_union([p.debris for p in profiles]),
        signature=_union([p.signature for p in profiles]),
        abbreviations=_union([p.abbreviations for p in profiles]),
        generic=True,
        alphabet="".join(_union([tuple(p.alphabet) for p in profiles])),
    )
