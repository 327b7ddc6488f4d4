"""Decode: raw bytes → text, choosing the encoding by evidence, then repairing mojibake.

Order of evidence: a byte-order mark; the shape of BOM-less UTF-32, then BOM-less UTF-16 (a byte order
that decodes strictly to readable text, NULs at its high bytes); strict UTF-8; otherwise every
plausible single-byte code page, the multi-byte code pages of Chinese, Japanese and Korean
(``data/letters/writing.toml``), charset-normalizer's guess and a charset the page declares are
tried and the decodings are scored (one script, the language's alphabet and commonest letters, sane
letter case, no control or box-drawing characters). Short law texts defeat single guesses, so nothing
is trusted alone. ftfy then repairs mojibake (text decoded twice) line by line; any repair is a Notice.
"""

from __future__ import annotations

import codecs
import logging
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import ftfy

from lawalign.errors import InputError
from lawalign.ingest.charclass import is_control, is_suspect, script_of
from lawalign.ingest.patterns import UTF8_MULTIBYTE
from lawalign.ingest.profiles import Profile, available_languages, load_profile
from lawalign.ingest.writing import WRITING
from lawalign.models import Notice
from lawalign.tuning import tuned_float

log = logging.getLogger(__name__)

# Single-byte code pages tried when the bytes are not UTF-8, in tie-break order.
SINGLE_BYTE_ENCODINGS: tuple[str, ...] = (
    "cp1251",  # Russian, Ukrainian, Bulgarian (Windows)
    "koi8-r",  # Russian (Unix, old mail)
    "cp866",  # Russian (DOS)
    "iso8859-5",  # Cyrillic (ISO)
    "cp1254",  # Turkish (Windows)
    "iso8859-9",  # Turkish (ISO)
    "cp1258",  # Vietnamese (Windows; tone marks as combining characters)
    "cp1250",  # Polish, Czech, Hungarian (Windows)
    "iso8859-2",  # Central European (ISO)
    "cp1252",  # Western European (Windows)
)

# Multi-byte code pages of the writing systems without an alphabet (data/letters/writing.toml),
# tried after the single-byte ones; bytes that are not theirs rarely decode under them at all.
MULTI_BYTE_ENCODINGS: tuple[str, ...] = tuple(dict.fromkeys(e for w in WRITING for e in w.encodings))

# Only this much of a large file is scored; the chosen code page then decodes the whole file.
SCORE_SAMPLE_CHARS = 65536
# Share of control characters above which decoded data is treated as binary.
MAX_CONTROL_SHARE = tuned_float("ingest.decode", "max_control_share")
# A decoding whose suspect-character share exceeds this is unreadable.
MAX_SUSPECT_SHARE = tuned_float("ingest.decode", "max_suspect_share")
# Bonus for a code page that charset-normalizer or the page itself names (evidence, not proof).
GUESS_BONUS = tuned_float("ingest.decode", "guess_bonus")
DECLARED_BONUS = tuned_float("ingest.decode", "declared_bonus")
# Bonus for a code page the language's profile lists (``legacy_encodings``): breaks ties such as
# cp1258 "ọ" vs cp1254 "ò" for the same byte.
LANG_BONUS = tuned_float("ingest.decode", "lang_bonus")
# The weights of score_text's terms: letters in a language's alphabet, in its commonest letters, words
# of sane letter case, suspect characters, symbols wedged between letters.
ALPHABET_WEIGHT = tuned_float("ingest.decode", "alphabet_weight")
COMMON_WEIGHT = tuned_float("ingest.decode", "common_weight")
CASE_WEIGHT = tuned_float("ingest.decode", "case_weight")
SUSPECT_WEIGHT = tuned_float("ingest.decode", "suspect_weight")
WEDGED_WEIGHT = tuned_float("ingest.decode", "wedged_weight")
# Bad bytes among valid multi-byte UTF-8 sequences up to this share of them: damaged UTF-8.
DAMAGED_UTF8_SHARE = tuned_float("ingest.decode", "damaged_utf8_share")
# Two code pages whose scores are closer than this read the file almost equally well.
AMBIGUOUS_MARGIN = tuned_float("ingest.decode", "ambiguous_margin")

# File signatures of common binary formats, to name them in the error.
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive (a .docx/.odt document?)"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an OLE document (a .doc file?)"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"{\\rtf", "an RTF document"),
)

_BOMS: tuple[tuple[bytes, str, str], ...] = (
    (b"\xff\xfe\x00\x00", "utf-32-le", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32-be", "utf-32"),
    (b"\xef\xbb\xbf", "utf-8-sig", "utf-8-sig"),
    (b"\xff\xfe", "utf-16-le", "utf-16"),
    (b"\xfe\xff", "utf-16-be", "utf-16"),
)

# Only mojibake is repaired: the other ftfy fixers would change published characters (ligatures,
# full-width forms, quotes, control characters) or line breaks (and so the line map).
_FTFY_CONFIG = ftfy.TextFixerConfig(
    uncurl_quotes=False,
    unescape_html=False,
    remove_terminal_escapes=False,
    fix_latin_ligatures=False,
    fix_character_width=False,
    fix_line_breaks=False,
    remove_control_chars=False,
    replace_lossy_sequences=False,
    normalization=None,
    explain=False,
)

_WORD = re.compile(r"[^\W\d_]+")
# Punctuation that legitimately stands between two letters: apostrophes, hyphens, dots, slashes.
_IN_WORD = frozenset("'’‘-‐‑–.·/&")


@dataclass(frozen=True, slots=True)
class Decoded:
    """Decoded text (line ends untouched) and how it was obtained."""

    text: str
    encoding: str
    notices: tuple[Notice, ...] = ()


@dataclass(frozen=True, slots=True)
class Candidate:
    """One scored decoding."""

    encoding: str
    score: float
    suspect_share: float


def _location(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column of a byte offset."""
    line = data.count(b"\n", 0, offset) + 1
    col = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, col


def _snippet(data: bytes, offset: int) -> str:
    return repr(data[max(0, offset - 12) : offset + 12])[2:-1]


def _canonical(name: str) -> str:
    """Python's name for an encoding ("windows-1251" → "cp1251"), or "" when unknown."""
    try:
        return codecs.lookup(name).name
    except LookupError:
        return ""


def _utf32_without_bom(data: bytes, lang: str | None, data_dir: Path | None) -> str | None:
    """``"utf-32-le"``/``"utf-32-be"`` when every 4-byte unit's top byte is 0 and the next at most
    0x10 (the shape of every code point, U+10FFFF at most), and the text reads (suspect share at most
    :data:`MAX_SUSPECT_SHARE`)."""
    if not data or len(data) % 4:
        return None
    for name, top, next_byte in (
        ("utf-32-le", data[3::4], data[2::4]),
        ("utf-32-be", data[0::4], data[1::4]),
    ):
        if not top.strip(b"\x00") and max(next_byte) <= 0x10:
            try:
                text = data.decode(name)
            except UnicodeDecodeError:
                continue
            # "1\n2\n" in UTF-16 has that shape too, and reads as unassigned code points
            if score_text(text, lang, data_dir)[1] <= MAX_SUSPECT_SHARE:
                return name
    return None


def _utf16_without_bom(data: bytes, lang: str | None, data_dir: Path | None) -> str | None:
    """``"utf-16-le"``/``"utf-16-be"``: of the byte orders that decode strictly to a readable text
    (suspect share at most :data:`MAX_SUSPECT_SHARE`), the one whose high bytes hold more NULs.

    Read in the wrong order, text that is not mostly ASCII breaks on a lone surrogate or reads as
    unassigned and private-use characters; ASCII-heavy text reads, but its NULs then sit at the low
    bytes. NULs alone do not decide: Chinese puts them at the low bytes too ("一" is U+4E00)."""
    if len(data) % 2:
        return None
    readable = []
    for name, high in (("utf-16-le", data[1::2]), ("utf-16-be", data[0::2])):
        try:
            text = data.decode(name)
        except UnicodeDecodeError:
            continue
        if score_text(text, lang, data_dir)[1] <= MAX_SUSPECT_SHARE:
            readable.append((high.count(0), name))
    if not readable:
        return None
    readable.sort(reverse=True)
    if len(readable) == 2 and readable[0][0] == readable[1][0]:
        return None  # nothing tells the two orders apart
    return readable[0][1]


def _profiles_for(lang: str | None, data_dir: Path | None) -> list[Profile]:
    if lang and lang in available_languages(data_dir):
        return [load_profile(lang, data_dir)]
    return [load_profile(code, data_dir) for code in available_languages(data_dir)]


def _wedged_symbols(text: str) -> int:
    """How many symbols stand inside or right after words ("yar¤■mac", "yar¤■"): wrong code pages."""
    count = run = 0
    after_letter = False
    for ch in text:
        if ch.isalpha() or unicodedata.category(ch)[0] == "M":
            if run and after_letter:
                count += run
            run, after_letter = 0, True
        elif ch.isspace() or ch.isdigit() or ch in _IN_WORD:
            run, after_letter = 0, False
        elif after_letter and unicodedata.category(ch)[0] == "S":
            count += 1
        else:
            run += 1
    return count


def _unglued(text: str, scripts: frozenset[str]) -> int:
    """How many letters of ``text`` beyond ASCII are in ``scripts`` with no ASCII letter either side.

    >>> _unglued("第68条E款 wasn韙", frozenset({"Cjk"}))
    1
    """
    members = {ch for ch in set(text) if ord(ch) > 0x7F and ch.isalpha() and script_of(ch) in scripts}
    if not members:
        return 0
    count = 0
    for i, ch in enumerate(text):
        if ch not in members:
            continue
        before = text[i - 1] if i else " "
        after = text[i + 1] if i + 1 < len(text) else " "
        if not (before.isascii() and before.isalpha()) and not (after.isascii() and after.isalpha()):
            count += 1
    return count


def score_text(text: str, lang: str | None = None, data_dir: Path | None = None) -> tuple[float, float]:
    """How much ``text`` looks like a correctly decoded law text; returns ``(score, suspect_share)``.

    Letters are counted beyond ASCII (ASCII reads the same in every candidate). The score adds: the
    share of letters in the dominant script, twice the share of letters in a
    language's alphabet (``lang``'s when it has a profile, else the best-fitting profile's) plus half
    the share of that language's commonest letters, half the share of words with sane letter case; it
    subtracts four times the share of suspect characters (controls, box drawing, private use) and of
    symbols wedged between letters ("yar¤şmac", what a wrong code page makes of a letter). A writing
    system without an alphabet (``data/letters/writing.toml``: Chinese, Japanese, Korean) fits by the
    share of letters in its scripts, not glued to an ASCII letter, and of its commonest characters;
    its scripts count as one for the dominant script (Japanese mixes kanji and kana).
    """
    sample = unicodedata.normalize("NFC", text[:SCORE_SAMPLE_CHARS])
    visible = [c for c in sample if not c.isspace()]
    if not visible:
        return 0.0, 0.0
    suspect = sum(1 for c in visible if is_suspect(c)) / len(visible)
    letters = [c for c in sample if c.isalpha()]
    if not letters:
        return -SUSPECT_WEIGHT * suspect, suspect
    # ASCII reads the same in every candidate: only the other letters tell code pages apart.
    telling = [c for c in letters if ord(c) > 0x7F] or letters
    scripts = Counter(script_of(c) for c in telling)
    consistency = scripts.most_common(1)[0][1] / len(telling)
    lowered = [c.lower() for c in letters]
    telling_lowered = [c.lower() for c in telling]
    fit = 0.0
    # A system without an alphabet: its letters that stand against an ASCII letter are not counted
    # (a multi-byte code page misreading Latin text swallows the letter after each high byte:
    # "wasn’t" in cp1252 read as GB18030 is "wasn韙").
    for system in WRITING:
        in_system = _unglued(sample, system.scripts) / len(telling)
        in_common = sum(1 for c in letters if c in system.common) / len(letters)
        consistency = max(
            consistency, sum(n for s, n in scripts.items() if s in system.scripts) / len(telling)
        )
        fit = max(fit, ALPHABET_WEIGHT * in_system + COMMON_WEIGHT * in_common)
    for profile in _profiles_for(lang, data_dir):
        if not profile.alphabet:
            continue
        alphabet = set(profile.alphabet)
        common = set(profile.common_letters)
        in_alpha = sum(1 for c in telling_lowered if c in alphabet) / len(telling_lowered)
        in_common = sum(1 for c in lowered if c in common) / len(lowered)
        fit = max(fit, ALPHABET_WEIGHT * in_alpha + COMMON_WEIGHT * in_common)
    wedged = _wedged_symbols(sample)
    words = _WORD.findall(sample)
    insane = sum(1 for w in words if any(a.islower() and b.isupper() for a, b in pairwise(w)))
    case_sanity = 1.0 - insane / len(words) if words else 1.0
    score = (
        consistency
        + fit
        + CASE_WEIGHT * case_sanity
        - SUSPECT_WEIGHT * suspect
        - WEDGED_WEIGHT * wedged / len(letters)
    )
    return score, suspect


def _charset_normalizer_guess(data: bytes) -> str:
    try:
        import charset_normalizer
    except ImportError:  # an optional evidence source
        return ""
    best = charset_normalizer.from_bytes(data[:SCORE_SAMPLE_CHARS]).best()
    return _canonical(best.encoding) if best is not None else ""


def rank_encodings(
    data: bytes, lang: str | None = None, declared: str | None = None, data_dir: Path | None = None
) -> list[Candidate]:
    """Every readable candidate single-byte (or charset-normalizer-guessed) decoding of ``data`` (suspect
    share at most :data:`MAX_SUSPECT_SHARE`), best first."""
    guess = _charset_normalizer_guess(data)
    preferred = set(load_profile(lang, data_dir).legacy_encodings) if lang else set()
    declared_name = _canonical(declared) if declared else ""
    names = [*SINGLE_BYTE_ENCODINGS, *MULTI_BYTE_ENCODINGS]
    for extra in (guess, declared_name):
        if extra and extra not in names and not extra.startswith("utf"):
            names.append(extra)
    sample = data[: SCORE_SAMPLE_CHARS * 2]
    # Code pages that read these bytes identically are one candidate, named by the first listed
    # (cp866 rather than charset-normalizer's cp1125); evidence for any of them counts for it.
    readings: dict[str, list[str]] = {}
    for name in names:
        try:
            readings.setdefault(sample.decode(name), []).append(name)
        except (UnicodeDecodeError, LookupError):
            continue
    ranked = []
    for order, (text, aliases) in enumerate(readings.items()):
        score, suspect = score_text(text, lang, data_dir)
        if guess in aliases:
            score += GUESS_BONUS
        if declared_name in aliases:
            score += DECLARED_BONUS
        if preferred.intersection(aliases):
            score += LANG_BONUS
        ranked.append((-round(score, 6), order, Candidate(aliases[0], score, suspect)))
    ranked.sort(key=lambda item: (item[0], item[1]))
    # a reading with more suspect characters than readable text holds is no reading, however its
    # letters score (cp866's reading of Shift-JIS bytes outscored the right one)
    ranked = [item for item in ranked if item[2].suspect_share <= MAX_SUSPECT_SHARE]
    return [c for _, _, c in ranked]


def sniff_format(data: bytes) -> str:
    """The file format by content: ``"pdf"``, ``"docx"``, ``"odt"`` or ``"text"`` (anything else).

    A PDF starts with ``%PDF-`` (after whitespace or a byte-order mark at most); a Word or
    OpenDocument file is a ZIP archive holding ``word/document.xml`` or an OpenDocument text
    ``mimetype``. Other ZIP archives and binaries stay ``"text"`` and are refused by decoding.

    >>> sniff_format(b"%PDF-1.7 ..."), sniff_format("ĐIỀU 68".encode())
    ('pdf', 'text')
    """
    if data.lstrip(b"\xef\xbb\xbf \t\r\n\x00").startswith(b"%PDF-"):
        return "pdf"
    if data.startswith(b"PK\x03\x04"):
        import io
        import zipfile

        try:
            with zipfile.ZipFile(io.BytesIO(data)) as zf:
                names = set(zf.namelist())
                if "word/document.xml" in names:
                    return "docx"
                if "mimetype" in names:
                    with zf.open("mimetype") as fh:  # at most 64 bytes inflated: it may be a bomb
                        if fh.read(64).startswith(b"application/vnd.oasis.opendocument.text"):
                            return "odt"
        except (zipfile.BadZipFile, OSError, KeyError, RuntimeError):
            pass  # a damaged archive: decoding names it as a ZIP archive
    return "text"


def _strict(data: bytes, encoding: str, path: str, why: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line, col = _location(data, exc.start)
        raise InputError(
            path,
            f"bytes are not valid {why} (byte 0x{data[exc.start]:02x})",
            line,
            col,
            _snippet(data, exc.start),
        ) from None
    except LookupError:
        raise InputError(path, f"unknown encoding {encoding!r}") from None


def _check_signature(data: bytes, path: str) -> None:
    for magic, what in _MAGIC:
        if data.startswith(magic):
            raise InputError(
                path, f"binary file: this is {what}, not text; save it as plain text or HTML first"
            )


def _check_binary(data: bytes, path: str) -> None:
    _check_signature(data, path)
    nul = data.find(b"\x00")
    if nul >= 0:
        line, col = _location(data, nul)
        raise InputError(
            path, "binary file: NUL byte in data that is not UTF-16", line, col, _snippet(data, nul)
        )


def _check_controls(text: str, path: str) -> None:
    controls = [i for i, c in enumerate(text[:SCORE_SAMPLE_CHARS]) if is_control(c)]
    sample = min(len(text), SCORE_SAMPLE_CHARS)
    if sample and len(controls) / sample > MAX_CONTROL_SHARE:
        first = controls[0]
        line = text.count("\n", 0, first) + 1
        raise InputError(
            path,
            f"binary file: {len(controls)} control characters in {sample} characters",
            line,
            0,
            text[max(0, first - 8) : first + 8],
        )


def repair_mojibake(text: str, path: str) -> tuple[str, tuple[Notice, ...]]:
    """Repair text that was decoded with the wrong code page somewhere upstream (ftfy), line by line.

    Curly quotes and every other published character stay; only mojibake sequences change.

    >>> repair_mojibake("Ä�IỀU 68", "x.txt")[0] == "Ä�IỀU 68"
    True
    >>> repair_mojibake("SÃ¶z", "x.txt")[0]
    'Söz'
    """
    lines = text.split("\n")
    changed: list[int] = []
    for i, line in enumerate(lines):
        if line.isascii():
            continue
        fixed = ftfy.fix_text(line, _FTFY_CONFIG)
        if fixed != line and "\n" not in fixed:
            lines[i] = fixed
            changed.append(i + 1)
    if not changed:
        return text, ()
    notice = Notice(
        "encoding-repaired",
        f"repaired mojibake (text decoded with a wrong code page before it was saved) on {len(changed)} "
        f"line(s): {', '.join(map(str, changed[:10]))}{' …' if len(changed) > 10 else ''}",
        path,
        changed[0],
    )
    log.info("%s: %s", path, notice.message)
    return "\n".join(lines), (notice,)


def decode_bytes(
    data: bytes,
    path: str,
    *,
    lang: str | None = None,
    declared: str | None = None,
    encoding: str | None = None,
    data_dir: Path | None = None,
) -> Decoded:
    """Decode raw bytes of a text file.

    Args:
        data: the raw bytes (not empty).
        path: the file's path, for messages.
        lang: the expected language (ISO 639-1); its alphabet weighs when choosing a code page.
        declared: a charset the document itself declares (HTML meta, XML declaration): evidence only.
        encoding: force this encoding (no detection).
        data_dir: the run's ``--data`` folder (its profiles' alphabets and code pages weigh too).

    Returns:
        The text (line ends untouched), the encoding used and notices.

    Raises:
        InputError: binary data, bytes not valid in any plausible encoding (with the first bad line).

    >>> decode_bytes("Правило 68".encode("cp1251"), "x.txt", lang="ru").encoding
    'cp1251'
    """
    notices: list[Notice] = []
    if encoding:
        name = _canonical(encoding) or encoding
        text = _strict(data, name, path, name)
        _check_controls(text, path)
        text, fixed = repair_mojibake(text, path)
        return Decoded(text, name, tuple(fixed))

    for bom, name, label in _BOMS:
        if data.startswith(bom):
            text = _strict(data[len(bom) :], name, path, label)
            _check_controls(text, path)
            text, fixed = repair_mojibake(text, path)
            return Decoded(text, label, tuple(fixed))

    # a known binary format first: a ZIP's header bytes read as UTF-16 too ("PK" and three characters)
    _check_signature(data, path)
    if b"\x00" in data and (
        wide := _utf32_without_bom(data, lang, data_dir) or _utf16_without_bom(data, lang, data_dir)
    ):
        text = data.decode(wide)
        _check_controls(text, path)
        notices.append(Notice("encoding-detected", f"no byte-order mark; decoded as {wide}", path))
        text, fixed = repair_mojibake(text, path)
        return Decoded(text, wide, (*notices, *fixed))
    _check_binary(data, path)

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        first_bad = exc.start
    else:
        _check_controls(text, path)
        text, fixed = repair_mojibake(text, path)
        return Decoded(text, "utf-8", tuple(fixed))

    # A few bad bytes among many valid multi-byte sequences: a damaged UTF-8 file, not a code page
    # (reading it with one would garble every other non-ASCII character).
    lossy = data.decode("utf-8", "replace")
    bad = lossy.count("\ufffd")
    valid = sum(1 for c in lossy if ord(c) > 0x7F) - bad
    if valid >= 10 and bad <= max(3, DAMAGED_UTF8_SHARE * valid) and UTF8_MULTIBYTE.search(data):
        line, col = _location(data, first_bad)
        raise InputError(
            path,
            f"damaged UTF-8: byte 0x{data[first_bad]:02x} is not valid UTF-8, though most of the file is",
            line,
            col,
            _snippet(data, first_bad),
        )

    ranked = rank_encodings(data, lang, declared, data_dir)
    if lang is None and ranked:
        # No language given: ask the language detector about the best reading, then rank again with
        # that language's alphabet and code pages.
        from lawalign.ingest.langid import detect_language

        sample = data[:SCORE_SAMPLE_CHARS].decode(ranked[0].encoding, "replace")
        guessed, confidence = detect_language(sample, data_dir)
        if confidence >= 0.5 and guessed in available_languages(data_dir):
            ranked = rank_encodings(data, guessed, declared, data_dir)
    if not ranked:
        line, col = _location(data, first_bad)
        raise InputError(
            path,
            "undecodable: no encoding gives readable text (first non-UTF-8 byte here)",
            line,
            col,
            _snippet(data, first_bad),
        )
    best = ranked[0]
    text = _strict(data, best.encoding, path, best.encoding)
    _check_controls(text, path)
    runner = ranked[1] if len(ranked) > 1 else None
    message = f"not UTF-8; decoded as {best.encoding} (score {best.score:.2f}"
    if runner is not None:
        message += f"; next best {runner.encoding} {runner.score:.2f}"
    notices.append(Notice("encoding-detected", message + ")", path))
    if (
        runner is not None
        and best.score - runner.score < AMBIGUOUS_MARGIN
        and data.decode(runner.encoding, "replace") != text
    ):
        notices.append(
            Notice(
                "encoding-ambiguous",
                f"{best.encoding} and {runner.encoding} read this file almost equally well; "
                "give the language (--lang) or convert the file to UTF-8",
                path,
            )
        )
    text, fixed = repair_mojibake(text, path)
    return Decoded(text, best.encoding, (*notices, *fixed))
